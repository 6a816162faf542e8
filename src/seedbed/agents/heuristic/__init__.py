"""The ``heuristic`` agent: a rule-based player per game, following each rulebook's tips.

``policy_for(game_id)`` returns the game's policy, a function ``(obs, rng) -> action``
where ``obs`` is anything with ``player``, ``legal_actions()``, ``action_to_string(a)``
and ``view()`` (an :class:`~seedbed.core.protocol.InfoSet`, or, inside ISMCTS
rollouts, a light wrapper over a determinized state). Policies read only that, so
they are fair by construction. A game without a policy of its own gets
:func:`seedbed.agents.heuristic.generic.choose`.
"""

from __future__ import annotations

import importlib
import random

from seedbed.agents.base import register_agent, reject_unknown
from seedbed.agents.heuristic.generic import Observation, Policy
from seedbed.agents.heuristic.generic import choose as generic_choose
from seedbed.core.protocol import InfoSet

__all__ = ["HeuristicAgent", "Observation", "Policy", "playout_cutoff", "policy_for"]

#: Game id -> module (under this package) holding its ``choose`` policy.
_MODULES = {
    "sewn": "sewn",
    "sow": "sow",
    "harvest": "harvest",
    "four_fields": "four_fields",
}
_CACHE: dict[str, Policy] = {}


def policy_for(game_id: str) -> Policy:
    """The heuristic policy of ``game_id`` (the generic one for unknown games)."""
    policy = _CACHE.get(game_id)
    if policy is None:
        name = _MODULES.get(game_id)
        if name is None:
            policy = generic_choose
        else:
            module = importlib.import_module(f"seedbed.agents.heuristic.{name}")
            policy = module.choose
        _CACHE[game_id] = policy
    return policy


def playout_cutoff(game_id: str) -> str | int | None:
    """Where ISMCTS may end a playout in ``game_id`` and value it by the scores, as the
    game's policy module declares in ``PLAYOUT_CUTOFF``: ``"score"`` (scores change
    only when a round ends, so stop at the first change), an int ``n`` (every round
    has exactly ``n`` decisions, so stop at the next multiple of ``n`` moves), or
    ``None`` (play to the end)."""
    name = _MODULES.get(game_id)
    if name is None:
        return None
    module = importlib.import_module(f"seedbed.agents.heuristic.{name}")
    value = getattr(module, "PLAYOUT_CUTOFF", None)
    return value if isinstance(value, str | int) else None


class HeuristicAgent:
    """Plays the game's heuristic policy; ties are broken by its own seeded generator."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def select_action(self, infoset: InfoSet) -> int:
        legal = infoset.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return policy_for(infoset.game.id)(infoset, self.rng)


def _make(options: dict[str, str], seed: int | None) -> HeuristicAgent:
    reject_unknown("heuristic", options, set())
    return HeuristicAgent(seed)


register_agent("heuristic", _make, "rule-based play from each rulebook's tips (fast)")

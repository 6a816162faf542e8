"""The ``heuristic`` agent: a rule-based player per game, following each rulebook's tips.

Each game declares its policy (``Game.policy``, ``"module:function"``): a function
``(obs, rng) -> action`` where ``obs`` is anything with ``player``,
``legal_actions()``, ``action_to_string(a)``, ``view()`` and ``compact_view()`` (an
:class:`~seedbed.core.protocol.InfoSet`, or, inside ISMCTS rollouts, a light wrapper
over a determinized state). Policies read only that (and their game's public
vocabulary, ``seedbed.games.<id>.rules``), so they are fair by construction. A game
that declares none gets :func:`seedbed.agents.heuristic.generic.choose`.

A policy module may also offer the same decisions as a function of the seat's compact
view, ``<name>_compact(view, player, legal, rng)`` next to ``<name>``
(:data:`~seedbed.agents.heuristic.generic.CompactPolicy`): searches find it with
:func:`compact_policy_for` and call it in playouts with ``state.compact_view(seat)``,
which reads no more than the policy does and skips the observation wrapper.

It may also offer ``playout_judge(game)``, a learned judge of playouts
(:class:`~seedbed.agents.heuristic.generic.PlayoutJudge`, ``ismcts:judge=1``): found
with :func:`playout_judge_for`; it reads the seats' compact views of the search's own
determinization at one point of a playout, as the playout policy does.
"""

from __future__ import annotations

import importlib
import random
from types import ModuleType

from seedbed.agents.base import flag_option, number_option, register_agent, reject_unknown
from seedbed.agents.heuristic.generic import CompactPolicy, Observation, PlayoutJudge, Policy
from seedbed.agents.heuristic.generic import choose as generic_choose
from seedbed.core.protocol import Game, InfoSet

__all__ = [
    "CompactPolicy",
    "HeuristicAgent",
    "Observation",
    "PlayoutJudge",
    "Policy",
    "compact_policy_for",
    "playout_cutoff",
    "playout_judge_for",
    "policy_for",
]

_CACHE: dict[tuple[str, bool], Policy] = {}
_COMPACT_CACHE: dict[tuple[str, bool], CompactPolicy | None] = {}


def _lookup(entry: str, sharp: bool) -> tuple[ModuleType, str]:
    """The policy module of ``entry`` (``"module:function"``) and the name of the
    function to play: ``<function>_sharp`` for ``sharp`` where the module has one."""
    module_name, _, name = entry.partition(":")
    module = importlib.import_module(module_name)
    if sharp and hasattr(module, f"{name}_sharp"):
        name = f"{name}_sharp"
    return module, name


def policy_for(game: Game | type[Game], sharp: bool = False) -> Policy:
    """The heuristic policy ``game`` declares (the generic one if it declares none).

    ``sharp``: its sharper form, ``<name>_sharp`` in the policy's module, where the
    module offers one (Harvest's, SOW's and SEWN's today), else the policy itself. The plain
    policies keep their play (the ``casual`` level, and what today's searches assume),
    so a better reading of a game goes into the sharp form, which the expert plays
    out."""
    entry = game.policy
    if entry is None:
        return generic_choose
    policy = _CACHE.get((entry, sharp))
    if policy is None:
        module, name = _lookup(entry, sharp)
        policy = _CACHE[entry, sharp] = getattr(module, name)
    return policy


def compact_policy_for(game: Game | type[Game], sharp: bool = False) -> CompactPolicy | None:
    """The compact-view form of the policy ``game`` declares (``<name>_compact`` in the
    policy's module), or ``None`` if it offers none (then search playouts call the
    policy itself on an observation). With ``sharp``, the form of the policy
    :func:`policy_for` gives (``<name>_sharp_compact`` where a sharp form exists)."""
    entry = game.policy
    if entry is None:
        return None
    if (entry, sharp) not in _COMPACT_CACHE:
        module, name = _lookup(entry, sharp)
        _COMPACT_CACHE[entry, sharp] = getattr(module, f"{name}_compact", None)
    return _COMPACT_CACHE[entry, sharp]


def playout_judge_for(game: Game, noisy: bool = False, inner: int = 0) -> PlayoutJudge | None:
    """The playout judge of ``game``'s policy module (``playout_judge(game, noisy)``
    there: :class:`~seedbed.agents.heuristic.generic.PlayoutJudge`), or ``None`` where
    it offers none or none for these options (then ``ismcts:judge=1`` plays as
    without). ``noisy``: its form for a judged leg played with noise
    (``ismcts:noisy=1``); ``inner``: it also judges playouts from later in the round,
    up to that many of its steps past its point (``ismcts:inner=K``), where it can."""
    entry = game.policy
    if entry is None:
        return None
    module, _ = _lookup(entry, False)
    make = getattr(module, "playout_judge", None)
    judge: PlayoutJudge | None = make(game, noisy, inner) if make is not None else None
    return judge


def playout_cutoff(game: Game | type[Game]) -> str | int | None:
    """Where ISMCTS may end a playout in ``game`` and value it by the scores, as the
    game declares in ``Game.playout_horizon``: ``"score"`` (scores change only when a
    round ends, so stop at the first change), ``"round"`` (stop at the end of the
    round in play, ``State.round_moves_left()``), an int ``n`` (stop at the next
    multiple of ``n`` moves), or ``None`` (play to the end)."""
    return game.playout_horizon


class HeuristicAgent:
    """Plays the game's heuristic policy; ties are broken by its own seeded generator."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, noise: float = 0.0, sharp: bool = False) -> None:
        self.rng = random.Random(seed)
        #: How often a uniformly random legal move replaces the policy's (0: never).
        self.noise = noise
        #: Whether it plays the game's sharper policy (:func:`policy_for`).
        self.sharp = sharp

    def select_action(self, infoset: InfoSet) -> int:
        legal = infoset.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.noise > 0.0 and self.rng.random() < self.noise:
            return legal[self.rng.randrange(len(legal))]
        return policy_for(infoset.game, self.sharp)(infoset, self.rng)


def _make(options: dict[str, str], seed: int | None) -> HeuristicAgent:
    reject_unknown("heuristic", options, {"noise", "sharp"})
    noise = 0.0
    if "noise" in options:
        noise = number_option("heuristic", "noise", options["noise"], 0, 1)
    sharp = flag_option("heuristic", "sharp", options.get("sharp", "0"))
    return HeuristicAgent(seed, noise, sharp)


register_agent(
    "heuristic",
    _make,
    "rule-based play from each rulebook's tips (fast; noise=P: a random move with probability P;"
    " sharp=1: the game's sharper policy, where it has one)",
)

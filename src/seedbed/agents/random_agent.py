"""The random agent: uniform over the legal actions."""

from __future__ import annotations

import random

from seedbed.agents.base import register_agent, reject_unknown
from seedbed.core.protocol import InfoSet


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def select_action(self, infoset: InfoSet) -> int:
        legal = infoset.legal_actions()
        return legal[self.rng.randrange(len(legal))]


def _make(options: dict[str, str], seed: int | None) -> RandomAgent:
    reject_unknown("random", options, set())
    return RandomAgent(seed)


register_agent("random", _make, "uniform over the legal moves")

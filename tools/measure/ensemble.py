"""A root ensemble (root parallelisation, Chaslot et al. 2008): K ``ismcts`` searches
from independent seeds, their root visits summed, the most visited move played (ties
to the smallest action). With K times fewer iterations each it spends about the CPU
of one search of the whole budget. A measure only, not an agent of the package.

``duel.py`` plays it as the spec ``ensemble=K/SPEC`` (SPEC an ``ismcts`` spec). Run as
a script, this file is ``seedbed`` with one more agent, ``ensemble:k=K,OPTIONS`` (K
searches of ``ismcts:OPTIONS``), so that ``seedbed arena`` can seat it in a game of
four players:

    .venv/bin/python tools/measure/ensemble.py arena sewn -p 4 \\
        --agents ensemble:k=4,iterations=340,sharp=1,bias=3,ismcts:iterations=1400,... \\
        --games 30 --seed 3501 --workers 2 --out OUT.jsonl

(``seedbed arena``'s worker processes are forked, so they know the agent too.)
"""

from __future__ import annotations

from collections import defaultdict

from extra_agent import ismcts_spec, run_seedbed_with

import seedbed
from seedbed.agents import make_agent
from seedbed.agents.base import Agent
from seedbed.agents.ismcts import ISMCTSAgent


class Ensemble:
    """K ``ismcts`` searches of ``spec`` whose root visits are summed; search ``i`` is
    seeded ``seed * 101 + i``."""

    name = "ensemble"

    def __init__(self, k: int, spec: str, seed: int | None) -> None:
        self.searches: list[ISMCTSAgent] = []
        for i in range(k):
            agent = make_agent(spec, seed=None if seed is None else seed * 101 + i)
            if not isinstance(agent, ISMCTSAgent):
                raise ValueError(f"an ensemble takes an ismcts spec, not {spec!r}")
            self.searches.append(agent)

    def select_action(self, infoset: seedbed.InfoSet) -> int:
        legal = infoset.legal_actions()
        if len(legal) == 1:  # as ISMCTSAgent: a forced move costs no search
            return legal[0]
        votes: dict[int, int] = defaultdict(int)
        for agent in self.searches:
            for action, visits, _ in agent.searcher.ranked(infoset):
                votes[action] += visits
        return max(sorted(votes), key=votes.__getitem__)


def agent(spec: str, seed: int) -> Agent:
    """``make_agent``, or a root ensemble for ``ensemble=K/SPEC``."""
    if spec.startswith("ensemble="):
        k, _, inner = spec.removeprefix("ensemble=").partition("/")
        return Ensemble(int(k), inner, seed)
    return make_agent(spec, seed=seed)


def _make(options: dict[str, str], seed: int | None) -> Ensemble:
    options = dict(options)
    k = options.pop("k", "")
    if not k.isdigit() or int(k) < 1:
        raise ValueError(f"ensemble needs k=K, a whole number >= 1, not {k!r}")
    return Ensemble(int(k), ismcts_spec(options), seed)


if __name__ == "__main__":
    run_seedbed_with("ensemble", _make, "a root ensemble of k ismcts searches (a measure)")

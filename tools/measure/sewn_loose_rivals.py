"""SEWN: an expert search whose playouts model its rivals' Seed Phase as loose as
today's searches play it (a measure only, not an agent of the package).

The twenty-second run of ``docs/strength.md`` found that 1,400-iteration searches plant
their lowest card only 29% of the time with twelve cards in hand (about 7% each other
card), while the sharper playout policy always plants the lowest. Here, in the
playouts of a search by seat ROOT, every other seat's choice of a Seed-trick card or
a plant is, with chance P, a uniformly random legal move instead of the sharper
policy's; the searching seat itself, and every Harvest move, still play the sharper
policy. With ``all=1`` the searching seat's own Seed-trick cards and plants are loose
too: every seat's Seed Phase is played so, and the Harvest still is not (the playout
model ``tools/measure/sewn_round_value.py`` screens: a search averages its playouts,
so it values a move by the mean of such lines). With ``trump=Q`` the same seats name a
random trump with chance Q (a spread over the suits: at Q = 0.5 the sharper policy's
suit about three times in five, as often as searchers name it). Run as a script, this
file is ``seedbed`` with one more agent, ``loose:p=P[,all=1][,trump=Q],OPTIONS``
(``ismcts:OPTIONS`` with that model; OPTIONS must include ``sharp=1``), so that
``seedbed arena`` can seat it in a game of four players:

    .venv/bin/python tools/measure/sewn_loose_rivals.py arena sewn -p 4 \\
        --agents loose:p=0.75,iterations=300,sharp=1,judge=1,ismcts:iterations=300,... \\
        --games 30 --seed 3411 --workers 2 --out OUT.jsonl

(``seedbed arena``'s worker processes are forked, so they know the agent too.) The
search reads its playout policy once a decision from
``seedbed.agents.heuristic.compact_policy_for``, which this file wraps: the wrapper
hands out the loose policy only while a ``loose`` agent is deciding.
"""

from __future__ import annotations

import random
from typing import Any

from extra_agent import ismcts_spec, run_seedbed_with

import seedbed.agents.heuristic as heuristic
from seedbed.agents import make_agent
from seedbed.agents.base import number_option
from seedbed.agents.heuristic import sewn
from seedbed.games.sewn.rules import CV_PHASE, PLANT, SEED, TRUMP

# The seat whose search is running (-1: none), the chance of a random rival move (and
# of a random trump), and the seat spared them (the searching one, or -1 with all=1).
ROOT = -1
P = 0.0
Q = 0.0
SPARED = -1
_compact_policy_for = heuristic.compact_policy_for


def _loose(v: tuple[int, ...], me: int, legal: list[int], rng: random.Random) -> int:
    if me != SPARED and len(legal) > 1:
        phase = v[CV_PHASE]
        if phase in (SEED, PLANT):
            if rng.random() < P:
                return legal[rng.randrange(len(legal))]
        # No draw without trump=Q, so that such searches play as before it.
        elif phase == TRUMP and Q > 0.0 and rng.random() < Q:
            return legal[rng.randrange(len(legal))]
    return sewn.choose_sharp_compact(v, me, legal, rng)


def _policy_for(game: Any, sharp: bool = False) -> Any:
    fast = _compact_policy_for(game, sharp)
    if ROOT >= 0 and fast is sewn.choose_sharp_compact:
        return _loose
    return fast


heuristic.compact_policy_for = _policy_for


class Loose:
    """``ismcts`` with loose rivals in SEWN's Seed Phase, while it decides."""

    name = "loose"

    def __init__(self, p: float, q: float, every: bool, spec: str, seed: int | None) -> None:
        self.p = p
        self.q = q
        self.every = every
        self.inner = make_agent(spec, seed=seed)

    def select_action(self, infoset: Any) -> int:
        global ROOT, P, Q, SPARED
        ROOT, P, Q = infoset.player, self.p, self.q
        SPARED = -1 if self.every else infoset.player
        try:
            return int(self.inner.select_action(infoset))
        finally:
            ROOT, P, Q, SPARED = -1, 0.0, 0.0, -1


def _make(options: dict[str, str], seed: int | None) -> Loose:
    options = dict(options)
    p = number_option("loose", "p", options.pop("p", ""), 0.0, 1.0)
    q = number_option("loose", "trump", options.pop("trump", "0"), 0.0, 1.0)
    every = options.pop("all", "0")
    if every not in ("0", "1"):
        raise ValueError(f"agent 'loose' option all must be 0 or 1, not {every!r}")
    return Loose(p, q, every == "1", ismcts_spec(options), seed)


if __name__ == "__main__":
    run_seedbed_with("loose", _make, "ismcts with loose rivals in SEWN's Seed Phase (a measure)")

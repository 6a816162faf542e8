"""An ``ismcts`` search that plays the root move with the best mean reward among those
with at least half the most visited move's visits, not the most visited one (a
measure only, not an agent of the package). In SEWN the root's means differ by a
few hundredths (shares of a round's tricks), so UCB's visits are nearly uniform and
the visit order says less than the means. Run as a script, this file is ``seedbed``
with one more agent, ``meanpick:OPTIONS`` (``ismcts:OPTIONS`` choosing so), so that
``seedbed arena`` can seat it in a game of four players:

    .venv/bin/python tools/measure/root_mean_pick.py arena sewn -p 4 \\
        --agents meanpick:iterations=300,sharp=1,judge=1,ismcts:iterations=300,... \\
        --games 30 --seed 3411 --workers 2 --out OUT.jsonl

(``seedbed arena``'s worker processes are forked, so they know the agent too.)
"""

from __future__ import annotations

from typing import Any

from extra_agent import ismcts_spec, run_seedbed_with

from seedbed.agents import make_agent


class MeanPick:
    """``ismcts`` choosing by mean among the well-visited root moves."""

    name = "meanpick"

    def __init__(self, spec: str, seed: int | None) -> None:
        self.inner: Any = make_agent(spec, seed=seed)

    def select_action(self, infoset: Any) -> int:
        rows = self.inner.searcher.ranked(infoset)
        top = rows[0][1]
        # Best mean, then the smallest action; a move never visited has a NaN mean.
        wide = [r for r in rows if r[1] * 2 >= top and r[2] == r[2]]
        best = max(wide, key=lambda r: (r[2], -r[0]), default=rows[0])
        return int(best[0])


def _make(options: dict[str, str], seed: int | None) -> MeanPick:
    return MeanPick(ismcts_spec(options), seed)


if __name__ == "__main__":
    run_seedbed_with("meanpick", _make, "ismcts choosing by mean (a measure)")

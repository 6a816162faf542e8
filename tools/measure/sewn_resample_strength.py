"""SEWN: is ISMCTS with this build's resampler as strong as with an older commit's?

A change that only alters which random numbers the resampler takes (lazy deals of
the rounds to come, the draws taken from fewer generator calls) keeps the search's
algorithm but not its decisions, so it is checked by play: the default ISMCTS at the
same iteration budget, one seat with one resampler against three with the other,
over duplicate deals (each deal played with the odd seat in each of the four
places), both ways round.

    .venv/bin/python tools/measure/sewn_resample_strength.py OLD_COMMIT \\
        [--deals 60] [--iterations 50] [--seed 0] [--out results.jsonl]

The older resampler is that commit's ``games/sewn/views.py`` and ``_sampler.py``,
run as plain Python on this build's states (an equal iteration budget makes its
speed irrelevant); everything else (engine, search, heuristic) is this build's.
The report gives the odd seat's share of the wins (winners share a game) with a 95%
interval clustered by deal (fair share: 0.25) and its points minus the other seats'
mean, per game.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
import types
from pathlib import Path
from typing import Any

from seedbed.agents import ismcts
from seedbed.agents.base import register_agent
from seedbed.core.protocol import InfoSet, State
from seedbed.sim import stats
from seedbed.sim.runner import GameResult, plan_matches, run_matches

REPO = Path(__file__).resolve().parents[2]
SEWN = "src/seedbed/games/sewn"


def _old_module(name: str, source: str) -> types.ModuleType:
    module = types.ModuleType(name)
    module.__file__ = f"<{name}>"
    sys.modules[name] = module
    exec(compile(source, module.__file__, "exec"), module.__dict__)
    return module


def load_old_resampler(commit: str) -> Any:
    """That commit's ``views.resample``, with its own sampler, as a plain module. Its
    plan is kept in the module (this build's state slot only takes this build's)."""

    def show(path: str) -> str:
        return subprocess.run(
            ["git", "-C", str(REPO), "show", f"{commit}:{path}"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout

    _old_module("_old_sewn_sampler", show(f"{SEWN}/_sampler.py"))
    source = show(f"{SEWN}/views.py")
    replacements = {
        "from seedbed.games.sewn import _sampler\n": "import _old_sewn_sampler as _sampler\n",
        "    plan = st._resample_plan\n": "    plan = _PLAN[1] if _PLAN[0] is st else None\n",
        "        st._resample_plan = plan\n": "        _PLAN[0], _PLAN[1] = st, plan\n",
    }
    for old, new in replacements.items():
        if source.count(old) != 1:
            raise SystemExit(f"{commit}'s views.py is not the one this script knows: {old!r}")
        source = source.replace(old, new)
    module = _old_module("_old_sewn_views", source + "\n_PLAN: list[Any] = [None, None]\n")
    return module.resample


class _OldResampling(State):
    """A SEWN state whose determinizations come from the older resampler; only an
    :class:`InfoSet` of it is ever made (for the searcher's draws and legal moves)."""

    resample: Any = None

    def __init__(self, inner: State) -> None:
        self._init_base(inner.game, inner.seed)
        self.inner = inner

    def current_player(self) -> int | None:
        return self.inner.current_player()

    def legal_actions(self) -> list[int]:
        return self.inner.legal_actions()

    def apply_action(self, action: int) -> None:
        raise NotImplementedError("only searched, never played")

    def action_to_string(self, action: int) -> str:
        return self.inner.action_to_string(action)

    def clone(self) -> State:
        return _OldResampling(self.inner.clone())

    def scores(self) -> list[float]:
        return self.inner.scores()

    def resample_from_infostate(self, player: int, rng: random.Random) -> State:
        drawn: State = type(self).resample(self.inner, player, rng)
        return drawn

    def _to_dict(self) -> Any:
        return self.inner._to_dict()


class OldResamplingAgent:
    name = "ismcts-old-resampler"

    def __init__(self, searcher: ismcts.ISMCTS) -> None:
        self.searcher = searcher

    def select_action(self, infoset: InfoSet) -> int:
        wrapped = InfoSet(_OldResampling(infoset._state), infoset.player)
        return self.searcher.ranked(wrapped)[0][0]


def _old_agent(options: dict[str, str], seed: int | None) -> OldResamplingAgent:
    return OldResamplingAgent(ismcts._make(options, seed).searcher)


def _interval(est: stats.Estimate, spec: str) -> str:
    if est.low is None or est.high is None:
        return "[n/a]"
    return f"[{est.low:{spec}}, {est.high:{spec}}]"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old_commit")
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--iterations", type=int, default=50)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    _OldResampling.resample = staticmethod(load_old_resampler(args.old_commit))
    register_agent("ismcts-old", _old_agent, "ISMCTS with an older commit's SEWN resampler")
    new = f"ismcts:iterations={args.iterations}"
    old = f"ismcts-old:iterations={args.iterations}"
    out = args.out.open("a") if args.out else None
    for odd, rest in ((new, old), (old, new)):
        matches = plan_matches(4, [odd, rest, rest, rest], args.deals, args.seed, duplicate=True)
        t0, c0 = time.perf_counter(), time.process_time()
        wins: list[float] = []
        margins: list[float] = []
        deals: list[int] = []

        def record(
            r: GameResult,
            odd: str = odd,
            rest: str = rest,
            wins: list[float] = wins,
            margins: list[float] = margins,
            deals: list[int] = deals,
        ) -> None:
            seat = r.agent_of_seat.index(0)  # where the odd agent sat
            wins.append(r.returns[seat])
            others = [s for q, s in enumerate(r.scores) if q != seat]
            margins.append(r.scores[seat] - sum(others) / len(others))
            deals.append(r.deal)
            if out:  # as each game ends, so that an interrupted run keeps its games
                row = {"odd": odd, "rest": rest, "deal": r.deal, "seat": seat}
                row |= {"scores": r.scores, "returns": r.returns, "moves": r.moves}
                out.write(json.dumps(row) + "\n")
                out.flush()

        results = run_matches("sewn", {}, matches, args.seed, workers=1, on_result=record)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        share = stats.share(wins, deals)
        margin = stats.mean(margins, deals)
        print(
            f"{odd} vs 3 x {rest}: {len(results)} games ({args.deals} deals), "
            f"win share {share.mean:.3f} {_interval(share, '.3f')} (fair 0.25), "
            f"points vs the others' mean {margin.mean:+.2f} {_interval(margin, '+.2f')}"
            f" ({wall:.0f} s wall, {cpu:.0f} s CPU)",
            flush=True,
        )
    if out:
        out.close()


if __name__ == "__main__":
    main()

"""Two agent specs over duplicate deals of a two-player game, with each side's CPU a
decision measured in the games themselves (for comparisons at equal CPU).

Each deal is played twice, the seats swapped; every game appends one JSON line to
OUT (deal, which agent sat where, returns, scores, each agent's mean CPU seconds a
decision), so runs over separate deal ranges can share a file and an interrupted run
keeps its games. ``summary`` prints the first agent's win share and score lead with
95% intervals (a deal is one sample) and both agents' CPU.

    .venv/bin/python tools/measure/duel.py GAME SPEC_A SPEC_B FIRST_DEAL DEALS OUT.jsonl
    .venv/bin/python tools/measure/duel.py summary OUT.jsonl [OUT.jsonl ...]
    .venv/bin/python tools/measure/duel.py paired A.jsonl B.jsonl

``paired`` compares two challengers that met the same opponent on the same deals: the
first file's win share and score lead less the second's, deal by deal, over the deals
both files hold (a deal one sample), which is narrower than the difference of the two
summaries because the luck of each deal cancels.

GAME may carry the game's options after a colon, ``four_fields:target=1`` (the game
ends with its first scoring round, and the searches see that round's end as the
game's: won or lost), and may end in ``@score``: each game stops at the first change
of the scores and is won by the larger gain, while the searches still value playouts
as in a whole game (in Four Fields, a share of the round's points). Both are cheap
first looks at a Four Fields search.

A spec ``ensemble=K/SPEC`` is a root ensemble (``ensemble.py``): K searches of SPEC
(an ``ismcts`` spec) from independent seeds, their root visits summed.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections import defaultdict
from typing import Any

from ensemble import agent

import seedbed
from seedbed.agents.base import Agent


class _Timed:
    """An agent whose CPU per decision is added up."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.cpu = 0.0
        self.decisions = 0

    def select_action(self, infoset: seedbed.InfoSet) -> int:
        began = time.process_time()
        try:
            return self.agent.select_action(infoset)
        finally:
            self.cpu += time.process_time() - began
            self.decisions += 1


def _agent(spec: str, seed: int) -> Agent:
    """``make_agent``, or a root ensemble for ``ensemble=K/SPEC`` (``ensemble.py``); a
    spec it cannot make ends the run with the reason."""
    try:
        return agent(spec, seed)
    except ValueError as exc:
        sys.exit(str(exc))


def play(game_id: str, spec_a: str, spec_b: str, first: int, deals: int, out: str) -> None:
    first_score = game_id.endswith("@score")
    name, _, text = game_id.removesuffix("@score").partition(":")
    options: dict[str, object] = {}
    for item in filter(None, text.split(",")):
        key, _, value = item.partition("=")
        options[key] = int(value) if value.lstrip("-").isdigit() else value
    game = seedbed.load(name, players=2, **options)
    with open(out, "a", encoding="utf-8") as f:
        for deal in range(first, first + deals):
            for swap in (False, True):
                a = _Timed(_agent(spec_a, deal * 7 + 1))
                b = _Timed(_agent(spec_b, deal * 7 + 2))
                seats = [b, a] if swap else [a, b]
                state = game.new_state(seed=5000 + deal)
                start = state.scores()
                while not state.is_terminal() and not (first_score and state.scores() != start):
                    seat = state.current_player()
                    assert seat is not None
                    legal = state.legal_actions()
                    if len(legal) == 1:  # nobody thinks about a forced move
                        state.apply_action(legal[0])
                        continue
                    state.apply_action(seats[seat].select_action(state.infoset(seat)))
                if state.is_terminal():
                    returns = state.returns()
                else:  # stopped at a score change: the larger gain wins
                    gain = [s - b for s, b in zip(state.scores(), start, strict=True)]
                    returns = (
                        [0.5, 0.5] if gain[0] == gain[1] else [float(g == max(gain)) for g in gain]
                    )
                row = {
                    "deal": deal,
                    "agent_of_seat": [1, 0] if swap else [0, 1],
                    "specs": [spec_a, spec_b],
                    "returns": returns,
                    "scores": state.scores(),
                    "cpu": [a.cpu / max(1, a.decisions), b.cpu / max(1, b.decisions)],
                }
                f.write(json.dumps(row) + "\n")
                f.flush()


def _interval(xs: list[float]) -> str:
    """The mean of ``xs`` with its 95% interval (normal approximation)."""
    m = statistics.mean(xs)
    half = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else float("nan")
    return f"{m:.3f} [{m - half:.3f}, {m + half:.3f}]"


def _rows(path: str) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def _by_deal(rows: list[dict[str, Any]]) -> dict[int, tuple[float, float, int]]:
    """The first agent's mean return and mean score lead on each deal, and the deal's
    number of games."""
    games: dict[int, list[tuple[float, float]]] = defaultdict(list)
    for r in rows:
        seat = r["agent_of_seat"].index(0)
        lead = r["scores"][seat] - r["scores"][1 - seat]
        games[r["deal"]].append((r["returns"][seat], lead))
    return {
        deal: (statistics.mean(w for w, _ in g), statistics.mean(x for _, x in g), len(g))
        for deal, g in games.items()
    }


def paired(path_a: str, path_b: str) -> None:
    a, b = _by_deal(_rows(path_a)), _by_deal(_rows(path_b))
    # Only deals both files played whole (both seatings), so a cut-off run pairs fairly.
    deals = sorted(d for d in a.keys() & b.keys() if a[d][2] == 2 and b[d][2] == 2)
    if len(deals) < 2:
        sys.exit(f"{path_a} and {path_b} share {len(deals)} whole deals: nothing to pair")
    share = [a[d][0] - b[d][0] for d in deals]
    lead = [a[d][1] - b[d][1] for d in deals]
    print(f"{path_a} less {path_b}, {len(deals)} deals ({deals[0]}-{deals[-1]})")
    print(f"  win share {_interval(share)}; score lead a game {_interval(lead)}")


def summary(paths: list[str]) -> None:
    for path in paths:
        rows = _rows(path)
        by_deal = _by_deal(rows).values()
        shares = [share for share, _, _ in by_deal]
        leads = [lead for _, lead, _ in by_deal]
        n = len(shares)
        cpu_a = statistics.mean(r["cpu"][0] for r in rows)
        cpu_b = statistics.mean(r["cpu"][1] for r in rows)
        specs = rows[0]["specs"]
        print(f"{path}: {specs[0]} against {specs[1]}, {len(rows)} games ({n} deals)")
        print(f"  win share {_interval(shares)}; score lead a game {_interval(leads)}")
        print(f"  CPU a decision: {1000 * cpu_a:.1f} ms against {1000 * cpu_b:.1f} ms")


if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] == "summary" and len(args) > 1:
        summary(args[1:])
    elif len(args) == 3 and args[0] == "paired":
        paired(args[1], args[2])
    elif len(args) == 6:
        play(args[0], args[1], args[2], int(args[3]), int(args[4]), args[5])
    else:
        sys.exit(__doc__)

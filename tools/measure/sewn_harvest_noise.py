"""SEWN: how much of a Harvest's result do the four hands fix? The floor under any
judge of the hands (``ismcts:judge=1``).

    .venv/bin/python tools/measure/sewn_harvest_noise.py ARENA.jsonl SPEC STARTS REPLAYS OUT.jsonl
    .venv/bin/python tools/measure/sewn_harvest_noise.py summary OUT.jsonl [...]

Replays the games of a ``seedbed arena sewn --players 4 ... --out`` file to every
Harvest's first trick, where every card of the round is in the four hands, and takes
STARTS of those positions (a fixed shuffle). From each it plays the Harvest out
REPLAYS times with four seats of agent SPEC (``ismcts:iterations=1400``), each time
with other seeds, and writes the tricks each seat took. ``summary`` prints the mean,
over the positions and seats, of the variance of a seat's tricks between replays:
the part of the result that no function of the hands (and the trump and the leader)
can predict for players of that agent, to be set beside a judge's mean squared error
(``sewn_harvest_fit.py``). In the last round the seats play for the game, not the
tricks, so the summary gives the rounds before it apart.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
from typing import Any

import seedbed
from seedbed.agents import make_agent
from seedbed.core.protocol import State
from seedbed.games.sewn.rules import CV_PHASE, HARVEST


def starts(path: str) -> list[tuple[int, int, State]]:
    """(game index, round, state) at every Harvest's first trick of the file's games."""
    out: list[tuple[int, int, State]] = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            record = row["record"]
            # A SEWN state: records() is the game's own (its rounds so far).
            state: Any = seedbed.load(record["game"], **record["params"]).new_state(record["seed"])
            seen: set[int] = set()
            for move in record["moves"]:
                seat = state.current_player()
                assert seat is not None
                rnd = len(state.records())
                if state.compact_view(seat)[CV_PHASE] == HARVEST and rnd not in seen:
                    seen.add(rnd)
                    out.append((row["index"], rnd, state.clone()))
                state.apply_action(state.string_to_action(move))
    return out


def replay(start: State, spec: str, seed: int) -> list[float]:
    """The tricks each seat takes in the Harvest from ``start`` with four ``spec`` seats."""
    state: Any = start.clone()  # a SEWN state, as above
    before = state.scores()
    rnd = len(state.records())  # grows when the next round starts
    agents = [make_agent(spec, seed=seed + seat) for seat in range(4)]
    while not state.is_terminal() and len(state.records()) == rnd:
        seat = state.current_player()
        assert seat is not None
        legal = state.legal_actions()
        move = legal[0] if len(legal) == 1 else agents[seat].select_action(state.infoset(seat))
        state.apply_action(move)
    return [a - b for a, b in zip(state.scores(), before, strict=True)]


def run(path: str, spec: str, count: int, replays: int, out: str) -> None:
    chosen = starts(path)
    random.Random(7).shuffle(chosen)
    with open(out, "a", encoding="utf-8") as f:
        for index, rnd, start in chosen[:count]:
            tricks = [replay(start, spec, 1000 * k + 17 * index) for k in range(replays)]
            f.write(json.dumps({"game": index, "round": rnd, "tricks": tricks}) + "\n")
            f.flush()


def summary(paths: list[str]) -> None:
    by_round: dict[str, list[float]] = {"rounds before the last": [], "the last round": []}
    positions = 0
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                row = json.loads(line)
                positions += 1
                key = "the last round" if row["round"] == 4 else "rounds before the last"
                for seat in range(4):
                    by_round[key].append(statistics.variance(t[seat] for t in row["tricks"]))
    every = [v for vs in by_round.values() for v in vs]
    print(f"{positions} Harvests, {len(every)} seats: variance of a seat's tricks between")
    print(f"replays {statistics.mean(every):.3f} tricks squared")
    for key, vs in by_round.items():
        if vs:
            print(f"  {key}: {statistics.mean(vs):.3f} ({len(vs)} seats)")


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["summary"] and len(args) > 1:
        summary(args[1:])
    elif len(args) == 5 and args[2].isdigit() and args[3].isdigit():
        run(args[0], args[1], int(args[2]), int(args[3]), args[4])
    else:
        sys.exit(__doc__)

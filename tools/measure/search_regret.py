"""How well a search finds the move its own model prefers, at a given budget.

Default one-level ISMCTS estimates, for each move, the mean result of "this move, then
every seat plays the heuristic" over determinizations. ``positions`` draws decisions
from ISMCTS self-play games and values every legal move that way with many paired
worlds (each world played out after every move with the same playout seed): the
oracle values. ``regret`` then runs agent specs at those positions and reports the
mean regret, the oracle value of the best move minus that of the move chosen, with
its 95% interval and the CPU a decision. A search that reaches a lower regret at the
same CPU finds the model's best move more often; one that changes the model itself
(another reward, a deeper tree, other playouts) is not measured fairly here and needs
an arena (docs/strength.md, "Reading search regret").

    .venv/bin/python tools/measure/search_regret.py positions GAME PLAYERS COUNT WORLDS OUT [MODEL]
    .venv/bin/python tools/measure/search_regret.py regret OUT.jsonl SEEDS SPEC [SPEC ...]

e.g. ``positions sow 2 150 1000 sow.jsonl`` then ``regret sow.jsonl 2
ismcts:iterations=600 ismcts:iterations=450,adapt=4``. ``MODEL``, ISMCTS options
such as ``sharp=1,judge=1``, makes the oracle value the moves as a search with those
options does (its playout policy, cutoff and judge); the specs compared should share
them. ``regret`` also gives each phase's mean regret.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time

import seedbed
from seedbed.agents import make_agent
from seedbed.agents.ismcts import _Playout


def positions(game_id: str, players: int, count: int, worlds: int, out: str, model: str) -> None:
    game = seedbed.load(game_id, players=players)
    # The oracle's playouts and values are those of a search with the model's options.
    searcher = make_agent(f"ismcts:iterations=1,{model}" if model else "ismcts").searcher  # type: ignore[attr-defined]
    rng = random.Random(17)
    found: list[seedbed.State] = []
    deal = 0
    while len(found) < count:
        state = game.new_state(seed=4242 + deal)
        deal += 1
        agents = [make_agent("ismcts:iterations=100", seed=deal * 10 + k) for k in range(players)]
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            legal = state.legal_actions()
            if len(legal) > 1 and rng.random() < 0.12:
                found.append(state.clone())
            action = agents[seat].select_action(state.infoset(seat)) if len(legal) > 1 else legal[0]
            state.apply_action(action)
    with open(out, "w", encoding="utf-8") as f:
        for i, state in enumerate(found[:count]):
            seat = state.current_player()
            assert seat is not None
            infoset = state.infoset(seat)
            legal = infoset.legal_actions()
            total = dict.fromkeys(legal, 0.0)
            began = time.process_time()
            play = _Playout(searcher, infoset)
            for _ in range(worlds):
                world = infoset.sample(rng)
                # Every move from the same world with the same playout seed.
                seed = rng.getrandbits(32)
                for a, value in zip(legal, play.after_each(world, legal, seed, seat), strict=True):
                    total[a] += value
            row = {
                "i": i,
                "state": state.to_json(),
                "player": seat,
                "phase": state.phase_name(),
                "q": [[a, total[a] / worlds] for a in legal],
                "worlds": worlds,
                "model": model,
                "cpu": time.process_time() - began,
            }
            f.write(json.dumps(row) + "\n")
            f.flush()


def regret(path: str, seeds: int, specs: list[str]) -> None:
    with open(path, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    first = json.loads(rows[0]["state"])
    game = seedbed.load(first["game"], **first["params"])
    states = [game.state_from_json(r["state"]) for r in rows]
    for spec in specs:
        regrets: list[float] = []
        phases: dict[str, list[float]] = {}
        cpu = 0.0
        for s in range(seeds):
            for r, state in zip(rows, states, strict=True):
                q = {a: v for a, v in r["q"]}
                agent = make_agent(spec, seed=1000 * s + r["i"])
                began = time.process_time()
                action = agent.select_action(state.infoset(r["player"]))
                cpu += time.process_time() - began
                regrets.append(max(q.values()) - q[action])
                phases.setdefault(r["phase"], []).append(regrets[-1])
        mean = statistics.mean(regrets)
        half = 1.96 * statistics.pstdev(regrets) / len(regrets) ** 0.5
        by_phase = "  ".join(
            f"{name} {statistics.mean(v):.4f} ({len(v)})" for name, v in sorted(phases.items())
        )
        print(
            f"{spec:48s} regret {mean:.4f} ± {half:.4f}   "
            f"CPU {1000 * cpu / len(regrets):.1f} ms a decision   ({len(regrets)} decisions)\n"
            f"    by phase: {by_phase}",
            flush=True,
        )


if __name__ == "__main__":
    command, *args = sys.argv[1:] or ["help"]
    if command == "positions" and len(args) in (5, 6):
        model = args[5] if len(args) == 6 else ""
        positions(args[0], int(args[1]), int(args[2]), int(args[3]), args[4], model)
    elif command == "regret" and len(args) >= 3:
        regret(args[0], int(args[1]), args[2:])
    else:
        sys.exit(__doc__)

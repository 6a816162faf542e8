"""CPU a decision of two specs at the positions of recorded arena games (process_time).

python tools/measure/replay_cpu.py ARENA.jsonl SPEC_A SPEC_B [GAMES]
Replays the first GAMES games of a `seedbed arena --out` file; at every decision with
a choice, times both specs (one agent per spec and seat for the whole game, as in the
arena; interleaved, so the load hits both alike); also counts the endgame positions an
`endgame` spec tried and how many it solved within its budget, and the decisions where
its outcome search (two-player Harvest) saw the game able to end at the turn's end."""

import json
import sys
import time
from typing import Any

from seedbed.agents import make_agent
from seedbed.agents.endgame import endgame_moves
from seedbed.core.registry import load

path, a, b = sys.argv[1], sys.argv[2], sys.argv[3]
limit = int(sys.argv[4]) if len(sys.argv) > 4 else 10
cpu = {a: 0.0, b: 0.0}
n = solved = tried = live = 0
worst = 0.0
with open(path) as lines:
    records = [json.loads(line)["record"] for _, line in zip(range(limit), lines, strict=False)]
for i, rec in enumerate(records):
    params = dict(rec["params"])
    players = params.pop("players")
    game = load(rec["game"], players=players, **params)
    state = game.new_state(rec["seed"])
    # One agent per spec and seat for the whole game, as in the arena.
    agents = {
        (spec, seat): make_agent(spec, seed=1000 * i + seat)
        for spec in (a, b)
        for seat in range(players)
    }
    for move in rec["moves"]:
        seat = state.current_player()
        assert seat is not None  # a recorded move is never played at the end
        info = state.infoset(seat)
        if len(info.legal_actions()) > 1:
            n += 1
            for spec in (a, b):
                agent: Any = agents[spec, seat]  # the endgame agent's own attributes
                t = time.process_time()
                agent.select_action(info)
                dt = time.process_time() - t
                cpu[spec] += dt
                if getattr(agent, "last_outcomes", None) is not None:
                    live += 1
                if hasattr(agent, "last_solved"):
                    left = endgame_moves(info)
                    if left is not None and left <= agent.endgame_moves:
                        tried += 1
                        solved += agent.last_solved
                        worst = max(worst, dt)
        state.apply_action(state.string_to_action(move))
for spec, c in cpu.items():
    print(f"{spec}: {c / n * 1000:.1f} ms CPU a decision over {n} decisions")
print(f"endgame positions tried {tried}, solved {solved}, slowest {worst * 1000:.0f} ms")
print(f"decisions where the outcome search saw a possible end of the game: {live}")

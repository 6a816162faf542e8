"""CPU seconds per decision of two agent specs at the same positions (process_time).

python tools/measure/cpu_per_move.py GAME PLAYERS SPEC_A SPEC_B [GAMES]
Plays GAMES heuristic-vs-heuristic games and, at every 4th decision, times each spec's
select_action on that seat's InfoSet (interleaved, so the load hits both alike)."""

import sys
import time

from seedbed.agents import make_agent
from seedbed.agents.heuristic import HeuristicAgent
from seedbed.core.registry import load

game_id, players, a, b = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
games = int(sys.argv[5]) if len(sys.argv) > 5 else 2
game = load(game_id, players=players)
cpu = {a: 0.0, b: 0.0}
n = 0
for g in range(games):
    state = game.new_state(1000 + g)
    h = HeuristicAgent(seed=g)
    k = 0
    while (p := state.current_player()) is not None:
        info = state.infoset(p)
        if len(info.legal_actions()) > 1:
            k += 1
            if k % 4 == 0:
                for spec in (a, b):
                    agent = make_agent(spec, seed=k)
                    t = time.process_time()
                    agent.select_action(info)
                    cpu[spec] += time.process_time() - t
                n += 1
        state.apply_action(h.select_action(info))
for spec in (a, b):
    print(f"{game_id} {spec}: {cpu[spec] / n * 1000:.1f} ms CPU a decision over {n} decisions")

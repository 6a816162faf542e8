"""CPU and nodes of exact Four Fields endgame solves by cards left (2 players)."""

import sys
import time
from collections import defaultdict

import seedbed
from seedbed.agents.endgame import Solver, endgame_moves
from seedbed.agents.heuristic import HeuristicAgent

game = seedbed.load("four_fields", players=2)
stats = defaultdict(list)
for g in range(int(sys.argv[1]) if len(sys.argv) > 1 else 3):
    s = game.new_state(500 + g)
    h = HeuristicAgent(seed=g)
    while not s.is_terminal():
        p = s.current_player()
        info = s.infoset(p)
        left = endgame_moves(info)
        if left is not None and len(s.legal_actions()) > 1:
            solver = Solver(p, s, left, 10**6)
            t = time.process_time()
            best = -1e9
            for a in s.legal_actions():
                c = s.clone()
                c.apply_action(a)
                best = max(best, solver.search(c, best, 1e9))
            stats[left].append((time.process_time() - t, solver.nodes))
        s.apply_action(h.select_action(info))
for k in sorted(stats):
    v = stats[k]
    print(
        f"{k} cards left: {len(v)} solves, "
        f"mean {sum(x for x, _ in v) / len(v) * 1000:.1f} ms, "
        f"max {max(x for x, _ in v) * 1000:.1f} ms, "
        f"mean nodes {sum(n for _, n in v) / len(v):.0f}"
    )

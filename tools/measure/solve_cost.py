"""CPU and nodes of exact Four Fields endgame solves by cards left (2 players)."""

import sys
import time
from collections import defaultdict

from endgames import endgame_positions

import seedbed
from seedbed.agents.endgame import Solver

game = seedbed.load("four_fields", players=2)
stats = defaultdict(list)
for g in range(int(sys.argv[1]) if len(sys.argv) > 1 else 3):
    for s, info, left in endgame_positions(game, 500 + g, g):
        solver = Solver(info.player, s, left, 10**6)
        t = time.process_time()
        best = -1e9
        for a in s.legal_actions():
            c = s.clone()
            c.apply_action(a)
            best = max(best, solver.search(c, best, 1e9))
        stats[left].append((time.process_time() - t, solver.nodes))
for k in sorted(stats):
    v = stats[k]
    print(
        f"{k} cards left: {len(v)} solves, "
        f"mean {sum(x for x, _ in v) / len(v) * 1000:.1f} ms, "
        f"max {max(x for x, _ in v) * 1000:.1f} ms, "
        f"mean nodes {sum(n for _, n in v) / len(v):.0f}"
    )

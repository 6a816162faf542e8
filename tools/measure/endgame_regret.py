"""How much ISMCTS loses in exactly solvable Four Fields endgames (2 players).

python tools/measure/endgame_regret.py GAMES ITERATIONS
Heuristic-vs-heuristic games; at every decision with the draw pile out and at most 6
cards in the hands, the exact values of all moves (alpha-beta, full window) and the
move ISMCTS (default, ITERATIONS) picks: how often its move is worse than the best,
and by how many round points (seat's gain minus rival's)."""

import sys

from endgames import endgame_positions

import seedbed
from seedbed.agents import make_agent
from seedbed.agents.endgame import Solver

games, iters = int(sys.argv[1]), int(sys.argv[2])
game = seedbed.load("four_fields", players=2)
n = worse = 0
lost = 0.0
for g in range(games):
    for s, info, left in endgame_positions(game, 700 + g, g):
        if left > 6:
            continue
        solver = Solver(info.player, s, left, 10**6)
        exact = {}
        for a in s.legal_actions():
            c = s.clone()
            c.apply_action(a)
            exact[a] = solver.search(c, -float("inf"), float("inf"))
        best = max(exact.values())
        pick = make_agent(f"ismcts:iterations={iters}", seed=n).select_action(info)
        n += 1
        if exact[pick] < best - 1e-9:
            worse += 1
            lost += best - exact[pick]
print(
    f"{n} endgame decisions (<= 6 cards, {games} games): ismcts:iterations={iters} "
    f"picked a worse move in {worse} ({worse / n:.1%}), "
    f"{lost / n:.3f} round points lost a decision on average "
    f"({lost / max(1, worse):.2f} when it erred)"
)

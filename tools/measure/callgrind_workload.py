"""A fixed workload for instruction counts (run under callgrind, before and after).

    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out \
        .venv/bin/python tools/measure/callgrind_workload.py GAME playouts
    callgrind_annotate /tmp/cg.out | head -5     # "PROGRAM TOTALS" line

Modes: ``playouts`` (random playouts from fixed seeds: engine speed),
``heuristic`` (heuristic self-play: policy + compact view), ``ismcts`` (ISMCTS
decisions at 200 iterations: the search's hot path), ``search`` (ISMCTS decisions
of 200 iterations at ``seedbed bench --search``'s early, middle and late positions,
two seeds each: unlike ``ismcts``, where the search's own moves lead the game on, the
positions do not depend on the search, so a change that alters its random draws
is measured at the same positions). Also prints wall and CPU time.
Subtract the cost of ``startup`` (imports only) for the per-decision figure.
"""

import random
import sys
import time

import seedbed

game_id, mode = sys.argv[1], sys.argv[2]
players = int(sys.argv[3]) if len(sys.argv) > 3 else None
game = seedbed.load(game_id, players=players) if players else seedbed.load(game_id)
t0, c0 = time.perf_counter(), time.process_time()
decisions = 0
if mode == "playouts":
    rng = random.Random(1)
    for seed in range(20):
        s = game.new_state(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
elif mode == "heuristic":
    agents = [seedbed.make_agent("heuristic", seed=p) for p in range(game.num_players)]
    for seed in range(5):
        s = game.new_state(seed)
        while not s.is_terminal():
            p = s.current_player()
            assert p is not None  # the game is not over
            s.apply_action(agents[p].select_action(s.infoset(p)))
            decisions += 1
elif mode == "ismcts":
    agent = seedbed.make_agent("ismcts:iterations=200", seed=1)
    rng = random.Random(2)
    s = game.new_state(3)
    done = 0
    while not s.is_terminal() and done < 6:
        legal = s.legal_actions()
        if len(legal) > 1 and rng.random() < 0.2:
            p = s.current_player()
            assert p is not None  # the game is not over
            s.apply_action(agent.select_action(s.infoset(p)))
            done += 1
        else:
            s.apply_action(legal[rng.randrange(len(legal))])
        decisions += 1
elif mode == "search":
    from seedbed.sim.bench import search_positions

    for state in search_positions(game_id, game.num_players).values():
        for seed in (1, 2):
            agent = seedbed.make_agent("ismcts:iterations=200", seed=seed)
            p = state.current_player()
            assert p is not None  # a search position has a seat to move
            agent.select_action(state.infoset(p))
            decisions += 1
elif mode != "startup":
    raise SystemExit(f"unknown mode {mode}")
print(
    f"{game_id} {mode}: {decisions} decisions, {time.perf_counter() - t0:.2f} s wall, "
    f"{time.process_time() - c0:.2f} s CPU"
)

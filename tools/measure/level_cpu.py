"""CPU time a decision of the search levels (``strong``, ``expert``) in every game.

Walks two heuristic games per game (seeds 77 and 78), and at every ninth decision
that is not forced times a fresh level agent's choice (CPU time, so a busy machine
slows the figure less than it slows the clock). Prints the mean per game and level:
the "CPU time a move" of docs/agents.md's level table.

    .venv/bin/python tools/measure/level_cpu.py
"""

from __future__ import annotations

import statistics
import time

import seedbed
from seedbed.agents import make_agent

GAMES = (("sow", 2), ("harvest", 2), ("four_fields", 2), ("sewn", 4))
LEVELS = ("strong", "expert")


def main() -> None:
    for game_id, players in GAMES:
        game = seedbed.load(game_id, players=players)
        walker = make_agent("heuristic", seed=1)
        # One walk per game: both levels are timed at the same positions.
        seconds: dict[str, list[float]] = {level: [] for level in LEVELS}
        for seed in (77, 78):
            state = game.new_state(seed=seed)
            step = 0
            while not state.is_terminal():
                seat = state.current_player()
                assert seat is not None
                legal = state.legal_actions()
                if len(legal) == 1:
                    state.apply_action(legal[0])
                    continue
                infoset = state.infoset(seat)
                if step % 9 == 0:
                    for level in LEVELS:
                        agent = make_agent(level, seed=step)
                        began = time.process_time()
                        agent.select_action(infoset)
                        seconds[level].append(time.process_time() - began)
                state.apply_action(walker.select_action(infoset))
                step += 1
        figures = [
            f"{level} {statistics.mean(xs):.3f} s ({len(xs)} decisions)"
            for level, xs in seconds.items()
        ]
        print(f"{game_id}: " + ", ".join(figures), flush=True)


if __name__ == "__main__":
    main()

"""SEWN: the Harvest judge's fits at the end of each of the Harvest's first tricks, behind
``ismcts:inner=K`` (``seedbed.agents.heuristic.sewn.INNER_JUDGE_WEIGHTS``).

    .venv/bin/python tools/measure/sewn_inner_judge.py ARENA.jsonl [ARENA.jsonl ...]

Reads the games of ``seedbed arena sewn --players 4 ... --out`` whose four seats are
all searches, as ``sewn_harvest_fit.py`` does, and replays each. At the end of each
of the Harvest's first ``TRICKS`` tricks it notes the judge's features of the cards
each seat still holds (``HarvestJudge.note``, from the seats' compact views) and plays
the rest of the Harvest out once with the sharper policy (every hand seen, as in a
search's determinization); the target is the tricks each seat really took after that
trick. For each trick it prints the mean squared error of the playout's tricks, of a
fit of the playout alone, and of the judge's fit (hand and playout, fivefold
cross-validation over Harvests), then the judge's weights fitted on everything, one
row a trick in ``INNER_JUDGE_WEIGHTS``'s order. Needs numpy (``seedbed[lab]``).
"""

from __future__ import annotations

import random
import sys

import numpy as np
from sewn_harvest_fit import _harvest, cross_validated, searched_games

import seedbed
from seedbed.agents.heuristic.sewn import HAND_FEATURES, HarvestJudge
from seedbed.games.sewn.rules import CV_PHASE, HARVEST, HARVEST_TRICKS

#: The tricks after which the judge is fitted (1 to this).
TRICKS = 6


def main(paths: list[str]) -> None:
    game = seedbed.load("sewn")
    judge = HarvestJudge(inner=TRICKS)
    rng = random.Random(3)
    rows: dict[int, tuple[list[list[float]], list[float], list[float]]] = {
        k: ([], [], []) for k in range(1, TRICKS + 1)
    }
    games = 0
    for record in searched_games(paths):
        games += 1
        state = game.new_state(record["seed"])
        # The state and the judge's notes at the end of each trick it is fitted at.
        at: dict[int, tuple[seedbed.State, list[list[float]]]] = {}
        for move in [*record["moves"], None]:
            harvest = not state.is_terminal() and state.compact_view(0)[CV_PHASE] == HARVEST
            if harvest:
                views = [state.compact_view(p) for p in range(4)]
                notes = judge.note(views)
                if notes is not None and notes[0][HAND_FEATURES] > 0:
                    at[int(notes[0][HAND_FEATURES])] = (state.clone(), notes)
            elif at:
                end = state.scores()
                for k, (then, notes) in at.items():
                    line = _harvest(then, rng)
                    features, playout, real = rows[k]
                    for seat in range(4):
                        features.append(notes[seat][:HAND_FEATURES])
                        playout.append(line[seat])
                        real.append(end[seat] - then.scores()[seat])
                at = {}
            if move is not None:
                state.apply_action(state.string_to_action(move))
    print(f"{games} games")
    weights: list[list[float]] = []
    for k, (features, playout, real) in rows.items():
        x = np.array(features, dtype=float)
        p = np.array(playout, dtype=float)[:, None]
        y = np.array(real, dtype=float)
        n = len(y)
        folds = (np.arange(n) // 4) % 5  # a Harvest's four seats stay in one fold
        both = np.hstack([x, p])
        line_error = ((y - p[:, 0]) ** 2).mean()
        alone = ((y - cross_validated(p, y, folds)) ** 2).mean()
        judged = ((y - cross_validated(both, y, folds)) ** 2).mean()
        print(
            f"after trick {k} of {HARVEST_TRICKS} ({n} seats): tricks left {y.mean():.2f},"
            f" mean squared error: one playout {line_error:.3f}, its fit {alone:.3f},"
            f" the judge's fit {judged:.3f}"
        )
        fit = np.linalg.lstsq(np.hstack([both, np.ones((n, 1))]), y, rcond=None)[0]
        weights.append([round(float(w), 4) for w in fit])
    print("INNER_JUDGE_WEIGHTS:")
    for row in weights:
        print("    (" + ", ".join(f"{w:.4f}" for w in row) + "),")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])

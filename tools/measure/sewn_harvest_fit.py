"""SEWN: how well one playout predicts the Harvest tricks that searching players really
take, and the least-squares fit behind the Harvest judge (``ismcts:judge=1``,
``seedbed.agents.heuristic.sewn.JUDGE_WEIGHTS``).

    .venv/bin/python tools/measure/sewn_harvest_fit.py ARENA.jsonl [ARENA.jsonl ...]
    .venv/bin/python tools/measure/sewn_harvest_fit.py --noisy 8 ARENA.jsonl [...]

Reads the games of ``seedbed arena sewn --players 4 ... --out`` whose four seats are
all searches (``ismcts``, ``strong``, ``expert``, ``ensemble``) and replays each. At
every Harvest's first trick it notes the judge's features of each seat's hand
(``HarvestJudge.note``, from the seats' compact views) and plays the Harvest out once
with the sharper policy from there (every hand seen, as in a search's
determinization); the target is the tricks each seat really took. It prints the mean
squared error of the playout's tricks, of the fit of the hands alone and of the
judge's fit (hands and playout, fivefold cross-validation over rounds), then the
judge's weights fitted on everything. With ``--noisy K`` it also plays each Harvest
out K times with a random legal move a tenth of the time (``NOISY_LEG``) and fits the
hands and the mean of those playouts: the noisy judge's fit (``ismcts:noisy=1``,
``NOISY_JUDGE_WEIGHTS``), whose playout a search averages over its iterations as the
mean does. Needs numpy (``seedbed[lab]``).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from typing import Any

import numpy as np

import seedbed
from seedbed.agents.heuristic import compact_policy_for
from seedbed.agents.heuristic.sewn import HAND_FEATURES, NOISY_LEG, HarvestJudge
from seedbed.core.protocol import Game, State
from seedbed.games.sewn.rules import CV_PHASE, HARVEST

SEARCHES = ("ismcts", "strong", "expert", "ensemble")
#: A Harvest as played: the state at its first trick, each seat's tricks, the game over.
Harvest = tuple[State, list[float], bool]


def _harvest(state: State, rng: random.Random, noise: float = 0.0) -> list[float]:
    """The tricks each seat takes in one sharp playout of the Harvest from ``state``
    (with ``noise``, a random legal move at that share of the decisions)."""
    policy = compact_policy_for(state.game, sharp=True)
    assert policy is not None
    s = state.clone()
    start = s.scores()
    while not s.is_terminal() and s.compact_view(0)[CV_PHASE] == HARVEST:
        legal = s.legal_actions()
        seat = s.current_player()
        assert seat is not None
        if len(legal) == 1:
            move = legal[0]
        elif noise and rng.random() < noise:
            move = legal[rng.randrange(len(legal))]
        else:
            move = policy(s.compact_view(seat), seat, legal, rng)
        s.apply_action(move)
    return [a - b for a, b in zip(s.scores(), start, strict=True)]


def searched_games(paths: list[str]) -> Iterator[dict[str, Any]]:
    """The records of the files' four-player SEWN games whose seats are all searches
    (arena rows: ``seedbed arena --out``, or ``sewn_harvest_joint.py gen``)."""
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                record = json.loads(line).get("record") or {}
                if record.get("game") != "sewn" or record.get("params") != {"players": 4}:
                    continue
                if all(p.split(":")[0] in SEARCHES for p in record["players"]):
                    yield record


def harvests_played(game: Game, record: dict[str, Any]) -> Iterator[Harvest]:
    """Each Harvest of ``record``'s game: the state at its first trick (every card of
    the round in the four hands), the tricks each seat took, and whether it ended the
    game."""
    state = game.new_state(record["seed"])
    start: State | None = None
    for move in [*record["moves"], None]:
        harvest = not state.is_terminal() and state.compact_view(0)[CV_PHASE] == HARVEST
        if harvest and start is None:
            start = state.clone()
        if not harvest and start is not None:
            took = [a - b for a, b in zip(state.scores(), start.scores(), strict=True)]
            yield start, took, state.is_terminal()
            start = None
        if move is not None:
            state.apply_action(state.string_to_action(move))


def witnesses(start: State, rng: random.Random, noisy: int) -> tuple[list[float], list[float]]:
    """One sharp playout's tricks from ``start``, and the mean of ``noisy`` noisy ones'
    (empty if 0)."""
    one = _harvest(start, rng)
    if not noisy:
        return one, []
    runs = [_harvest(start, rng, NOISY_LEG) for _ in range(noisy)]
    return one, [sum(r[p] for r in runs) / noisy for p in range(4)]


def rounds(
    paths: list[str], noisy: int = 0
) -> tuple[list[list[float]], list[float], list[float], list[float], list[bool], int]:
    """Per seat and Harvest: the judge's features, one playout's tricks, the mean of
    ``noisy`` noisy playouts' tricks (none if 0), the real tricks, whether it is the
    game's last round; and the number of games read."""
    game = seedbed.load("sewn")
    judge = HarvestJudge()
    rng = random.Random(1)
    features: list[list[float]] = []
    playout: list[float] = []
    noisy_mean: list[float] = []
    real: list[float] = []
    last: list[bool] = []
    games = 0
    for record in searched_games(paths):
        games += 1
        for start, took, ended in harvests_played(game, record):
            notes = judge.note([start.compact_view(p) for p in range(4)])
            assert notes is not None
            features += [n[:HAND_FEATURES] for n in notes]
            one, mean = witnesses(start, rng, noisy)
            playout += one
            noisy_mean += mean
            real += took
            last += [ended] * 4
    return features, playout, noisy_mean, real, last, games


def cross_validated(a: np.ndarray, y: np.ndarray, folds: np.ndarray) -> np.ndarray:
    """Each row's prediction of ``y`` by the least-squares fit of ``a`` (and a constant)
    to the rows of the other folds."""
    a = np.hstack([a, np.ones((len(y), 1))])
    predicted = np.zeros(len(y))
    for k in np.unique(folds):
        train = folds != k
        w, *_ = np.linalg.lstsq(a[train], y[train], rcond=None)
        predicted[~train] = a[~train] @ w
    return predicted


def main(paths: list[str], noisy: int = 0) -> None:
    features, playout, noisy_mean, real, last, games = rounds(paths, noisy)
    x = np.array(features, dtype=float)
    p = np.array(playout, dtype=float)
    y = np.array(real, dtype=float)
    final = np.array(last, dtype=bool)
    n = len(y)
    print(f"{games} games, {n} seats' Harvests; tricks a Harvest: mean {y.mean():.2f}")
    print(f"one sharp playout:      mean squared error {((y - p) ** 2).mean():.3f}")
    folds = (np.arange(n) // 4) % 5  # a Harvest's four seats stay in one fold

    def fit(a: np.ndarray, name: str) -> np.ndarray:
        error = (y - cross_validated(a, y, folds)) ** 2
        print(
            f"{name:23s} mean squared error {error.mean():.3f} (the rounds before the "
            f"last {error[~final].mean():.3f}, the last {error[final].mean():.3f})"
        )
        weights: np.ndarray = np.linalg.lstsq(np.hstack([a, np.ones((n, 1))]), y, rcond=None)[0]
        return weights

    fit(x, "the hands alone:")
    weights = fit(np.hstack([x, p[:, None]]), "the judge's fit:")
    print("weights (JUDGE_WEIGHTS order):", [round(float(w), 4) for w in weights])
    if noisy:
        m = np.array(noisy_mean, dtype=float)
        weights = fit(np.hstack([x, m[:, None]]), f"noisy judge ({noisy} lines):")
        print("weights (NOISY_JUDGE_WEIGHTS):", [round(float(w), 4) for w in weights])


if __name__ == "__main__":
    args = sys.argv[1:]
    noisy = 0
    if args[:1] == ["--noisy"] and len(args) > 1 and args[1].isdigit():
        noisy, args = int(args[1]), args[2:]
    if not args:
        sys.exit(__doc__)
    main(args, noisy)

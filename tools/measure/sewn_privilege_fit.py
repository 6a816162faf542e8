"""SEWN: a value of the round fitted from the Privilege, and the expert's search with it
(a measure only, not an agent of the package).

    .venv/bin/python tools/measure/sewn_privilege_fit.py data OUT.jsonl ARENA.jsonl [...]
    .venv/bin/python tools/measure/sewn_privilege_fit.py fit DATA.jsonl [...]
    .venv/bin/python tools/measure/sewn_privilege_fit.py arena sewn -p 4 \\
        --agents privilege:[seedits=N,]OPTIONS,ismcts:iterations=300,... \\
        --games 30 --seed 3413 --workers 1 --out OUT.jsonl

The thirty-fifth run of ``docs/strength.md`` found the expert's model of a round (a
sharp playout valued by the Harvest judge) far off at the Privilege: there it foresees
little more than three tricks a seat, and the error comes in between the Privilege and
the Harvest, where the privileges are chosen, the trump named and the Fields picked.
The thirty-sixth run found the searchers' trump too dear to foresee inside a playout.
This tool fits the value itself instead, from what really happened.

``data`` replays ``seedbed arena sewn --players 4 ... --out`` files and, at the
Privilege of each of their rounds 1-3 (the last is played for the game), plays the
expert's model out from the true state once and writes one row a round: the judged
tricks of every seat (``e``, the judge's tricks before its shares), the four Harvest
hands that line reached, its trump, the Season Winner and runner-up, and ``y``, the
tricks each seat really took in that round.

``fit`` reads such rows, makes :data:`FEATURES` of each seat, fits the tricks really
taken by least squares with a ridge of 1 (every weight, the constant's too) and
prints the mean squared error of tenfold cross-validation, the deals as folds, beside
that of the model's tricks alone, rescaled; then the weights, in :data:`WEIGHTS`'s
order. :data:`WEIGHTS` is its fit on the thirty-sixth run's 720 games at 300
iterations (the expert's and its two screens', seeds 3411 and 3412: 2,160 rounds;
``docs/strength.md``, thirty-seventh run).

``arena`` is ``seedbed`` with one more agent, ``privilege:[seedits=N,]OPTIONS``: the
search ``ismcts:OPTIONS`` (OPTIONS must include ``sharp=1,judge=1``), except that at
its decisions of the Seed Phase (Seed-trick cards and plants) each playout that
reaches the Harvest is valued by :data:`WEIGHTS` (each seat's share of the fitted
tricks) in place of the judge's shares; there it searches ``seedits`` iterations if
given, so that it can spend the CPU of the expert's search, whose fit costs about half
as much again an iteration. Its other decisions are the expert's. (``seedbed arena``'s
worker processes are forked, so they know the agent too.)

How the fit reaches what it reads: a playout's judge is handed only the seats'
compact views, which do not say who won the privileges. The agent gives its search an
infoset over a thin wrapper state (``cheat_bound._Known``) whose determinizations are
noted as they are drawn; a search plays each one out in place, so at the judge's point
the last one drawn is the world in play (the judge checks that, and otherwise judges as
the expert does).
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import numpy as np
from cheat_bound import _Known
from extra_agent import ismcts_spec, run_seedbed_with

import seedbed
import seedbed.agents.heuristic as heuristic
from seedbed.agents import make_agent
from seedbed.agents.heuristic import compact_policy_for
from seedbed.agents.heuristic.sewn import ACES, HCP, JUDGE_WEIGHTS, KINGS, HarvestJudge
from seedbed.core.protocol import InfoSet, State
from seedbed.games.sewn.rules import CV_HAND, CV_PHASE, PLANT, SEED

#: What :data:`WEIGHTS` weigh, for a seat: the model's tricks; for the seat, its
#: rival after it, its opposite and its rival before it, whether each is the Season
#: Winner and whether the runner-up; the judge's reading of the four Harvest hands
#: under the line's trump (the seat's, its opposite's and its two rivals'); the best
#: reading of the seat's two Fields over the suits and their mean, the same of the
#: rivals' two; and the best margin over the suits of the seat's two Fields' readings
#: over the rivals' two.
FEATURES = (
    "model tricks",
    "is Season Winner",
    "is runner-up",
    "next rival Season Winner",
    "next rival runner-up",
    "opposite Season Winner",
    "opposite runner-up",
    "rival before Season Winner",
    "rival before runner-up",
    "own hand, line's trump",
    "opposite's hand, line's trump",
    "next rival's hand, line's trump",
    "rival before's hand, line's trump",
    "own Fields, best over suits",
    "own Fields, mean over suits",
    "rivals' Fields, best over suits",
    "rivals' Fields, mean over suits",
    "best margin of own over rivals' Fields",
)
#: The fit of :data:`FEATURES` and a constant (last) to the tricks really taken.
WEIGHTS: tuple[float, ...] = (
    0.4798874814072951,
    0.8696625873376083,
    0.6854702318435573,
    -0.0256220159499852,
    0.11973729772950469,
    0.01837944020403055,
    -0.011803666620900167,
    0.13136003077251537,
    0.20037617941084457,
    -0.21328970233867456,
    -0.04956616761420043,
    0.08356129157449557,
    0.18412269758112051,
    -0.03055524344248318,
    0.8340785090001419,
    0.0019236778382231644,
    -0.779851961742201,
    0.021343580864937917,
    0.9937800423618112,
)
#: Per pattern of a suit's thirteen cards (bit r: rank r, the Ace 0): how many, their
#: high-card points, Aces, Kings.
_SUIT: list[tuple[int, int, int, int]] = []
for _p in range(1 << 13):
    _ranks = [r for r in range(13) if _p >> r & 1]
    _SUIT.append((len(_ranks), sum(HCP[r] for r in _ranks), int(0 in _ranks), int(12 in _ranks)))
assert all((ACES >> 13 * s) & 8191 == 1 and (KINGS >> 13 * s) & 8191 == 1 << 12 for s in range(4))


def readings(hand: int) -> list[float]:
    """The Harvest judge's reading of ``hand`` under each trump (its weights but the
    playout's tricks, the constant and the lead)."""
    w = JUDGE_WEIGHTS
    suits = [_SUIT[(hand >> 13 * s) & 8191] for s in range(4)]
    points = sum(x[1] for x in suits)
    aces = sum(x[2] for x in suits)
    kings = sum(x[3] for x in suits)
    voids = sum(1 for x in suits if x[0] == 0)
    singletons = sum(1 for x in suits if x[0] == 1)
    out = []
    for n, h, a, k in suits:
        out.append(
            w[0] * n
            + w[1] * h
            + w[2] * (a + k)
            + w[3] * (points - h)
            + w[4] * (aces - a)
            + w[5] * (kings - k)
            + w[6] * (voids - (n == 0))
            + w[7] * (singletons - (n == 1))
        )
    return out


def features(
    model: list[float], read: list[list[float]], winner: int, runner_up: int, trump: int, s: int
) -> list[float]:
    """:data:`FEATURES` of seat ``s`` (``model``: the model's tricks of the four seats;
    ``read``: :func:`readings` of the four Harvest hands)."""
    o, r1, r2 = s ^ 2, (s + 1) & 3, (s + 3) & 3
    f = [model[s]]
    for q in (s, r1, o, r2):
        f += [float(q == winner), float(q == runner_up)]
    mine, theirs, one, two = read[s], read[o], read[r1], read[r2]
    f += [mine[trump], theirs[trump], one[trump], two[trump]]
    f += [
        max(max(mine[t], theirs[t]) for t in range(4)),
        sum(mine[t] + theirs[t] for t in range(4)) / 8,
        max(max(one[t], two[t]) for t in range(4)),
        sum(one[t] + two[t] for t in range(4)) / 8,
        max(mine[t] + theirs[t] - one[t] - two[t] for t in range(4)),
    ]
    return f


def fitted(
    model: list[float], read: list[list[float]], winner: int, runner_up: int, trump: int
) -> list[float]:
    """Each seat's share of the round by :data:`WEIGHTS`."""
    tricks = []
    for s in range(4):
        f = features(model, read, winner, runner_up, trump, s)
        # WEIGHTS has one more entry than the features, the constant, which zip leaves out.
        tricks.append(max(0.05, WEIGHTS[-1] + sum(a * b for a, b in zip(f, WEIGHTS, strict=False))))
    total = sum(tricks)
    return [t / total for t in tricks]


def data(out: str, paths: list[str]) -> None:
    with open(out, "w", encoding="utf-8") as f:
        for path in paths:
            with open(path, encoding="utf-8") as arena:
                for line in arena:
                    for row in _rounds(json.loads(line)):
                        row["file"] = path
                        f.write(json.dumps(row) + "\n")


def _rounds(row: dict[str, Any]) -> list[dict[str, Any]]:
    """The rows of an arena game's rounds 1-3 (see the module's text)."""
    record = row["record"]
    game = seedbed.load(record["game"], **record["params"])
    policy = compact_policy_for(game, True)
    assert policy is not None  # SEWN's sharper policy has a compact form
    judge = HarvestJudge()
    state: Any = game.new_state(record["seed"])  # a SEWN state: its attributes are read
    out: list[dict[str, Any]] = []
    pending: tuple[dict[str, Any], list[float]] | None = None
    for move in [*record["moves"], None]:
        left = None if state.is_terminal() else state.round_moves_left()
        if pending is not None and left in (None, 102):
            info, before = pending
            info["y"] = [a - b for a, b in zip(state.scores(), before, strict=True)]
            out.append(info)
            pending = None
        if move is None:
            break
        if left == 54 and len(state.records()) <= 3:  # records() counts the round in play
            line: Any = state.clone()
            rng = random.Random(1)
            while line.round_moves_left() > 48:
                p = line.current_player()
                line.apply_action(policy(line.compact_view(p), p, line.legal_actions(), rng))
            views = [line.compact_view(p) for p in range(4)]
            notes = judge.note(views)
            assert notes is not None
            mark, trump = line.scores(), line.trump
            while not line.is_terminal() and line.round_moves_left() != 102:
                p = line.current_player()
                line.apply_action(policy(line.compact_view(p), p, line.legal_actions(), rng))
            gains = [a - b for a, b in zip(line.scores(), mark, strict=True)]
            info = {
                "index": row["index"],
                "round": len(state.records()),
                "seats": row["seats"],
                "model": [12.0 * v for v in judge.values(notes, gains)],
                "hands": [v[CV_HAND] for v in views],
                "trump": trump,
                "winner": state.season_winner,
                "runner_up": state.runner_up,
            }
            pending = (info, state.scores())
        state.apply_action(state.string_to_action(move))
    return out


def fit(paths: list[str]) -> None:
    xs: list[list[float]] = []
    ys: list[float] = []
    folds: list[int] = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                row = json.loads(line)
                model = row["model"]
                read = [readings(h) for h in row["hands"]]
                for s in range(4):
                    xs.append(
                        features(model, read, row["winner"], row["runner_up"], row["trump"], s)
                    )
                    ys.append(row["y"][s])
                    folds.append(row["index"] // 4 % 10)  # a deal's four rotations together
    x, y, fold = np.array(xs), np.array(ys), np.array(folds)

    def ridge(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        a = np.c_[a, np.ones(len(a))]
        return np.linalg.solve(a.T @ a + np.eye(a.shape[1]), a.T @ b)

    def cv(cols: list[int]) -> float:
        err = np.zeros(len(y))
        for k in range(10):
            train, test = fold != k, fold == k
            w = ridge(x[train][:, cols], y[train])
            err[test] = np.c_[x[test][:, cols], np.ones(test.sum())] @ w - y[test]
        return float((err**2).mean())

    print(f"{len(y)} seats of {len(y) // 4} rounds; variance of the tricks {y.var():.3f}")
    print(f"the model's tricks, raw: mean squared error {float(((x[:, 0] - y) ** 2).mean()):.3f}")
    print(f"the model's tricks, rescaled: {cv([0]):.3f} (tenfold cross-validation, deals as folds)")
    print(f"all of FEATURES: {cv(list(range(x.shape[1]))):.3f}")
    for name, w in zip([*FEATURES, "constant"], ridge(x, y), strict=True):
        print(f"  {name:<40} {float(w)!r}")


WORLD: list[Any] = [None]
ON = [False]


class PrivilegeJudge:
    """The Harvest judge (:class:`HarvestJudge`, its point and notes), whose values
    are :func:`fitted` where the world in play can be read (see the module's text)."""

    def __init__(self) -> None:
        self.base = HarvestJudge()
        self.moves_before_end = self.base.moves_before_end
        self.error = self.base.error
        self.leg_noise = self.base.leg_noise
        self.weights = self.base.weights

    def point(self, moves_left: int) -> int:
        return self.base.point(moves_left)

    def note(self, views: list[tuple[int, ...]]) -> list[Any] | None:
        notes: list[Any] | None = self.base.note(views)
        world = WORLD[0]
        if (
            notes is not None
            and world is not None
            and world.round_moves_left() == self.moves_before_end
            and world.compact_view(0) == views[0]
        ):
            read = [readings(v[CV_HAND]) for v in views]
            notes.append((world.season_winner, world.runner_up, world.trump, read))
        return notes

    def values(self, notes: list[Any], gains: list[float]) -> list[float]:
        if len(notes) == 4:
            return self.base.values(notes, gains)
        winner, runner_up, trump, read = notes[4]
        model = [12.0 * v for v in self.base.values(notes[:4], gains)]
        return fitted(model, read, winner, runner_up, trump)


_judge_for = heuristic.playout_judge_for


def _playout_judge_for(game: Any, noisy: bool = False, inner: int = 0) -> Any:
    """``heuristic.playout_judge_for``, but :class:`PrivilegeJudge` while a
    ``privilege`` agent decides in the Seed Phase."""
    if ON[0] and not noisy and not inner:
        return PrivilegeJudge()
    return _judge_for(game, noisy=noisy, inner=inner)


heuristic.playout_judge_for = _playout_judge_for


def _noted(state: State, player: int, rng: random.Random) -> State:
    """``state``'s determinization for ``player``, noted in :data:`WORLD` (the draw of
    the search's infoset, a :class:`cheat_bound._Known` over the real state)."""
    world = state.resample_from_infostate(player, rng)
    WORLD[0] = world
    return world


class Privilege:
    name = "privilege"

    def __init__(self, spec: str, seed: int | None, seed_spec: str | None) -> None:
        self.inner = make_agent(spec, seed=seed)
        # The Seed Phase's search, with its own budget (seedits) to spend the expert's CPU.
        self.seeding = make_agent(seed_spec, seed=seed) if seed_spec else self.inner

    def select_action(self, infoset: InfoSet) -> int:
        state: Any = infoset._state
        seat = infoset.player
        if state.compact_view(seat)[CV_PHASE] not in (SEED, PLANT):
            return int(self.inner.select_action(infoset))
        ON[0] = True
        try:
            return int(self.seeding.select_action(InfoSet(_Known(state, _noted), seat)))
        finally:
            WORLD[0], ON[0] = None, False


def _make(options: dict[str, str], seed: int | None) -> Privilege:
    options = dict(options)
    seedits = options.pop("seedits", None)
    seed_spec = None if seedits is None else ismcts_spec({**options, "iterations": seedits})
    return Privilege(ismcts_spec(options), seed, seed_spec)


def main(args: list[str]) -> None:
    if args[:1] == ["data"] and len(args) > 2:
        data(args[1], args[2:])
    elif args[:1] == ["fit"] and len(args) > 1:
        fit(args[1:])
    else:
        run_seedbed_with(
            "privilege", _make, "ismcts whose Seed Phase is valued by a fit from the Privilege"
        )


if __name__ == "__main__":
    main(sys.argv[1:])

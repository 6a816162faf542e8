"""SEWN: how well does the expert's model of a round (a sharp playout valued by the
Harvest judge) foresee the tricks searching players really take, from points before
the Harvest? The room a learned value of SEWN positions could take.

    .venv/bin/python tools/measure/sewn_round_value.py ARENA.jsonl SPEC STARTS REPLAYS OUT.jsonl
    .venv/bin/python tools/measure/sewn_round_value.py summary OUT.jsonl [...]
    .venv/bin/python tools/measure/sewn_round_value.py loose P Q ARENA.jsonl OUT.jsonl [...]
    .venv/bin/python tools/measure/sewn_round_value.py agree ARENA.jsonl [...]

Replays the games of a ``seedbed arena sewn --players 4 ... --out`` file and takes
STARTS of their first two rounds (a fixed shuffle; the ``round`` of an OUT row is the
round's number plus one, as its seed has it). In each it stops at four points,
named by the decisions left in the round: the deal (102), the fourth Seed trick
(78), the Privilege (54) and the Harvest's first trick (48). At each it writes

* ``model``: the tricks the expert's model gives each seat from the true state:
  12 times the judge's shares after one sharp playout (``ismcts:sharp=1,judge=1``;
  its playouts are deterministic, so one is all of them);
* ``tricks``: the tricks each seat took in each of REPLAYS plays of the rest of the
  round by four seats of agent SPEC (``ismcts:iterations=300``), each with other
  seeds.

``summary`` prints, at each point, the mean over seats of the variance of a seat's
tricks between replays (``noise``: what no function of the true state can foresee
for these players), the model's mean squared error against the replays' mean, and
from the two the model's systematic error (``bias2`` = MSE - noise / REPLAYS): how far
the model's value is from what these players make of the position, on average, with
the luck of the play taken out. Beside it, ``signal``: the variance of the replays'
means about three tricks a seat, less noise / REPLAYS (what there is to foresee). A
learned value of positions could at best take the model's ``bias2``; where it is
small beside ``signal``, the model already foresees the round. ``w`` is the least-squares
weight of the model's values about three tricks, and ``bias2 scaled`` the systematic
error left once they are so rescaled: a scale alone does not change which move a
search prefers for a seat, so that is the part of the error that can.

``loose P Q`` prints the same table for another model: the mean of eight playouts whose
Seed Phase plays, for every seat, a random Seed-trick card or plant with chance P, and
whose trump is a random suit with chance Q (the rest as the model: the sharper policy
and the judge). Each OUT file is named after the ARENA file its positions came from.

``agree`` prints, for the Privilege, trump and Pick decisions of the ARENA files'
first two rounds, how often the sharper policy (the model's) and the plain one would
have made the move the real player made, by the player's agent.

(Both meant the rounds before the last, but a SEWN state's ``records()`` counts the
round in play, so they took the first two; the thirty-fifth run's figures rest on that,
and ``tools/measure/sewn_trump_agree.py`` reads rounds 1-3.)

The model reads the true state (every hand), as the expert's search does in each of
its determinizations; so the comparison leaves out what the expert does not know.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
from collections.abc import Iterator
from typing import Any

from sewn_harvest_noise import replay

import seedbed
from seedbed.agents import ismcts
from seedbed.core.protocol import State
from seedbed.games.sewn.rules import CV_PHASE, HARVEST, PICK, PLANT, PRIVILEGE, SEED, TRUMP

#: The points of a round, by the decisions left in it (rules.decisions_per_round).
POINTS: dict[int, str] = {102: "deal", 78: "fourth Seed trick", 54: "Privilege", 48: "Harvest"}
MODEL = "sharp=1,judge=1"


def _rows(path: str) -> Iterator[dict[str, Any]]:
    """The rows of a JSON-lines file (an arena file or this tool's OUT)."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            yield json.loads(line)


def _moves(path: str) -> Iterator[tuple[dict[str, Any], Any, int]]:
    """(row, state, action) before every move of the arena file's games, the state
    replayed from the row's record (the same object, moved on after each)."""
    for row in _rows(path):
        record = row["record"]
        # A SEWN state: records() and round_moves_left() are the game's own.
        state: Any = seedbed.load(record["game"], **record["params"]).new_state(record["seed"])
        for move in record["moves"]:
            action = state.string_to_action(move)
            yield row, state, action
            state.apply_action(action)


def _seed(index: int, rnd: int, left: int) -> int:
    """The seed of a point's replays and model (game index, round, decisions left)."""
    return 1000 * left + 17 * index + rnd


def starts(path: str) -> list[tuple[int, int, dict[int, State]]]:
    """(game index, round + 1, {decisions left: state}) for the first two rounds of the
    file's games (``records()`` counts the round in play)."""
    at: dict[tuple[int, int], dict[int, State]] = {}
    for row, state, _ in _moves(path):
        left = state.round_moves_left()
        rnd = len(state.records()) + 1
        if left in POINTS and rnd < 4:
            at.setdefault((row["index"], rnd), {})[left] = state.clone()
    return [(index, rnd, points) for (index, rnd), points in at.items()]


def _expert_playout(state: State, seed: int) -> Any:
    """The expert's playout and judge (``ismcts._Playout`` of :data:`MODEL`)."""
    searcher = ismcts._make(dict(o.split("=") for o in MODEL.split(",")), seed).searcher
    return ismcts._Playout(searcher, state.infoset(0))


def model(state: State, seed: int) -> list[float]:
    """The tricks the expert's model gives each seat from ``state`` (every hand seen)."""
    shares = _expert_playout(state, seed).values(state.clone(), state.scores(), random.Random(seed))
    return [12.0 * s for s in shares]


def loose_model(state: State, seed: int, p: float, q: float, lines: int = 8) -> list[float]:
    """:func:`model` as the mean of ``lines`` playouts whose Seed Phase plays, for every
    seat, a random Seed-trick card or plant with chance ``p`` and whose trump is a
    random suit with chance ``q`` (a search averaging its playouts values a move so:
    ``tools/measure/sewn_loose_rivals.py`` with ``all=1``)."""
    play = _expert_playout(state, seed)
    fast = play.fast
    assert fast is not None  # SEWN's sharper policy has a compact form
    out = [0.0] * 4
    for line in range(lines):
        rng = random.Random(seed + line)
        world: Any = state.clone()  # a SEWN state: round_moves_left() is its own
        # The Seed Phase and the trump, loose; the Privilege and End of Summer as the model.
        while (phase := world.compact_view(0)[CV_PHASE]) not in (PICK, HARVEST):
            legal = world.legal_actions()
            seat = world.current_player()
            chance = p if phase in (SEED, PLANT) else q if phase == TRUMP else 0.0
            if len(legal) > 1 and rng.random() < chance:
                world.apply_action(legal[rng.randrange(len(legal))])
            else:
                world.apply_action(fast(world.compact_view(seat), seat, legal, rng))
        shares = play.values(world, state.scores(), rng)
        out = [o + 12.0 * v / lines for o, v in zip(out, shares, strict=True)]
    return out


def run(path: str, spec: str, count: int, replays: int, out: str) -> None:
    chosen = starts(path)
    random.Random(7).shuffle(chosen)
    with open(out, "a", encoding="utf-8") as f:
        for index, rnd, points in chosen[:count]:
            for left, state in sorted(points.items(), reverse=True):
                seed = _seed(index, rnd, left)
                tricks = [replay(state, spec, seed + 100_000 * k) for k in range(replays)]
                row = {
                    "game": index,
                    "round": rnd,
                    "left": left,
                    "model": model(state, seed),
                    "tricks": tricks,
                }
                f.write(json.dumps(row) + "\n")
                f.flush()


def summary(paths: list[str]) -> None:
    rows: dict[int, list[dict[str, Any]]] = {left: [] for left in POINTS}
    for path in paths:
        for row in _rows(path):
            rows[row["left"]].append(row)
    table(rows)


def loose(p: float, q: float, pairs: list[tuple[str, str]]) -> None:
    """:func:`summary` of OUT files with :func:`loose_model` in the model's place (each
    OUT with the ARENA file it was made from)."""
    rows: dict[int, list[dict[str, Any]]] = {left: [] for left in POINTS}
    for path, out in pairs:
        states = {(index, rnd): points for index, rnd, points in starts(path)}
        for row in _rows(out):
            state = states[row["game"], row["round"]][row["left"]]
            seed = _seed(row["game"], row["round"], row["left"])
            row["model"] = loose_model(state, seed, p, q)
            rows[row["left"]].append(row)
    table(rows)


def agree(paths: list[str]) -> None:
    """How often the model's policies make the move the real player made at the
    Privilege, trump and Pick decisions with a choice of arena games (their first two
    rounds), by the player's agent."""
    from seedbed.agents.heuristic import sewn

    policies = {"sharp": sewn.choose_sharp_compact, "plain": sewn.choose_compact}
    names = {PRIVILEGE: "Privilege", TRUMP: "trump", PICK: "Pick"}
    seen: dict[tuple[str, str], list[int]] = {}
    for path in paths:
        for row, state, action in _moves(path):
            seat = state.current_player()
            legal = state.legal_actions()
            view = state.compact_view(seat)
            if view[CV_PHASE] in names and len(legal) > 1 and len(state.records()) < 3:
                key = (names[view[CV_PHASE]], row["seats"][seat])
                counts = seen.setdefault(key, [0, 0, 0])
                counts[0] += 1
                for i, policy in enumerate(policies.values(), start=1):
                    counts[i] += policy(view, seat, legal, random.Random(1)) == action
    print("decision   player                                   decisions  sharp  plain")
    for (name, spec), (n, sharp, plain) in sorted(seen.items()):
        print(f"{name:<10} {spec:<40} {n:>9}  {sharp / n:5.2f}  {plain / n:5.2f}")


def table(rows: dict[int, list[dict[str, Any]]]) -> None:
    print("tricks squared a seat; bias2 +- the 95% half-width of the model's MSE")
    print("point              rounds  noise  model MSE  bias2        signal  w     bias2 scaled")
    for left, name in POINTS.items():
        if not rows[left]:
            continue
        noise: list[float] = []
        values: list[float] = []
        means: list[float] = []
        inverse = 0.0
        for row in rows[left]:
            k = len(row["tricks"])
            inverse += 1.0 / k
            for seat in range(4):
                seen = [t[seat] for t in row["tricks"]]
                noise.append(statistics.variance(seen))
                values.append(row["model"][seat] - 3.0)
                means.append(statistics.fmean(seen) - 3.0)
        n = len(rows[left])
        floor = statistics.fmean(noise) * inverse / n
        error = [(m - y) ** 2 for m, y in zip(values, means, strict=True)]
        mse = statistics.fmean(error)
        # The seats of a round move together, so the round's mean error is the unit.
        by_round = [statistics.fmean(error[4 * i : 4 * i + 4]) for i in range(n)]
        half = 1.96 * statistics.stdev(by_round) / n**0.5 if n > 1 else 0.0
        # The model's values rescaled about the mean (3 tricks) by the least-squares
        # weight w: a scale alone does not change which of a seat's moves a search
        # prefers, so the error left after it is the part that can.
        w = sum(m * y for m, y in zip(values, means, strict=True)) / sum(m * m for m in values)
        scaled = statistics.fmean((w * m - y) ** 2 for m, y in zip(values, means, strict=True))
        signal = statistics.fmean(y * y for y in means) - floor
        print(
            f"{name:<18}{n:>7}  {statistics.fmean(noise):5.2f}  {mse:6.2f}     "
            f"{mse - floor:5.2f} +- {half:4.2f}  {signal:5.2f}  {w:4.2f}  {scaled - floor:5.2f}"
        )


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["summary"] and len(args) > 1:
        summary(args[1:])
    elif args[:1] == ["agree"] and len(args) > 1:
        agree(args[1:])
    elif args[:1] == ["loose"] and len(args) > 3 and len(args) % 2 == 1:
        loose(float(args[1]), float(args[2]), list(zip(args[3::2], args[4::2], strict=True)))
    elif len(args) == 5 and args[2].isdigit() and args[3].isdigit():
        run(args[0], args[1], int(args[2]), int(args[3]), args[4])
    else:
        sys.exit(__doc__)

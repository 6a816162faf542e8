"""Two-player Harvest: how near the sharper policy comes to the moves of searching
players, and a playout policy of the same shape fitted to those moves.

The sharper policy (``agents/heuristic/harvest.py``) scores every legal move by a
weighted sum of a few readings (how much we need the card, how much the rival would,
the play's value, ...) and plays the best. ``gen`` plays two-player games between two
ISMCTS specs and writes, at every decision with a choice, the seat's compact view,
its legal moves and the search's root visits. ``fit`` reads those decisions, writes
every legal move as its readings (:func:`features`, one list per phase: the house,
the village, the action; the house also with readings the policy does not use),
checks that the sharper policy's own weights (:data:`SHARP`) make its moves, and fits
the weights of a conditional logit on the even games, to the searches' visit shares
and to their moves; it reports on the odd games how often the sharper policy and the
two fits make the search's move (its most visited), and, with ``gen --again K``
(another search of the same spec, another seed, at every K-th decision), how often a
second search does: how near to the searches a playout policy could come.

    .venv/bin/python tools/measure/harvest_policy_fit.py gen [--again K] SPEC_A SPEC_B \
        FIRST GAMES OUT.jsonl
    .venv/bin/python tools/measure/harvest_policy_fit.py fit OUT.jsonl [OUT.jsonl ...]
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import numpy as np
from scipy.optimize import minimize

import seedbed
from seedbed.agents.base import make_agent
from seedbed.agents.heuristic.harvest import (
    NEED,
    NUMBER,
    _bad_end,
    _best_play,
    _end_score,
    _ends_badly,
    _one,
    _play_value,
    _stages,
    _use,
    choose_sharp_compact,
)
from seedbed.agents.ismcts import ISMCTSAgent
from seedbed.core.cards import popcount
from seedbed.games.harvest.rules import (
    CV_FIELDS,
    CV_HAND,
    CV_PASSES,
    CV_PHASE,
    CV_PLAYERS,
    CV_VILLAGE,
    CV_VILLAGE_COUNTS,
    JOKER,
    KIND_ASSIST,
    KIND_DISCARD,
    PH_HOUSE,
    PH_VILLAGE,
    STANDARD,
    SUIT_BITS,
    decode,
    field_score,
    field_value,
    harvest_cards_played,
    pass_receiver,
)

HOUSE, VILLAGE, ACTION = 0, 1, 2
NAMES = (
    # the house: our use after this turn's play, face value, the rival's use, the
    # card we mean to play, a card the rest of the hand could not spare showing, Joker;
    # not read by the sharper policy: a harvest card that completes the rival's field,
    # and that field's value with it, the same for ours after this turn, a card that
    # would end the game if shown (the last of a suit's J, Q and K), a court card
    (
        "use",
        "number",
        "rival use",
        "planned play",
        "danger",
        "joker",
        "rival completes",
        "rival's field value",
        "we complete later",
        "our field value",
        "ender",
        "court",
    ),
    # the village: the rival's use, ours, the card we mean to play, face value, Joker,
    # ends the game badly, ends it while ahead
    ("rival use", "use", "planned play", "number", "joker", "bad end", "win now"),
    # the action: a play's value, a planting's follow-ups, an assistant's play value,
    # an assistant, a discard, its rival use, its use to us, its face value, a Joker
    # discarded, ends the game badly, ends it while ahead
    (
        "play value",
        "follow",
        "assist value",
        "assist",
        "discard",
        "discard rival use",
        "discard use",
        "discard number",
        "discard joker",
        "bad end",
        "win now",
    ),
)
#: The sharper policy's weights in these terms (its ``_choose`` with ``sharp``).
SHARP = (
    np.array([1.0, 0.01, 0.3, -20.0, -1000.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    np.array([1.0, 0.0, -50.0, 0.0, 0.0, -1000.0, 500.0]),
    np.array([1.0, 1.0, 1.0, -3.0, -5.0, 0.5, -0.2, 0.0, 0.0, -1000.0, 500.0]),
)


def features(view: list[int], me: int, legal: list[int]) -> tuple[int, np.ndarray]:
    """The phase of seat ``me``'s decision and one row of readings per legal move, as
    the sharper policy reads them (two players: the rival is the pass's receiver).

    The first lines repeat the preamble of the policy's ``_choose`` rather than share
    it: there it runs at every playout move, inline, and ``fit`` checks this copy
    against the policy's own move at every decision it reads."""
    players = view[CV_PLAYERS]
    fields = view[CV_FIELDS + me]
    stages = _stages(fields)
    rival_fields = view[CV_FIELDS + pass_receiver(players, view[CV_PASSES], me)]
    rival_stages = _stages(rival_fields)
    hand = view[CV_HAND]
    plan = _best_play(hand, stages, fields)
    after = list(stages)
    if plan >= 0:
        after[plan // 13] += 1
    counts = view[CV_VILLAGE_COUNTS] == 1
    played = view[CV_VILLAGE] if counts else 0
    rival_score = 0
    doomed = False
    for q in range(players):
        f = view[CV_FIELDS + q]
        played |= f
        doomed = doomed or popcount(f) == 12
        if q != me:
            rival_score = max(rival_score, field_score(f))
    guard = not (doomed or harvest_cards_played(played))
    phase = view[CV_PHASE]
    rows = []
    if phase == PH_HOUSE:
        danger = 0
        if guard:
            m = hand & STANDARD
            while m:
                low = m & -m
                m ^= low
                if _ends_badly(
                    KIND_DISCARD, low.bit_length() - 1, fields, played, counts, rival_score
                ):
                    danger |= low
        for a in legal:
            _, card = decode(a)
            joker = card >= JOKER
            spare = 0.0
            if danger:
                rest = hand ^ _one(hand, card)
                if rest & danger and popcount(rest) - popcount(rest & danger) < 2:
                    spare = 1.0
            completes = not joker and rival_stages[card // 13] == 2 and NEED[card] == 2
            ours = not joker and after[card // 13] == 2 and NEED[card] == 2
            ender = not joker and harvest_cards_played(played | 1 << card)
            rows.append(
                [
                    _use(card, after),
                    11 if joker else NUMBER[card],
                    _use(card, rival_stages),
                    float(card == plan),
                    spare,
                    float(joker),
                    float(completes),
                    field_value(rival_fields, card // 13) + NUMBER[card] if completes else 0,
                    float(ours),
                    field_value(fields, card // 13) + NUMBER[card] if ours else 0,
                    float(ender),
                    float(not joker and NEED[card] == 2),
                ]
            )
        return HOUSE, np.array(rows)
    for a in legal:
        kind, card = decode(a)
        joker = card >= JOKER
        bad = win = 0.0
        if guard:
            end = _end_score(kind, card, fields, played, counts)
            if _bad_end(end, rival_score):
                bad = 1.0
            elif end > rival_score:
                win = 1.0
        if phase == PH_VILLAGE:
            rows.append(
                [
                    _use(card, rival_stages),
                    _use(card, after),
                    float(card == plan),
                    0 if joker else NUMBER[card],
                    float(joker),
                    bad,
                    win,
                ]
            )
            continue
        row = [0.0] * 9 + [bad, win]
        if kind == KIND_ASSIST:
            row[2] = _play_value(card, stages, fields)
            row[3] = 1.0
        elif kind == KIND_DISCARD:
            row[4] = 1.0
            row[5] = _use(card, rival_stages)
            row[6] = _use(card, after)
            row[7] = 0 if joker else NUMBER[card]
            row[8] = float(joker)
        else:
            row[0] = _play_value(card, stages, fields)
            if NEED[card] == 0:
                suit_cards = hand & (SUIT_BITS << (13 * (card // 13)))
                while suit_cards:
                    low = suit_cards & -suit_cards
                    row[1] += NEED[low.bit_length() - 1] == 1
                    suit_cards ^= low
        rows.append(row)
    return (VILLAGE if phase == PH_VILLAGE else ACTION), np.array(rows)


def gen(spec_a: str, spec_b: str, first: int, games: int, out: str, again: int = 0) -> None:
    """Games ``first`` .. ``first + games - 1`` between ``spec_a`` and ``spec_b``
    (seats swapped on odd games), each decision with a choice one JSON line. At every
    ``again``-th of them another search of the seat's spec, with another seed, adds
    its move (``"again"``): how often two such searches agree."""
    game = seedbed.load("harvest", players=2)
    decisions = 0
    with open(out, "a", encoding="utf-8") as f:
        for g in range(first, first + games):
            specs = [spec_a, spec_b] if g % 2 == 0 else [spec_b, spec_a]
            agents = [make_agent(s, seed=g * 7 + i) for i, s in enumerate(specs)]
            state = game.new_state(seed=90000 + g)
            while not state.is_terminal():
                seat = state.current_player()
                assert seat is not None
                legal = state.legal_actions()
                if len(legal) == 1:
                    state.apply_action(legal[0])
                    continue
                agent = agents[seat]
                assert isinstance(agent, ISMCTSAgent)
                rows = agent.searcher.ranked(state.infoset(seat))
                visits = dict((a, v) for a, v, _ in rows)
                record = {
                    "game": g,
                    "spec": specs[seat],
                    "seat": seat,
                    "view": list(state.compact_view(seat)),
                    "legal": legal,
                    "visits": [visits[a] for a in legal],
                }
                if again and decisions % again == 0:
                    other = make_agent(specs[seat], seed=10**6 + decisions)
                    assert isinstance(other, ISMCTSAgent)
                    record["again"] = other.searcher.ranked(state.infoset(seat))[0][0]
                decisions += 1
                f.write(json.dumps(record) + "\n")
                state.apply_action(rows[0][0])
            f.flush()


def _load(paths: list[str]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            out.extend(json.loads(line) for line in f if line.strip())
    return out


def _loss(
    w: np.ndarray, data: list[tuple[np.ndarray, np.ndarray]], ridge: float
) -> tuple[float, np.ndarray]:
    """Cross-entropy of the visit shares under the softmax of ``w`` over the moves."""
    total = ridge * float(w @ w)
    grad = 2 * ridge * w
    for x, p in data:
        s = x @ w
        s -= s.max()
        e = np.exp(s)
        q = e / e.sum()
        total -= float(p @ (s - np.log(e.sum())))
        grad -= x.T @ (p - q)
    return total / len(data), grad / len(data)


def _fitted(train: list[tuple[np.ndarray, np.ndarray]]) -> np.ndarray:
    """The weights of a conditional logit fitted to ``train`` (readings, target shares)."""
    # Scale the readings so that one light ridge suits every column.
    scale = np.maximum(np.concatenate([x for x, _ in train]).std(axis=0), 1e-6)
    scaled = [(x / scale, p) for x, p in train]
    result = minimize(_loss, np.zeros(len(scale)), args=(scaled, 1e-4), jac=True, method="L-BFGS-B")
    return np.asarray(result.x / scale)


def _agreement(weights: np.ndarray, test: list[tuple[np.ndarray, int, bool]]) -> str:
    """How often the best move by ``weights`` is the search's (ties shared), by spec."""
    hits = [0.0, 0.0]
    counts = [0, 0]
    for x, b, s in test:
        score = x @ weights
        top = np.flatnonzero(score >= score.max() - 1e-9)
        hits[s] += (b in top) / len(top)
        counts[s] += 1
    parts = ", ".join(
        f"{'sharp' if s else 'plain'} searches {hits[s] / counts[s]:.1%} of {counts[s]}"
        for s in (0, 1)
        if counts[s]
    )
    return f"{sum(hits) / len(test):.1%} ({parts})"


def fit(paths: list[str]) -> None:
    records = _load(paths)
    rng = random.Random(1)
    Row = tuple[int, np.ndarray, np.ndarray, int, bool, int | None]
    by_phase: dict[int, list[Row]] = {HOUSE: [], VILLAGE: [], ACTION: []}
    mismatched = 0
    for r in records:
        phase, x = features(r["view"], r["seat"], r["legal"])
        visits = np.array(r["visits"], dtype=float)
        best = int(np.argmax(visits))  # ranked's order: most visits first, ties rare
        sharp_move = choose_sharp_compact(tuple(r["view"]), r["seat"], r["legal"], rng)
        mine = x @ SHARP[phase]
        # The sharper policy through these readings: its best score, ties aside.
        if mine[r["legal"].index(sharp_move)] < mine.max() - 1e-9:
            mismatched += 1
        again = r["legal"].index(r["again"]) if "again" in r else None
        sharp = "sharp=1" in r["spec"]
        by_phase[phase].append((r["game"], x, visits / visits.sum(), best, sharp, again))
    print(
        f"{len(records)} decisions; the readings disagree with the sharper policy at {mismatched}"
    )
    for phase, rows in by_phase.items():
        train = [(x, p) for g, x, p, _, _, _ in rows if g % 2 == 0]
        hard = [(x, np.eye(len(p))[b]) for g, x, p, b, _, _ in rows if g % 2 == 0]
        test = [(x, b, s) for g, x, _, b, s, _ in rows if g % 2 == 1]
        soft_w, hard_w = _fitted(train), _fitted(hard)
        name = ("house", "village", "action")[phase]
        print(f"\nphase {name}: {len(train)} fitted, {len(test)} held out")
        for label, w0, w1, w2 in zip(NAMES[phase], SHARP[phase], soft_w, hard_w, strict=True):
            print(f"  {label:18s} sharp {w0:9.3f}   to shares {w1:9.4f}   to moves {w2:9.4f}")
        for label, weights in (("sharp", SHARP[phase]), ("shares", soft_w), ("moves", hard_w)):
            print(f"  {label:6s} makes the search's move: {_agreement(weights, test)}")
        seconds = [(x, b, s, a) for _, x, _, b, s, a in rows if a is not None]
        if seconds:
            same = sum(b == a for _, b, _, a in seconds) / len(seconds)
            policy = _agreement(SHARP[phase], [(x, b, s) for x, b, s, _ in seconds])
            print(
                f"  another search makes it: {same:.1%} of {len(seconds)} (there, sharp {policy})"
            )


if __name__ == "__main__":
    args = sys.argv[1:]
    again = 0
    if len(args) > 2 and args[0] == "gen" and args[1] == "--again" and args[2].isdigit():
        again, args = int(args[2]), args[:1] + args[3:]
    if len(args) == 6 and args[0] == "gen" and args[3].isdigit() and args[4].isdigit():
        gen(args[1], args[2], int(args[3]), int(args[4]), args[5], again)
    elif len(args) > 1 and args[0] == "fit":
        fit(args[1:])
    else:
        sys.exit(__doc__)

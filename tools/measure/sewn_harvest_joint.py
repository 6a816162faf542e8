"""SEWN: does a judge that reads the four Harvest hands together predict the tricks
better than the Harvest judge, which reads each seat's hand alone?

    .venv/bin/python tools/measure/sewn_harvest_joint.py gen SPEC FIRST COUNT OUT.jsonl
    .venv/bin/python tools/measure/sewn_harvest_joint.py fit [--noisy K] OUT.jsonl [...]
    .venv/bin/python tools/measure/sewn_harvest_joint.py agree SPEC EVERY OUT.jsonl [...]

``gen`` plays COUNT games of SEWN (seeds FIRST, FIRST+1, ...) whose Seed Phase, trump
and picks the sharper heuristic plays (cheap: the Harvest hands come out as that
policy leaves them) and whose every Harvest four seats of SPEC play
(``ismcts:iterations=400``), and writes each game as an arena row (``record``: seed,
moves, players), readable by ``sewn_harvest_fit.py`` too.

``fit`` replays the games to each Harvest's first trick, where every card of the
round is in the four hands, and fits the tricks each seat took (least squares,
fivefold cross-validation over Harvests) from: the judge's features of the seat's
hand (``HarvestJudge.note``) with one sharp playout (the judge) or the mean of K
noisy ones (the noisy judge, ``--noisy K``); and the same with the joint features
below, which compare the seat's hand with its rivals'. It prints each fit's mean
squared error, in the rounds before the last and in the last. Needs numpy
(``seedbed[lab]``).

``agree`` asks how well the playouts witness the searching players' Harvest: at each
of their Harvest decisions with a choice, whether the sharper policy (the judge's
playout) makes the move they made, by trick; and at every EVERY-th decision (0:
none) whether another SPEC search with another seed does, the agreement of a
witness as good as the players themselves.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import numpy as np
from sewn_harvest_fit import (  # a sibling script: its replay, playouts and fit
    cross_validated,
    harvests_played,
    searched_games,
    witnesses,
)

import seedbed
from seedbed.agents import make_agent
from seedbed.agents.heuristic import compact_policy_for
from seedbed.agents.heuristic.sewn import HAND_FEATURES, HarvestJudge
from seedbed.core.cards import CARD_POWER, SUIT_MASKS, cards_of, popcount
from seedbed.games.sewn.rules import (
    CV_HAND,
    CV_LEADER,
    CV_PHASE,
    CV_TRUMP,
    HARVEST,
    HARVEST_TRICKS,
)

HEURISTIC = "heuristic:sharp=1"


def play(spec: str, seed: int) -> dict[str, object]:
    """One game: the heuristic outside the Harvest, four ``spec`` seats in it."""
    state = seedbed.load("sewn").new_state(seed)
    outside = [make_agent(HEURISTIC, seed=4 * seed + p) for p in range(4)]
    inside = [make_agent(spec, seed=4 * seed + p + 1_000_000) for p in range(4)]
    moves: list[str] = []
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        legal = state.legal_actions()
        if len(legal) == 1:
            move = legal[0]
        else:
            harvest = state.compact_view(seat)[CV_PHASE] == HARVEST
            agent = inside[seat] if harvest else outside[seat]
            move = agent.select_action(state.infoset(seat))
        moves.append(state.action_to_string(move))
        state.apply_action(move)
    return {
        "index": seed,
        "record": {
            "game": "sewn",
            "params": {"players": 4},
            "seed": seed,
            "players": [spec] * 4,
            "outside_harvest": HEURISTIC,
            "moves": moves,
        },
    }


def gen(spec: str, first: int, count: int, out: str) -> None:
    with open(out, "a", encoding="utf-8") as f:
        for seed in range(first, first + count):
            f.write(json.dumps(play(spec, seed)) + "\n")
            f.flush()


def _top_run(mine: int, everyone: int) -> int:
    """How many of the highest cards held in ``everyone`` (one suit) are ``mine``, in
    a row from the top: the tricks the suit gives the seat before anyone else's."""
    run = 0
    for c in sorted(cards_of(everyone), key=lambda c: -CARD_POWER[c]):
        if not mine >> c & 1:
            break
        run += 1
    return run


def joint(hands: list[int], trump: int, leader: int) -> list[list[float]]:
    """The joint features of each seat's hand against its three rivals'."""
    t_mask = SUIT_MASKS[trump]
    held = hands[0] | hands[1] | hands[2] | hands[3]
    rows: list[list[float]] = []
    for seat, hand in enumerate(hands):
        rivals = [hands[(seat + k) & 3] for k in (1, 2, 3)]
        mine_t = hand & t_mask
        rival_t = [popcount(r & t_mask) for r in rivals]
        # Pairs of the seat's trump over a rival's, a share of the rivals' trumps.
        rival_powers = [CARD_POWER[d] for d in cards_of(held & t_mask & ~hand)]
        over = sum(1 for c in cards_of(mine_t) for p in rival_powers if p < CARD_POWER[c])
        side_top = side_capped = exposed = ruffs = 0
        for s in range(4):
            if s == trump:
                continue
            m = SUIT_MASKS[s]
            run = _top_run(hand & m, held & m)
            side_top += run
            # The rivals who hold trumps ruff once they are out of the suit.
            lengths = [popcount(r & m) for r, n in zip(rivals, rival_t, strict=True) if n]
            side_capped += min([run, *lengths])
            if any(n == 0 for n in lengths):
                exposed += popcount(hand & m)
            longest = max(popcount(r & m) for r in rivals)
            ruffs += max(0, longest - popcount(hand & m))
        rows.append(
            [
                _top_run(mine_t, held & t_mask),
                over / max(1, sum(rival_t)),
                max(rival_t),
                sum(rival_t),
                side_top,
                side_capped,
                exposed,
                min(popcount(mine_t), ruffs),
                *(1.0 if (seat - leader) & 3 == k else 0.0 for k in (1, 2, 3)),
            ]
        )
    return rows


def harvests(paths: list[str], noisy: int) -> dict[str, np.ndarray]:
    """Per seat and Harvest: the judge's and the joint features, one playout's
    tricks, the mean of ``noisy`` noisy playouts', the real tricks, the last round."""
    game = seedbed.load("sewn")
    judge = HarvestJudge()
    rng = random.Random(1)
    keys = ("seat", "joint", "playout", "noisy", "real", "last")
    cols: dict[str, list[Any]] = {k: [] for k in keys}
    for record in searched_games(paths):
        for start, took, ended in harvests_played(game, record):
            views = [start.compact_view(p) for p in range(4)]
            notes = judge.note(views)
            assert notes is not None
            cols["seat"] += [n[:HAND_FEATURES] for n in notes]
            hands = [v[CV_HAND] for v in views]
            cols["joint"] += joint(hands, views[0][CV_TRUMP], views[0][CV_LEADER])
            one, mean = witnesses(start, rng, noisy)
            cols["playout"] += one
            cols["noisy"] += mean  # empty without noisy playouts (then unread)
            cols["real"] += took
            cols["last"] += [ended] * 4
    return {k: np.array(v, dtype=float) for k, v in cols.items()}


def fit(paths: list[str], noisy: int) -> None:
    d = harvests(paths, noisy)
    y, final = d["real"], d["last"].astype(bool)
    n = len(y)
    print(f"{n // 4} Harvests, {n} seats; tricks a seat: mean {y.mean():.2f}")
    folds = (np.arange(n) // 4) % 5  # a Harvest's four seats stay in one fold

    def cv(name: str, *parts: np.ndarray) -> None:
        a = np.hstack([p if p.ndim == 2 else p[:, None] for p in parts])
        e = (y - cross_validated(a, y, folds)) ** 2
        print(
            f"{name:34s} {e.mean():.3f}  (before the last {e[~final].mean():.3f}, "
            f"last {e[final].mean():.3f})"
        )

    seat, both = d["seat"], np.hstack([d["seat"], d["joint"]])
    print("mean squared error of the fit (tricks squared):")
    cv("the seat's hand", seat)
    cv("the four hands", both)
    cv("the seat's hand, one playout", seat, d["playout"])
    cv("the four hands, one playout", both, d["playout"])
    if noisy:
        cv(f"the seat's hand, {noisy} noisy playouts", seat, d["noisy"])
        cv(f"the four hands, {noisy} noisy playouts", both, d["noisy"])


def agree(paths: list[str], spec: str, again: int) -> None:
    """How often the sharper policy, the judge's witness of the Harvest, plays the move
    the searching seat played, by trick; and, at every ``again``-th of those decisions,
    how often another ``spec`` search (another seed) does: the agreement a witness as
    good as the searches themselves would have."""
    game = seedbed.load("sewn")
    policy = compact_policy_for(game, sharp=True)
    assert policy is not None
    rng = random.Random(1)
    same = np.zeros((HARVEST_TRICKS, 2))  # by trick: the policy's agreements, the decisions
    searched = np.zeros((HARVEST_TRICKS, 3))  # by trick: the policy's, the search's, the decisions
    decisions = 0
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                record = json.loads(line)["record"]
                state = game.new_state(record["seed"])
                for text in record["moves"]:
                    move = state.string_to_action(text)
                    seat = state.current_player()
                    assert seat is not None
                    view = state.compact_view(seat)
                    legal = state.legal_actions()
                    if view[CV_PHASE] == HARVEST and len(legal) > 1:
                        trick = HARVEST_TRICKS - popcount(view[CV_HAND])
                        mine = policy(view, seat, legal, rng) == move
                        same[trick] += (mine, 1)
                        decisions += 1
                        if again and decisions % again == 0:
                            other = make_agent(spec, seed=decisions).select_action(
                                state.infoset(seat)
                            )
                            searched[trick] += (mine, other == move, 1)
                    state.apply_action(move)
    print(f"{decisions} Harvest decisions with a choice: the share where the sharper policy")
    print("makes the searching seat's move, by trick (and, at a sample of them, where")
    print(f"another {spec} search, with another seed, does):")
    for t in range(HARVEST_TRICKS - 1):  # the last trick is never a choice
        row = f"  trick {t + 1:2d}: policy {same[t, 0] / same[t, 1]:.1%} of {same[t, 1]:.0f}"
        if searched[t, 2]:
            p, q, k = searched[t]
            row += f"; sample of {k:.0f}: policy {p / k:.1%}, search {q / k:.1%}"
        print(row)
    total = same.sum(axis=0)
    print(f"  all:      policy {total[0] / total[1]:.1%}", end="")
    if again:
        p, q, k = searched.sum(axis=0)
        print(f"; sample of {k:.0f}: policy {p / k:.1%}, search {q / k:.1%}")
    else:
        print()


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) == 5 and args[0] == "gen" and args[2].isdigit() and args[3].isdigit():
        gen(args[1], int(args[2]), int(args[3]), args[4])
    elif len(args) > 1 and args[0] == "fit":
        k = 0
        if args[1] == "--noisy" and len(args) > 3 and args[2].isdigit():
            k, args = int(args[2]), args[2:]
        fit(args[1:], k)
    elif len(args) > 3 and args[0] == "agree" and args[2].isdigit():
        agree(args[3:], args[1], int(args[2]))
    else:
        sys.exit(__doc__)

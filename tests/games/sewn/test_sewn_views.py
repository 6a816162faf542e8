"""SEWN views: what each seat is shown (the table view, the compact view, the score
sheet, the move log), and that it hides what it must (docs/rules/sewn.md)."""

from __future__ import annotations

import json
import random

import pytest

from seedbed.core.cards import mask_of, parse_card
from seedbed.games.sewn import SewnGame
from seedbed.games.sewn import rules as R
from seedbed.testing.helpers import play, states_along

GAME = SewnGame()
EXAMPLE1 = (
    "round:1 dealer:S deal:AH2H3H4H5H6H7H8H9HTHJHQHKH/9S2S4S2D3D4D5D6D7D8D9DTDJD/"
    "QSKSAS5S6SQDKDAD2C3C4C5C6C/3S7S8STSJS7C8C9CTCJCQCKCAC"
)


def _mask(names: list[str] | None) -> int:
    return mask_of(parse_card(n) for n in names or [])


@pytest.mark.parametrize("seed", [3, 4])
def test_compact_view_says_what_the_table_view_says(seed: int) -> None:
    """Every entry of ``compact_view(p)`` (the layout of the ``CV_`` indices in
    rules.py) is read off the table view here, at every step of random games."""
    for st in states_along(GAME, seed, 1):
        for p in range(4):
            v = st.view(p)
            c = st.compact_view(p)
            assert len(c) == R.CV_SIZE
            assert c[R.CV_PHASE] == R.PHASE_NAMES.index(v["phase"])
            if v["phase"] == "over":
                assert c == (R.OVER, -1, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1)
                continue
            table = v["table"]
            now = table["rounds"][-1]
            assert c[R.CV_TRUMP] == (-1 if now["trump"] is None else "SHDC".index(now["trump"]))
            assert c[R.CV_HAND] == _mask(table["hand"])
            played = [card for t in now["harvest_tricks"] for card in t["cards"]]
            trick = table["trick"]
            in_order: list[str] = []
            if trick is not None:
                leader = trick["leader"]
                in_order = [trick["cards"][(leader + k) & 3] for k in range(4)]
                in_order = [x for x in in_order if x is not None]
                assert c[R.CV_LEADER] == leader
            if v["phase"] == "harvest":
                played += in_order
            assert c[R.CV_PLAYED] == _mask(played)
            assert c[R.CV_END_OF_SUMMER] == _mask(now["end_of_summer"])
            for f, field in enumerate(table["fields"]):
                known = list(field["seeded"]) + field.get("planted", [])
                peeked = now["peeked"].get(R.SEAT_NAMES[f])
                known += [peeked] if peeked else []
                assert c[R.CV_KNOWN + f] == _mask(known), (p, f)
            cards = [parse_card(x) for x in in_order[:3]]
            assert list(c[R.CV_TRICK : R.CV_TRICK + 3]) == cards + [-1] * (3 - len(cards))


def test_the_table_holds_only_the_games_own_part() -> None:
    """The envelope says who moves, the phase, the scores and the moves; the table
    repeats none of it and holds what a drawing of the table needs."""
    st = states_along(GAME, 2, 1000)[0]
    view = st.view(1)
    assert set(view["table"]) == {
        "round",
        "rounds",
        "hand",
        "hand_sizes",
        "fields",
        "trick",
        "last_trick",
    }
    assert view["phase"] == "seed" and view["to_move"] == st.current_player()


def test_views_hide_other_hands_and_plants() -> None:
    """A seat's view holds its own hand and plants, never another seat's; a spectator
    sees neither."""
    rng = random.Random(1)
    st = GAME.new_state(3)
    while st.phase_name() != "privilege":
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    planted = [st.view(p)["table"]["rounds"][-1]["planted"] for p in range(4)]
    for p in range(4):
        text = json.dumps(st.view(p)).replace('"', " ").split()
        for q in range(4):
            # The last plant of q is never face up anywhere: only q may see it.
            assert (planted[q][-1] in text) == (q == p)
    spectator = st.view(None)["table"]
    assert spectator["hand"] is None and "planted" not in spectator["rounds"][-1]
    assert all("planted" not in f for f in spectator["fields"])


def test_the_last_trick_stays_on_the_table() -> None:
    """The last finished trick is shown, also the previous round's last trick at the
    start of a round, with its round and phase; none before the first trick."""
    st = GAME.from_position(EXAMPLE1)
    assert st.view(0)["table"]["last_trick"] is None
    play(st, "9S", "QS", "3S", "KH")
    last = st.view(0)["table"]["last_trick"]
    assert last == {
        "round": 1,
        "phase": "seed",
        "leader": R.EAST,
        "cards": ["KH", "9S", "QS", "3S"],
        "winner": R.NORTH,
    }
    assert st.view(0)["table"]["trick"] is None  # planting: no trick in progress
    rng = random.Random(0)
    while st.view(None)["table"]["round"] == 1:
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    last = st.view(2)["table"]["last_trick"]
    finished = st.view(2)["table"]["rounds"][0]["harvest_tricks"][-1]
    assert last == {"round": 1, "phase": "harvest", **finished}
    assert st.view(2)["table"]["trick"] == {"leader": st.current_player(), "cards": [None] * 4}


def test_score_sheet_has_each_rounds_tricks_by_seat() -> None:
    """The score sheet: one entry a finished round with its Harvest tricks by seat (one
    point a trick), and the totals."""
    st = states_along(GAME, 6, 1000)[-1]
    sheet = st.score_sheet(0)
    rounds = st.view(0)["table"]["rounds"]
    assert [r["label"] for r in sheet["rounds"]] == ["Round 1", "Round 2", "Round 3", "Round 4"]
    for entry, rnd in zip(sheet["rounds"], rounds, strict=True):
        assert entry["points"] == rnd["won"] and sum(entry["points"]) == 12
        assert entry["lines"] == [{"label": "Harvest tricks", "points": rnd["won"]}]
    assert sheet["total"] == [int(x) for x in st.scores()]
    assert GAME.new_state(1).score_sheet(None) == {"rounds": [], "total": [0, 0, 0, 0]}


def test_views_recall_every_round() -> None:
    """Ruling 9: at the end a seat's view still holds every trick of every round, each
    round's End of Summer, trump and picks."""
    st = states_along(GAME, 7, 1000)[-1]
    rounds = st.view(1)["table"]["rounds"]
    assert len(rounds) == 4
    for rnd in rounds:
        assert len(rnd["seed_tricks"]) == 6 and len(rnd["harvest_tricks"]) == 12
        assert rnd["trump"] in "SHDC" and rnd["end_of_summer"] is not None
        assert len(rnd["picks"]) == 4 and len(rnd["planted"]) == 6
    json.dumps(st.view(None))


def test_other_seats_are_told_a_plant_face_down() -> None:
    """The move log: a plant is shown in full only to its planter; every other move is
    public."""
    st = GAME.from_position(EXAMPLE1)
    play(st, "9S", "QS", "3S", "KH", "plant 2C")
    assert st.move_log(R.NORTH)[-1] == (R.NORTH, "plant 2C")
    assert st.move_log(R.SOUTH)[-1] == (R.NORTH, "plant ?")
    assert st.move_log(None)[-1] == (R.NORTH, "plant ?")
    assert st.move_log(R.WEST)[0] == (R.EAST, "9S")
    assert st.notation_for(R.PICK_BASE + R.NORTH, R.WEST, R.SOUTH) == "pick North"
    assert [a for a, _ in st.view(0)["moves"]] == st.actors() == [1, 2, 3, 0, 2]

"""SEWN positions: one line that sets up any table (docs/rules/sewn.md, "Positions").

A position lists each round's deal and what has been played in it; reading it plays
that again through the rules, so an impossible position is an error saying where.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from seedbed.core.errors import PositionError
from seedbed.core.protocol import State
from seedbed.games.sewn import SewnGame
from seedbed.testing.conformance import view_without_moves
from seedbed.testing.helpers import play, states_along

GAME = SewnGame()
EXAMPLE1 = (
    "deal:AH2H3H4H5H6H7H8H9HTHJHQHKH/9S2S4S2D3D4D5D6D7D8D9DTDJD/"
    "QSKSAS5S6SQDKDAD2C3C4C5C6C/3S7S8STSJS7C8C9CTCJCQCKCAC"
)
START = f"round:1 dealer:S {EXAMPLE1}"


def test_the_rulebook_example_is_one_line() -> None:
    """Example 1 after its Seed trick and plants, written as a position, is the table
    that playing those moves from the deal gives."""
    played = GAME.from_position(START)
    play(played, "9S", "QS", "3S", "KH", "plant 2C", "plant 7C", "plant 2H", "plant 2D")
    written = GAME.from_position(f"{START} seed:9SQS3SKH plant:2H/2D/2C/7C")
    assert written.position() == played.position()
    for p in [None, 0, 1, 2, 3]:
        assert view_without_moves(written.view(p)) == view_without_moves(played.view(p))
    assert written.actions() == [] and written.view(0)["moves"] == []  # no history


def test_position_writes_the_documented_tokens() -> None:
    """The position of a new game: its chance key (the seed), then the round's number,
    dealer and deal; cards two characters each, hands sorted, South/East/North/West."""
    st = GAME.new_state(7)
    text = st.position()
    tokens = text.split()
    assert tokens[0] == "chance:7" and tokens[1] == "round:1"
    assert tokens[2].startswith("dealer:") and tokens[3].startswith("deal:")
    hands = tokens[3][len("deal:") :].split("/")
    assert [len(h) for h in hands] == [26, 26, 26, 26]
    assert hands == ["".join(hand) for hand in _hands(st)]


def _hands(st: State) -> list[list[str]]:
    return [st.view(p)["table"]["hand"] for p in range(4)]


@pytest.mark.parametrize("seed", [1, 2])
def test_position_round_trips_and_keeps_what_every_seat_knows(seed: int) -> None:
    """At every step of a game: the position reads back to itself, with the same legal
    moves, the same views for every seat and the spectator (but the move log: a
    position has no history), compact views and score sheets."""
    for st in states_along(GAME, seed, 17):
        text = st.position()
        back = GAME.from_position(text)
        assert back.position() == text
        assert back.legal_actions() == st.legal_actions()
        assert back.scores() == st.scores()
        assert back.actions() == [] and back.actors() == []
        for p in [None, 0, 1, 2, 3]:
            assert view_without_moves(back.view(p)) == view_without_moves(st.view(p))
            if p is not None:
                assert back.compact_view(p) == st.compact_view(p)
                assert back.score_sheet(p) == st.score_sheet(p)


def test_position_keeps_the_chance_key_for_the_rounds_to_come() -> None:
    """A new game's chance key is its seed: the same moves from its position deal the
    same later rounds; another key deals other ones."""
    rng = random.Random(3)
    st = GAME.new_state(11)
    for _ in range(90):
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    back = GAME.from_position(st.position())
    other = GAME.from_position(st.position().replace("chance:11", "chance:12"))
    while st.view(None)["table"]["round"] == 1:
        legal = st.legal_actions()
        a = legal[rng.randrange(len(legal))]
        for s in (st, back, other):
            s.apply_action(a)
    assert back.position() == st.position()
    assert other.position() != st.position()
    assert other.view(0)["table"]["hand"] != st.view(0)["table"]["hand"]


def test_position_of_a_state_without_a_key_lists_the_deals_to_come() -> None:
    """A resampled state's later deals come from no key: its position writes them out
    (deals:), and reads back to the same future."""
    st = states_along(GAME, 4, 50)[3]
    sample = st.resample_from_infostate(0, random.Random(1))
    text = sample.position()
    assert "deals:" in text and "chance:" not in text
    back = GAME.from_position(text)
    assert back.position() == text
    rng = random.Random(2)
    while back.view(None)["table"]["round"] == 1:
        legal = back.legal_actions()
        a = legal[rng.randrange(len(legal))]
        back.apply_action(a)
        sample.apply_action(a)
    assert back.position() == sample.position()


def test_position_may_start_at_a_later_round() -> None:
    """``scores:`` and ``round:3``: the rounds before are left out (the score sheet
    shows them as one entry); play goes on from round 3."""
    st = GAME.from_position(f"scores:10,6,4,4 round:3 dealer:W {EXAMPLE1}")
    assert st.scores() == [10.0, 6.0, 4.0, 4.0]
    assert st.view(None)["table"]["round"] == 3 and st.current_player() == 0
    sheet = st.score_sheet(0)
    assert sheet["rounds"] == [{"label": "Rounds 1-2", "lines": [], "points": [10, 6, 4, 4]}]
    assert GAME.from_position(st.position()).position() == st.position()
    rng = random.Random(0)
    while not st.is_terminal():
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    assert sum(st.scores()) == 48 and st.move_number() == 2 * 102
    assert [r["label"] for r in st.score_sheet(None)["rounds"]] == [
        "Rounds 1-2",
        "Round 3",
        "Round 4",
    ]


def test_a_json_state_of_a_position_keeps_its_chance_key() -> None:
    """to_json/state_from_json keep a position's chance key."""
    st = GAME.from_position(f"chance:99 {START} seed:9S")
    back = GAME.state_from_json(st.to_json())
    assert back.position() == st.position() and "chance:99" in st.position()


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "empty position"),
        ("round:1", "needs its dealer"),
        ("round:1 dealer:S", "needs its deal"),
        ("dealer:S", "belongs to a round"),
        ("hello", "not a name:value"),
        ("color:red round:1", "not a part of a SEWN position"),
        ("round:5 dealer:S", "not in 1..4"),
        ("round:1 dealer:Q " + EXAMPLE1, "not a seat"),
        ("round:1 dealer:S deal:AS/2S/3S/4S", "has 1 cards, not 13"),
        ("round:1 dealer:S " + EXAMPLE1.replace("KH", "QH"), "names a card twice"),
        ("round:1 dealer:S " + EXAMPLE1.replace("KH", "KS"), "hold every card once"),
        ("round:1 dealer:S " + EXAMPLE1.replace("KH/", "1H/"), "not a card"),
        (START + " seed:9SQD", "follow suit"),
        (START + " seed:9SQS3SKH plant:2H/2D/-/7C", "only 0 plant turn"),
        (START + " seed:9SQS3SKH/2C", "has not planted"),
        (START + " seed:9S/QS", "trick 1 has 1 cards"),
        (START + " take:trump", "not now: the round is in its seed phase"),
        (START + " seed:9S take:maybe", "take:trump or take:first"),
        (START + " trump:X", "a suit is S, H, D or C"),
        ("scores:1,2,3,4 " + START, "only for a position that starts after round 1"),
        ("round:2 dealer:S " + EXAMPLE1, "needs the scores so far"),
        ("scores:1,2,3,4 round:2 dealer:S " + EXAMPLE1, "add up to 10"),
        (START + " round:2 " + EXAMPLE1, "is not finished"),
        (START + " round:3 " + EXAMPLE1, "cannot follow"),
        ("chance:x " + START, "not a whole number"),
        ("chance:1 deals:x " + START, "not both"),
        ("deals:x " + START, "gives 1 round(s), but 3 are to come"),
        (START + " dealer:S", "given twice"),
        (START + " chance:3", "belongs before the first round"),
    ],
)
def test_bad_positions_say_what_is_wrong(text: str, says: str) -> None:
    """A position that cannot be read, or a table the rules cannot reach, is a
    PositionError (a ValueError) that says what is wrong."""
    with pytest.raises(PositionError, match=re.escape(says)):
        GAME.from_position(text)


def test_damaged_positions_never_pass_as_another_error() -> None:
    """Cut or altered positions of a real game are PositionErrors or real tables."""
    st = states_along(GAME, 5, 100)[2]
    text = st.position()
    for cut in range(0, len(text), 37):
        try:
            damaged = GAME.from_position(text[:cut])
        except PositionError:
            continue
        damaged.check_invariants()


def test_the_rules_page_examples_read() -> None:
    """The positions on the rules page are real: the first example's deal (East to
    lead) and the table after its trick and plants (North to lead)."""
    page = Path(__file__).resolve().parents[3] / "docs" / "rules" / "sewn.md"
    blocks = re.findall(r"```text\n(.*?)\n```", page.read_text(encoding="utf-8"), re.S)
    assert blocks
    for text in blocks:
        assert GAME.from_position(text).current_player() == 1
        after = GAME.from_position(text + " seed:9SQS3SKH plant:2H/2D/2C/7C")
        assert after.current_player() == 2 and after.phase_name() == "seed"

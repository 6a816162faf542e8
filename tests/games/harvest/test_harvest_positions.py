"""The position format (docs/rules/harvest.md, "Positions"): one line that sets up any
position, round-trips, keeps what each seat knows and the chance still to come, and
says clearly what is wrong with bad text."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from harvest_cases import cards, harvest, parts, play, position, seat_cards

import seedbed
from seedbed.testing.conformance import random_moves
from seedbed.testing.helpers import legal_notation, table

EXAMPLE = "dealer=1 hands=7H,KC,JK/2D,3D,4S fields=AS,6S,JS/5H"


def test_a_short_position_fills_in_the_rest() -> None:
    """Left out: round 1, turn 1, nobody has passed, the seat after the dealer keeps a
    card; empty houses and village; every other card in the deck (from its top: AS
    first); chance 0."""
    s = position(EXAMPLE)
    assert s.current_player() == 0 and s.phase_name() == "house"
    assert s.scores() == [18.0, 0.0]
    assert table(s, 0)["hand"] == ["7H", "KC", "JK"]
    assert table(s, None)["fields"][1] == [[], ["5H"], [], []]
    assert cards(s, "deck")[:3] == ["2S", "3S", "5S"]
    assert len(cards(s, "deck")) == 54 - 10
    assert parts(s)["chance"] == "0" and parts(s)["round"] == "1"


def test_position_writes_every_part_and_reads_it_back() -> None:
    """``position()`` writes every part; reading it back gives the same position, the
    same legal moves and the same views."""
    s = position(EXAMPLE)
    text = s.position()
    assert text.split()[0] == "round=1"
    assert [t.split("=")[0] for t in text.split()] == [
        "round",
        "turn",
        "dealer",
        "passes",
        "to",
        "phase",
        "hands",
        "houses",
        "fields",
        "village",
        "deck",
        "chance",
    ]
    back = harvest().from_position(text)
    assert back.position() == text
    assert back.legal_actions() == s.legal_actions()
    assert back.view(1) == s.view(1)


def test_a_game_position_has_the_same_future() -> None:
    """Set up from a real game's position, the same moves give the same game: the deck
    order and the chance key of the village reshuffles are in it."""
    for players in (2, 3, 4):
        game = harvest(players)
        s = game.new_state(players)
        random_moves(s, random.Random(players), 37)
        back = game.from_position(s.position())
        rng = random.Random(5)
        while not s.is_terminal():
            legal = s.legal_actions()
            assert back.legal_actions() == legal
            a = legal[rng.randrange(len(legal))]
            s.apply_action(a)
            back.apply_action(a)
            assert back.position() == s.position()
        assert back.scores() == s.scores() and back.winners() == s.winners()


def test_a_finished_game_reads_back() -> None:
    """Ruling 8: once over, nobody is to move and the position says why it ended."""
    s = harvest(2).new_state(3)
    random_moves(s, random.Random(0))
    text = s.position()
    assert parts(s)["to"] == "-" and parts(s)["phase"] == "over" and "end" in parts(s)
    back = harvest(2).from_position(text)
    assert back.is_terminal() and back.position() == text
    assert back.scores() == s.scores() and back.winners() == s.winners()


def test_what_a_seat_remembers_is_in_the_position() -> None:
    """Ruling 5: the cards a seat passed and has not seen since (``tracked``) come
    back with the position."""
    s = position("dealer=1 hands=7H,KC,3S,4D,9C/2D,3D,4S,6D,8D")
    play(s, "house 7H", "village KC", "discard 3S", "house 2D", "village 3D", "discard 4S")
    assert parts(s)["tracked"] == "4D:1,9C:1/6D:0,8D:0"
    back = harvest().from_position(s.position())
    assert table(back, 0)["tracked"] == [["4D", [1]], ["9C", [1]]]
    assert "worlds" not in parts(s)  # the tracked seats say everything here


def test_rest_may_go_to_the_village() -> None:
    """``village=rest`` puts every card placed nowhere else into the village."""
    s = position("dealer=1 hands=7H,KC,JK/2D,3D,JK deck=AS,2S,3S,4S village=rest", 2, "fields")
    assert cards(s, "deck") == ["AS", "2S", "3S", "4S"]
    assert len(cards(s, "village")) == 54 - 6 - 4
    play(s, "house 7H", "village KC", "discard JK")
    assert "house JK" in legal_notation(s)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "needs the hands"),
        ("hands=7H/2D dealer=1 dealer=0", "given twice"),
        ("hands=7H/2D colour=red", "no part 'colour'"),
        ("hands=7H/2D nonsense", "not a part"),
        ("hands=7H,7H,3S/2D,3D,4S", "placed twice"),
        ("hands=7H,ZZ,3S/2D,3D,4S", "'ZZ' is not a card"),
        ("hands=7H,KC,3S/2D,3D,4S/2C,3C,4C", "has 3 seats"),
        ("hands=JK,JK,JK/2D,3D,4S", "third Joker"),
        ("hands=7H,KC,3S/2D,3D,4S deck=AS village=KS", "placed nowhere"),
        ("hands=7H,KC,3S/2D,3D,4S deck=rest village=rest", "only one"),
        ("hands=7H,KC,3S/2D,3D,4S phase=dance", "phase='dance'"),
        ("hands=7H,KC,3S/2D,3D,4S to=5", "not a seat"),
        ("hands=7H,KC,3S/2D,3D,4S dealer=x", "whole number"),
        ("hands=7H,KC,3S/2D,3D,4S dealer=2", "out of range"),
        ("hands=7H,KC,3S/2D,3D,4S end=no-deal", "not over"),
        ("hands=7H,KC,3S/2D,3D,4S phase=over to=-", "say why it ended"),
        ("hands=7H,KC/2D,3D,4S", "not a possible position: hand sizes"),
        ("hands=7H,KC,3S/2D,3D,4S fields=JK/-", "never lies on a field"),
        ("hands=7H,KC,3S/2D,3D,4S fields=AS,2S/-", "not a possible position: field"),
        ("hands=7H,KC,3S/2D,3D,4S tracked=9C:0/-", "not to itself"),
        ("hands=7H,KC,3S/2D,3D,4S tracked=9C/-", "card:seats"),
        ("hands=7H,KC,3S/2D,3D,4S tracked=9C:1/- ", "tracks 9C wrongly"),
        ("hands=7H,KC,3S/2D,3D,4S worlds=9C:11/-", "gives 2 seats"),
        ("hands=7H,KC,3S/2D,3D,4S worlds=9C/-", "cards:worlds"),
    ],
)
def test_bad_positions_say_what_is_wrong(text: str, message: str) -> None:
    """Bad text is a :class:`PositionError` (a ``ValueError``) naming the problem."""
    with pytest.raises(seedbed.PositionError, match=message):
        harvest(2).from_position(text)


def test_a_position_state_saves_and_loads_what_it_knows() -> None:
    """A state set up from a position keeps, through JSON, what each seat knew then."""
    s = position("dealer=1 hands=7H,KC,3S,4D,9C/2D,3D,4S,6D,8D")
    play(s, "house 7H", "village KC", "discard 3S", "house 2D", "village 3D", "discard 4S")
    back = harvest().from_position(s.position())
    loaded = harvest().state_from_json(back.to_json())
    assert loaded.position() == back.position()
    assert seat_cards(loaded, "hands") == seat_cards(s, "hands")


def test_the_rules_page_examples_are_positions() -> None:
    """Every example position on the rules page sets up a possible position."""
    page = Path(__file__).resolve().parents[3] / "docs" / "rules" / "harvest.md"
    examples = re.findall(r"`((?:round|dealer)=[^`]+)`", page.read_text(encoding="utf-8"))
    assert len(examples) >= 4
    for text in examples:
        s = position(text)
        assert harvest().from_position(s.position()).position() == s.position()

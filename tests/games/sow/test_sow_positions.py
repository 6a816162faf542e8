"""SOW positions: the one-line format of the rules page, its defaults and its errors."""

from __future__ import annotations

import random

import pytest

from seedbed.core.errors import PositionError
from seedbed.games.sow import SowGame
from seedbed.testing.conformance import random_moves, view_without_moves
from seedbed.testing.helpers import mid_game_states, play

FIRST_EXAMPLE = "r0=y/b,r/g,b/r r3=y/r,g/r,r/b,R/Y r5=windmill r11=gopher"


def test_position_writes_every_field_in_a_fixed_order() -> None:
    """A written position names every field, rows one by one, empty ones as ``-``."""
    s = SowGame(4).from_position(FIRST_EXAMPLE)
    text = s.position()
    assert text.startswith(
        "phase=take to_move=0 start=0 turn=0 idle=0 direction=cw favourites=RYBG "
        "r0=y/b,r/g,b/r r1=- r2=- r3=y/r,g/r,r/b,R/Y r4=- r5=windmill"
    )
    assert " hand=- bouquets=-|-|-|- removed=" in text
    assert SowGame(4).from_position(text).position() == text


def test_cards_named_nowhere_are_removed_flowers() -> None:
    """Left out, ``removed`` holds every Flower the position does not name."""
    s = SowGame(4).from_position(FIRST_EXAMPLE)
    assert len(s.removed_cards()) == 24 - 7
    assert all(c[0].isupper() for c in s.removed_cards())


def test_defaults_follow_the_turn_order() -> None:
    """``to_move`` and ``start`` follow each other (one seat a turn, from the start
    player); with no row to take the phase is over."""
    g = SowGame(3)
    s = g.from_position(FIRST_EXAMPLE + " turn=4 start=2")
    assert s.current_player() == 0
    s = g.from_position(FIRST_EXAMPLE + " turn=4 to_move=0")
    assert s.view(None)["table"]["start_player"] == 2
    over = g.from_position("r2=windmill r8=gopher")
    assert over.is_terminal() and over.position().startswith("phase=over to_move=- ")


def test_mid_turn_positions_round_trip() -> None:
    """A turn in progress writes the row taken, the latest row, whether the Garden
    cards met, progress so far and the Flower awaiting a colour."""
    s = SowGame(4).from_position("to_move=1 r4=gopher,y/b,R/Y r5=windmill r7=G/R,R/B,Y/B,b/r")
    play(s, "take 4", "place gopher")
    text = s.position()
    assert "phase=place" in text and " hand=y/b,R/Y taken=4 at=5 met=yes progress=no " in text
    play(s, "place seed B", "place flower R/Y")
    text = s.position()
    assert "phase=choose" in text and " at=7 met=yes progress=no last=R/Y " in text
    back = SowGame(4).from_position(text)
    assert back.legal_actions() == s.legal_actions()
    play(back, "choose R")
    play(s, "choose R")
    assert back.position() == s.position() and back.phase_name() == "garden"


@pytest.mark.parametrize("n", [2, 3, 4])
def test_positions_keep_views_and_future(n: int) -> None:
    """``from_position(s.position())`` gives the same position: the same views but the
    move log, the same legal moves, and the same game for the same moves."""
    game = SowGame(n)
    for s in mid_game_states(game, n, 8):
        back = game.from_position(s.position())
        assert back.position() == s.position()
        for p in [*range(n), None]:
            assert view_without_moves(back.view(p)) == view_without_moves(s.view(p))
        rng = random.Random(n)
        while not s.is_terminal():
            legal = s.legal_actions()
            assert back.legal_actions() == legal
            a = legal[rng.randrange(len(legal))]
            s.apply_action(a)
            back.apply_action(a)
        assert back.position() == s.position() and back.scores() == s.scores()


def test_a_finished_game_round_trips() -> None:
    s = SowGame(2).new_state(3)
    random_moves(s, random.Random(3))
    back = SowGame(2).from_position(s.position())
    assert back.is_terminal() and back.winners() == s.winners() and back.scores() == s.scores()


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "empty"),
        ("r0", "not a field"),
        ("rows=r/y", "not a SOW position field"),
        ("r0=r/y r0=b/g", "twice"),
        ("r0=QS r5=windmill r11=gopher", "not a SOW card"),
        ("r0=r/r,b/g r5=windmill r11=gopher", "differ"),
        ("r0=R/y,b/g r5=windmill r11=gopher", "capitals"),
        ("r0=r/y,r/y,R/Y r5=windmill r11=gopher", "exactly twice"),
        ("r0=r/y,b/g r11=gopher", "Windmill"),
        ("r0=r/y,b/g r5=windmill", "Gopher"),
        ("r0=r/y,b/g r5=windmill r11=gopher favourites=RRBG", "favourites"),
        ("r0=r/y,b/g r5=windmill r11=gopher direction=up", "direction"),
        ("r0=r/y,b/g r5=windmill r11=gopher to_move=4", "to_move"),
        ("r0=r/y,b/g r5=windmill r11=gopher to_move=1 start=0", "one seat a turn"),
        ("r0=r/y,b/g r5=windmill r11=gopher phase=dance", "phase"),
        ("r0=r/y,b/g r5=windmill r11=gopher phase=place", "taken"),
        ("r0=r/y,b/g r5=windmill r11=gopher phase=place taken=0", "hand"),
        ("r0=r/y,b/g r5=windmill r11=gopher taken=3", "turn in progress"),
        ("r0=r/y,b/g r5=windmill r11=gopher bouquets=-|-", "bouquets"),
        ("r0=r/y,b/g r5=windmill r11=gopher bouquets=r/b|-|-|-", "only Flowers"),
        ("r0=r/y,b/g r5=windmill r11=gopher idle=61", "idle"),
        ("r0=r/y,b/g r5=windmill r11=gopher phase=over", "not over"),
        ("r0=r/y r5=windmill r11=gopher phase=take", "over"),
        ("r0=R/Y,b/g r5=windmill r11=gopher phase=choose taken=0 at=0", "last"),
        ("r0=R/Y,b/g r5=windmill r11=gopher phase=garden taken=0", "met"),
    ],
)
def test_bad_positions_say_what_is_wrong(text: str, says: str) -> None:
    with pytest.raises(PositionError, match=says):
        SowGame(4).from_position(text)


def test_position_errors_are_value_errors() -> None:
    """A PositionError is a ValueError: callers that catch bad input catch it."""
    with pytest.raises(ValueError):
        SowGame(2).from_position("nonsense")

"""SOW notation, the public vocabulary (``rules``), records and the terminal drawing."""

from __future__ import annotations

import random

import pytest
from rich.console import Console
from rich.text import Text

import seedbed
from seedbed.core.cards import canonical_card_tokens
from seedbed.core.errors import IllegalMoveError, NotationError, StateFormatError
from seedbed.games.sow import SowGame
from seedbed.games.sow import rules as R
from seedbed.testing.conformance import random_moves
from seedbed.testing.helpers import play

EXAMPLE_B = "to_move=1 r4=gopher,y/b,R/Y r5=windmill r7=G/R,R/B,Y/B,b/r"


def test_registered_and_described() -> None:
    g = seedbed.load("sow", players=3)
    assert isinstance(g, SowGame) and g.id == "sow" and g.num_players == 3
    assert (g.min_players, g.max_players, g.default_players) == (2, 4, 4)
    assert g.summary and g.options == {}
    assert g.policy == "seedbed.agents.heuristic.sow:choose" and g.playout_horizon is None


# -- the vocabulary ----------------------------------------------------------------------
def test_actions_decode_and_encode() -> None:
    """Every action number decodes to an Action that encodes back to it; the numbers
    are the ones the rules page lists."""
    for players in (2, 3, 4):
        assert R.num_actions(players) == R.NUM_ACTIONS == 193
    assert all(R.encode(R.decode(a)) == a for a in range(R.NUM_ACTIONS))
    assert R.decode(7) == R.Action(R.KIND_TAKE, row=7)
    assert R.decode(R.PLACE_SEED + R.GREEN) == R.Action(R.KIND_PLACE, look=R.LOOK_SEED + R.GREEN)
    assert R.decode(R.PLACE_CAN).look == R.LOOK_CAN
    assert R.decode(R.CHOOSE + R.BLUE) == R.Action(R.KIND_CHOOSE, colour=R.BLUE)
    assert R.decode(R.USE_WINDMILL).kind == R.KIND_WINDMILL
    assert R.decode(R.USE_GOPHER + 11) == R.Action(R.KIND_GOPHER, row=11)
    watered = R.decode(R.NO_ACTION - 1)
    assert (watered.kind, watered.row, R.TYPE_NAMES[watered.flower]) == (R.KIND_WATER, 11, "G/B")
    assert R.decode(R.NO_ACTION).kind == R.KIND_PASS
    for bad in (-1, R.NUM_ACTIONS):
        with pytest.raises(ValueError, match="not a SOW action"):
            R.decode(bad)
    with pytest.raises(ValueError, match="row"):
        R.encode(R.Action(R.KIND_TAKE, row=12))
    with pytest.raises(ValueError, match="kind"):
        R.encode(R.Action(9))


def test_rule_helpers() -> None:
    """Ruling 2, 3 and 8 as the helpers a policy uses."""
    assert [R.row_wheelbarrow(r) for r in range(12)] == [0, 0, -1, 1, 1, -1, 2, 2, -1, 3, 3, -1]
    assert [R.row_controller(2, r, 0) for r in (0, 3, 6, 9, 2)] == [0, 1, 1, 0, -1]
    assert [R.row_controller(3, 9, a) for a in range(3)] == [0, 1, 2]
    assert R.landing_row(11, 2, R.CLOCKWISE) == 1 and R.landing_row(0, 2, R.COUNTER_CLOCKWISE) == 10
    blue_red = R.type_of(R.BLUE, R.RED)
    assert [R.flower_points(c, blue_red) for c in (R.BLUE, R.RED, R.GREEN)] == [3, 2, 1]
    with pytest.raises(ValueError):
        R.type_of(R.RED, R.RED)


# -- notation ---------------------------------------------------------------------------
def test_action_names_unique_and_not_card_like() -> None:
    """Every action has its own name, a function of the number alone, and no token
    looks like a playing card to the shared forgiving parser."""
    s = SowGame(4).new_state(0)
    names = [s.action_to_string(a) for a in range(R.NUM_ACTIONS)]
    assert len(set(names)) == R.NUM_ACTIONS
    for name in names:
        assert canonical_card_tokens(name) == " ".join(name.lower().split())
    assert names[0] == "take 0" and names[12] == "place seed R"
    assert names[R.NUM_ACTIONS - 1] == "no garden action"
    assert [names[R.PLACE + k] for k in range(R.NUM_LOOKS)] == [
        "place " + look for look in R.LOOK_NAMES
    ]
    with pytest.raises(ValueError):
        s.action_to_string(R.NUM_ACTIONS)


@pytest.mark.parametrize("text", ["take 4", "TAKE   4", "take row 4", "4"])
def test_forgiving_take(text: str) -> None:
    s = SowGame(4).from_position("r4=r/y,b/g,Y/B r5=windmill r11=gopher")
    assert s.action_to_string(s.string_to_action(text)) == "take 4"


def test_forgiving_place_choose_and_garden() -> None:
    s = SowGame(4).from_position("to_move=1 r4=gopher,y/b,R/Y r5=windmill r7=G/R,R/B")
    play(s, "take 4")
    for text in ("place seed blue", "seed b", "B"):
        assert s.action_to_string(s.string_to_action(text)) == "place seed B"
    for text in ("place flower red/yellow", "flower R Y", "r/y"):
        assert s.action_to_string(s.string_to_action(text)) == "place flower R/Y"
    assert s.action_to_string(s.string_to_action("Gopher")) == "place gopher"
    play(s, "place gopher", "place seed B", "place flower R/Y")
    assert s.action_to_string(s.string_to_action("red")) == "choose R"
    play(s, "choose yellow")
    assert s.action_to_string(s.string_to_action("pass")) == "no garden action"
    assert s.action_to_string(s.string_to_action("use gopher 7")) == "gopher 7"
    with pytest.raises(NotationError, match="legal: windmill, gopher 0"):
        s.string_to_action("water 7 G/R")


def test_bad_notation_says_what_is_legal() -> None:
    s = SowGame(4).from_position("r4=r/y,b/g r5=windmill r11=gopher")
    with pytest.raises(NotationError, match="legal: take 4"):
        s.string_to_action("take 3")
    with pytest.raises(NotationError):
        s.string_to_action("")


def test_every_seat_is_told_every_move() -> None:
    """Every move is public (a card is named by how it looks): all seats and a
    spectator are told the same notation."""
    s = SowGame(3).new_state(2)
    rng = random.Random(2)
    for _ in range(40):
        a = s.legal_actions()[rng.randrange(len(s.legal_actions()))]
        actor = s.current_player()
        assert actor is not None
        told = {s.notation_for(a, actor, v) for v in (0, 1, 2, None)}
        assert told == {s.action_to_string(a)}
        s.apply_action(a)


def test_illegal_actions_leave_the_state_alone() -> None:
    s = SowGame(4).new_state(1)
    before = s.to_json()
    for bad in (-1, 12, 200, 31, 35):
        with pytest.raises(IllegalMoveError):
            s.apply_action(bad)
    assert s.to_json() == before


def test_history_reads_as_a_turn_record() -> None:
    """The rules page's record of the rulebook's second example."""
    s = SowGame(4).from_position(EXAMPLE_B)
    moves = ["take 4", "place gopher", "place seed B", "place flower R/Y", "choose R", "windmill"]
    play(s, *moves)
    assert s.history() == moves
    assert s.actors() == [1] * 6


def test_actors_follow_the_turns() -> None:
    """Every turn belongs to one seat, the next seat clockwise each turn, also for a
    state set up from a position in the middle of a turn."""
    s = SowGame(3).new_state(5)
    rng = random.Random(5)
    movers = []
    for _ in range(60):
        movers.append(s.current_player())
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
    assert s.actors() == movers
    mid = SowGame(4).from_position(EXAMPLE_B)
    play(mid, "take 4", "place gopher")
    again = SowGame(4).from_position(mid.position())
    play(again, "place seed B", "place flower R/Y", "choose R", "no garden action", "take 7")
    assert again.actors() == [1, 1, 1, 1, 2]


# -- records ----------------------------------------------------------------------------
def test_json_round_trip_and_corruption() -> None:
    g = SowGame(3)
    s = g.new_state(9)
    random_moves(s, random.Random(1), 40)
    back = g.state_from_json(s.to_json())
    assert back.to_json() == s.to_json() and back.legal_actions() == s.legal_actions()
    broken = s.to_json().replace('"favourites": [', '"favourites": [0, ')
    with pytest.raises(StateFormatError):
        g.state_from_json(broken)


def test_records_replay() -> None:
    s = SowGame(2).new_state(8)
    random_moves(s, random.Random(8))
    record = seedbed.Record.from_state(s)
    assert record.replay().to_json() == s.to_json()


# -- the terminal drawing ---------------------------------------------------------------
def _plain(markup: str) -> str:
    return Text.from_markup(markup).plain


def _board(plain: str) -> list[str]:
    return plain.split("\n\n")[0].split("\n")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_render_has_a_fixed_board(n: int) -> None:
    """Issue 13: the board keeps its layout, lines and columns, as rows fill: every
    row in its place, each wheelbarrow drawn as a box around its two rows."""
    s = SowGame(n).new_state(4)
    rng = random.Random(0)
    shapes = set()
    for step in range(2000):
        if step % 7 == 0 or s.is_terminal():
            for p in [*range(n), None]:
                plain = _plain(s.render(p))  # the markup is valid
                board = _board(plain)
                shapes.add((len(board), max(len(line) for line in board)))
                for r in range(12):
                    assert f"{r:>2}:" in plain
                for w in range(4):
                    assert sum(f"WB{w} " in line and "╭" in line for line in board) == 1
        if s.is_terminal():
            assert "Game over" in plain
            break
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
    assert len(shapes) == 1, shapes
    ((lines, width),) = shapes
    assert lines == 19 and width <= 80


def test_render_places_rows_by_wheelbarrow() -> None:
    """Wheelbarrow 0's rows 1 and 0 sit in its box at the bottom, wheelbarrow 2's rows
    6 and 7 at the top; a crowded row ends in ``+n``."""
    crowded = "r0=r/y,r/b,r/g,y/r,y/b,y/g,b/r,b/y,b/g,g/r,g/y,g/b r5=windmill r11=gopher"
    plain = _plain(SowGame(4).from_position(crowded).render(0))
    board = _board(plain)
    top = next(i for i, line in enumerate(board) if "WB2" in line)
    bottom = next(i for i, line in enumerate(board) if "WB0" in line)
    assert " 6:" in board[top + 1] and " 7:" in board[top + 1]
    assert " 1:" in board[bottom + 1] and " 0:" in board[bottom + 1]
    assert board[bottom + 1].index(" 1:") < board[bottom + 1].index(" 0:")
    assert "+" in "".join(board[bottom + 1 : bottom + 4])


def test_render_hides_other_favourites() -> None:
    s = SowGame(4).new_state(2)
    fav = s.favourite_colours()
    plain = _plain(s.render(1))
    assert f"Favourite Colour: {fav[1]}" in plain
    assert "♥" + fav[0] not in plain and "♥" + fav[1] in plain
    assert "♥" not in _plain(s.render(None))


def test_render_prints_in_a_console() -> None:
    s = SowGame(4).new_state(3)
    random_moves(s, random.Random(3), 25)
    console = Console(width=100, record=True, color_system="truecolor")
    console.print(s.render(0))
    text = console.export_text()
    assert "Bouquet of seat 0" in text and "Windmill" in text

"""SOW notation, records, serialisation and the renderer."""

from __future__ import annotations

import random

import pytest
from rich.console import Console
from rich.text import Text

import seedbed
from seedbed.core.cards import canonical_card_tokens
from seedbed.core.errors import IllegalMoveError, NotationError, StateFormatError
from seedbed.games.sow import SowGame, SowState
from seedbed.games.sow._tables import ACTION_NAMES, NUM_ACTIONS


def rows(**given: str) -> list[str]:
    return [given.get(f"r{r}", "") for r in range(12)]


def test_registered_and_described() -> None:
    g = seedbed.load("sow", players=3)
    assert isinstance(g, SowGame) and g.id == "sow" and g.num_players == 3
    assert (g.min_players, g.max_players, g.default_players) == (2, 4, 4)
    assert g.summary and g.options == {}


def test_action_names_unique_and_not_card_like() -> None:
    """Every action has its own name, a function of the number alone, and no token
    looks like a playing card to the shared forgiving parser."""
    assert len(set(ACTION_NAMES)) == NUM_ACTIONS
    for name in ACTION_NAMES:
        assert canonical_card_tokens(name) == " ".join(name.lower().split())
    s = SowGame(4).new_state(0)
    assert s.action_to_string(0) == "take 0"
    assert s.action_to_string(12) == "place seed R"
    assert s.action_to_string(NUM_ACTIONS - 1) == "no garden action"
    with pytest.raises(ValueError):
        s.action_to_string(NUM_ACTIONS)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("take 4", "take 4"),
        ("TAKE   4", "take 4"),
        ("take row 4", "take 4"),
        ("4", "take 4"),
    ],
)
def test_forgiving_take(text: str, expected: str) -> None:
    s = SowGame(4).position(rows(r4="r/y b/g Y/B", r5="windmill", r11="gopher"))
    assert s.action_to_string(s.string_to_action(text)) == expected


def test_forgiving_place_choose_and_garden() -> None:
    s = SowGame(4).position(rows(r4="gopher y/b R/Y", r5="windmill", r7="G/R R/B"), to_move=1)
    s.apply_action(s.string_to_action("take 4"))
    for text in ("place seed blue", "seed b", "B"):
        assert s.action_to_string(s.string_to_action(text)) == "place seed B"
    for text in ("place flower red/yellow", "flower R Y", "r/y"):
        assert s.action_to_string(s.string_to_action(text)) == "place flower R/Y"
    assert s.action_to_string(s.string_to_action("Gopher")) == "place gopher"
    for move in ("place gopher", "place seed B", "place flower R/Y"):
        s.apply_action(s.string_to_action(move))
    assert s.action_to_string(s.string_to_action("red")) == "choose R"
    s.apply_action(s.string_to_action("choose yellow"))
    assert s.action_to_string(s.string_to_action("pass")) == "no garden action"
    assert s.action_to_string(s.string_to_action("use gopher 7")) == "gopher 7"
    with pytest.raises(NotationError, match="legal: windmill, gopher 0"):
        s.string_to_action("water 7 G/R")


def test_bad_notation_says_what_is_legal() -> None:
    s = SowGame(4).position(rows(r4="r/y b/g", r5="windmill", r11="gopher"))
    with pytest.raises(NotationError, match="legal: take 4"):
        s.string_to_action("take 3")
    with pytest.raises(NotationError):
        s.string_to_action("")


def test_illegal_actions_leave_the_state_alone() -> None:
    s = SowGame(4).new_state(1)
    before = s.to_json()
    for bad in (-1, 12, 200, 31, 35):
        with pytest.raises(IllegalMoveError):
            s.apply_action(bad)
    assert s.to_json() == before


def test_history_reads_as_a_turn_record() -> None:
    s = SowGame(4).position(
        rows(r4="gopher y/b R/Y", r5="windmill", r7="G/R R/B Y/B b/r"), to_move=1
    )
    moves = ["take 4", "place gopher", "place seed B", "place flower R/Y", "choose R", "windmill"]
    for m in moves:
        s.apply_action(s.string_to_action(m))
    assert s.history() == moves


def test_json_round_trip_and_corruption() -> None:
    g = SowGame(3)
    s = g.new_state(9)
    rng = random.Random(1)
    for _ in range(40):
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
    back = g.state_from_json(s.to_json())
    assert back.to_json() == s.to_json() and back.legal_actions() == s.legal_actions()
    broken = s.to_json().replace('"favourites": [', '"favourites": [0, ')
    with pytest.raises(StateFormatError):
        g.state_from_json(broken)


def test_position_rejects_bad_descriptions() -> None:
    g = SowGame(4)
    with pytest.raises(ValueError, match="12 rows"):
        g.position(["r/y"])
    with pytest.raises(ValueError, match="not a SOW card"):
        g.position(rows(r0="QS", r5="windmill", r11="gopher"))
    with pytest.raises(ValueError, match="must differ"):
        g.position(rows(r0="r/r", r5="windmill", r11="gopher"))
    with pytest.raises(ValueError, match="twice"):
        g.position(rows(r0="r/y r/y R/Y", r5="windmill", r11="gopher"))


def _plain(markup: str) -> str:
    return Text.from_markup(markup).plain


@pytest.mark.parametrize("n", [2, 3, 4])
def test_render_shows_the_ring_and_wheelbarrows(n: int) -> None:
    s: SowState = SowGame(n).new_state(4)
    rng = random.Random(0)
    for step in range(2000):
        if step % 7 == 0 or s.is_terminal():
            for p in [*range(n), None]:
                plain = _plain(s.render(p))  # the markup is valid
                for r in range(12):
                    assert f"{r}:" in plain
                for w in range(4):
                    assert f"WB{w}" in plain
        if s.is_terminal():
            assert "Game over" in plain
            break
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
    console = Console(width=110, record=True, color_system="truecolor")
    console.print(s.render(0))
    assert "Bouquet of seat 0" in console.export_text()


def test_render_hides_other_favourites() -> None:
    s = SowGame(4).new_state(2)
    fav = s.favourite_colours()
    plain = _plain(s.render(1))
    assert f"Favourite Colour: {fav[1]}" in plain
    assert "♥" + fav[0] not in plain and "♥" + fav[1] in plain
    assert "♥" not in _plain(s.render(None))


def test_position_rejects_bad_parameters() -> None:
    g = SowGame(3)
    base = rows(r0="r/y b/g", r5="windmill", r11="gopher")
    with pytest.raises(ValueError, match="four colours"):
        g.position(base, favourites="RRBG")
    with pytest.raises(ValueError, match="direction"):
        g.position(base, direction="up")
    with pytest.raises(ValueError, match="seat"):
        g.position(base, to_move=3)
    with pytest.raises(ValueError, match="bouquets"):
        g.position(base, bouquets=["", ""])

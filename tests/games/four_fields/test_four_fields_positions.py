"""Four Fields positions: the one-line format of the rules page reads and writes back,
keeps what every seat knows and the future, and its documented examples work."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import seedbed
from seedbed.testing.conformance import random_moves, view_without_moves
from seedbed.testing.helpers import mid_game_states, play

RULES_PAGE = Path(__file__).resolve().parents[3] / "docs" / "rules" / "four_fields.md"


def _documented_positions() -> list[str]:
    developers = RULES_PAGE.read_text(encoding="utf-8").split("## For developers", 1)[1]
    return re.findall(r"```text\n(.*?)\n```", developers, re.S)


def test_the_rules_page_examples() -> None:
    """Every position on the rules page reads, and writes back to itself once
    completed; the new game's is what a new game writes."""
    examples = _documented_positions()
    assert len(examples) == 4
    game = seedbed.load("four_fields")
    for text in examples:
        s = game.from_position(text)
        assert game.from_position(s.position()).position() == s.position()
    assert examples[-1] == game.new_state(7).position()
    s = game.from_position(examples[0])
    assert "5D harvest f2: 5C + 3H 2D" in {s.action_to_string(a) for a in s.legal_actions()}
    s = game.from_position(examples[2])
    play(s, "5C sow f0")
    assert s.scores() == [17.0, 3.0] and s.winners() == [0]


def test_defaults_of_a_short_position() -> None:
    """Only ``hands`` is needed; the position written back says every default."""
    s = seedbed.load("four_fields", players=3).from_position("hands 5D | 4C | 6C")
    text = s.position()
    assert text.startswith("fields - | - | - | - / hands 5D | 4C | 6C / harvests - | - | - /")
    assert " / coins 0 0 0 / holds - | - | - / scores 0 0 0 / pile AS 2S " in text
    assert text.endswith(" / aside - / turn 0 / dealer 2 / round 1 / summer f0 / chance 0")
    assert s.view(None)["table"]["draw_pile"] == 49


def test_forgiving_reading() -> None:
    """Keywords and cards read forgivingly; the order of sections does not matter."""
    game = seedbed.load("four_fields")
    a = game.from_position("fields - | - | 5C 3H 2D 9S | - / hands 5D 7C | 4C 6C / summer f2")
    b = game.from_position("SUMMER 2 / Hands 5♦ 7c | 4C 6C / fields - | - | 9S 2D 3H 5C | -")
    assert a.position() == b.position()


@pytest.mark.parametrize(("players", "full"), [(2, False), (3, True), (4, True)])
def test_round_trip_keeps_views_and_future(players: int, full: bool) -> None:
    """A position of a game in progress (stockpiles, Aces counted 14, known holdings,
    coins, a later round) gives back the same views but the move log, the same moves
    and, played on, the same game."""
    game = seedbed.load("four_fields", players=players, full_harvest=full)
    for s in mid_game_states(game, players, 5, max_moves=300):
        back = game.from_position(s.position())
        assert back.position() == s.position()
        assert back.actions() == [] and back.actors() == []
        for p in [*range(players), None]:
            assert view_without_moves(back.view(p)) == view_without_moves(s.view(p))
        rng = random.Random(1)
        ahead = s.clone()
        random_moves(ahead, rng)
        random_moves(back, random.Random(1))
        assert back.position() == ahead.position()
        assert back.scores() == ahead.scores() and back.winners() == ahead.winners()


def test_a_position_read_from_json_keeps_its_move_log() -> None:
    """A game set up from a position and saved as JSON reads back with its position and
    the seats of its moves (it remembers where it started)."""
    game = seedbed.load("four_fields", players=3)
    s = game.from_position("fields 5H | - | - | - / hands 3C 8D | 4C 6C | 9C")
    play(s, "3C add f0: 5H = 8", "4C sow f0")
    back = game.state_from_json(s.to_json())
    assert back.position() == s.position()
    assert (
        back.move_log(None)
        == s.move_log(None)
        == [
            (0, "3C add f0: 5H = 8"),
            (1, "4C sow f0"),
        ]
    )

"""Four Fields' designer's knobs, ``target`` (17) and ``hand_size`` (4): what each
changes, set up from positions, and that the rulebook game is left as it was."""

from __future__ import annotations

import itertools
import random

import pytest

import seedbed
from seedbed.core.protocol import State
from seedbed.testing.conformance import random_playout
from seedbed.testing.helpers import from_position, legal_notation, play, table


def pos(text: str, players: int = 2, **options: object) -> State:
    return from_position("four_fields", text, players=players, **options)


# -- target ------------------------------------------------------------------------
def test_a_game_to_11_ends_at_11() -> None:
    """``target=11``: the game ends after the round in which somebody reaches 11."""
    # seat 0: 3 Aces + most cards 4 - most spades 2 = 5 -> 11
    s = pos("hands - | 5C / harvests AS AH AD | 2H / scores 6 3 / turn 1 / rest aside", target=11)
    play(s, "5C sow f0")
    assert s.is_terminal()
    assert s.scores() == [11.0, 3.0]
    assert s.winners() == [0]


def test_a_game_to_11_goes_on_at_10() -> None:
    s = pos("hands - | 5C / harvests AS AH AD | 2H / scores 5 3 / turn 1 / rest aside", target=11)
    play(s, "5C sow f0")
    assert not s.is_terminal()
    assert table(s, None)["round"] == 2


def test_a_game_to_25_goes_on_past_17() -> None:
    """The rulebook's 17 ends nothing when the target is 25."""
    s = pos("hands - | 5C / harvests AS AH AD | 2H / scores 12 3 / turn 1 / rest aside", target=25)
    play(s, "5C sow f0")
    assert s.scores() == [17.0, 3.0]
    assert not s.is_terminal()


@pytest.mark.parametrize("target", [5, 11, 17, 30])
def test_seeded_games_end_at_the_target(target: int) -> None:
    """Whole games: the last round, and only the last, takes somebody to the target."""
    game = seedbed.load("four_fields", players=3, target=target)
    for seed in range(3):
        s = game.new_state(seed)
        random_playout(s, random.Random(seed))
        totals = list(
            itertools.accumulate(
                (r["points"] for r in s.score_sheet(None)["rounds"]),
                lambda a, b: [x + y for x, y in zip(a, b, strict=True)],
            )
        )
        assert totals[-1] == s.scores()
        assert max(totals[-1]) >= target
        assert all(max(t) < target for t in totals[:-1])


# -- hand_size ---------------------------------------------------------------------
@pytest.mark.parametrize(("players", "hand_size"), [(2, 2), (2, 6), (3, 3), (4, 10)])
def test_deal_of_another_hand_size(players: int, hand_size: int) -> None:
    """``hand_size=k``: k cards per hand, k - 1 for the player left of the dealer."""
    s = seedbed.load("four_fields", players=players, hand_size=hand_size).new_state(11)
    v = table(s, None)
    first = (v["dealer"] + 1) % players
    sizes = [p["hand_size"] for p in v["players"]]
    assert sizes[first] == hand_size - 1
    assert all(k == hand_size for q, k in enumerate(sizes) if q != first)
    assert v["draw_pile"] == 52 - 12 - (hand_size * players - 1)


def test_draw_up_to_the_hand_size() -> None:
    s = pos("hands 5D 7C | 4C 6C / pile KC QC JC TC 9H 9D", hand_size=6)
    play(s, "5D sow f0")
    assert sorted(table(s, 0)["hand"]) == ["7C", "9H", "JC", "KC", "QC", "TC"]


def test_a_hand_of_more_than_the_hand_size_is_no_position() -> None:
    with pytest.raises(seedbed.PositionError, match="more than 3 cards"):
        pos("hands 5D 7C 9C 2S | 4C", hand_size=3)
    assert pos("hands 5D 7C 9C 2S 3S 4S | 4C", hand_size=6).check_invariants() is None  # type: ignore[attr-defined]


def test_full_harvest_plays_the_whole_hand_of_another_size() -> None:
    """Ruling 8 with ``hand_size=3``: the whole hand is three cards."""
    s = pos("fields 9C | - | - | - / hands 2C 3D 4H | 6C", full_harvest=True, hand_size=3)
    assert "4H 3D 2C full harvest f0: 9C" in legal_notation(s)
    s = pos("fields 9C | - | - | - / hands 2C 3D 4H | 6C", full_harvest=True)
    assert not [m for m in legal_notation(s) if "full" in m]  # the rulebook's needs four
    s = pos("fields TC | - | - | - / hands 2C 3D 4H AS | 6C", full_harvest=True, hand_size=5)
    assert not [m for m in legal_notation(s) if "full" in m]  # four of five is not whole


def test_actors_follow_another_hand_size() -> None:
    """The turn order replayed from the deal (move log) knows the knob."""
    game = seedbed.load("four_fields", players=3, hand_size=6, full_harvest=True)
    s = game.new_state(4)
    rng = random.Random(4)
    seats = []
    while not s.is_terminal():
        seats.append(s.current_player())
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
    assert s.actors() == seats


# -- options, params and records -----------------------------------------------------
def test_knobs_have_the_rulebook_defaults_and_stay_out_of_params() -> None:
    game = seedbed.load("four_fields", players=3)
    assert game.option("target") == 17 and game.option("hand_size") == 4
    assert game.params == {"players": 3, "full_harvest": False}
    assert seedbed.load("four_fields", players=3, target=17) == game
    assert seedbed.load("four_fields", target=11).params == {
        "players": 2,
        "full_harvest": False,
        "target": 11,
    }


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"target": 0}, "option target=0 is out of range; choose 1 to 99"),
        ({"target": "high"}, "option target takes a int"),
        ({"hand_size": 11}, "option hand_size=11 is out of range; choose 2 to 10"),
        ({"hand_size": True}, "option hand_size takes a int"),
    ],
)
def test_bad_knob_values_are_refused_clearly(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        seedbed.load("four_fields", **options)


def test_saved_states_and_positions_carry_the_knobs() -> None:
    game = seedbed.load("four_fields", players=2, target=9, hand_size=5)
    s = game.new_state(3)
    random_playout(s.clone(), random.Random(1))
    for _ in range(7):
        s.apply_action(s.legal_actions()[0])
    back = game.state_from_json(s.to_json())
    assert back.to_json() == s.to_json()
    assert '"target": 9' in s.to_json()
    with pytest.raises(seedbed.StateFormatError, match="params"):
        seedbed.load("four_fields").state_from_json(s.to_json())
    again = game.from_position(s.position())
    assert again.legal_actions() == s.legal_actions()
    record = seedbed.Record.from_state(s)
    assert record.params == game.params
    assert record.replay().to_json() == s.to_json()


@pytest.mark.slow
def test_the_conformance_suite_holds_at_the_highest_target() -> None:
    """A game to 99 is some twenty rounds: too long for the fast suite, which plays
    targets 11, 17 and 25 (``Option.values``)."""
    from seedbed.testing.conformance import check_game

    for players in (2, 4):
        check_game(seedbed.load("four_fields", players=players, target=99), deep_every=7)

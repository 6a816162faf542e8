"""SEWN's designer's knob ``rounds`` (4): how many rounds a game has, set up from
positions, and the rulebook game left as it was."""

from __future__ import annotations

import random

import pytest

import seedbed
from seedbed.core.cards import parse_card
from seedbed.core.protocol import State
from seedbed.games.sewn import rules as R
from seedbed.testing.conformance import random_playout

# Each seat holds a whole suit (the rulebook's Example 2).
DEAL = (
    "deal:AD2D3D4D5D6D7D8D9DTDJDQDKD/AS2S3S4S5S6S7S8S9STSJSQSKS/"
    "AC2C3C4C5C6C7C8C9CTCJCQCKC/AH2H3H4H5H6H7H8H9HTHJHQHKH"
)
KEEP = ("3D", "JS", "8C", "JH")


def sewn(rounds: int) -> seedbed.Game:
    return seedbed.load("sewn", rounds=rounds)


def seed_phase_keeping(state: State, keep: tuple[str, str, str, str]) -> None:
    while state.phase_name() in ("seed", "plant"):
        seat = state.current_player()
        assert seat is not None
        choice = next(
            a for a in state.legal_actions() if R.action_card(a) != parse_card(keep[seat])
        )
        state.apply_action(choice)


def play_round(state: State) -> None:
    rng = random.Random(1)
    start = state.view(None)["table"]["round"]
    while not state.is_terminal() and state.view(None)["table"]["round"] == start:
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])


def test_a_game_of_2_rounds_ends_after_2() -> None:
    st = sewn(2).from_position(f"scores:5,3,4,0 round:2 dealer:E {DEAL}")
    seed_phase_keeping(st, KEEP)
    play_round(st)
    assert st.is_terminal()
    assert sum(st.scores()) == 24
    assert len(st.view(None)["table"]["rounds"]) == 2


def test_the_rulebook_game_goes_on_after_round_2() -> None:
    st = seedbed.load("sewn").from_position(f"scores:5,3,4,0 round:2 dealer:E {DEAL}")
    seed_phase_keeping(st, KEEP)
    play_round(st)
    assert not st.is_terminal()
    assert st.view(None)["table"]["round"] == 3


@pytest.mark.parametrize("rounds", [1, 2, 4, 6])
def test_whole_games_have_the_rounds_asked_for(rounds: int) -> None:
    """Every round gives out 12 points in exactly 102 decisions (the playout horizon
    holds for any number of rounds)."""
    st = sewn(rounds).new_state(5)
    random_playout(st, random.Random(rounds))
    assert st.move_number() == rounds * R.DECISIONS_PER_ROUND
    assert sum(st.scores()) == 12 * rounds


def test_the_first_rounds_are_dealt_as_in_the_rulebook_game() -> None:
    """Round r's deal does not depend on the number of rounds: a designer's comparison
    of 4 against 6 rounds plays the same first four deals."""
    four = seedbed.load("sewn").new_state(9)
    six = sewn(6).new_state(9)
    assert six.view(0)["table"] == four.view(0)["table"]
    two = sewn(2).new_state(9)
    assert json_deals(two) == json_deals(four)[:2]
    assert json_deals(six)[:4] == json_deals(four)


def json_deals(st: State) -> list[object]:
    import json

    deals: list[object] = json.loads(st.to_json())["state"]["deals"]
    return deals


@pytest.mark.parametrize(("round_number", "leader"), [(5, R.SOUTH), (6, R.EAST), (8, R.NORTH)])
def test_harvest_leaders_go_round_again(round_number: int, leader: int) -> None:
    """Ruling 8 goes round the table again after round 4: South, East, West, North."""
    scores = f"scores:{12 * (round_number - 1)},0,0,0"
    st = sewn(8).from_position(f"{scores} round:{round_number} dealer:N {DEAL}")
    seed_phase_keeping(st, KEEP)
    rng = random.Random(round_number)
    while st.phase_name() != "harvest":
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    assert st.current_player() == leader == R.harvest_leader(round_number)


def test_positions_know_the_number_of_rounds() -> None:
    with pytest.raises(seedbed.PositionError, match="round"):
        sewn(2).from_position(f"scores:24,0,0,12 round:4 dealer:N {DEAL}")
    st = sewn(6).from_position(f"scores:24,24,12,0 round:6 dealer:N {DEAL}")
    assert st.view(None)["table"]["round"] == 6
    assert sewn(6).from_position(st.position()).position() == st.position()


def test_saved_games_carry_the_knob() -> None:
    g = sewn(3)
    st = g.new_state(4)
    for _ in range(150):
        st.apply_action(st.legal_actions()[0])
    assert g.state_from_json(st.to_json()).to_json() == st.to_json()
    with pytest.raises(seedbed.StateFormatError, match="params"):
        seedbed.load("sewn").state_from_json(st.to_json())
    assert seedbed.Record.from_state(st).replay().to_json() == st.to_json()
    sample = st.resample_from_infostate(0, random.Random(1))
    random_playout(sample, random.Random(2))
    assert sample.move_number() == 3 * R.DECISIONS_PER_ROUND


def test_the_knob_is_implied_at_its_default() -> None:
    assert seedbed.load("sewn").params == {"players": 4}
    assert sewn(4) == seedbed.load("sewn")
    assert sewn(6).params == {"players": 4, "rounds": 6}
    with pytest.raises(ValueError, match="option rounds=0 is out of range; choose 1 to 12"):
        sewn(0)

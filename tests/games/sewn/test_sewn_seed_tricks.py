"""SEWN's designer's knob ``seed_tricks`` (6): fewer Seed tricks deal fewer cards (two
a Seed trick and one for End of Summer), build smaller Fields and play a shorter
Harvest; the rest of the deck stays out of the round, unseen. Rules from positions."""

from __future__ import annotations

import random

import pytest

import seedbed
from seedbed.core.cards import FULL_DECK, cards_of, parse_card
from seedbed.core.protocol import State
from seedbed.games.sewn import rules as R
from seedbed.testing.conformance import random_playout

# One Seed trick: South leads (West deals), everyone holds one suit, keeps its Ace.
ONE = "round:1 dealer:W deal:2H3HAH/2S3SAS/2C3CAC/2D3DAD"


def sewn(seed_tricks: int, **options: int) -> seedbed.Game:
    return seedbed.load("sewn", seed_tricks=seed_tricks, **options)


def play_randomly_to(state: State, phase: str, seed: int = 1) -> None:
    rng = random.Random(seed)
    while state.phase_name() != phase:
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])


def test_the_sizes_follow_the_seed_tricks() -> None:
    assert [R.deal_size(n) for n in (1, 3, 6)] == [3, 7, 13]
    assert [R.harvest_tricks(n) for n in (1, 3, 6)] == [2, 6, 12]
    assert [R.decisions_per_round(n) for n in (1, 3, 6)] == [22, 54, 102]
    assert R.decisions_per_round() == R.DECISIONS_PER_ROUND


def test_one_seed_trick_then_end_of_summer() -> None:
    """After the only Seed trick and its plants each seat has one card left: End of
    Summer at once (all Aces: the Ace of Spades wins, Hearts is runner-up)."""
    st = sewn(1).from_position(f"{ONE} seed:2H2S2C2D")
    assert st.phase_name() == "plant"
    assert st.current_player() == R.SOUTH  # the only heart won
    for card in ("3H", "3S", "3C", "3D"):
        st.apply_action(R.PLANT_BASE + parse_card(card))
    assert st.phase_name() == "privilege"
    table = st.view(None)["table"]
    assert table["rounds"][0]["end_of_summer"] == ["AH", "AS", "AC", "AD"]
    assert table["rounds"][0]["season_winner"] == R.EAST
    assert table["rounds"][0]["runner_up"] == R.SOUTH
    # Field X: seeded by the seat after X, planted by the seat before it (ruling 2).
    assert [f["size"] for f in table["fields"]] == [2, 2, 2, 2]
    assert table["fields"][R.SOUTH]["seeded"] == ["2S"]
    assert st.view(R.WEST)["table"]["fields"][R.SOUTH]["planted"] == ["3D"]
    st.check_invariants()


def test_a_round_of_one_seed_trick_has_two_harvest_tricks_and_two_points() -> None:
    st = sewn(1).from_position(f"{ONE} seed:2H2S2C2D plant:3H/3S/3C/3D take:trump trump:S")
    assert st.current_player() == R.SOUTH  # FIRST PICK (the runner-up)
    assert st.round_moves_left() == 22 - 8 - 2
    st.apply_action(R.PICK_BASE + R.NORTH)  # then East, North, West: forced or free
    play_randomly_to(st, "harvest")
    assert [h.bit_count() for h in st.hands] == [2, 2, 2, 2]
    assert st.round_moves_left() == 8
    for _ in range(8):
        st.apply_action(st.legal_actions()[0])
    assert sum(st.scores()) == 2
    table = st.view(None)["table"]
    assert table["round"] == 2
    assert len(table["rounds"][0]["harvest_tricks"]) == 2
    assert st.view(0)["table"]["hand_sizes"] == [3, 3, 3, 3]
    assert st.round_moves_left() == 22
    st.check_invariants()


@pytest.mark.parametrize("seed_tricks", [1, 2, 3, 5])
def test_whole_games(seed_tricks: int) -> None:
    """Every round: 2n + 1 cards a seat, 2n Harvest tricks and points, 16n + 6
    decisions; the game's length is exact (``max_game_length``)."""
    game = sewn(seed_tricks)
    st = game.new_state(seed_tricks)
    assert [h.bit_count() for h in st.hands] == [2 * seed_tricks + 1] * 4
    random_playout(st, random.Random(seed_tricks))
    assert st.move_number() == 4 * (16 * seed_tricks + 6) == game.max_game_length()
    assert sum(st.scores()) == 4 * 2 * seed_tricks
    for rnd in st.view(None)["table"]["rounds"]:
        assert len(rnd["seed_tricks"]) == seed_tricks
        assert len(rnd["harvest_tricks"]) == 2 * seed_tricks
    st.check_invariants()


def test_a_smaller_deal_is_the_start_of_the_rulebook_deal() -> None:
    """The same shuffle, dealt one card at a time: each seat's smaller hand is part of
    its rulebook hand (a designer's comparison shares the deals as far as it can), and
    the cards left over are out of the round."""
    full = seedbed.load("sewn").new_state(11)
    for n in (1, 3, 5):
        small = sewn(n).new_state(11)
        assert small.dealer == full.dealer
        for rnd in range(4):
            for q in range(4):
                assert small.deals[rnd][q] & ~full.deals[rnd][q] == 0
        dealt = small.hands[0] | small.hands[1] | small.hands[2] | small.hands[3]
        assert len(cards_of(FULL_DECK & ~dealt)) == 52 - 4 * (2 * n + 1)


def test_positions_know_the_number_of_seed_tricks() -> None:
    game = sewn(1)
    with pytest.raises(seedbed.PositionError, match="has 13 cards, not 3"):
        game.from_position(
            "round:1 dealer:S deal:AH2H3H4H5H6H7H8H9HTHJHQHKH/2S4S9S2D3D4D5D6D7D8D9DTDJD/"
            "AS5S6SQSKSADQDKD2C3C4C5C6C/3S7S8STSJSAC7C8C9CTCJCQCKC"
        )
    with pytest.raises(seedbed.PositionError, match="no card twice"):
        game.from_position("round:1 dealer:W deal:2H3HAH/2S3SAH/2C3CAC/2D3DAD")
    with pytest.raises(seedbed.PositionError, match="2 tricks, but a round has 1"):
        game.from_position(f"{ONE} seed:2H2S2C2D/3H3S3C3D")
    with pytest.raises(seedbed.PositionError, match="give out 2 points"):
        game.from_position("scores:1,1,1,0 round:2 dealer:N deal:2H3HAH/2S3SAS/2C3CAC/2D3DAD")
    st = game.from_position("scores:1,0,1,0 round:2 dealer:N deal:2H3HAH/2S3SAS/2C3CAC/2D3DAD")
    assert st.scores() == [1.0, 0.0, 1.0, 0.0]
    assert game.from_position(st.position()).position() == st.position()
    # The rulebook game does not read a position of three-card deals.
    with pytest.raises(seedbed.PositionError, match="not 13"):
        seedbed.load("sewn").from_position(ONE)


def test_resampling_keeps_the_undealt_cards_unseen() -> None:
    """A seat cannot tell the undealt cards from those planted face down: a resample
    may swap them, but never deals a card the seat saw, and its view stays the same."""
    game = sewn(3)
    st = game.new_state(3)
    play_randomly_to(st, "pick")
    real_out = FULL_DECK & ~(st.deals[0][0] | st.deals[0][1] | st.deals[0][2] | st.deals[0][3])
    rng = random.Random(5)
    moved = False
    for _ in range(30):
        sample = st.resample_from_infostate(R.SOUTH, rng)
        sample.check_invariants()
        assert sample.view(R.SOUTH) == st.view(R.SOUTH)
        d = sample.deals[0]
        out = FULL_DECK & ~(d[0] | d[1] | d[2] | d[3])
        assert out & st.deals[0][R.SOUTH] == 0
        moved = moved or out != real_out
    assert moved, "the undealt cards are hidden from South, so resamples vary them"


def test_the_knob_is_implied_at_its_default() -> None:
    assert sewn(6) == seedbed.load("sewn")
    assert sewn(6).params == {"players": 4}
    assert sewn(3).params == {"players": 4, "seed_tricks": 3}
    assert sewn(3, rounds=2).max_game_length() == 2 * 54
    with pytest.raises(ValueError, match="option seed_tricks=7 is out of range; choose 1 to 6"):
        sewn(7)
    with pytest.raises(ValueError, match="seed_tricks=0"):
        sewn(0)


def test_saved_games_and_records_carry_the_knob() -> None:
    g = sewn(2)
    st = g.new_state(4)
    for _ in range(50):
        st.apply_action(st.legal_actions()[0])
    assert g.state_from_json(st.to_json()).to_json() == st.to_json()
    with pytest.raises(seedbed.StateFormatError, match="params"):
        seedbed.load("sewn").state_from_json(st.to_json())
    assert seedbed.Record.from_state(st).replay().to_json() == st.to_json()
    sample = st.resample_from_infostate(1, random.Random(1))
    random_playout(sample, random.Random(2))
    assert sample.move_number() == g.max_game_length() == 4 * 38

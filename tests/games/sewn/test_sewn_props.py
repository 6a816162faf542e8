"""SEWN invariants under random play (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from seedbed.games.sewn import SewnGame
from seedbed.games.sewn import rules as R
from seedbed.testing.conformance import random_moves

GAME = SewnGame()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), choices=st.integers(0, 2**31 - 1))
def test_cards_conserved_and_round_counts(seed: int, choices: int) -> None:
    """Every card is in exactly one place at every step (check_invariants); each Field
    has 12 cards at the Pick; 12 tricks are scored per round; 102 decisions a round."""
    rng = random.Random(choices)
    state = GAME.new_state(seed)
    rounds_seen = 0
    while not state.is_terminal():
        state.check_invariants()
        table = state.view(None)["table"]
        if state.phase_name() == "pick" and not table["rounds"][-1]["picks"]:
            assert [f["size"] for f in table["fields"]] == [12, 12, 12, 12]
        legal = state.legal_actions()
        assert legal == sorted(set(legal))
        state.apply_action(legal[rng.randrange(len(legal))])
        finished = state.score_sheet(None)["rounds"]
        if len(finished) > rounds_seen:
            rounds_seen = len(finished)
            assert sum(finished[-1]["points"]) == R.HARVEST_TRICKS
            assert state.move_number() == rounds_seen * R.DECISIONS_PER_ROUND
    state.check_invariants()
    assert rounds_seen == R.ROUNDS
    assert sum(state.scores()) == R.ROUNDS * R.HARVEST_TRICKS


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 2**31 - 1),
    steps=st.integers(0, 4 * R.DECISIONS_PER_ROUND),
    player=st.integers(0, 3),
    draw=st.integers(0, 2**31 - 1),
)
def test_resample_keeps_view_and_replays(seed: int, steps: int, player: int, draw: int) -> None:
    """A resampled state shows the player the same view, keeps the invariants and is a
    real game: its position plays again through the rules to the same table, and it
    plays on to the end."""
    rng = random.Random(seed)
    state = GAME.new_state(seed)
    random_moves(state, rng, steps)
    sample = state.resample_from_infostate(player, random.Random(draw))
    assert sample.view(player) == state.view(player)
    sample.check_invariants()
    assert GAME.from_position(sample.position()).position() == sample.position()
    random_moves(sample, rng)
    sample.check_invariants()


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_harvest_hand_is_the_picked_field(seed: int) -> None:
    """The Pick: a player's Harvest hand is the whole Field they picked: its face-up
    cards and what its planter planted."""
    rng = random.Random(seed)
    state = GAME.new_state(seed)
    while state.phase_name() != "harvest":
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    table = state.view(None)["table"]
    for pick in table["rounds"][-1]["picks"]:
        field = table["fields"][pick["field"]]
        planted = state.view(field["planted_by"])["table"]["rounds"][-1]["planted"]
        hand = state.view(pick["seat"])["table"]["hand"]
        assert sorted(hand) == sorted(field["seeded"] + planted)

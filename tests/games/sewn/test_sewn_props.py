"""SEWN invariants under random play (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from seedbed.games.sewn import SewnGame, SewnState
from seedbed.games.sewn.engine import DECISIONS_PER_ROUND, HARVEST, PICK, field_mask
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
        if state.phase == PICK and not state.picks:
            for f in range(4):
                assert field_mask(state.seed_tricks, tuple(state.plants), f).bit_count() == 12
        legal = state.legal_actions()
        assert legal == sorted(set(legal))
        state.apply_action(legal[rng.randrange(len(legal))])
        if len(state.past) > rounds_seen:
            rounds_seen = len(state.past)
            assert sum(state.past[-1].won) == 12
            assert state.move_number() == rounds_seen * DECISIONS_PER_ROUND
    state.check_invariants()
    assert rounds_seen == 4
    assert sum(state.scores()) == 48


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 2**31 - 1),
    steps=st.integers(0, 4 * DECISIONS_PER_ROUND),
    player=st.integers(0, 3),
    draw=st.integers(0, 2**31 - 1),
)
def test_resample_keeps_view_and_replays(seed: int, steps: int, player: int, draw: int) -> None:
    """A resampled state shows the player the same view, keeps the invariants and is a
    real game: its own deals and moves replay to it, and it plays on to the end."""
    rng = random.Random(seed)
    state = GAME.new_state(seed)
    random_moves(state, rng, steps)
    sample = state.resample_from_infostate(player, random.Random(draw))
    assert sample.view(player) == state.view(player)
    sample.check_invariants()
    first = sample.past[0].dealer if sample.past else sample.dealer
    again = SewnState(GAME, None)
    again._start(first, sample.deals)
    for a in sample.actions():
        again.apply_action(a)
    assert again._to_dict() == sample._to_dict()
    random_moves(sample, rng)
    sample.check_invariants()


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_harvest_hand_is_picked_field(seed: int) -> None:
    """The Pick: a player's Harvest hand is the whole Field they picked."""
    rng = random.Random(seed)
    state = GAME.new_state(seed)
    while state.phase != HARVEST:
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    for q, f in state.picks:
        assert state.hands[q] == field_mask(state.seed_tricks, tuple(state.plants), f)

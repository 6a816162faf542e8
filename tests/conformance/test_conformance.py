"""The shared conformance suite: every registered game, every player count, every option."""

from __future__ import annotations

import random

import pytest

import seedbed
from game_configs import CONFIGS
from seedbed.testing.conformance import check_game, random_playout


@pytest.mark.parametrize(("game_id", "params"), CONFIGS)
def test_contract(game_id: str, params: dict[str, object]) -> None:
    game = seedbed.load(game_id, **params)
    assert game.id == game_id
    assert game.params == params
    assert game.min_players <= game.num_players <= game.max_players
    check_game(game, seed=1, games=1, deep_every=3)


@pytest.mark.parametrize("game_id", seedbed.available_games())
def test_engine_checks_its_own_invariants(game_id: str) -> None:
    """Every engine asserts card conservation and its other invariants on demand."""
    state = seedbed.load(game_id).new_state(0)
    assert callable(getattr(state, "check_invariants", None))
    state.check_invariants()  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game_id", "params"), CONFIGS)
def test_random_playouts_end(game_id: str, params: dict[str, object]) -> None:
    game = seedbed.load(game_id, **params)
    rng = random.Random(5)
    for _ in range(5):
        state = game.new_state(rng.randrange(2**31))
        assert random_playout(state, rng) > 0
        assert state.is_terminal()


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "params"), CONFIGS)
def test_contract_long(game_id: str, params: dict[str, object]) -> None:
    check_game(seedbed.load(game_id, **params), seed=99, games=20, deep_every=1)

"""The shared protocol contract for SEWN, run directly (same checks as tests/conformance)."""

from __future__ import annotations

import random

import pytest

import seedbed
from seedbed.core.conformance import check_game, game_configurations, random_playout


@pytest.mark.parametrize("params", list(game_configurations("sewn")))
def test_sewn_contract(params: dict[str, object]) -> None:
    check_game(seedbed.load("sewn", **params), seed=1, games=1, deep_every=3)


def test_sewn_contract_other_seed() -> None:
    check_game(seedbed.load("sewn"), seed=2, games=1, deep_every=7)


def test_sewn_random_playouts_end() -> None:
    game = seedbed.load("sewn")
    rng = random.Random(5)
    for _ in range(5):
        state = game.new_state(rng.randrange(2**31))
        assert random_playout(state, rng) == 4 * 102
        assert state.is_terminal()


@pytest.mark.slow
def test_sewn_contract_long() -> None:
    check_game(seedbed.load("sewn"), seed=99, games=20, deep_every=1)

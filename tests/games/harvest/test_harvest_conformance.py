"""The shared contract checks for every Harvest configuration (the same calls as
``tests/conformance``, runnable on their own while other games are being built)."""

from __future__ import annotations

import random

import pytest

import seedbed
from seedbed.core.conformance import check_game, game_configurations, random_playout

CONFIGS = [
    pytest.param(params, id="-".join(f"{k}={v}" for k, v in params.items()))
    for params in game_configurations("harvest")
]


@pytest.mark.parametrize("params", CONFIGS)
def test_harvest_contract(params: dict[str, object]) -> None:
    check_game(seedbed.load("harvest", **params), seed=1, games=1, deep_every=3)


@pytest.mark.parametrize("params", CONFIGS)
def test_harvest_random_playouts_end(params: dict[str, object]) -> None:
    game = seedbed.load("harvest", **params)
    rng = random.Random(5)
    for _ in range(5):
        state = game.new_state(rng.randrange(2**31))
        assert random_playout(state, rng) > 0
        assert state.is_terminal()


@pytest.mark.slow
@pytest.mark.parametrize("params", CONFIGS)
def test_harvest_contract_long(params: dict[str, object]) -> None:
    check_game(seedbed.load("harvest", **params), seed=99, games=20, deep_every=1)

"""The shared protocol contract for SEWN with another seed than tests/conformance, and
the fixed length of a SEWN game (102 decisions a round)."""

from __future__ import annotations

import random

import seedbed
from seedbed.testing.conformance import check_game, random_playout


def test_sewn_contract_other_seed() -> None:
    check_game(seedbed.load("sewn"), seed=2, games=1, deep_every=7)


def test_sewn_random_playouts_end() -> None:
    game = seedbed.load("sewn")
    rng = random.Random(5)
    for _ in range(5):
        state = game.new_state(rng.randrange(2**31))
        assert random_playout(state, rng) == 4 * 102
        assert state.is_terminal()

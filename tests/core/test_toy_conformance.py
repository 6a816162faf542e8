"""The conformance checker itself, run on the toy engine at every player count."""

from __future__ import annotations

import pytest

from seedbed.testing.conformance import check_game
from toy_game import ToyGame


@pytest.mark.parametrize("players", [2, 3, 4])
def test_toy_game_passes_the_contract(players: int) -> None:
    check_game(ToyGame(players=players), seed=players, games=3)

"""Every configuration of every registered game as pytest parameters, for the suites
that play each one (conformance, hostile input, PettingZoo, OpenSpiel)."""

from __future__ import annotations

import pytest

import seedbed
from seedbed.testing.conformance import game_configurations

#: ``(game_id, params)`` for each configuration, named ``game-key=value-...``.
CONFIGS = [
    pytest.param(
        game_id, params, id=f"{game_id}-" + "-".join(f"{k}={v}" for k, v in params.items())
    )
    for game_id in seedbed.available_games()
    for params in game_configurations(game_id)
]

"""Shared helpers for the agent tests: games to try and mid-game states of them."""

from __future__ import annotations

import seedbed
from seedbed.testing.helpers import game_player_counts, mid_game_states, player_counts

__all__ = ["configs", "loadable_games", "mid_game_states", "player_counts"]


def loadable_games() -> list[str]:
    """Every registered game (an engine that fails to import fails the tests)."""
    return seedbed.available_games()


def configs() -> list[tuple[str, int]]:
    return game_player_counts()

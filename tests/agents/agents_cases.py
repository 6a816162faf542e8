"""Shared helpers for the agent tests: games to try and mid-game states of them."""

from __future__ import annotations

import random

import seedbed
from seedbed.core.protocol import Game, State
from seedbed.core.registry import game_class
from seedbed.testing.conformance import random_moves


def loadable_games() -> list[str]:
    """Every registered game (an engine that fails to import fails the tests)."""
    return seedbed.available_games()


def player_counts(game_id: str) -> list[int]:
    cls = game_class(game_id)
    return list(range(cls.min_players, cls.max_players + 1))


def configs() -> list[tuple[str, int]]:
    return [(g, n) for g in loadable_games() for n in player_counts(g)]


def mid_game_states(game: Game, seed: int, count: int, max_moves: int = 200) -> list[State]:
    """``count`` states reached by random play from ``seed``, each at a decision with
    at least two legal actions where possible."""
    rng = random.Random(seed)
    out: list[State] = []
    attempts = 0
    while len(out) < count and attempts < 10 * count:
        attempts += 1
        state = game.new_state(rng.randrange(2**31))
        steps = rng.randrange(max_moves)
        random_moves(state, rng, steps)
        while not state.is_terminal() and len(state.legal_actions()) < 2:
            state.apply_action(state.legal_actions()[0])
        if not state.is_terminal():
            out.append(state)
    return out

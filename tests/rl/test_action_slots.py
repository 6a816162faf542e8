"""Four Fields' fixed action space holds every legal move of the positions that occur:
the most legal moves seen in random games stay well below ``rules.ACTION_SLOTS``."""

from __future__ import annotations

import random

import pytest

import seedbed
from seedbed.games.four_fields.rules import ACTION_SLOTS


def most_legal_moves(players: int, full_harvest: bool, games: int, seed: int) -> int:
    game = seedbed.load("four_fields", players=players, full_harvest=full_harvest)
    rng = random.Random(seed)
    most = 0
    for _ in range(games):
        state = game.new_state(rng.randrange(2**31))
        while not state.is_terminal():
            legal = state.legal_actions()
            most = max(most, len(legal))
            state.apply_action(legal[rng.randrange(len(legal))])
    return most


@pytest.mark.parametrize("full_harvest", [False, True])
def test_four_player_games_fit_the_action_slots(full_harvest: bool) -> None:
    assert most_legal_moves(4, full_harvest, games=3, seed=1) < ACTION_SLOTS // 2


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("full_harvest", [False, True])
def test_many_games_fit_the_action_slots(players: int, full_harvest: bool) -> None:
    assert most_legal_moves(players, full_harvest, games=400, seed=7) < ACTION_SLOTS // 2

"""Bad input to any registered engine gets a clear seedbed error, never a crash."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import seedbed
from seedbed.core.protocol import State
from seedbed.testing.conformance import random_moves

GAMES = seedbed.available_games()


def _midgame(game_id: str, seed: int) -> State:
    game = seedbed.load(game_id)
    state = game.new_state(seed)
    rng = random.Random(seed)
    random_moves(state, rng, rng.randrange(1, 60))
    return state


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), text=st.text(max_size=30))
def test_any_text_is_a_legal_move_or_a_notation_error(game_id: str, seed: int, text: str) -> None:
    state = _midgame(game_id, seed)
    before = state.to_json()
    try:
        action = state.string_to_action(text)
    except seedbed.NotationError as exc:
        assert str(exc)
    else:
        assert action in state.legal_actions()
    assert state.to_json() == before


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), action=st.integers(-(2**70), 2**70))
def test_any_int_is_legal_or_an_illegal_move_error(game_id: str, seed: int, action: int) -> None:
    state = _midgame(game_id, seed)
    before = state.to_json()
    if action in state.legal_actions():
        state.apply_action(action)
        return
    with pytest.raises(seedbed.IllegalMoveError):
        state.apply_action(action)
    assert state.to_json() == before


@pytest.mark.parametrize("game_id", GAMES)
def test_corrupt_state_json_is_a_state_format_error(game_id: str) -> None:
    state = _midgame(game_id, 3)
    game = state.game
    text = state.to_json()
    data = json.loads(text)
    broken_inner = dict(data, state={"nonsense": True})
    wrong_game = dict(data, game="chess")
    for bad in (
        "",
        "[]",
        "{}",
        text[: len(text) // 2],
        json.dumps(broken_inner),
        json.dumps(wrong_game),
    ):
        with pytest.raises(seedbed.StateFormatError):
            game.state_from_json(bad)
    assert game.state_from_json(text).to_json() == text

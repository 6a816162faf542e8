"""Small helpers that tests of every game share (states to try, configurations)."""

from __future__ import annotations

import random
from typing import Any

from seedbed.core.protocol import Game, State
from seedbed.core.registry import available_games, game_class, load
from seedbed.testing.conformance import random_moves


def player_counts(game_id: str) -> list[int]:
    """Every player count ``game_id`` allows."""
    cls = game_class(game_id)
    return list(range(cls.min_players, cls.max_players + 1))


def game_player_counts() -> list[tuple[str, int]]:
    """``(game id, player count)`` for every registered game and count."""
    return [(g, n) for g in available_games() for n in player_counts(g)]


def mid_game_states(game: Game, seed: int, count: int, max_moves: int = 200) -> list[State]:
    """``count`` states reached by random play from ``seed``, each at a decision with
    at least two legal actions where possible."""
    rng = random.Random(seed)
    out: list[State] = []
    attempts = 0
    while len(out) < count and attempts < 10 * count:
        attempts += 1
        state = game.new_state(rng.randrange(2**31))
        random_moves(state, rng, rng.randrange(max_moves))
        while not state.is_terminal() and len(state.legal_actions()) < 2:
            state.apply_action(state.legal_actions()[0])
        if not state.is_terminal():
            out.append(state)
    return out


def play(state: State, *moves: str) -> State:
    """Apply ``moves`` (notation, read as a player would type them) to ``state``."""
    for text in moves:
        state.apply_action(state.string_to_action(text))
    return state


def states_along(game: Game, seed: int, every: int) -> list[State]:
    """The states of one random game from ``seed``: a copy every ``every`` moves from
    the first, and the final state."""
    rng = random.Random(seed)
    state = game.new_state(seed)
    out: list[State] = []
    while not state.is_terminal():
        if state.move_number() % every == 0:
            out.append(state.clone())
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    out.append(state)
    return out


def legal_notation(state: State) -> list[str]:
    """The notation of every legal move of ``state``, in action order."""
    return [state.action_to_string(a) for a in state.legal_actions()]


def from_position(game_id: str, text: str, **params: Any) -> State:
    """The state of position ``text`` (the game's own format, on its rules page) in
    ``game_id`` with ``params`` (players and options): a rule test's setup line."""
    return load(game_id, **params).from_position(text)


def table(state: State, seat: int | None) -> dict[str, Any]:
    """The game's own part of ``state.view(seat)`` (what lies on the table as that
    seat knows it), without the view's common envelope."""
    part: dict[str, Any] = state.view(seat)["table"]
    return part

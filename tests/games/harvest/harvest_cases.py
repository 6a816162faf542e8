"""What the Harvest tests share: positions from text, and reading a position back."""

from __future__ import annotations

import seedbed
from seedbed.core.protocol import State
from seedbed.testing.helpers import play as play_moves


def harvest(players: int = 2, option: str = "table") -> seedbed.Game:
    return seedbed.load("harvest", players=players, harvest_cards_played=option)


def position(text: str, players: int = 2, option: str = "table") -> State:
    """The state of position ``text`` (docs/rules/harvest.md, "Positions"), checked."""
    state = harvest(players, option).from_position(text)
    state.check_invariants()  # type: ignore[attr-defined]
    return state


def play(state: State, *moves: str) -> State:
    """Play ``moves`` (notation), checking the invariants after each."""
    for move in moves:
        play_moves(state, move)
        state.check_invariants()  # type: ignore[attr-defined]
    return state


def parts(state: State) -> dict[str, str]:
    """The parts of ``state.position()``: ``{"hands": "7H,KC/2D", ...}``."""
    return dict(token.split("=", 1) for token in state.position().split())


def seat_cards(state: State, part: str) -> list[list[str]]:
    """The cards of each seat in a part of the position (``hands``, ``houses``,
    ``fields``): the hidden cards too, which a position holds."""
    return [[] if g == "-" else g.split(",") for g in parts(state)[part].split("/")]


def cards(state: State, part: str) -> list[str]:
    """The cards of a one-group part of the position (``village``, ``deck``: the deck
    from its top)."""
    group = parts(state)[part]
    return [] if group == "-" else group.split(",")

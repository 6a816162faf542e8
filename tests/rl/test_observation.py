"""The observation encodings: documented on each rules page, block by block, and
reachable without the learning libraries."""

from __future__ import annotations

import importlib
import random
import subprocess
import sys
from pathlib import Path

import pytest

import seedbed
from seedbed.core.observe import block_sizes
from seedbed.core.registry import game_class
from seedbed.testing.conformance import random_moves

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


@pytest.mark.parametrize("game_id", seedbed.available_games())
def test_rules_page_documents_every_block_of_the_encoding(game_id: str) -> None:
    module = importlib.import_module(f"seedbed.games.{game_id}.observation")
    page = (DOCS / f"{game_id}.md").read_text()
    assert "### Observation (for learning)" in page
    assert f"`({module.SIZE},)`" in page
    start = 0
    for name, size, what in module.BLOCKS:
        row = f"| {start}–{start + size - 1} | `{name}` | {size} | {what} |"
        assert row in page, f"docs/rules/{game_id}.md lacks the row {row!r}"
        start += size
    assert start == block_sizes(module.BLOCKS) == module.SIZE


@pytest.mark.parametrize("game_id", seedbed.available_games())
def test_every_player_count_has_the_documented_shape(game_id: str) -> None:
    cls = game_class(game_id)
    module = importlib.import_module(f"seedbed.games.{game_id}.observation")
    for n in range(cls.min_players, cls.max_players + 1):
        game = seedbed.load(game_id, players=n)
        assert game.observation_shape() == (module.SIZE,)
        state = game.new_state(n)
        for p in range(n):
            vector = state.observation(p)
            assert len(vector) == module.SIZE and any(vector)
            seat = vector[:4]
            assert seat == [1.0 if q == p else 0.0 for q in range(4)]


@pytest.mark.parametrize("game_id", seedbed.available_games())
def test_every_vector_opens_with_the_seat_and_the_seat_to_move(game_id: str) -> None:
    """The first two blocks (``core.observe.put_seats``): the observing seat, then the
    seat to move, one-hot, the latter all 0 once the game is over."""
    module = importlib.import_module(f"seedbed.games.{game_id}.observation")
    assert [b[0] for b in module.BLOCKS[:2]] == ["seat", "to_move"]
    n = game_class(game_id).max_players
    state = seedbed.load(game_id, players=n).new_state(3)
    rng = random.Random(3)
    while True:
        to_move = state.current_player()
        for p in range(n):
            vector = state.observation(p)
            assert vector[:4] == [1.0 if q == p else 0.0 for q in range(4)]
            assert vector[4:8] == [1.0 if q == to_move else 0.0 for q in range(4)]
        if state.is_terminal():
            break
        random_moves(state, rng, 1 + rng.randrange(20))
    assert to_move is None


def test_the_core_package_does_not_need_the_learning_libraries() -> None:
    code = (
        "import sys, seedbed, seedbed.agents, seedbed.sim;"
        "s = seedbed.load('sewn').new_state(1); s.observation(0);"
        "print(sorted(m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel')"
        " if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"

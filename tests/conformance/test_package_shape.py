"""Every registered game has the one package shape of docs/architecture.md ("One
package shape"): the same modules, a public rules vocabulary, and an engine that
implements the whole protocol rather than inheriting its defaults."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

import seedbed
from seedbed.core.protocol import Game, State

#: The modules of a game package (``_name`` modules are the game's own private parts).
MODULES = ("__init__", "game", "rules", "engine", "views", "positions", "notation", "render")
#: The rules vocabulary every heuristic and adapter may count on.
VOCABULARY = ("PHASE_NAMES", "num_actions", "Action", "decode", "encode")
#: What the protocol gives a default for, so a game still in an old shape would
#: silently pass without it: every game implements each of these itself.
STATE_METHODS = ("_view", "actors", "phase_name", "position", "compact_view", "score_sheet")


@pytest.mark.parametrize("game_id", seedbed.available_games())
def test_game_package_has_the_common_modules(game_id: str) -> None:
    package = importlib.import_module(f"seedbed.games.{game_id}")
    folder = Path(package.__file__ or "").parent
    present = {p.stem.split(".")[0] for p in folder.iterdir() if p.suffix in (".py", ".so")}
    missing = [m for m in MODULES if m not in present]
    assert not missing, f"{game_id} lacks {missing}"
    public = sorted(m for m in present if not m.startswith("_") and m not in MODULES)
    assert not public, f"{game_id} has modules outside the shape: {public} (name them _x)"


@pytest.mark.parametrize("game_id", seedbed.available_games())
def test_rules_module_is_the_public_vocabulary(game_id: str) -> None:
    rules = importlib.import_module(f"seedbed.games.{game_id}.rules")
    assert [n for n in VOCABULARY if not hasattr(rules, n)] == []
    assert [n for n in dir(rules) if n.startswith("CV_")], "no compact-view layout"
    game = seedbed.load(game_id)
    # Every legal action of a fresh game is below num_actions and decodes and encodes
    # back to itself.
    state = game.new_state(0)
    for action in state.legal_actions():
        assert 0 <= action < rules.num_actions(game.num_players)
        assert rules.encode(rules.decode(action)) == action


@pytest.mark.parametrize("game_id", seedbed.available_games())
def test_engine_implements_the_whole_protocol(game_id: str) -> None:
    game = seedbed.load(game_id)
    state = game.new_state(0)
    inherited = [m for m in STATE_METHODS if getattr(type(state), m) is getattr(State, m)]
    assert not inherited, f"{game_id} inherits the protocol's default {inherited}"
    assert type(game).from_position is not Game.from_position
    assert game.policy is not None

"""The registry of games: ids mapped to lazily imported engine classes.

Everything outside ``seedbed.games`` finds a game here and nowhere else. The games
register themselves in ``seedbed/games/__init__.py`` (one line each), which
``import seedbed`` runs, so adding a game is its package plus one line there.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from seedbed.core.errors import close_match, quote
from seedbed.core.protocol import Game


@dataclass(frozen=True)
class GameSpec:
    """Where a game's engine lives: ``entry_point`` is ``"module:ClassName"``."""

    id: str
    entry_point: str

    def load_class(self) -> type[Game]:
        module_name, _, class_name = self.entry_point.partition(":")
        cls = getattr(importlib.import_module(module_name), class_name)
        if not (isinstance(cls, type) and issubclass(cls, Game)):  # pragma: no cover
            raise TypeError(f"{self.entry_point} is not a seedbed Game")
        return cls


_SPECS: dict[str, GameSpec] = {}


def register(game_id: str, entry_point: str) -> None:
    """Add a game to the registry (ids are unique)."""
    if game_id in _SPECS:
        raise ValueError(f"game {game_id!r} is already registered")
    _SPECS[game_id] = GameSpec(game_id, entry_point)


def available_games() -> list[str]:
    """The ids of every registered game, sorted."""
    return sorted(_SPECS)


def game_class(game_id: str) -> type[Game]:
    """The engine class of ``game_id``; ``ValueError`` with suggestions if unknown.

    ``game_id`` may come from a file or the network: the message quotes it cut short
    and offers a suggestion only for a near miss."""
    spec = _SPECS.get(game_id) if isinstance(game_id, str) else None
    if spec is None:
        known = available_games()
        close = close_match(game_id, known)
        hint = f" Did you mean {close!r}?" if close else ""
        raise ValueError(f"no game {quote(game_id)}.{hint} Available: {', '.join(known)}")
    return spec.load_class()


def load(game_id: str, **params: Any) -> Game:
    """The game ``game_id`` with ``players=N`` and its options.

    An unknown id, option or player count raises ``ValueError`` naming the valid ones.
    """
    return game_class(game_id)(**params)

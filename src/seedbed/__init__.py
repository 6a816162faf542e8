"""seedbed: four farming card games behind one protocol, with agents and simulation.

>>> import seedbed
>>> seedbed.available_games()
['four_fields', 'harvest', 'sewn', 'sow']
"""

import seedbed.games  # noqa: F401  (registers the games)
from seedbed._version import __version__
from seedbed.agents.base import Agent, make_agent
from seedbed.core.errors import (
    IllegalMoveError,
    NotationError,
    PositionError,
    RecordError,
    SeedbedError,
    StateFormatError,
)
from seedbed.core.protocol import Game, InfoSet, Option, State
from seedbed.core.records import Record
from seedbed.core.registry import available_games, load

__all__ = [
    "Agent",
    "Game",
    "IllegalMoveError",
    "InfoSet",
    "NotationError",
    "Option",
    "PositionError",
    "Record",
    "RecordError",
    "SeedbedError",
    "State",
    "StateFormatError",
    "__version__",
    "available_games",
    "load",
    "make_agent",
]

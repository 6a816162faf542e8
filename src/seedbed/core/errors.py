"""The errors seedbed raises for user mistakes.

Every one is a ``ValueError`` so that callers who only care about "bad input"
can catch one type, and each message says what was wrong and, where it helps,
what would have been right.
"""

from __future__ import annotations


class SeedbedError(ValueError):
    """Base class of every seedbed error caused by bad input."""


class IllegalMoveError(SeedbedError):
    """An action that is not legal in the current state (the state is unchanged)."""


class NotationError(SeedbedError):
    """Move or card notation that cannot be read, or names no legal move."""


class StateFormatError(SeedbedError):
    """A serialized state (``State.to_json``) that cannot be loaded."""


class PositionError(StateFormatError):
    """A position string (``State.position``) that cannot be read or is impossible."""


class RecordError(SeedbedError):
    """A game record that is corrupt or does not replay."""

"""The errors seedbed raises for user mistakes, and how their messages quote user text.

Every one is a ``ValueError`` so that callers who only care about "bad input"
can catch one type, and each message says what was wrong and, where it helps,
what would have been right.

Messages often repeat what the user gave (a move, a game id, an option). That text
may be hostile: megabytes long, nested thousands of levels deep, an int of thousands
of digits. :func:`quote` is the one way to put it in a message (cut to a few dozen
characters, never failing), and :func:`close_match` the one way to offer a "did you
mean", skipped for input that cannot be a typo of a valid name.
"""

from __future__ import annotations

import difflib
import reprlib
from collections.abc import Iterable
from typing import Final


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


#: How much of a user's text an error message repeats.
QUOTE_LIMIT: Final = 60

# reprlib cuts containers by length and depth (a list nested 100,000 deep prints as
# ``[[[...]]]``); strings and ints are handled by quote() itself.
_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 4
_REPR.maxstring = 24
_REPR.maxlong = 30
_REPR.maxother = 30


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message, cut to about ``limit`` characters.

    Strings keep their start and say how long they were (``'xxxx'... (50,000,000
    characters)``); ints of more than about 60 digits give their size instead of
    digits (Python refuses to print more than 4,300 of them); containers are cut by
    length and depth. Never raises, whatever ``value`` is.
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}... ({len(value):,} characters)"
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() <= 200:
            return repr(value)
        return f"an int of {value.bit_length():,} bits"
    try:
        text = _REPR.repr(value)
    except Exception:  # an object whose repr fails, a huge int inside a list, ...
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def quote_name(value: object) -> str:
    """A name the user gave (an option, an agent): as it is when it is a plain word
    (``colour``), else :func:`quote`-d, so that odd or huge names stay one short line."""
    if isinstance(value, str) and value.isidentifier() and value.isascii() and len(value) <= 40:
        return value
    return quote(value, 40)


#: Input longer than this is not a typo of any name we know: no "did you mean".
_SUGGEST_LIMIT: Final = 64


def close_match(word: object, choices: Iterable[str]) -> str | None:
    """The one of ``choices`` that ``word`` is a near miss of (for "did you mean"), or
    ``None``.

    ``difflib`` costs time in the product of the lengths, so text that cannot be a
    typo (not a string, or far longer than any choice) gets no suggestion.
    """
    names = list(choices)
    if not isinstance(word, str) or not names:
        return None
    if len(word) > _SUGGEST_LIMIT or len(word) > 2 * max(len(n) for n in names) + 2:
        return None
    close = difflib.get_close_matches(word, names, n=1)
    return close[0] if close else None

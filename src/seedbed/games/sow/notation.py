"""SOW notation: the name of every action and a forgiving reader.

Every action has one name, a function of its number alone (``take 4``, ``place seed
R``, ``place flower B/Y``, ``choose R``, ``windmill``, ``gopher 7``, ``water 3 B/Y``,
``no garden action``), so a record reads as a list of turns. Every move is public
(a card is named by how it looks), so every seat is told the same: the protocol's
``notation_for`` needs no masking here.

>>> action_to_string(23)
'place flower B/Y'
>>> normalize("Place Flower blue/yellow")
'place flower b y'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from seedbed.core.cards import check_move_text
from seedbed.core.errors import NotationError

from .rules import (
    CHOOSE,
    COLOURS,
    LOOK_NAMES,
    NO_ACTION,
    NUM_ACTIONS,
    NUM_TYPES,
    PLACE,
    PLACE_SEED,
    PLACE_WINDMILL,
    TYPE_NAMES,
    USE_CAN,
    USE_GOPHER,
    USE_WINDMILL,
)

if TYPE_CHECKING:
    from .engine import SowState


def _action_name(a: int) -> str:
    if a < PLACE:
        return f"take {a}"
    if a < CHOOSE:
        return "place " + LOOK_NAMES[a - PLACE]
    if a < USE_WINDMILL:
        return f"choose {COLOURS[a - CHOOSE]}"
    if a == USE_WINDMILL:
        return "windmill"
    if a < USE_CAN:
        return f"gopher {a - USE_GOPHER}"
    if a < NO_ACTION:
        r, t = divmod(a - USE_CAN, NUM_TYPES)
        return f"water {r} {TYPE_NAMES[t]}"
    return "no garden action"


#: The name of every action, by number.
ACTION_NAMES: Final[tuple[str, ...]] = tuple(_action_name(a) for a in range(NUM_ACTIONS))


def action_to_string(action: int) -> str:
    """The name of ``action``; ``ValueError`` for a number that is no SOW action."""
    if 0 <= action < NUM_ACTIONS:
        return ACTION_NAMES[action]
    raise ValueError(f"{action} is not a SOW action (0..{NUM_ACTIONS - 1})")


# -- forgiving notation --------------------------------------------------------------
_WORDS: Final = {"red": "r", "yellow": "y", "blue": "b", "green": "g", "row": "", "the": ""}


def normalize(text: str) -> str:
    """Lower case, colour words to letters, ``/`` and commas to spaces, single spaces;
    "watering can" and "water" both read as "can"."""
    s = text.lower().replace("watering can", "can").replace("water", "can")
    s = re.sub(r"[/,;:\-]+", " ", s)
    words = [_WORDS.get(w, w) for w in s.split()]
    return " ".join(w for w in words if w)


def _aliases(a: int) -> frozenset[str]:
    name = normalize(ACTION_NAMES[a])
    out = {name}
    if a < PLACE_SEED:
        out.add(str(a))
    elif a < CHOOSE:
        short = name.removeprefix("place ")
        out.add(short)
        if a < PLACE_WINDMILL:  # "R" for a red Seed, "B Y" for a Flower
            out.add(short.split(" ", 1)[1])
    elif a < USE_WINDMILL:
        out.add(name.removeprefix("choose "))
    elif a == USE_WINDMILL:
        out.update({"use windmill", "reverse"})
    elif a < NO_ACTION:  # "use gopher 3", "use can 3 b y"
        out.add("use " + name)
    else:
        out.update({"pass", "none", "no action", "skip", "no garden", "no"})
    return frozenset(out)


#: Every way of writing each action that the reader accepts (normalized).
ALIASES: Final[tuple[frozenset[str], ...]] = tuple(_aliases(a) for a in range(NUM_ACTIONS))


def string_to_action(s: SowState, text: str) -> int:
    """The legal action of ``s`` that ``text`` names, read forgivingly: case, spacing,
    ``/``, colour words (``red``) and short forms (``4`` for ``take 4``, ``seed R`` or
    ``R`` for ``place seed R``, ``pass`` for ``no garden action``)."""
    check_move_text(text)  # not text, or too long to be a move: refused unread
    if s.is_terminal():
        raise NotationError("the game is over: there are no moves")
    wanted = normalize(text)
    if not wanted:
        raise NotationError("empty move")
    legal = s.legal_actions()
    matches = [a for a in legal if wanted in ALIASES[a]]
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:  # pragma: no cover - aliases are unique within a phase
        raise NotationError(f"{text!r} is ambiguous here")
    raise NotationError(s._no_such_move(text, legal))

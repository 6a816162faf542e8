"""SOW's cards, actions and notation as small ints and precomputed tables.

Colours are ``R Y B G`` = 0..3. A Seed/Flower card has a *type* ``t`` = 0..11, one
per ordered pair (centre, outer) of two different colours (ruling 1); each type
exists twice. A card as it lies is a *code*:

* ``t`` (0..11): a Seed of type ``t`` (only its outer colour is visible),
* ``12 + t`` (12..23): a Flower of type ``t`` (flipping a Seed adds 12),
* ``24``: the Windmill (its direction is kept in the state),
* ``25`` / ``26``: the Gopher/Watering Can card, Gopher or Watering Can side up.

Two cards with the same code are indistinguishable, so rows, hands and bouquets are
plain lists of codes. Actions are fixed ints (see :data:`ACTION_NAMES`); placing a
card is named by how the card *looks*, and the action number of placing a card with
code ``x`` is ``APPEAR[x]``.
"""

from __future__ import annotations

import re
from typing import Final

COLOURS: Final = "RYBG"
COLOUR_NAMES: Final = ("red", "yellow", "blue", "green")
NUM_COLOURS: Final = 4

#: (centre, outer) of each Seed/Flower type.
TYPES: Final[tuple[tuple[int, int], ...]] = tuple(
    (c, o) for c in range(NUM_COLOURS) for o in range(NUM_COLOURS) if c != o
)
# Literal constants marked Final are inlined by mypyc; other names cost a dict lookup.
NUM_TYPES: Final = 12
assert len(TYPES) == NUM_TYPES
CENTRE: Final[tuple[int, ...]] = tuple(c for c, _ in TYPES)
OUTER: Final[tuple[int, ...]] = tuple(o for _, o in TYPES)
TYPE_NAMES: Final[tuple[str, ...]] = tuple(f"{COLOURS[c]}/{COLOURS[o]}" for c, o in TYPES)
TYPE_OF: Final[dict[tuple[int, int], int]] = {pair: t for t, pair in enumerate(TYPES)}

# -- card codes ----------------------------------------------------------------------
SEED: Final = 0
FLOWER: Final = 12
WINDMILL: Final = 24
GOPHER: Final = 25
CAN: Final = 26
NUM_CODES: Final = 27
GARDEN_CARDS: Final = (WINDMILL, GOPHER, CAN)

#: Bitmask of the colours a code shows as a Flower (0 for Seeds and Garden cards).
FLOWER_COLOURS: Final[tuple[int, ...]] = (
    (0,) * NUM_TYPES + tuple((1 << c) | (1 << o) for c, o in TYPES) + (0, 0, 0)
)
#: Outer colour of a Seed code (-1 for anything else).
SEED_OUTER: Final[tuple[int, ...]] = OUTER + (-1,) * (NUM_CODES - NUM_TYPES)

# -- rows and wheelbarrows (ruling 2) ------------------------------------------------
NUM_ROWS: Final = 12
#: The wheelbarrow whose dirt side a row lies under, or -1 for a diagonal row.
ROW_WHEELBARROW: Final[tuple[int, ...]] = tuple(
    -1 if r % 3 == 2 else r // 3 for r in range(NUM_ROWS)
)
DIAGONAL_ROWS: Final = (2, 5, 8, 11)

#: Wheelbarrow in front of each seat, by player count (ruling 3).
FRONT: Final[dict[int, tuple[int, ...]]] = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
#: Controller seat of each wheelbarrow, by player count; -1: the active player.
CONTROLLER: Final[dict[int, tuple[int, ...]]] = {
    2: (0, 1, 1, 0),
    3: (0, 1, 2, -1),
    4: (0, 1, 2, 3),
}

#: POINTS[fav][code]: what a Flower code in a bouquet scores for Favourite Colour fav.
POINTS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        (3 if CENTRE[x - FLOWER] == fav else 2 if OUTER[x - FLOWER] == fav else 1)
        if FLOWER <= x < WINDMILL
        else 0
        for x in range(NUM_CODES)
    )
    for fav in range(NUM_COLOURS)
)

# -- actions -------------------------------------------------------------------------
TAKE: Final = 0  # + row: "take r"
PLACE_SEED: Final = 12  # + outer colour: "place seed R"
PLACE_FLOWER: Final = 16  # + type: "place flower C/O"
PLACE_WINDMILL: Final = 28
PLACE_GOPHER: Final = 29
PLACE_CAN: Final = 30
CHOOSE: Final = 31  # + colour: "choose R"
USE_WINDMILL: Final = 35
USE_GOPHER: Final = 36  # + row: "gopher r"
USE_CAN: Final = 48  # + 12 * row + type: "water r C/O"
NO_ACTION: Final = 192
NUM_ACTIONS: Final = 193

#: The placing action of each card code (how the card looks).
APPEAR: Final[tuple[int, ...]] = (
    tuple(PLACE_SEED + o for o in OUTER)
    + tuple(PLACE_FLOWER + t for t in range(NUM_TYPES))
    + (PLACE_WINDMILL, PLACE_GOPHER, PLACE_CAN)
)


def _action_name(a: int) -> str:
    if a < PLACE_SEED:
        return f"take {a}"
    if a < PLACE_FLOWER:
        return f"place seed {COLOURS[a - PLACE_SEED]}"
    if a < PLACE_WINDMILL:
        return f"place flower {TYPE_NAMES[a - PLACE_FLOWER]}"
    if a == PLACE_WINDMILL:
        return "place windmill"
    if a == PLACE_GOPHER:
        return "place gopher"
    if a == PLACE_CAN:
        return "place watering can"
    if a < USE_WINDMILL:
        return f"choose {COLOURS[a - CHOOSE]}"
    if a == USE_WINDMILL:
        return "windmill"
    if a < USE_CAN:
        return f"gopher {a - USE_GOPHER}"
    if a < NO_ACTION:
        r, t = divmod(a - USE_CAN, NUM_TYPES)
        return f"water {r} {TYPE_NAMES[t]}"
    if a == NO_ACTION:
        return "no garden action"
    raise ValueError(f"{a} is not a SOW action (0..{NUM_ACTIONS - 1})")


ACTION_NAMES: Final[tuple[str, ...]] = tuple(_action_name(a) for a in range(NUM_ACTIONS))

#: How a card looks, by its placing action (also used in views): "seed R", "flower B/Y".
LOOK_NAMES: Final[dict[int, str]] = {
    a: ACTION_NAMES[a].removeprefix("place ") for a in range(12, 31)
}
LOOK_OF_NAME: Final[dict[str, int]] = {v: k for k, v in LOOK_NAMES.items()}

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


ALIASES: Final[tuple[frozenset[str], ...]] = tuple(_aliases(a) for a in range(NUM_ACTIONS))

PHASE_NAMES: Final = ("take", "place", "choose", "garden", "over")
TAKE_PHASE: Final = 0
PLACE_PHASE: Final = 1
CHOOSE_PHASE: Final = 2
GARDEN_PHASE: Final = 3
OVER: Final = 4

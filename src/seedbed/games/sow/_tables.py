"""SOW's cards as the engine holds them (hidden sides included) and its precomputed tables.

A card as it lies is a *code*:

* ``t`` (0..11): a Seed of type ``t`` (only its outer colour is visible),
* ``12 + t`` (12..23): a Flower of type ``t`` (flipping a Seed adds 12),
* ``24``: the Windmill (its direction is kept in the state),
* ``25`` / ``26``: the Gopher/Watering Can card, Gopher or Watering Can side up.

Two cards with the same code are indistinguishable, so rows, hands and bouquets are
plain lists of codes. What the players see of a code is its look (:mod:`.rules`):
``LOOK[x]``, and placing it is the action ``APPEAR[x]``.
"""

from __future__ import annotations

from typing import Final

from .rules import (
    CENTRE,
    LOOK_BITS,
    LOOK_CAN,
    LOOK_FLOWER,
    LOOK_GOPHER,
    LOOK_SEED,
    LOOK_WINDMILL,
    NUM_COLOURS,
    NUM_ROWS,
    NUM_TYPES,
    OUTER,
    PLACE,
)

SEED: Final = 0
FLOWER: Final = 12
WINDMILL: Final = 24
GOPHER: Final = 25
CAN: Final = 26
NUM_CODES: Final = 27

#: The look of each card code (what everyone sees of it).
LOOK: Final[tuple[int, ...]] = (
    tuple(LOOK_SEED + o for o in OUTER)
    + tuple(LOOK_FLOWER + t for t in range(NUM_TYPES))
    + (LOOK_WINDMILL, LOOK_GOPHER, LOOK_CAN)
)
#: The placing action of each card code (how the card looks).
APPEAR: Final[tuple[int, ...]] = tuple(PLACE + k for k in LOOK)
#: The unit of each card code in a multiset of looks (compact view).
LOOK_UNIT: Final[tuple[int, ...]] = tuple(1 << (LOOK_BITS * k) for k in LOOK)

#: Bitmask of the colours a code shows as a Flower (0 for Seeds and Garden cards).
FLOWER_COLOURS: Final[tuple[int, ...]] = (
    (0,) * NUM_TYPES
    + tuple((1 << CENTRE[t]) | (1 << OUTER[t]) for t in range(NUM_TYPES))
    + (0, 0, 0)
)
#: Outer colour of a Seed code (-1 for anything else).
SEED_OUTER: Final[tuple[int, ...]] = OUTER + (-1,) * (NUM_CODES - NUM_TYPES)

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

#: FLIP[o][code]: the code after every Seed of outer colour o flipped (others unchanged).
FLIP: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(x + FLOWER if SEED_OUTER[x] == o else x for x in range(NUM_CODES))
    for o in range(NUM_COLOURS)
)

ALL_ROWS: Final = (1 << NUM_ROWS) - 1
#: The "take" actions for each bitmask of rows holding 2 or more cards. Never mutated:
#: legal_actions() hands out copies (callers may change the list they get).
TAKES: Final[tuple[list[int], ...]] = tuple(
    [r for r in range(NUM_ROWS) if m >> r & 1] for m in range(1 << NUM_ROWS)
)

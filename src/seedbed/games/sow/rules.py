"""SOW's public vocabulary: what a policy, a test or a user interface may rely on.

Colours, Flower types, rows and wheelbarrows, phases, the action numbers with a typed
decoder, the compact view's layout, and the rule helpers a policy needs (who
controls a row, where a sowing lands, what a Flower scores). Pure functions and
constants: nothing here knows a state. ``docs/rules/sow.md`` ("For developers")
documents the same numbers.

Colours are ``R Y B G`` = 0..3. A Seed/Flower card has a *type* ``t`` = 0..11, one per
ordered pair (centre, outer) of two different colours (every type exists twice). A
card as the players see it is a *look*: a Seed shows only its outer colour, a Flower
its type, a Garden card its face-up side:

>>> [LOOK_NAMES[k] for k in (LOOK_SEED + RED, LOOK_FLOWER + type_of(BLUE, YELLOW))]
['seed R', 'flower B/Y']
>>> decode(PLACE + LOOK_WINDMILL)
Action(kind=1, row=-1, look=16, colour=-1, flower=-1)
>>> row_wheelbarrow(4), row_wheelbarrow(5)
(1, -1)
"""

from __future__ import annotations

from typing import Final, NamedTuple

# -- colours and Flower types ----------------------------------------------------------
COLOURS: Final = "RYBG"
COLOUR_NAMES: Final = ("red", "yellow", "blue", "green")
RED: Final = 0
YELLOW: Final = 1
BLUE: Final = 2
GREEN: Final = 3
NUM_COLOURS: Final = 4

#: (centre, outer) of each Seed/Flower type, in type order.
TYPES: Final[tuple[tuple[int, int], ...]] = tuple(
    (c, o) for c in range(NUM_COLOURS) for o in range(NUM_COLOURS) if c != o
)
# Literal constants marked Final are inlined by mypyc; other names cost a dict lookup.
NUM_TYPES: Final = 12
#: The centre colour of each type.
CENTRE: Final[tuple[int, ...]] = tuple(c for c, _ in TYPES)
#: The outer colour of each type (the one its Seed side shows).
OUTER: Final[tuple[int, ...]] = tuple(o for _, o in TYPES)
#: ``"C/O"`` (centre/outer) of each type.
TYPE_NAMES: Final[tuple[str, ...]] = tuple(f"{COLOURS[c]}/{COLOURS[o]}" for c, o in TYPES)
_TYPE_OF: Final[dict[tuple[int, int], int]] = {pair: t for t, pair in enumerate(TYPES)}


def type_of(centre: int, outer: int) -> int:
    """The type of the Flower with these colours (they must differ).

    >>> TYPE_NAMES[type_of(RED, YELLOW)]
    'R/Y'
    """
    t = _TYPE_OF.get((centre, outer))
    if t is None:
        raise ValueError(f"no SOW Flower has centre {centre} and outer {outer}")
    return t


def shows(flower: int, colour: int) -> bool:
    """Whether a Flower of type ``flower`` shows ``colour`` (in the centre or outside).

    >>> shows(type_of(RED, YELLOW), YELLOW), shows(type_of(RED, YELLOW), BLUE)
    (True, False)
    """
    return CENTRE[flower] == colour or OUTER[flower] == colour


# -- looks: a card as everyone sees it -----------------------------------------------
LOOK_SEED: Final = 0  # + outer colour
LOOK_FLOWER: Final = 4  # + type
LOOK_WINDMILL: Final = 16
LOOK_GOPHER: Final = 17
LOOK_CAN: Final = 18  # the Gopher card, Watering Can side up
NUM_LOOKS: Final = 19
#: How a look is named in notation and views.
LOOK_NAMES: Final[tuple[str, ...]] = (
    tuple(f"seed {c}" for c in COLOURS)
    + tuple(f"flower {name}" for name in TYPE_NAMES)
    + ("windmill", "gopher", "watering can")
)

#: A multiset of looks (a row or the hand in the compact view) is an int with
#: ``LOOK_BITS`` bits for each look: the count of look ``k`` is
#: ``m >> (LOOK_BITS * k) & LOOK_MASK`` (at most 6 cards ever look the same).
LOOK_BITS: Final = 3
LOOK_MASK: Final = 7
#: The bits of a multiset that count Garden cards (any of them in the row).
GARDEN_LOOKS_MASK: Final = (1 << (LOOK_BITS * NUM_LOOKS)) - (1 << (LOOK_BITS * LOOK_WINDMILL))


def look_count(looks: int, look: int) -> int:
    """How many cards of ``look`` the multiset ``looks`` holds.

    >>> look_count(2 << (LOOK_BITS * LOOK_GOPHER), LOOK_GOPHER)
    2
    """
    return looks >> (LOOK_BITS * look) & LOOK_MASK


def is_flower_look(look: int) -> bool:
    return LOOK_FLOWER <= look < LOOK_WINDMILL


def is_garden_look(look: int) -> bool:
    return look >= LOOK_WINDMILL


# -- the garden: rows and wheelbarrows (ruling 2) --------------------------------------
NUM_ROWS: Final = 12
NUM_WHEELBARROWS: Final = 4
#: The wheelbarrow whose dirt side a row lies under, or -1 for a diagonal row:
#: rows 3w and 3w+1 lie under wheelbarrow w, row 3w+2 between w and w+1.
ROW_WHEELBARROW: Final[tuple[int, ...]] = tuple(
    -1 if r % 3 == 2 else r // 3 for r in range(NUM_ROWS)
)
DIAGONAL_ROWS: Final = (2, 5, 8, 11)
#: The two rows of each wheelbarrow.
WHEELBARROW_ROWS: Final = ((0, 1), (3, 4), (6, 7), (9, 10))
CLOCKWISE: Final = 1
COUNTER_CLOCKWISE: Final = -1

#: The wheelbarrow in front of each seat, by player count (ruling 3); its Favourite
#: Colour is the one that seat scores by.
FRONT: Final[dict[int, tuple[int, ...]]] = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
#: The seat that controls each wheelbarrow, by player count; -1: the active player
#: (the unowned wheelbarrow with 3 players).
CONTROLLER: Final[dict[int, tuple[int, ...]]] = {
    2: (0, 1, 1, 0),
    3: (0, 1, 2, -1),
    4: (0, 1, 2, 3),
}


def row_wheelbarrow(row: int) -> int:
    """The wheelbarrow whose dirt side ``row`` lies under, -1 for a diagonal row."""
    return ROW_WHEELBARROW[row]


def row_controller(players: int, row: int, active: int) -> int:
    """The seat whose bouquet Flowers picked in ``row`` go to while seat ``active``
    plays; -1 for a diagonal row (nobody picks there).

    >>> row_controller(2, 4, 0), row_controller(3, 9, 2), row_controller(4, 5, 0)
    (1, 2, -1)
    """
    w = ROW_WHEELBARROW[row]
    if w < 0:
        return -1
    seat = CONTROLLER[players][w]
    return active if seat < 0 else seat


def landing_row(row: int, cards: int, direction: int) -> int:
    """The row the last of ``cards`` cards lands in, sown one a row from the row after
    ``row`` in ``direction`` (+1 clockwise, -1 counter-clockwise), wrapping the ring.

    >>> landing_row(10, 3, CLOCKWISE), landing_row(1, 3, COUNTER_CLOCKWISE)
    (1, 10)
    """
    return (row + direction * cards) % NUM_ROWS


def flower_points(favourite: int, flower: int) -> int:
    """What a Flower of type ``flower`` in a bouquet scores for a player whose
    Favourite Colour is ``favourite`` (ruling 8): 3 in the centre, 2 outside, else 1.

    >>> [flower_points(BLUE, type_of(*pair)) for pair in ((BLUE, RED), (RED, BLUE), (RED, YELLOW))]
    [3, 2, 1]
    """
    if CENTRE[flower] == favourite:
        return 3
    return 2 if OUTER[flower] == favourite else 1


# -- phases ----------------------------------------------------------------------------
TAKE_PHASE: Final = 0
PLACE_PHASE: Final = 1
CHOOSE_PHASE: Final = 2
GARDEN_PHASE: Final = 3
OVER: Final = 4
PHASE_NAMES: Final = ("take", "place", "choose", "garden", "over")

#: Ruling 7: the game ends after this many turns in a row without progress.
IDLE_LIMIT: Final = 60

# -- actions ---------------------------------------------------------------------------
# Every decision is one action number; its meaning does not depend on the state.
TAKE: Final = 0  # + row: "take 4"
PLACE: Final = 12  # + look: "place seed R", "place flower B/Y", "place windmill", ...
PLACE_SEED: Final = 12  # + outer colour
PLACE_FLOWER: Final = 16  # + type
PLACE_WINDMILL: Final = 28
PLACE_GOPHER: Final = 29
PLACE_CAN: Final = 30
CHOOSE: Final = 31  # + colour: "choose R"
USE_WINDMILL: Final = 35  # "windmill"
USE_GOPHER: Final = 36  # + row: "gopher 7"
USE_CAN: Final = 48  # + 12 * row + type: "water 3 B/Y"
NO_ACTION: Final = 192  # "no garden action"
NUM_ACTIONS: Final = 193

# The kinds of action (``Action.kind``), one per decision of a turn.
KIND_TAKE: Final = 0
KIND_PLACE: Final = 1
KIND_CHOOSE: Final = 2
KIND_WINDMILL: Final = 3
KIND_GOPHER: Final = 4
KIND_WATER: Final = 5
KIND_PASS: Final = 6
KIND_NAMES: Final = ("take", "place", "choose", "windmill", "gopher", "water", "pass")


def num_actions(players: int) -> int:
    """The largest action number + 1 (the same for every player count)."""
    return NUM_ACTIONS


class Action(NamedTuple):
    """An action unpacked: its ``kind`` and the fields that kind uses (-1 otherwise).

    ``row``: the row taken, gophered or watered; ``look``: the look of the card placed;
    ``colour``: the colour chosen; ``flower``: the type of the Flower watered.
    """

    kind: int
    row: int = -1
    look: int = -1
    colour: int = -1
    flower: int = -1


def decode(action: int) -> Action:
    """The :class:`Action` numbered ``action``; ``ValueError`` if there is none.

    >>> decode(4)
    Action(kind=0, row=4, look=-1, colour=-1, flower=-1)
    >>> decode(USE_CAN + 12 * 3 + type_of(BLUE, YELLOW))
    Action(kind=5, row=3, look=-1, colour=-1, flower=7)
    """
    if action < 0 or action >= NUM_ACTIONS:
        raise ValueError(f"{action} is not a SOW action (0..{NUM_ACTIONS - 1})")
    if action < PLACE:
        return Action(KIND_TAKE, row=action - TAKE)
    if action < CHOOSE:
        return Action(KIND_PLACE, look=action - PLACE)
    if action < USE_WINDMILL:
        return Action(KIND_CHOOSE, colour=action - CHOOSE)
    if action == USE_WINDMILL:
        return Action(KIND_WINDMILL)
    if action < USE_CAN:
        return Action(KIND_GOPHER, row=action - USE_GOPHER)
    if action < NO_ACTION:
        row, flower = divmod(action - USE_CAN, NUM_TYPES)
        return Action(KIND_WATER, row=row, flower=flower)
    return Action(KIND_PASS)


def _field(value: int, size: int, what: str, kind: str) -> int:
    if not 0 <= value < size:
        raise ValueError(f"a {kind} action needs a {what} 0..{size - 1}, not {value}")
    return value


def encode(action: Action) -> int:
    """The number of ``action``; ``ValueError`` if a field it needs is out of range.

    >>> encode(Action(KIND_CHOOSE, colour=BLUE))
    33
    >>> all(encode(decode(a)) == a for a in range(NUM_ACTIONS))
    True
    """
    kind = action.kind
    if kind == KIND_TAKE:
        return TAKE + _field(action.row, NUM_ROWS, "row", "take")
    if kind == KIND_PLACE:
        return PLACE + _field(action.look, NUM_LOOKS, "look", "place")
    if kind == KIND_CHOOSE:
        return CHOOSE + _field(action.colour, NUM_COLOURS, "colour", "choose")
    if kind == KIND_WINDMILL:
        return USE_WINDMILL
    if kind == KIND_GOPHER:
        return USE_GOPHER + _field(action.row, NUM_ROWS, "row", "gopher")
    if kind == KIND_WATER:
        row = _field(action.row, NUM_ROWS, "row", "water")
        return USE_CAN + NUM_TYPES * row + _field(action.flower, NUM_TYPES, "Flower type", "water")
    if kind == KIND_PASS:
        return NO_ACTION
    raise ValueError(f"{kind} is not a kind of SOW action (0..{len(KIND_NAMES) - 1})")


# -- the compact view ------------------------------------------------------------------
# ``state.compact_view(seat)``: a flat tuple of ints, what the heuristic reads. Rows and
# the hand are multisets of looks (see LOOK_BITS); everything in it is public but the
# seat's own Favourite Colour.
CV_PHASE: Final = 0  # the phase number (TAKE_PHASE .. OVER)
CV_PLAYERS: Final = 1  # the number of players
CV_DIRECTION: Final = 2  # CLOCKWISE (+1) or COUNTER_CLOCKWISE (-1)
CV_FAVOURITE: Final = 3  # the seat's own Favourite Colour (0..3)
#: The row of the latest card this turn (the taken row before the first); -1 in the take
#: phase and at the end.
CV_ROW: Final = 4
CV_HAND: Final = 5  # the cards still to place, as a multiset of looks
CV_HAND_SIZE: Final = 6  # how many they are
CV_ROWS: Final = 7  # + r: row r as a multiset of looks
CV_ROW_SIZES: Final = 19  # + r: how many cards row r holds
CV_LENGTH: Final = 31

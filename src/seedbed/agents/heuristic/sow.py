"""SOW heuristic: aim the last card, pick for ourselves, pick defensively for others.

Only the last card placed in a turn acts, and the player chooses the order, so a row
of ``k`` cards taken from row ``r`` can drop any of its cards last into row
``r + k`` (in the Windmill's direction). Each take is valued by its best last card:

* a Flower landing in our wheelbarrow's row: the colour that brings us the most
  points (3 for our Favourite Colour in the centre, 2 on the outer part, 1 else);
* a Flower in a rival's row: the colour that gives them least ("Play defensively!"),
  valued by their expected points (their Favourite Colour is unknown to us);
* a Seed: it flips Seeds of its colour; mildly good in our rows, bad in theirs.

Garden actions: the Watering Can takes our best Flower; the Gopher clears the
Flowers waiting in a rival's row; the Windmill and passing are neutral.

It reads the seat's ``compact_view()`` (rows and hand as multisets of looks; the
layout is ``rules.CV_*``) and decodes actions with :mod:`seedbed.games.sow.rules`,
never the JSON view: search playouts call it at every move.
"""

from __future__ import annotations

import random
from typing import Final

from seedbed.agents.heuristic.generic import Observation, on_observation, pick_best
from seedbed.games.sow.rules import (
    CENTRE,
    CHOOSE,
    CHOOSE_PHASE,
    CONTROLLER,
    CV_DIRECTION,
    CV_FAVOURITE,
    CV_HAND,
    CV_HAND_SIZE,
    CV_PHASE,
    CV_PLAYERS,
    CV_ROW,
    CV_ROW_SIZES,
    CV_ROWS,
    GARDEN_LOOKS_MASK,
    GARDEN_PHASE,
    LOOK_BITS,
    LOOK_FLOWER,
    LOOK_MASK,
    LOOK_NAMES,
    LOOK_WINDMILL,
    NUM_COLOURS,
    NUM_LOOKS,
    NUM_ROWS,
    NUM_TYPES,
    OUTER,
    PLACE,
    PLACE_PHASE,
    ROW_WHEELBARROW,
    TAKE,
    TAKE_PHASE,
    USE_CAN,
    USE_GOPHER,
    flower_points,
    landing_row,
    shows,
)

#: MINE[fav][t]: what a Flower of type t is worth to us (rules.flower_points).
MINE: Final[tuple[tuple[float, ...], ...]] = tuple(
    tuple(float(flower_points(fav, t)) for t in range(NUM_TYPES)) for fav in range(NUM_COLOURS)
)
#: THEIRS[fav][t]: its expected points for a rival, whose colour is one of the three
#: that are not ours (fav): 4/3 if our colour is its centre, 5/3 if outside, else 2.
THEIRS: Final[tuple[tuple[float, ...], ...]] = tuple(
    tuple(
        4.0 / 3.0 if CENTRE[t] == fav else 5.0 / 3.0 if OUTER[t] == fav else 2.0
        for t in range(NUM_TYPES)
    )
    for fav in range(NUM_COLOURS)
)
#: SHOWS[c]: the types of the Flowers showing colour c, in type order.
SHOWS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(t for t in range(NUM_TYPES) if shows(t, c)) for c in range(NUM_COLOURS)
)
#: The looks in the alphabetical order of their names: the order in which the card to
#: keep for last is considered (the first of equally good ones is kept).
BY_NAME: Final[tuple[int, ...]] = tuple(sorted(range(NUM_LOOKS), key=lambda k: LOOK_NAMES[k]))
FLOWER_SHIFT: Final = LOOK_BITS * LOOK_FLOWER


def _count(looks: int, look: int) -> int:
    return looks >> (LOOK_BITS * look) & LOOK_MASK


def _owner(players: int, row: int, me: int) -> int:
    """The controller of ``row``'s wheelbarrow (-1: a diagonal row, nobody's)."""
    w = ROW_WHEELBARROW[row]
    if w < 0:
        return -1
    seat = CONTROLLER[players][w]
    return me if seat < 0 else seat


def _picked(row: int, colour: int, fav: int, mine: bool, last: int) -> float:
    """The points of the Flowers of multiset ``row`` that show ``colour``, plus the
    Flower of type ``last`` (-1: none) landing on them: for us (``mine``) or,
    negated, for a rival. Summed in type order, then the last card, as the old
    view-based version did, so that the floats (and the tie-breaks) are the same."""
    table = MINE[fav] if mine else THEIRS[fav]
    total = 0.0
    flowers = row >> FLOWER_SHIFT
    for t in SHOWS[colour]:
        k = flowers >> (LOOK_BITS * t) & LOOK_MASK
        while k:
            total += table[t]
            k -= 1
    if last >= 0:
        total += table[last]
    return total if mine else -total


def _pick_value(players: int, fav: int, row: int, contents: int, last: int, me: int) -> float:
    """What landing a Flower of type ``last`` in ``row`` (already holding ``contents``)
    is worth to us, choosing the colour well."""
    owner = _owner(players, row, me)
    if owner < 0:
        return 0.0
    mine = owner == me
    return max(
        _picked(contents, CENTRE[last], fav, mine, last),
        _picked(contents, OUTER[last], fav, mine, last),
    )


def _last_value(players: int, fav: int, row: int, contents: int, look: int, me: int) -> float:
    """What placing a card of ``look`` last, into ``row`` holding ``contents``, is worth."""
    if LOOK_FLOWER <= look < LOOK_WINDMILL:
        return _pick_value(players, fav, row, contents, look - LOOK_FLOWER, me)
    if look < LOOK_FLOWER:  # a Seed: it flips the Seeds of its colour there
        owner = _owner(players, row, me)
        flipped = 1 + _count(contents, look)
        if owner < 0:
            return 0.0
        return 0.3 * flipped if owner == me else -0.3 * flipped
    return 0.0


def choose(obs: Observation, rng: random.Random) -> int:
    return on_observation(choose_compact, obs, rng)


def choose_compact(v: tuple[int, ...], me: int, legal: list[int], rng: random.Random) -> int:
    """:func:`choose` from what it reads: seat ``me``'s compact view and its legal
    actions (read, never changed). Search playouts call this form
    (``agents.heuristic.compact_policy_for``): no observation wrapper per move."""
    if len(legal) == 1:
        return legal[0]
    return _choose(v, me, legal, rng, False)


def choose_sharp(obs: Observation, rng: random.Random) -> int:
    """The sharper policy (``heuristic:sharp=1``, ``ismcts:sharp=1``): it also places
    the cards before the last with care. A Flower left in a wheelbarrow's row waits
    there for the next Flower that lands on it, so it goes to our own rows before a
    rival's (the plain policy places every card but the last in any order). Two-player
    games against :func:`choose`: docs/agents.md."""
    return on_observation(choose_sharp_compact, obs, rng)


def choose_sharp_compact(v: tuple[int, ...], me: int, legal: list[int], rng: random.Random) -> int:
    """:func:`choose_sharp` from seat ``me``'s compact view and legal actions, as
    :func:`choose_compact` is :func:`choose`."""
    if len(legal) == 1:
        return legal[0]
    return _choose(v, me, legal, rng, True)


def _choose(v: tuple[int, ...], me: int, legal: list[int], rng: random.Random, sharp: bool) -> int:
    """The policy's move (``sharp``: the sharper one's) among ``legal``, two or more."""
    players = v[CV_PLAYERS]
    fav = v[CV_FAVOURITE]
    step = v[CV_DIRECTION]
    phase = v[CV_PHASE]
    scored: list[tuple[float, int]] = []
    if phase == TAKE_PHASE:
        for a in legal:
            r = a - TAKE
            cards = v[CV_ROWS + r]
            target = landing_row(r, v[CV_ROW_SIZES + r], step)
            contents = 0 if target == r else v[CV_ROWS + target]
            best = -1e300
            for look in range(NUM_LOOKS):
                if _count(cards, look):
                    value = _last_value(players, fav, target, contents, look, me)
                    if value > best:
                        best = value
            scored.append((best, a))
        return pick_best(scored, rng)
    if phase == PLACE_PHASE:
        hand = v[CV_HAND]
        nxt = (v[CV_ROW] + step) % NUM_ROWS
        target = landing_row(v[CV_ROW], v[CV_HAND_SIZE], step)
        contents = v[CV_ROWS + target]
        keep = -1
        keep_value = 0.0
        for look in BY_NAME:
            if _count(hand, look):
                value = _last_value(players, fav, target, contents, look, me)
                if keep < 0 or value > keep_value:
                    keep = look
                    keep_value = value
        garden_here = v[CV_ROWS + nxt] & GARDEN_LOOKS_MASK != 0
        for a in legal:
            look = a - PLACE
            value = 0.0
            if look == keep and _count(hand, look) == 1:
                value -= 10.0
            if look >= LOOK_WINDMILL and garden_here:
                value += 1.0  # the two Garden cards meet: a Garden action
            if sharp and nxt != target:
                # Below the Garden meeting's 1 and the kept card's 10: an order only.
                value += 0.2 * _waiting_value(players, fav, nxt, look, me)
            scored.append((value, a))
        return pick_best(scored, rng)
    if phase == CHOOSE_PHASE:
        row = v[CV_ROW]
        mine = _owner(players, row, me) == me
        contents = v[CV_ROWS + row]
        for a in legal:
            scored.append((_picked(contents, a - CHOOSE, fav, mine, -1), a))
        return pick_best(scored, rng)
    if phase == GARDEN_PHASE:
        for a in legal:
            value = 0.0
            if USE_CAN <= a < USE_CAN + NUM_ROWS * NUM_TYPES:
                value = MINE[fav][(a - USE_CAN) % NUM_TYPES]
            elif USE_GOPHER <= a < USE_CAN:
                r = a - USE_GOPHER
                owner = _owner(players, r, me)
                if owner >= 0 and owner != me:
                    value = 0.4 * _all_flowers(v[CV_ROWS + r], fav, False)
                elif owner == me:
                    value = -0.4 * _all_flowers(v[CV_ROWS + r], fav, True)
            scored.append((value, a))
        return pick_best(scored, rng)
    return legal[rng.randrange(len(legal))]


def _all_flowers(row: int, fav: int, mine: bool) -> float:
    """The points of every Flower of multiset ``row``, in type order."""
    table = MINE[fav] if mine else THEIRS[fav]
    total = 0.0
    flowers = row >> FLOWER_SHIFT
    for t in range(NUM_TYPES):
        k = flowers >> (LOOK_BITS * t) & LOOK_MASK
        while k:
            total += table[t]
            k -= 1
    return total


def _waiting_value(players: int, fav: int, row: int, look: int, me: int) -> float:
    """What a card of ``look`` placed into ``row`` before the last card is worth: a
    Flower waits there for whoever lands a Flower on it later, and goes to the row's
    controller (ours: its points to us; a rival's: minus its expected points to them).
    A diagonal row, or the three-player game's wheelbarrow without an owner (whoever
    lands there controls it), is nobody's: 0, as are Seeds and Garden cards."""
    if not LOOK_FLOWER <= look < LOOK_WINDMILL:
        return 0.0
    w = ROW_WHEELBARROW[row]
    if w < 0 or CONTROLLER[players][w] < 0:
        return 0.0
    t = look - LOOK_FLOWER
    return MINE[fav][t] if CONTROLLER[players][w] == me else -THEIRS[fav][t]

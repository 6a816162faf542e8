"""What each seat of a SOW game may know: the table view, the compact view, scores and
the score sheet as a seat knows them, and resampling what it cannot know (ruling 9).

Everything on the table is public but two things: the centre of a Seed (nobody
knows it until the card flips) and the Favourite Colours (each seat knows its own;
at the end the seats' colours are shown, the unowned wheelbarrows' never).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING

from seedbed.core.protocol import JSON

from ._tables import ALL_ROWS, APPEAR, FLOWER, LOOK_UNIT, POINTS, SEED_OUTER
from .rules import (
    CHOOSE_PHASE,
    COLOURS,
    CONTROLLER,
    FRONT,
    GARDEN_PHASE,
    LOOK_NAMES,
    NUM_COLOURS,
    NUM_ROWS,
    OVER,
    PLACE,
    PLACE_PHASE,
    TYPE_NAMES,
    WHEELBARROW_ROWS,
)

if TYPE_CHECKING:
    from .engine import SowState

_APPEAR_KEY = APPEAR.__getitem__


def _looks(cards: Iterable[int]) -> list[str]:
    """The cards as everyone sees them, in a fixed order (the order of cards inside a
    row has no effect on the game)."""
    return [LOOK_NAMES[a - PLACE] for a in sorted(APPEAR[x] for x in cards)]


def _mid_turn(s: SowState) -> bool:
    ph = s.phase
    return ph in (PLACE_PHASE, CHOOSE_PHASE, GARDEN_PHASE)


def table_view(s: SowState, player: int | None) -> JSON:
    """The table as ``player`` sees it (``None``: a spectator): the rows as they lie (a
    Seed shows its outer colour only), the hand being sown, the direction, the face-up
    Garden actions, the bouquets, the removed Flowers and the seat's own Favourite
    Colour; at the end every seat's Favourite Colour."""
    n = s.players
    ph = s.phase
    mid = _mid_turn(s)
    front = FRONT[n]
    out: JSON = {
        "wheelbarrows": list(front),
        "controllers": [None if c < 0 else c for c in CONTROLLER[n]],
        "wheelbarrow_rows": [list(rows) for rows in WHEELBARROW_ROWS],
        "start_player": s.start,
        "turn": s.turn,
        "idle_turns": s.idle,
        "direction": "clockwise" if s.direction > 0 else "counter-clockwise",
        "garden_actions": ["windmill", "watering can" if s.water else "gopher"],
        "rows": [_looks(r) for r in s.rows],
        "hand": _looks(s.hand),
        "taken_row": s.taken if mid else None,
        "last_row": s.pos if mid else None,
        "next_row": (s.pos + s.direction) % NUM_ROWS if ph == PLACE_PHASE else None,
        "last_card": LOOK_NAMES[APPEAR[s.last] - PLACE] if ph == CHOOSE_PHASE else None,
        "garden_met": s.met,
        "bouquets": [sorted(TYPE_NAMES[x - FLOWER] for x in b) for b in s.bouquets],
        "removed": sorted(TYPE_NAMES[x - FLOWER] for x in s.removed),
        "favourite": None if player is None else COLOURS[s.favourites[front[player]]],
        "favourites": [COLOURS[s.favourites[w]] for w in front] if ph == OVER else None,
    }
    return out


def compact_view(s: SowState, player: int) -> tuple[int, ...]:
    """The layout ``rules.CV_*`` documents: phase, players, direction, the seat's
    Favourite Colour, the latest row, the hand and every row as multisets of looks,
    and the size of every row."""
    unit = LOOK_UNIT
    hand = 0
    for x in s.hand:
        hand += unit[x]
    out = [
        s.phase,
        s.players,
        s.direction,
        s.favourites[FRONT[s.players][player]],
        s.pos if _mid_turn(s) else -1,
        hand,
        len(s.hand),
    ]
    sizes: list[int] = []
    for row in s.rows:
        m = 0
        for x in row:
            m += unit[x]
        out.append(m)
        sizes.append(len(row))
    out.extend(sizes)
    return tuple(out)


def scores_for(s: SowState, viewer: int | None) -> list[float | None]:
    """A score depends on its seat's secret Favourite Colour: before the end a seat
    knows only its own, a spectator none."""
    scores = s.scores()
    if s.phase == OVER:
        return list(scores)
    return [v if p == viewer else None for p, v in enumerate(scores)]


#: The score sheet's lines: Flowers by what they score (ruling 8).
_SHEET_LINES = (
    (3, "Favourite Colour in the centre (3 each)"),
    (2, "Favourite Colour outside (2 each)"),
    (1, "other Flowers (1 each)"),
)


def score_sheet(s: SowState, viewer: int | None) -> JSON:
    """SOW is scored once, at the end: then one entry, the bouquets, with each seat's
    Flowers at 3, 2 and 1 points; before that no round is scored and the total is
    what ``viewer`` may know of the scores (its own)."""
    total = scores_for(s, viewer)
    if s.phase != OVER:
        return {"rounds": [], "total": total}
    lines: list[list[int]] = [[] for _ in _SHEET_LINES]
    for seat, w in enumerate(FRONT[s.players]):
        pts = POINTS[s.favourites[w]]
        for i, (value, _label) in enumerate(_SHEET_LINES):
            lines[i].append(value * sum(1 for x in s.bouquets[seat] if pts[x] == value))
    return {
        "rounds": [
            {
                "label": "Bouquets",
                "lines": [
                    {"label": label, "points": points}
                    for (_value, label), points in zip(_SHEET_LINES, lines, strict=True)
                ],
                "points": total,
            }
        ],
        "total": total,
    }


def known_wheelbarrows(s: SowState, player: int) -> set[int]:
    """The wheelbarrows whose Favourite Colour ``player`` knows: its own, and at the end
    those of every seat."""
    front = FRONT[s.players]
    return set(front) if s.phase == OVER else {front[player]}


def resample(s: SowState, player: int, rng: random.Random) -> SowState:
    """Redraw what ``player`` cannot see: the centres of all Seeds, from the Seed/Flower
    cards not yet seen as Flowers (uniformly, keeping each Seed's outer colour), and the
    Favourite Colours of the other wheelbarrows, from the colours ``player`` does not
    hold. Rows and hand are rebuilt in a canonical order first, so the result depends
    only on ``player``'s view and ``rng``."""
    out = s.clone()
    out.seed = None
    key = _APPEAR_KEY
    # Every type exists twice, so the true Seeds' types are exactly the cards not seen
    # as Flowers: pooled by outer colour and sorted, they are public.
    pools: list[list[int]] = [[], [], [], []]
    rows: list[list[int]] = []  # new lists: the clone must not share s's rows
    seeded = []
    for r, row in enumerate(s.rows):
        if row and min(row) < FLOWER:
            cards = sorted(row, key=key)
            seeded.append(r)
            for y in cards:
                if y < FLOWER:
                    pools[SEED_OUTER[y]].append(y)
        else:
            cards = sorted(row)
        rows.append(cards)
    hand = sorted(s.hand, key=key)
    for y in hand:
        if y < FLOWER:
            pools[SEED_OUTER[y]].append(y)
    for pool in pools:
        pool.sort()
        rng.shuffle(pool)
    for r in seeded:
        cards = rows[r]
        for i, y in enumerate(cards):
            if y < FLOWER:
                cards[i] = pools[SEED_OUTER[y]].pop()
    for i, y in enumerate(hand):
        if y < FLOWER:
            hand[i] = pools[SEED_OUTER[y]].pop()
    out.rows = rows
    out.owned = ALL_ROWS
    out.hand = hand
    out.bouquets = [tuple(sorted(b)) for b in s.bouquets]
    out.removed = tuple(sorted(s.removed))
    known = known_wheelbarrows(s, player)
    held = {s.favourites[w] for w in known}
    colours = [c for c in range(NUM_COLOURS) if c not in held]
    rng.shuffle(colours)
    out.favourites = [s.favourites[w] if w in known else colours.pop() for w in range(4)]
    return out

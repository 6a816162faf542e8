"""What each seat of Four Fields knows: the table view, the compact view, the
information state, the score sheet, and resampling what a seat cannot see.

Everything on the table is public (fields, stockpiles, seasons, coins, harvest piles,
hand sizes, every move); a seat's own hand is its own; the other hands and the draw
pile are hidden. A public inference is public too: who built a stockpile keeps a card
of its value until a card of that rank leaves the hand (``holds``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from seedbed.core.cards import CARD_NAMES, FULL_DECK, cards_of
from seedbed.core.protocol import JSON

from ._sampler import deal_constrained
from .rules import (
    ADD,
    OVER,
    SCORE_LINES,
    SEASON_NAMES,
    SEASONS,
    round_breakdown,
)

if TYPE_CHECKING:
    from .engine import FourFieldsState


def _names(mask: int) -> list[str]:
    return [CARD_NAMES[c] for c in cards_of(mask)]


def _aces_of(high: int) -> list[str]:
    return [CARD_NAMES[s * 13] for s in range(4) if high >> s & 1]


def table_view(s: FourFieldsState, player: int | None) -> JSON:
    """The table as seat ``player`` sees it (``None``: a spectator)::

        {"round": 1, "dealer": 0, "coins_on_square": 2, "draw_pile": 33,
         "aside": [], "hand": ["3C", "8D"] (None for a spectator),
         "fields": [{"field": 0, "season": "summer", "cards": ["5H"],
                     "stockpiles": [{"cards": [...], "value": 8, "kind": "adding",
                                     "builder": 1, "aces_high": []}]}, ...],
         "players": [{"seat": 0, "hand_size": 4, "harvest": [...], "coins": 0,
                      "holds_values": [8]}, ...]}

    Fields are numbered clockwise from the one in front of the dealer; ``holds_values``
    are the values (1..13, an Ace 1) a seat is known to keep for its stockpiles.
    """
    seasons = SEASONS[s.summer]
    fields = []
    for f in range(4):
        fields.append(
            {
                "field": f,
                "season": SEASON_NAMES[seasons[f]],
                "cards": _names(s.loose[f]),
                "stockpiles": [
                    {
                        "cards": _names(m),
                        "value": v,
                        "kind": "adding" if k == ADD else "matching",
                        "builder": b,
                        "aces_high": _aces_of(h),
                    }
                    for m, v, k, b, h in s.stockpiles[f]
                ],
            }
        )
    players = []
    for q in range(s.n):
        held = s.holds[q]
        players.append(
            {
                "seat": q,
                "hand_size": s.hands[q].bit_count(),
                "harvest": _names(s.harvested[q]),
                "coins": s.coins[q],
                "holds_values": [r for r in range(1, 14) if held >> r & 1],
            }
        )
    return {
        "round": s.round,
        "dealer": s.dealer,
        "coins_on_square": s.coins_on_square,
        "draw_pile": len(s.pile),
        "aside": _names(s.aside),
        "hand": None if player is None else _names(s.hands[player]),
        "fields": fields,
        "players": players,
    }


def compact_view(s: FourFieldsState, player: int) -> tuple[int, ...]:
    """The fast policies' digest of the view, laid out as the ``CV_*`` indices of
    :mod:`.rules` say: phase, round, dealer, the field that is Summer, coins on the
    square, the draw pile's size, the seat's hand, each field's loose and stockpiled
    cards, each seat's harvest pile and known holdings, and per field how many
    stockpiles each seat built (seats the game does not have read 0)."""
    n = s.n
    stocked = [0, 0, 0, 0]
    built = [0] * 16
    for f in range(4):
        m = 0
        for st in s.stockpiles[f]:
            m |= st[0]
            built[4 * f + st[3]] += 1
        stocked[f] = m
    pad = [0] * (4 - n)
    return (
        s.phase,
        s.round,
        s.dealer,
        s.summer,
        s.coins_on_square,
        len(s.pile),
        s.hands[player],
        *s.loose,
        *stocked,
        *s.harvested,
        *pad,
        *s.holds,
        *pad,
        *built,
    )


def information_state_string(s: FourFieldsState, player: int) -> str:
    """Equal exactly when two states look the same to ``player``: the seat's hand, the
    public table, and everything public so far (every move, every deal into a field,
    every round's result), packed as ints, which is much faster than the view's JSON."""
    return repr(
        (
            player,
            s.hands[player],
            [h.bit_count() for h in s.hands],
            s.round - 1,
            s.dealer,
            s.cur,
            s.summer,
            s.loose,
            s.stockpiles,
            s.harvested,
            s.coins,
            s.coins_on_square,
            s.totals,
            s.holds,
            len(s.pile),
            s.results,
            s.deals,
            s._actions,
            s.aside,
        )
    )


def score_sheet(s: FourFieldsState, viewer: int | None) -> JSON:
    """Every scored round line by line (all of it public): most cards, most hearts,
    Aces, coins, most spades, and what frost could not take (no total goes below 0);
    a round's points are the change of the totals."""
    n = s.n
    over = 1 if s.phase == OVER else 0
    first = s.round - len(s.results) + over
    before = list(s._origin[4]) if s._origin is not None else [0] * n
    rounds = []
    for k, rec in enumerate(s.results):
        rows = rec[1:]
        columns = [[row[i] for row in rows] for i in range(5)]
        cards, hearts, spades, aces, coins = columns
        lines = round_breakdown(cards, hearts, spades, aces, coins)
        after = [row[6] for row in rows]
        frost = [after[p] - before[p] - rows[p][5] for p in range(n)]
        labels = (*SCORE_LINES, "frost: not below 0")
        entry = [
            {"label": label, "points": line}
            for label, line in zip(labels, [*lines, frost], strict=True)
        ]
        rounds.append(
            {
                "label": f"Round {first + k}",
                "dealer": rec[0][0],
                "lines": entry,
                "points": [after[p] - before[p] for p in range(n)],
            }
        )
        before = after
    return {"rounds": rounds, "total": list(s.totals)}


def resample(s: FourFieldsState, player: int, rng: random.Random) -> FourFieldsState:
    """Deal the cards ``player`` cannot see (other hands, draw pile) at random,
    uniformly among placements where every opponent still holds a card of each value
    it is known to keep for a stockpile it built (see :func:`.deal_constrained`), and
    draw fresh chance for later rounds."""
    r = s.clone()
    r.seed = None
    r._legal = None  # another seat's hand may change
    r.chance = rng.getrandbits(62)
    known = s.hands[player] | s.aside
    for m in s.loose:
        known |= m
    for fs in s.stockpiles:
        for st in fs:
            known |= st[0]
    for m in s.harvested:
        known |= m
    pool = cards_of(FULL_DECK & ~known)
    opponents = [q for q in range(s.n) if q != player]
    sizes = [s.hands[q].bit_count() for q in opponents]
    needs = [s.holds[q] for q in opponents]
    hands = deal_constrained(pool, sizes, needs, rng)
    rest = FULL_DECK & ~known
    for q, h in zip(opponents, hands, strict=True):
        r.hands[q] = h
        rest &= ~h
    pile = cards_of(rest)
    rng.shuffle(pile)
    r.pile = pile
    return r

"""Constants, action packing and the cached per-field subset tables of Four Fields.

An action is one int that packs a whole move, so its meaning (and its notation) never
depends on the state::

    bits   0..5    the played card (0..51); a full harvest puts its turning card here,
                   or NO_CARD (63) when none of its four cards is a season card
    bits   6..7    the field (0..3)
    bits   8..10   the kind: SOW, HARVEST, ADD (adding-up stockpile), MATCH, FULL
    bits  11..14   the value of the stockpile built (ADD, MATCH), else 0
    bits  15..18   Aces counted as 14 in the build, one bit per suit (MATCH only)
    bits  19..70   LOOSE: the loose field cards taken or used (52-bit card mask)
    bits  71..122  STOCK: the cards of the stockpiles taken or used
    bits 123..174  PLAYED: the four cards of a full harvest

The subset tables are keyed by a field's loose cards, so every field content is
analysed once per process however often it is met again.
"""

from __future__ import annotations

from typing import Any

from seedbed.core.cards import CARD_NUMBER, CARD_SUIT, CLUBS, DIAMONDS, HEARTS, SPADES, cards_of

# -- seasons -----------------------------------------------------------------------
#: The season of a field is the suit on the edge of the square facing it.
SUMMER, AUTUMN, WINTER, SPRING = HEARTS, DIAMONDS, SPADES, CLUBS
SEASON_NAMES = ("winter", "summer", "autumn", "spring")  # indexed by suit S H D C
#: The square's edges in clockwise order (ruling 1).
SQUARE = (HEARTS, DIAMONDS, SPADES, CLUBS)
#: Position of each suit's edge on the square, indexed by suit.
SQUARE_POS = tuple(SQUARE.index(s) for s in range(4))
#: SEASONS[orient][field]: with the square turned ``orient`` steps, field f faces the edge
#: at position (f - orient) mod 4. Orientation 0 is the start of a round (field 0 Summer).
SEASONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(SQUARE[(f - o) % 4] for f in range(4)) for o in range(4)
)


def turned(field: int, card: int) -> int:
    """The orientation after ``card`` (a season card) is played into ``field``."""
    return (field - SQUARE_POS[CARD_SUIT[card]]) % 4


# -- cards -------------------------------------------------------------------------
NUM = CARD_NUMBER[:52]
#: Jack, Queen, King and Ace turn the seasons when played from hand.
IS_SEASON_CARD = tuple(n == 1 or n >= 11 for n in NUM)
#: The values a card may take: an Ace is 1 or 14.
VALUES: tuple[tuple[int, ...], ...] = tuple((1, 14) if n == 1 else (n,) for n in NUM)
ACES = sum(1 << (s * 13) for s in range(4))
#: Bit ``v`` set for each value a card can stand for (used for "holds a card of value v").
VALUE_BITS = tuple(sum(1 << v for v in vals) for vals in VALUES)
#: The rank (1..13) that a stockpile value asks its builder to keep: 14 is an Ace.
RANK_OF_VALUE = (0, *range(1, 14), 1)

# -- action packing ----------------------------------------------------------------
SOW, HARVEST, ADD, MATCH, FULL = range(5)
KIND_WORDS = ("sow", "harvest", "add", "match", "full harvest")
NO_CARD = 63
FIELD_SHIFT = 6
KIND_SHIFT = 8
VALUE_SHIFT = 11
ACE_SHIFT = 15
LOOSE_SHIFT = 19
STOCK_SHIFT = 71
PLAYED_SHIFT = 123
MASK52 = (1 << 52) - 1


def pack(
    card: int,
    field: int,
    kind: int,
    value: int = 0,
    aces_high: int = 0,
    loose: int = 0,
    stock: int = 0,
    played: int = 0,
) -> int:
    """The action number of a move (see the module docstring)."""
    return (
        card
        | field << FIELD_SHIFT
        | kind << KIND_SHIFT
        | value << VALUE_SHIFT
        | aces_high << ACE_SHIFT
        | loose << LOOSE_SHIFT
        | stock << STOCK_SHIFT
        | played << PLAYED_SHIFT
    )


def unpack(action: int) -> tuple[int, int, int, int, int, int, int, int]:
    """``(card, field, kind, value, aces_high, loose, stock, played)`` of an action."""
    return (
        action & 63,
        (action >> FIELD_SHIFT) & 3,
        (action >> KIND_SHIFT) & 7,
        (action >> VALUE_SHIFT) & 15,
        (action >> ACE_SHIFT) & 15,
        (action >> LOOSE_SHIFT) & MASK52,
        (action >> STOCK_SHIFT) & MASK52,
        action >> PLAYED_SHIFT,
    )


# -- subset tables -----------------------------------------------------------------
Group = tuple[int, int]  # (card mask, aces counted as 14: one bit per suit)

_GROUPS: dict[int, tuple[tuple[Group, ...], ...]] = {}
_UNIONS: dict[tuple[int, int], tuple[Group, ...]] = {}
_HARVESTS: dict[tuple[int, int], tuple[int, ...]] = {}
#: Entries per cache before it is emptied (bounds memory in long simulations).
_CACHE_LIMIT = 30_000


def _limit(cache: dict[Any, Any]) -> None:
    if len(cache) > _CACHE_LIMIT:
        cache.clear()


def groups(loose: int) -> tuple[tuple[Group, ...], ...]:
    """``groups(loose)[v]``: every subset of the cards in ``loose`` worth ``v`` (1..14).

    Aces count 1 in a group of several cards; an Ace alone is also a group of 14 (with
    its aces-high bit set), since 14 plus anything exceeds the highest value.
    """
    hit = _GROUPS.get(loose)
    if hit is not None:
        return hit
    cards = sorted(cards_of(loose), key=lambda c: NUM[c])
    out: list[list[Group]] = [[] for _ in range(15)]
    k = len(cards)

    def dfs(start: int, mask: int, total: int) -> None:
        for i in range(start, k):
            c = cards[i]
            t = total + NUM[c]
            if t > 14:
                break
            m = mask | (1 << c)
            out[t].append((m, 0))
            dfs(i + 1, m, t)

    dfs(0, 0, 0)
    for c in cards:
        if NUM[c] == 1:
            out[14].append((1 << c, 1 << CARD_SUIT[c]))
    result = tuple(tuple(g) for g in out)
    _limit(_GROUPS)
    _GROUPS[loose] = result
    return result


def unions(loose: int, value: int) -> tuple[Group, ...]:
    """Every union of pairwise disjoint groups of ``loose`` worth ``value`` each, with the
    Aces counted as 14, including the empty union ``(0, 0)``."""
    key = (loose, value)
    hit = _UNIONS.get(key)
    if hit is not None:
        return hit
    row = groups(loose)[value]
    if len(row) <= 1:
        out: tuple[Group, ...] = ((0, 0), *row)
    else:
        res: set[Group] = {(0, 0)}
        for g, a in row:
            res |= {(r | g, ra | a) for r, ra in res if not r & g}
        out = tuple(res)
    _limit(_UNIONS)
    _UNIONS[key] = out
    return out


def derive_groups(old: int, new: int) -> None:
    """Fill the group table of ``new`` from that of ``old`` when it is cheap: ``new``
    has lost cards (filter), or gained one card (extend). Called as a field changes."""
    if new in _GROUPS:
        return
    table = _GROUPS.get(old)
    if table is None:
        return
    if not new & ~old:
        gone = old & ~new
        _GROUPS[new] = tuple(tuple(g for g in row if not g[0] & gone) for row in table)
        return
    added = new & ~old
    if added & (added - 1) or old & ~new:
        return
    c = added.bit_length() - 1
    num = NUM[c]
    out = [list(row) for row in table]
    out[num].append((added, 0))
    for t in range(1, 15 - num):
        out[t + num].extend([(m | added, 0) for m, a in table[t] if not a])
    if num == 1:
        out[14].append((added, 1 << CARD_SUIT[c]))
    _limit(_GROUPS)
    _GROUPS[new] = tuple(tuple(row) for row in out)


def harvest_masks(loose: int, value: int) -> tuple[int, ...]:
    """The distinct non-empty sets of loose cards a card of ``value`` may harvest,
    already shifted into the LOOSE bits of an action."""
    key = (loose, value)
    hit = _HARVESTS.get(key)
    if hit is not None:
        return hit
    if value == 14:  # the same cards may appear with different Aces counted 14
        out = tuple(m << LOOSE_SHIFT for m in {m for m, _ in unions(loose, value) if m})
    else:
        out = tuple(m << LOOSE_SHIFT for m, _ in unions(loose, value) if m)
    _limit(_HARVESTS)
    _HARVESTS[key] = out
    return out


def subset_unions(masks: list[int]) -> list[int]:
    """Every union of a subset of ``masks`` (the empty one first)."""
    out = [0]
    for m in masks:
        out += [u | m for u in out]
    return out

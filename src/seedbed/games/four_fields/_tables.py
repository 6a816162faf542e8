"""The per-field subset tables of Four Fields' move generation.

:class:`FieldMoves` holds one field's subset tables and harvests per value and
emits a played card's moves as action numbers (see :mod:`.rules`); a state keeps one
per field, so a turn analyses only the field that changed.
"""

from __future__ import annotations

from typing import Final

from .rules import (
    ACE_SHIFT,
    ACES,
    ADD,
    HARVEST,
    KIND_SHIFT,
    LOOSE_SHIFT,
    MASK52,
    MATCH,
    NUM,
    STOCK_SHIFT,
    SUIT,
    VALUE_SHIFT,
    Stockpile,
)

# -- subset tables -----------------------------------------------------------------
#: A group is an int: its card mask, with the Aces counted as 14 (one bit per suit) in
#: bits 52..55. Plain ints (no tuples) keep the tables cheap to build and invisible to
#: the cyclic garbage collector, which otherwise dominates long simulations.
HIGH_SHIFT: Final = 52
#: :class:`FieldMoves` keeps its lazily computed tables in one list, by slot:
#: ``TAKES + v`` the harvests by value ``v`` (slot ``TAKES`` itself: an Ace's, as 1 or
#: 14), ``ROWS + w`` the groups worth ``w``, ``UNIONS + v`` the unions of disjoint
#: groups worth ``v``, ``STOCK_UNIONS + v`` the unions of stockpiles of value ``v``.
#: One list indexed by small ints is much cheaper than a dict.
TAKES: Final = 0
ROWS: Final = 16
UNIONS: Final = 32
STOCK_UNIONS: Final = 48
N_TABLES: Final = 64
HARVEST_BITS: Final = HARVEST << KIND_SHIFT
ADD_BITS: Final = ADD << KIND_SHIFT
MATCH_BITS: Final = MATCH << KIND_SHIFT
#: The empty union alone (nothing more taken), shared read-only.
_ONLY_EMPTY: Final[list[int]] = [0]


def subset_unions(masks: list[int]) -> list[int]:
    """Every union of a subset of ``masks`` (the empty one first)."""
    out = [0]
    for m in masks:
        out += [u | m for u in out]
    return out


class FieldMoves:
    """The moves one field's contents allow, computed on first use and emitted per card.

    A state keeps the object of each of its fields (clones share them), so a turn only
    analyses the field that changed. Subset tables: ``row(w)`` is every group of loose
    cards worth ``w`` (1..14); Aces count 1 in a group of several cards, and an Ace
    alone is also a group of 14 with its aces-high bit, since 14 plus anything exceeds
    the highest value. ``unions(v)`` is every union of pairwise disjoint groups worth
    ``v`` each, the empty union (0) included. ``takes(v)`` is every harvest by value
    ``v`` without its card, field and kind bits, shared by every card of that value and
    by the full harvest. A card's moves are not kept: random play seldom asks for the
    same card in an unchanged field again, so keeping them cost more than it saved.
    """

    __slots__ = (
        "_subsets",
        "_sums",
        "_tables",
        "adds",
        "grow",
        "has",
        "loose",
        "stock_values",
        "stocks",
        "takes_any",
    )

    def __init__(self, loose: int, stocks: tuple[Stockpile, ...]) -> None:
        self.loose = loose
        self.stocks = stocks
        self._subsets: list[int] | None = None
        self._sums: list[int] | None = None
        self._tables: list[list[int] | None] = [None] * N_TABLES
        # Bit w set when some loose group is worth w: a subset-sum bitset, by shifts.
        reach = 1
        m = loose
        while m:
            low = m & -m
            m ^= low
            reach |= (reach << NUM[low.bit_length() - 1]) & 0x7FFF
        if loose & ACES:
            reach |= 1 << 14
        has = reach & ~1
        self.has = has
        sv = 0
        #: Bit w set when a card of value 0 would reach w by adding up: with loose
        #: cards, or raising an adding-up stockpile (with or without loose cards);
        #: shifted by a card's number it gives the values it may add up to.
        grow = has
        adds = False
        for st in stocks:
            sv |= 1 << st[1]
            if st[2] == ADD:
                grow |= (has | 1) << st[1]
                adds = True
        self.stock_values = sv
        self.grow = grow
        #: Some adding-up stockpile here may be raised.
        self.adds = adds
        #: Bit v set when a card of value v harvests something here.
        self.takes_any = has | sv

    # -- subset tables ---------------------------------------------------------------
    def _enumerate(self) -> None:
        """Every subset worth at most 14 (Aces 1), with its sum; the empty one first."""
        subsets = [0]
        sums = [0]
        m = self.loose
        while m:
            low = m & -m
            m ^= low
            num = NUM[low.bit_length() - 1]
            for i in range(len(subsets)):
                t = sums[i] + num
                if t <= 14:
                    subsets.append(subsets[i] | low)
                    sums.append(t)
        self._subsets = subsets
        self._sums = sums

    def row(self, w: int) -> list[int]:
        hit = self._tables[ROWS + w]
        if hit is not None:
            return hit
        if self._subsets is None:
            self._enumerate()
        subsets = self._subsets
        sums = self._sums
        assert subsets is not None and sums is not None
        out = [subsets[i] for i in range(1, len(sums)) if sums[i] == w]
        if w == 14:
            aces = self.loose & ACES
            while aces:
                low = aces & -aces
                aces ^= low
                out.append(low | 1 << (HIGH_SHIFT + SUIT[low.bit_length() - 1]))
        self._tables[ROWS + w] = out
        return out

    def unions(self, v: int) -> list[int]:
        hit = self._tables[UNIONS + v]
        if hit is not None:
            return hit
        row = self.row(v)
        if len(row) <= 1:
            out = [0, *row]
        else:
            res = {0}
            for g in row:
                res |= {r | g for r in res if not r & g}
            out = list(res)
        self._tables[UNIONS + v] = out
        return out

    def stock_unions(self, v: int) -> list[int]:
        """Every union of stockpiles of value ``v``, shifted into place (0 first)."""
        hit = self._tables[STOCK_UNIONS + v]
        if hit is not None:
            return hit
        same = [st[0] << STOCK_SHIFT for st in self.stocks if st[1] == v]
        out = subset_unions(same)
        self._tables[STOCK_UNIONS + v] = out
        return out

    # -- moves -----------------------------------------------------------------------
    def buildable(self, num: int) -> int:
        """Bit v set when a card numbered ``num`` may build some stockpile of value v
        here (a necessary condition, the kept card aside); computed with shifts."""
        has = self.has
        starts = has << num | 1 << num | (1 << 14 if num == 1 else 0)
        return (self.grow << num | starts & (has | self.stock_values)) & 0x7FFE

    def takes(self, v: int) -> list[int]:
        """The harvests by value ``v`` (0: an Ace's, as 1 or 14), as loose and stockpile
        bits: any non-empty choice of disjoint loose groups worth ``v`` and of whole
        stockpiles of value ``v`` (ruling 4)."""
        hit = self._tables[TAKES + v]
        if hit is not None:
            return hit
        if v == 0:
            both = set(self.takes(1))
            both.update(self.takes(14))
            out = list(both)
        else:
            loose = self.unions(v)
            if v == 14:  # the same cards may appear with different Aces counted 14
                loose = list({m & MASK52 for m in loose})
            out = [m << LOOSE_SHIFT for m in loose if m]
            if self.stock_values >> v & 1:
                unions = self.stock_unions(v)
                for i in range(1, len(unions)):
                    sc = unions[i]
                    out.append(sc)
                    for m in loose:
                        if m:
                            out.append(sc | m << LOOSE_SHIFT)
        self._tables[TAKES + v] = out
        return out

    def add_builds(self, out: list[int], cb: int, c: int, v: int) -> None:
        """Append the stockpile moves of card ``c`` (``cb``: its card and field bits) to
        value ``v`` (ruling 5), distinct: adding up (new, or raising an adding-up
        stockpile) and matching. The caller checks that a card of value ``v`` stays in
        hand."""
        num = NUM[c]
        has = self.has
        vb = cb | v << VALUE_SHIFT
        add_base = vb | ADD_BITS
        # Adding up: an Ace counts 1 here (14 plus anything is more than 14).
        w = v - num
        if 1 <= w <= 13 and has >> w & 1:
            for m in self.row(w):
                out.append(add_base | m << LOOSE_SHIFT)
        if self.adds:
            for st in self.stocks:
                if st[2] != ADD:
                    continue
                x = v - st[1] - num
                if x == 0:
                    out.append(add_base | st[0] << STOCK_SHIFT)
                elif 1 <= x <= 13 and has >> x & 1:
                    b = add_base | st[0] << STOCK_SHIFT
                    for m in self.row(x):
                        out.append(b | m << LOOSE_SHIFT)
        # Matching: c alone or with loose cards makes v, joined by more items of value v.
        has_v = has >> v & 1
        stock_v = self.stock_values >> v & 1
        if not (stock_v or has_v):
            return  # nothing else of value v to match with
        high = num == 1 and v == 14  # an Ace alone as 14 is a start of its own
        if w == 0:
            starts = _ONLY_EMPTY
        elif 1 <= w <= 13 and has >> w & 1:
            starts = self.row(w)
        elif high:
            starts = []
        else:
            return
        combos = self.stock_unions(v) if stock_v else _ONLY_EMPTY
        every = self.unions(v) if has_v else _ONLY_EMPTY
        b = vb | MATCH_BITS
        if len(starts) + high == 1:
            # One start gives distinct unions (``every`` is distinct).
            g0 = starts[0] if starts else 1 << (HIGH_SHIFT + SUIT[c])
            _matches(out, b, g0, every, combos)
            return
        # Several starts may reach the same cards: their moves are deduplicated.
        found: list[int] = []
        for g0 in starts:
            _matches(found, b, g0, every, combos)
        if high:
            _matches(found, b, 1 << (HIGH_SHIFT + SUIT[c]), every, combos)
        out += set(found)


def _matches(out: list[int], b: int, g0: int, every: list[int], combos: list[int]) -> None:
    """Append the matching builds ``b`` from the start ``g0`` (the played card with
    some loose cards, as a group) joined by disjoint groups of ``every`` and stockpile
    unions of ``combos``; the start alone is not a stockpile."""
    for g in every:
        if g & g0:
            continue
        u = g | g0
        lb = b | (u >> HIGH_SHIFT) << ACE_SHIFT | (u & MASK52) << LOOSE_SHIFT
        for i in range(0 if g else 1, len(combos)):
            out.append(lb | combos[i])

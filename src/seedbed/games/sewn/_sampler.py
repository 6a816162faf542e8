"""Uniform placement of unknown cards into hidden places under SEWN's constraints.

A *location* is one seat's hidden places of one round: its plants in planting order
(``slots``, each with the 4-bit mask of suits it may hold) and, during the Seed
Phase, its hand (``hand_count`` cards of suits in ``hand_mask``, unordered). A seat
that showed a void in a suit at Seed trick ``t`` cannot have planted that suit at
plant index ``t`` or later and cannot hold it, so the masks are *nested*: each slot's
mask contains the next slot's mask, and every slot's mask contains the hand mask.
A location may already own ``known`` cards (in an unknown order) and may receive
cards of the shared unknown ``pool``, except suits in ``pool_forbid`` (the Harvest
voids of the seat that now holds that Field).

:func:`place` draws uniformly among all placements (bijections of cards to places,
the hand counted as a set) that satisfy every constraint. It first tries rejection
sampling from the unconstrained uniform placement and falls back to an exact
sampler; both are uniform, so the mixture is too.

The exact sampler: for a location holding cards with suit counts ``c``, the number
of valid arrangements has a closed form thanks to nesting (choose the hand among the
eligible cards, then fill slots from the most restrictive, each time among eligible
cards not yet placed). A DP over locations with the remaining pool counts per suit
as state weighs every split of the pool exactly.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from math import comb, perm
from typing import Final

from seedbed.core.cards import CARD_SUIT

_SUIT: Final = CARD_SUIT
REJECTION_TRIES = 200


#: The random bits a draw below n takes, for the small n the sampler draws below
#: (cards, slots): enough for n - 1 (none for n = 1).
_BITS_BELOW: Final = (0, *((n - 1).bit_length() for n in range(1, 64)))
#: Bits taken from the generator at a time: as many as stay a machine int here.
_CHUNK: Final = 60


class Draws:
    """Uniform whole numbers from a ``random.Random``, for the samplers' many small
    draws (a search draws thousands a determinization).

    ``below(n)`` draws as CPython's ``randrange(n)`` does (take as many random bits
    as ``n - 1`` has, again while the number is ``n`` or more), so every draw is
    exactly uniform; only the bits come from one ``getrandbits(60)`` call per ten or
    so draws, lowest bits first, instead of one call each (a call into the generator
    cost more than the rest of a draw). The draws depend on nothing but the
    generator's state:

    >>> draws, bits = Draws(random.Random(5)), random.Random(5).getrandbits(60)
    >>> [draws.below(8) for _ in range(4)] == [bits >> 3 * i & 7 for i in range(4)]
    True
    >>> a, b = Draws(random.Random(1)), Draws(random.Random(1))
    >>> [a.below(n) for n in range(1, 60)] == [b.below(n) for n in range(1, 60)]
    True
    >>> sorted({a.below(6) for _ in range(200)})
    [0, 1, 2, 3, 4, 5]
    >>> a.below(3**50) < 3**50  # larger than a chunk: its own getrandbits call
    True
    """

    __slots__ = ("_bits", "_left", "_rng")

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._bits = 0
        self._left = 0

    def below(self, n: int) -> int:
        """A uniform whole number in ``[0, n)``, ``n >= 1``."""
        if n >= 64:
            k = (n - 1).bit_length()
            if k > _CHUNK:
                r: int = self._rng.getrandbits(k)
                while r >= n:
                    r = self._rng.getrandbits(k)
                return r
        else:
            k = _BITS_BELOW[n]
        mask = (1 << k) - 1
        while True:
            if self._left < k:  # too few bits left: drop them (still uniform), refill
                self._bits = self._rng.getrandbits(_CHUNK)
                self._left = _CHUNK
            r = self._bits & mask
            self._bits >>= k
            self._left -= k
            if r < n:
                return r

    def shuffle(self, x: list[int]) -> None:
        """Shuffle ``x`` in place uniformly (Fisher-Yates, as ``random.shuffle``).

        >>> deck = list(range(52))
        >>> Draws(random.Random(7)).shuffle(deck)
        >>> sorted(deck) == list(range(52)) and deck != list(range(52))
        True
        """
        for i in range(len(x) - 1, 0, -1):
            j = self.below(i + 1)
            x[i], x[j] = x[j], x[i]


@dataclass
class Location:
    """One seat's hidden places in one round; see the module docstring."""

    slots: list[int]
    known: list[int] = field(default_factory=list)
    pool_ok: bool = True
    pool_forbid: int = 0
    hand_count: int = 0
    hand_mask: int = 0

    @property
    def size(self) -> int:
        return len(self.slots) + self.hand_count

    @property
    def need(self) -> int:
        """How many cards of the pool this location receives."""
        return self.size - len(self.known)


def place(
    locations: Sequence[Location], pool: Sequence[int], rng: random.Random
) -> list[list[int]]:
    """A uniform consistent placement: for each location, its slot cards in order
    followed by its hand cards (ascending).

    ``pool`` and every ``known`` list must be in a canonical order (sorted) so the
    result depends only on the constraints and ``rng``. Raises ``ValueError`` if no
    placement exists.
    """
    return Problem(locations, pool).draw(Draws(rng))


class Problem:
    """One placement problem, prepared once and drawn from many times (a search draws
    the same seat's determinizations thousands of times): the checks, the choice
    between rejection and the exact sampler, and the exact sampler's counts depend on
    the constraints alone, so only the draws are left to :meth:`draw`, which takes
    exactly the random numbers :func:`place` would."""

    __slots__ = ("_exact", "locations", "pool", "tries")

    def __init__(self, locations: Sequence[Location], pool: Sequence[int]) -> None:
        _check(locations, pool)
        self.locations = locations
        self.pool = pool
        self.tries = REJECTION_TRIES if _acceptance_estimate(locations, pool) > 0.002 else 0
        self._exact: _Exact | None = None

    def draw(self, rng: Draws) -> list[list[int]]:
        """A uniform consistent placement (see :func:`place`)."""
        locations = self.locations
        pool = self.pool
        for _ in range(self.tries):
            out = _propose(locations, pool, rng)
            if out is not None:
                return out
        if self._exact is None:
            self._exact = _Exact(locations, pool)
        return self._exact.draw(rng)


def _check(locations: Sequence[Location], pool: Sequence[int]) -> None:
    """``ValueError`` unless the locations are well formed and take the whole pool."""
    total_need = 0
    for loc in locations:
        if loc.need < 0 or (loc.need and not loc.pool_ok):
            raise ValueError("location sizes do not match its known cards")
        masks = [*loc.slots, loc.hand_mask] if loc.hand_count else loc.slots
        for a, b in itertools.pairwise(masks):
            if b & ~a:
                raise ValueError("slot masks must be nested")
        total_need += loc.need
    if total_need != len(pool):
        raise ValueError(f"{len(pool)} unknown cards for {total_need} open places")


def _acceptance_estimate(locations: Sequence[Location], pool: Sequence[int]) -> float:
    """A rough chance that a suit-blind placement of the pool fits (each open place
    taken independently). It decides only whether rejection is worth trying; it
    depends on the constraints alone, so either way the draw stays uniform."""
    n = len(pool)
    if not n:
        return 1.0
    counts = [0, 0, 0, 0]
    for c in pool:
        counts[_SUIT[c]] += 1
    est = 1.0
    for loc in locations:
        if not loc.need:
            continue
        ok = [0 if loc.pool_forbid >> s & 1 else counts[s] for s in range(4)]
        masks = [*loc.slots, *([loc.hand_mask] * loc.hand_count)]
        share = loc.need / len(masks)
        for m in masks:
            fit = sum(ok[s] for s in range(4) if m >> s & 1) / n
            est *= fit**share
    return est


def _propose(
    locations: Sequence[Location], pool: Sequence[int], rng: Draws
) -> list[list[int]] | None:
    """One uniform placement ignoring suits; ``None`` if it breaks a suit rule."""
    deck = list(pool)
    rng.shuffle(deck)
    pos = 0
    out = []
    for loc in locations:
        need = loc.need
        take = deck[pos : pos + need]
        pos += need
        forbid = loc.pool_forbid
        if forbid:
            for c in take:
                if forbid >> _SUIT[c] & 1:
                    return None
        items = loc.known + take
        rng.shuffle(items)
        n = len(loc.slots)
        for c, mask in zip(items, loc.slots, strict=False):
            if not mask >> _SUIT[c] & 1:
                return None
        hand = items[n:]
        if hand:
            hm = loc.hand_mask
            for c in hand:
                if not hm >> _SUIT[c] & 1:
                    return None
            hand.sort()
        out.append(items[:n] + hand)
    return out


Bits = tuple[int, int, int, int]


def _bits(mask: int) -> Bits:
    return (mask & 1, mask >> 1 & 1, mask >> 2 & 1, mask >> 3 & 1)


def _shape(loc: Location) -> tuple[int, Bits, list[tuple[Bits, int]]]:
    """The hand size, the hand's suit bits and the runs of equal slot masks from the
    last (most restrictive) slot to the first: what :func:`_ways` needs."""
    runs: list[tuple[Bits, int]] = []
    prev = -1
    for mask in reversed(loc.slots):
        if mask == prev:
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((_bits(mask), 1))
            prev = mask
    return loc.hand_count, _bits(loc.hand_mask), runs


def _ways(shape: tuple[int, Bits, list[tuple[Bits, int]]], counts: Sequence[int]) -> int:
    """Arrangements of a card set with suit ``counts`` into a location (0 if none):
    choose the hand among the eligible cards, then fill each run of equal slots, most
    restrictive first, from the eligible cards not yet placed."""
    c0, c1, c2, c3 = counts
    hand_count, hb, runs = shape
    placed = 0
    w = 1
    if hand_count:
        e = c0 * hb[0] + c1 * hb[1] + c2 * hb[2] + c3 * hb[3]
        if e < hand_count:
            return 0
        w = comb(e, hand_count)
        placed = hand_count
    for (b0, b1, b2, b3), k in runs:
        e = c0 * b0 + c1 * b1 + c2 * b2 + c3 * b3 - placed
        if e < k:
            return 0
        w *= perm(e, k)
        placed += k
    return w


def _rows(need: int, limits: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Suit-count vectors summing to ``need`` with part s <= limits[s]."""
    l0, l1, l2, l3 = limits
    for a in range(min(l0, need) + 1):
        r1 = need - a
        for b in range(min(l1, r1) + 1):
            r2 = r1 - b
            for c in range(min(l2, r2) + 1):
                d = r2 - c
                if d <= l3:
                    yield (a, b, c, d)


class _Exact:
    """The exact sampler of one problem: a DP over the locations (in the order below)
    with the pool's remaining suit counts as state counts the complete placements of
    each split; :meth:`draw` then picks each location's split by its weight and
    arranges its cards. The counts (and each state's weighted splits) are kept, so a
    second draw only draws."""

    __slots__ = (
        "_options",
        "caps",
        "known_counts",
        "locations",
        "memo",
        "order",
        "pool",
        "shapes",
        "start",
    )

    def __init__(self, all_locations: Sequence[Location], pool: Sequence[int]) -> None:
        # The DP enumerates the splits of every location but the last, whose share is
        # forced; it is fastest with the least constrained location last. The order
        # depends only on the constraints, so the draw stays a function of them and rng.
        self.order = sorted(range(len(all_locations)), key=lambda i: _freedom(all_locations[i]))
        locations = [all_locations[i] for i in self.order]
        self.locations = locations
        known_counts = []
        caps = []
        for loc in locations:
            kc = [0, 0, 0, 0]
            for c in loc.known:
                kc[_SUIT[c]] += 1
            known_counts.append(kc)
            # How many cards of each suit the location could hold at most, minus known.
            room = []
            for s in range(4):
                if not loc.pool_ok or loc.pool_forbid >> s & 1:
                    room.append(0)
                    continue
                n = sum(1 for m in loc.slots if m >> s & 1)
                if loc.hand_mask >> s & 1:
                    n += loc.hand_count
                room.append(max(0, n - kc[s]))
            caps.append(room)
        self.known_counts = known_counts
        self.caps = caps
        self.shapes = [_shape(loc) for loc in locations]
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self._options: dict[tuple[int, tuple[int, ...]], list[tuple[tuple[int, ...], int]]] = {}
        start = [0, 0, 0, 0]
        for c in pool:
            start[_SUIT[c]] += 1
        self.start = tuple(start)
        self.pool = list(pool)
        if not self.count(0, self.start):
            raise ValueError("no placement of the unknown cards fits what this player saw")

    def options(self, li: int, rem: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        """Location ``li``'s possible suit counts from the remaining pool ``rem``, each
        with the number of complete placements it leaves."""
        got = self._options.get((li, rem))
        if got is not None:
            return got
        loc = self.locations[li]
        kc = self.known_counts[li]
        caps = self.caps[li]
        need = loc.need
        if li == len(self.locations) - 1:
            rows: Iterator[tuple[int, ...]] | list[tuple[int, ...]] = (
                [rem] if all(r <= c for r, c in zip(rem, caps, strict=True)) else []
            )
        else:
            rows = _rows(need, [min(r, c) for r, c in zip(rem, caps, strict=True)])
        out = []
        for row in rows:
            w = _ways(
                self.shapes[li], (kc[0] + row[0], kc[1] + row[1], kc[2] + row[2], kc[3] + row[3])
            )
            if not w:
                continue
            rest = (rem[0] - row[0], rem[1] - row[1], rem[2] - row[2], rem[3] - row[3])
            sub = self.count(li + 1, rest)
            if not sub:
                continue
            w *= comb(rem[0], row[0]) * comb(rem[1], row[1])
            w *= comb(rem[2], row[2]) * comb(rem[3], row[3])
            out.append((row, w * sub))
        self._options[(li, rem)] = out
        return out

    def count(self, li: int, rem: tuple[int, ...]) -> int:
        """The complete placements of the pool's remaining ``rem`` into locations
        ``li`` and after."""
        if li == len(self.locations):
            return 1 if not any(rem) else 0
        key = (li, rem)
        got = self.memo.get(key)
        if got is None:
            got = sum(w for _, w in self.options(li, rem))
            self.memo[key] = got
        return got

    def draw(self, rng: Draws) -> list[list[int]]:
        pool = self.pool
        by_suit = [[c for c in pool if _SUIT[c] == s] for s in range(4)]
        for cards in by_suit:
            rng.shuffle(cards)
        rem = self.start
        placed = []
        for li, loc in enumerate(self.locations):
            opts = self.options(li, rem)
            r = rng.below(sum(w for _, w in opts))
            row = opts[-1][0]
            for option, w in opts:
                if r < w:
                    row = option
                    break
                r -= w
            cards = list(loc.known)
            for s in range(4):
                cards.extend(by_suit[s][: row[s]])
                del by_suit[s][: row[s]]
            rem = (rem[0] - row[0], rem[1] - row[1], rem[2] - row[2], rem[3] - row[3])
            placed.append(arrange(loc, cards, rng))
        out: list[list[int]] = [[] for _ in self.order]
        for i, cards in zip(self.order, placed, strict=True):
            out[i] = cards
        return out


def _freedom(loc: Location) -> int:
    """How many suits the location's places accept in all (a rough size of its rows)."""
    if not loc.pool_ok or not loc.need:
        return -1
    per_slot = sum(bin(m & ~loc.pool_forbid & 15).count("1") for m in loc.slots)
    return per_slot + loc.hand_count * bin(loc.hand_mask & ~loc.pool_forbid & 15).count("1")


def arrange(loc: Location, cards: list[int], rng: Draws) -> list[int]:
    """A uniform valid arrangement of ``cards`` into ``loc``: hand first (a uniform
    subset of the eligible cards), then slots from the most restrictive."""
    left = sorted(cards)
    suits = 0
    for c in left:
        suits |= 1 << _SUIT[c]
    slot_masks = loc.slots
    if not loc.hand_count and (not slot_masks or slot_masks[-1] & suits == suits):
        # Every card fits every slot (the last slot's mask is the smallest): each
        # slot, last first, takes a uniform card of those left; the same draws as below.
        slots = [0] * len(slot_masks)
        for i in range(len(slot_masks) - 1, -1, -1):
            slots[i] = left.pop(rng.below(len(left)))
        return slots
    hand: list[int] = []
    if loc.hand_count:
        m = loc.hand_mask
        eligible = [c for c in left if m >> _SUIT[c] & 1]
        rng.shuffle(eligible)
        hand = sorted(eligible[: loc.hand_count])
        for c in hand:
            left.remove(c)
    slots = [0] * len(loc.slots)
    for i in range(len(loc.slots) - 1, -1, -1):
        m = loc.slots[i]
        eligible = [c for c in left if m >> _SUIT[c] & 1]
        c = eligible[rng.below(len(eligible))]
        slots[i] = c
        left.remove(c)
    return slots + hand

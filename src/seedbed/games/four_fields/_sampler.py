"""Dealing the cards a seat cannot see, for :func:`.views.resample`: uniformly among
the deals in which every opponent holds what it is known to hold."""

from __future__ import annotations

import random
from math import comb

from seedbed.core.cards import mask_of

from .rules import NUM


def _cut(cards: list[int], sizes: list[int]) -> list[int]:
    """``cards`` cut into consecutive hands of ``sizes`` cards, as card sets."""
    out = []
    pos = 0
    for k in sizes:
        out.append(mask_of(cards[pos : pos + k]))
        pos += k
    return out


def deal_constrained(
    pool: list[int], sizes: list[int], needs: list[int], rng: random.Random
) -> list[int]:
    """Hands of ``sizes[i]`` cards from ``pool`` (sorted), uniformly at random among the
    deals where hand i holds a card of every rank in the bit set ``needs[i]``.

    Cards of one rank are interchangeable for the constraints, so a dynamic programme
    over "how many cards of each needed rank are left" counts the completions exactly;
    each hand's rank profile is drawn with probability proportional to its completions,
    then the actual cards uniformly within the profile.
    """
    if not any(needs):
        cards = list(pool)
        rng.shuffle(cards)
        return _cut(cards, sizes)
    ranks = sorted({r for need in needs for r in range(1, 14) if need >> r & 1})
    by_rank = [[c for c in pool if NUM[c] == r] for r in ranks]
    others = [c for c in pool if NUM[c] not in ranks]
    order = sorted(range(len(sizes)), key=lambda i: needs[i] == 0)  # constrained first
    req = [tuple(needs[i] >> r & 1 for r in ranks) for i in order]
    szs = [sizes[i] for i in order]
    memo: dict[tuple[int, tuple[int, ...], int], int] = {}

    def profiles(
        i: int, counts: tuple[int, ...], other: int
    ) -> list[tuple[tuple[int, ...], int, int]]:
        """(rank counts taken, other cards taken, weight without completions)."""
        res = []
        need = req[i]
        k = len(counts)

        def rec(j: int, left: int, taken: list[int], w: int) -> None:
            if j == k:
                if left <= other:
                    res.append((tuple(taken), left, w * comb(other, left)))
                return
            lo = need[j]
            for x in range(lo, min(counts[j], left) + 1):
                taken.append(x)
                rec(j + 1, left - x, taken, w * comb(counts[j], x))
                taken.pop()

        rec(0, szs[i], [], 1)
        return res

    def ways(i: int, counts: tuple[int, ...], other: int) -> int:
        if i == len(szs):
            return 1
        if not any(req[i]):
            total = sum(counts) + other
            w = 1
            for k in szs[i:]:
                w *= comb(total, k)
                total -= k
            return w
        key = (i, counts, other)
        hit = memo.get(key)
        if hit is not None:
            return hit
        w = 0
        for taken, o, base in profiles(i, counts, other):
            rest = tuple(c - t for c, t in zip(counts, taken, strict=True))
            w += base * ways(i + 1, rest, other - o)
        memo[key] = w
        return w

    counts = tuple(len(b) for b in by_rank)
    other = len(others)
    hands_sorted: list[int] = []
    for i in range(len(szs)):
        if not any(req[i]):
            break
        options = []
        for taken, o, base in profiles(i, counts, other):
            rest = tuple(c - t for c, t in zip(counts, taken, strict=True))
            w = base * ways(i + 1, rest, other - o)
            if w:
                options.append((taken, o, w))
        total = sum(w for _, _, w in options)
        if total == 0:
            raise RuntimeError("no deal satisfies what the player knows")
        pick = rng.randrange(total)
        for option in options:
            if pick < option[2]:
                break
            pick -= option[2]
        taken, o, _ = option
        m = 0
        for j, x in enumerate(taken):
            chosen = rng.sample(by_rank[j], x)
            by_rank[j] = [c for c in by_rank[j] if c not in chosen]
            for c in chosen:
                m |= 1 << c
        chosen = rng.sample(others, o)
        others = [c for c in others if c not in chosen]
        for c in chosen:
            m |= 1 << c
        hands_sorted.append(m)
        counts = tuple(len(b) for b in by_rank)
        other = len(others)
    # The unconstrained hands: a uniform deal of what is left.
    left = sorted([c for b in by_rank for c in b] + others)
    rng.shuffle(left)
    hands_sorted += _cut(left, szs[len(hands_sorted) :])
    out = [0] * len(sizes)
    for slot, i in enumerate(order):
        out[i] = hands_sorted[slot]
    return out

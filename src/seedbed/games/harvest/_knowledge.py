"""Exactly where the cards a player passed may be now, from that player's records alone.

Ruling 5: the passer remembers what they passed. A passed card that has not been seen
since lies with the receiver until the receiver passes; the receiver keeps exactly one
card in the house each turn and passes the rest, so afterwards the card is either the one
kept or went on with the pass (and if the pass went back to the original passer, that
player saw which). This module replays a player's observations (their own log entries
and the public moves) and returns every *world*: a seat for each tracked card, such that
some play of the hidden decisions explains everything the player saw.

Jokers are identical, so a passed Joker is an anonymous item ``52``; when a Joker is seen
leaving a seat, it may have been the tracked one or another hidden Joker.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ._tables import JOKERS, shown_card

DEALT, PASSED = 0, 1
GONE = -1
World = tuple[int, ...]


def _jokers(mask: int) -> int:
    return (mask & JOKERS).bit_count()


def _canonical(worlds: Iterable[list[int]], joker_items: Sequence[int]) -> set[World]:
    out: set[World] = set()
    for w in worlds:
        if len(joker_items) > 1:
            seats = sorted(w[j] for j in joker_items)
            for j, s in zip(joker_items, seats, strict=True):
                w[j] = s
        out.add(tuple(w))
    return out


def passed_card_worlds(
    n: int,
    p: int,
    actions: Sequence[int],
    movers: Sequence[int],
    log: Sequence[tuple[int, int, int, int, int]],
) -> tuple[list[int], list[World]]:
    """``(items, worlds)``: the cards ``p`` passed (``52`` for a Joker), and, sorted, every
    consistent assignment of a seat to each of them (``GONE`` once seen again)."""
    mine = [e for e in log if (e[1] == p if e[0] == DEALT else p in (e[1], e[2]))]
    items: list[int] = []
    alive: dict[int, int] = {}  # standard card -> its item index
    joker_items: list[int] = []
    worlds: set[World] = {()}
    pj = 0  # Jokers in p's hand and house
    vj = 0  # Jokers in the village
    li = 0
    total = len(actions)
    for i in range(total + 1):
        while li < len(mine) and mine[li][4] == i:
            kind = mine[li][0]
            if kind == DEALT:
                if mine[li][2] >= 1:
                    # The round ended without a pass: every seat kept one card only.
                    worlds = {w for w in worlds if _at_most_one_each(w, n)}
                    vj = 0
                pj += _jokers(mine[li][3])
                if joker_items and mine[li][3] & JOKERS:
                    # A Joker dealt to p was not one of those it passed.
                    worlds = {w for w in worlds if _alive_jokers(w, joker_items) <= 2 - pj - vj}
                li += 1
                continue
            group = []
            while li < len(mine) and mine[li][4] == i and mine[li][0] == PASSED:
                group.append(mine[li])
                li += 1
            sent = next(e for e in group if e[1] == p)
            got = next(e for e in group if e[2] == p)
            worlds = _after_pass(
                worlds, items, alive, joker_items, n, p, sent, got, hidden=2 - pj - vj
            )
            pj += _jokers(got[3]) - _jokers(sent[3])
            r = sent[2]
            m = sent[3]
            new = []
            while m:
                low = m & -m
                c = low.bit_length() - 1
                m ^= low
                if c >= 52:
                    joker_items.append(len(items))
                    items.append(52)
                else:
                    alive[c] = len(items)
                    items.append(c)
                new.append(r)
            if new:
                worlds = _canonical((list(w) + new for w in worlds), joker_items)
        if i == total:
            break
        c = shown_card(actions[i])
        if c < 0:
            continue
        q = movers[i]
        if c >= 52:
            if q == p:
                pj -= 1
            else:
                worlds = _joker_seen(worlds, joker_items, q, hidden=2 - pj - vj)
            vj += 1
        elif q != p and c in alive:
            j = alive.pop(c)
            kept = []
            for w in worlds:
                if w[j] == q:
                    lw = list(w)
                    lw[j] = GONE
                    kept.append(lw)
            worlds = _canonical(kept, joker_items)
    return items, sorted(worlds)


def _alive_jokers(w: World, joker_items: Sequence[int]) -> int:
    return sum(1 for j in joker_items if w[j] != GONE)


def _at_most_one_each(w: World, n: int) -> bool:
    counts = [0] * n
    for s in w:
        if s >= 0:
            counts[s] += 1
            if counts[s] > 1:
                return False
    return True


def _joker_seen(worlds: set[World], joker_items: Sequence[int], q: int, hidden: int) -> set[World]:
    """A Joker left seat ``q`` face up: a tracked Joker there, or another hidden one."""
    out: list[list[int]] = []
    for w in worlds:
        alive = [j for j in joker_items if w[j] != GONE]
        at_q = [j for j in alive if w[j] == q]
        if at_q:
            lw = list(w)
            lw[at_q[0]] = GONE
            out.append(lw)
        if hidden - len(alive) >= 1:
            out.append(list(w))
    return _canonical(out, joker_items)


def _after_pass(
    worlds: set[World],
    items: Sequence[int],
    alive: dict[int, int],
    joker_items: Sequence[int],
    n: int,
    p: int,
    sent: tuple[int, int, int, int, int],
    got: tuple[int, int, int, int, int],
    hidden: int,
) -> set[World]:
    off = (sent[2] - p) % n
    size = sent[3].bit_count()
    src = got[1]
    received = got[3]
    back = []
    for c in list(alive):
        if received >> c & 1:
            back.append(alive.pop(c))
    rj = _jokers(received)
    out: list[list[int]] = []
    for w in worlds:
        # Tracked cards that came back to p must have been with the passer to p.
        if any(w[j] != src for j in back):
            continue
        base = list(w)
        for j in back:
            base[j] = GONE
        tracked_j = [j for j in joker_items if base[j] != GONE]
        untracked = hidden - len(tracked_j)
        at_src = [j for j in tracked_j if base[j] == src]
        for t in range(max(0, rj - untracked), min(rj, len(at_src)) + 1):
            start = base[:]
            for j in at_src[:t]:
                start[j] = GONE
            out.extend(_moves(start, n, p, off, size))
    return _canonical(out, joker_items)


def _moves(w: list[int], n: int, p: int, off: int, size: int) -> list[list[int]]:
    """Every way the seats holding tracked cards kept one (or none) and passed the rest."""
    results = [w[:]]
    for q in range(n):
        if q == p:
            continue
        idx = [j for j, s in enumerate(w) if s == q]
        if not idx:
            continue
        r = (q + off) % n
        nxt: list[list[int]] = []
        for cur in results:
            if r == p:
                # p saw the pass: what did not come back was kept.
                if len(idx) <= 1:
                    nxt.append(cur)
                continue
            if len(idx) <= size:
                moved = cur[:]
                for j in idx:
                    moved[j] = r
                nxt.append(moved)
            if len(idx) - 1 <= size:
                for keep in idx:
                    moved = cur[:]
                    for j in idx:
                        if j != keep:
                            moved[j] = r
                    nxt.append(moved)
        results = nxt
    return results


def falling(a: int, k: int) -> int:
    """``a * (a-1) * ... * (a-k+1)``: ways to put ``k`` distinct cards in ``a`` places."""
    out = 1
    for i in range(k):
        out *= a - i
    return max(out, 0)

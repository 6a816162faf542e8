"""What a player knows of the cards it passed: where they may be now.

Ruling 5: the passer remembers what they passed. A passed card that has not been seen
since lies with the receiver until the receiver passes; the receiver keeps exactly one
card in the house each turn and passes the rest, so afterwards the card is either the one
kept or went on with the pass (and if the pass went back to the original passer, that
player saw which). Two records of it:

* :func:`passed_card_worlds`, exact, for resampling: it replays a player's observations
  (their own log entries and the public moves) and returns every *world*: a seat for
  each tracked card, such that some play of the hidden decisions explains everything
  the player saw.
* the *track* (``state.track``, shown in the views as ``tracked``), quick: for each card
  a seat passed and has not seen since, the seats it may have reached. It may name a
  seat the worlds rule out. :func:`sync_track` brings it up to date.

Jokers are identical, so a passed Joker is an anonymous item ``52``; when a Joker is seen
leaving a seat, it may have been the tracked one or another hidden Joker.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

from seedbed.core.cards import JOKER_1, JOKER_2, cards_of, popcount
from seedbed.games.harvest.rules import JOKERS, STANDARD, shown_card

if TYPE_CHECKING:
    from seedbed.games.harvest.engine import HarvestState

#: Log entry kinds (``state.log``).
DEALT: Final = 0
PASSED: Final = 1
#: A tracked card's seat once it has been seen again.
GONE: Final = -1
World = tuple[int, ...]
#: What a seat knew of its passed cards when a state was set up from a position:
#: ``(items, worlds, own Jokers, village Jokers)``: the cards (52 for a Joker) and every
#: world, with the Jokers in the seat's hand and house and in the village then.
Known = tuple[tuple[int, ...], tuple[World, ...], int, int]
J1: Final = 1 << 52


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
    known: Known | None = None,
) -> tuple[list[int], list[World]]:
    """``(items, worlds)``: the cards ``p`` passed (``52`` for a Joker), and, sorted, every
    consistent assignment of a seat to each of them (``GONE`` once seen again). ``known``
    is what ``p`` knew before ``actions`` and ``log`` (a state set up from a position)."""
    mine = [e for e in log if (e[1] == p if e[0] == DEALT else p in (e[1], e[2]))]
    items: list[int] = []
    alive: dict[int, int] = {}  # standard card -> its item index
    joker_items: list[int] = []
    worlds: set[World] = {()}
    pj = 0  # Jokers in p's hand and house
    vj = 0  # Jokers in the village
    if known is not None:
        items = list(known[0])
        for j, c in enumerate(items):
            if c >= 52:
                joker_items.append(j)
            else:
                alive[c] = j
        worlds = set(known[1])
        pj = known[2]
        vj = known[3]
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


def known_worlds(
    items: Sequence[int], worlds: Iterable[World]
) -> tuple[tuple[int, ...], tuple[World, ...]]:
    """``(items, worlds)`` written canonically, keeping only what still matters: the
    items seen again in every world dropped (a standard card once seen is gone in all
    of them; of the Jokers, as many as every world has gone), the items sorted by card
    (Jokers last) and the worlds sorted. Two records that say the same give the same
    answer, and replaying more moves from either gives the same again."""
    rows = [list(w) for w in worlds]
    joker_items = [j for j, c in enumerate(items) if c >= 52]
    gone_jokers = min((sum(1 for j in joker_items if w[j] == GONE) for w in rows), default=0)
    keep = [
        j
        for j, c in enumerate(items)
        if (c >= 52 and joker_items.index(j) >= gone_jokers)
        or (c < 52 and any(w[j] != GONE for w in rows))
    ]
    keep.sort(key=lambda j: (items[j], j))
    kept_items = tuple(items[j] for j in keep)
    kept_jokers = [i for i, c in enumerate(kept_items) if c >= 52]
    out: set[World] = set()
    for w in rows:
        seats = [w[j] for j in keep]
        # Jokers are anonymous: their seats in order, as _canonical writes them.
        for i, seat in zip(kept_jokers, sorted(seats[i] for i in kept_jokers), strict=True):
            seats[i] = seat
        out.add(tuple(seats))
    return kept_items, tuple(sorted(out))


def worlds_of_track(track: dict[int, int]) -> tuple[tuple[int, ...], tuple[World, ...]]:
    """The worlds that a seat's track alone allows (each card with any seat that may
    hold it), written as :func:`known_worlds` writes them."""
    items = tuple(sorted(track))
    worlds: list[list[int]] = [[]]
    for x in items:
        worlds = [w + [q] for w in worlds for q in cards_of(track[x])]
    return known_worlds([52 if x >= 52 else x for x in items], (tuple(w) for w in worlds))


# -- the track: the quick record, updated lazily ----------------------------------------


def sync_track(state: HarvestState) -> None:
    """Replay into ``state._track`` the passes and face-up cards since the last update.

    Only views, information states, resampling, invariant checks and JSON read these
    records, so instead of on every move they are replayed here from what the state
    keeps anyway: the passes in ``log`` and the moves in ``_actions`` (with
    ``movers``), in the order they happened (a pass logged ``at == i`` came after
    action ``i - 1`` and before action ``i``). The result is what updating them on
    every move gave."""
    movers = state.movers
    end = len(movers)
    log = state.log
    nlog = len(log)
    i = state._track_at
    li = state._track_log
    if i == end and li == nlog:
        return
    actions = state._actions
    shift = len(actions) - end  # 0 unless a hand-made state's lists disagree
    while True:
        while li < nlog and log[li][4] <= i:
            if log[li][0] == PASSED:
                li += _track_pass(state, li)
            else:
                li += 1
        if i >= end:
            break
        c = shown_card(actions[i + shift])
        if c >= 0:
            _seen(state, movers[i], J1 if c == 52 else 1 << c)
        i += 1
    state._track_at = end
    state._track_log = li


def _seen(state: HarvestState, p: int, bit: int) -> None:
    """Card ``bit`` was played face up by ``p``: nobody tracks it any more."""
    track = state._track
    if bit & JOKERS:
        for q in range(state.n):
            if q != p and track[q]:
                drop_joker(track[q], p)
        return
    c = bit.bit_length() - 1
    for t in track:
        if t and c in t:
            del t[c]


def _track_pass(state: HarvestState, li: int) -> int:
    """Update the records for the pass logged from ``log[li]`` on (one entry a seat);
    returns the number of entries read."""
    n = state.n
    log = state.log
    first = log[li]
    at = first[4]
    off = (first[2] - first[1]) % n
    sent = [0] * n
    j = li
    while j < len(log) and j - li < n and log[j][0] == PASSED and log[j][4] == at:
        # Logged with the Jokers written canonically: only their number matters here.
        sent[log[j][1]] = log[j][3]
        j += 1
    track = state._track
    for p in range(n):
        t = track[p]
        if t:
            for x, holders in t.items():
                grow = holders
                h = holders
                while h:
                    low = h & -h
                    r = ((low.bit_length() - 1) + off) % n
                    if r != p:
                        grow |= 1 << r
                    h ^= low
                t[x] = grow
            src = (p - off) % n
            got = sent[src]
            if got & JOKERS:
                for _ in range(popcount(got & JOKERS)):
                    drop_joker(t, src)
            got &= STANDARD
            if got:
                for x in list(t):
                    if x < 52 and got >> x & 1:
                        del t[x]
        mine = sent[p]
        if mine:
            r_bit = 1 << ((p + off) % n)
            for x in cards_of(mine & STANDARD):
                t[x] = r_bit
            for _ in range(popcount(mine & JOKERS)):
                t[JOKER_2 if JOKER_1 in t else JOKER_1] = r_bit
    return j - li


def drop_joker(t: dict[int, int], seat: int) -> None:
    """A Joker was seen leaving ``seat``: forget one tracked Joker that may have been
    it (both may: forget one and let the other be with either's seats)."""
    a = t.get(JOKER_1, 0)
    b = t.get(JOKER_2, 0)
    in_a = a >> seat & 1
    in_b = b >> seat & 1
    if not (in_a or in_b):
        return
    if b:
        if in_a and in_b:
            t[JOKER_1] = a | b
        elif in_a:
            t[JOKER_1] = b
        del t[JOKER_2]
    else:
        del t[JOKER_1]


def has_own_records(state: HarvestState, q: int) -> bool:
    """Whether ``state`` holds all of seat ``q``'s records of its deals and passes. It
    does, but for the other seats of a resampled state: their records shrank to what
    the resampling seat saw (and they then know nothing of their passed cards)."""
    known = state._known
    if known is not None and known[q] is None:
        return False
    rounds = set()
    own = set()
    for kind, seat, round_index, _mask, _at in state.log:
        if kind == DEALT:
            rounds.add(round_index)
            if seat == q:
                own.add(round_index)
    return own == rounds

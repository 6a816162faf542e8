"""What each seat sees of a Harvest position, and the states it cannot tell apart.

* :func:`table_view`: the game's part of ``state.view(seat)`` (under ``"table"``):
  every field, the village, the deck size, the round and the pass direction, and for
  a seat its hand, house and the cards it passed and has not seen since.
* :func:`compact_view`: the part a fast policy reads, as ints (``rules.CV_*``).
* :func:`information_state_string`: everything the seat ever saw, for search keys.
* :func:`score_sheet`: each completed field's points, per suit.
* :func:`resample`: a full state the seat cannot tell from the real one.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from seedbed.core.cards import CARD_NAMES, JOKER_1, JOKER_2, SUIT_MASKS, SUIT_NAMES, cards_of
from seedbed.core.protocol import JSON
from seedbed.games.harvest._knowledge import (
    DEALT,
    World,
    falling,
    has_own_records,
    passed_card_worlds,
)
from seedbed.games.harvest.rules import (
    ALL_CARDS,
    ASSIST,
    DISCARD,
    HIDDEN_HOUSE,
    JOKERS,
    NUM_ACTIONS,
    PH_OVER,
    PLAY,
    REQUIRED_STAGE,
    SUIT_BITS,
    VILLAGE,
    action_card,
    direction_name,
    field_points,
    field_value,
    norm_jokers,
    pass_offset,
)

if TYPE_CHECKING:
    from seedbed.games.harvest.engine import HarvestState

J1 = 1 << JOKER_1
J2 = 1 << JOKER_2


def names_of(mask: int) -> list[str]:
    """Card names of a mask, ascending (Jokers last, as ``JK``)."""
    return [CARD_NAMES[c] for c in cards_of(mask)]


def table_view(state: HarvestState, player: int | None) -> JSON:
    """The table as ``player`` knows it (``None``: a spectator)::

        {"round": 1, "turn": 2, "dealer": 3, "pass_direction": "left",
         "pass_to": [1, 2, 3, 0], "passes_made": 1, "deck": 26,
         "village": ["6S", "KC"], "fields": [[["AS"], [], [], []], ...],
         "field_values": [[1, 0, 0, 0], ...], "hand_sizes": [5, 5, 5, 5],
         "house_sizes": [1, 0, 0, 0], "end": None,
         "hand": ["2S", ...], "house": ["7S"], "tracked": [["4S", [1]], ...]}

    ``fields[q][s]`` are the cards of seat ``q``'s field of suit ``s`` (S H D C) in the
    order they were played; ``pass_to[q]`` receives ``q``'s hand at the next pass;
    ``end`` says why the game ended (``"four fields"``, ``"harvest cards"``, ``"no
    deal"``). A seat also sees its ``hand``, ``house`` and ``tracked``: each card it
    passed and has not seen since, with the seats that may hold it now.
    """
    n = state.n
    off = pass_offset(n, state.passes)
    fields = state.fields
    v: JSON = {
        "round": state.round,
        "turn": state.turn,
        "dealer": state.dealer,
        "pass_direction": direction_name(n, off),
        "pass_to": [(q + off) % n for q in range(n)],
        "passes_made": state.passes,
        "deck": len(state.deck),
        "village": names_of(state.village),
        "fields": [[names_of(f & (SUIT_BITS << (13 * s))) for s in range(4)] for f in fields],
        "field_values": [[field_value(f, s) for s in range(4)] for f in fields],
        "hand_sizes": [h.bit_count() for h in state.hands],
        "house_sizes": [h.bit_count() for h in state.houses],
        "end": state.end,
    }
    if player is not None:
        v["hand"] = names_of(state.hands[player])
        v["house"] = names_of(state.houses[player])
        v["tracked"] = [
            [CARD_NAMES[x], cards_of(h)] for x, h in sorted(state.track[player].items())
        ]
    return v


def compact_view(state: HarvestState, player: int) -> tuple[int, ...]:
    """The ints ``rules.CV_*`` name: phase, seat to move, players, whether the village
    counts for end (b), passes made, round, turn, dealer, deck size, village, the
    seat's hand and house, every seat's fields (card sets as bitmasks, Jokers written
    canonically)."""
    return (
        state.phase,
        -1 if state.phase == PH_OVER else state.cur,
        state.n,
        1 if state.table_counts_village else 0,
        state.passes,
        state.round,
        state.turn,
        state.dealer,
        len(state.deck),
        norm_jokers(state.village),
        norm_jokers(state.hands[player]),
        norm_jokers(state.houses[player]),
        *state.fields,
    )


def public_moves(state: HarvestState, player: int | None) -> list[int]:
    """The actions with every house card but ``player``'s own replaced by
    :data:`HIDDEN_HOUSE` (``movers`` holds the seat of each decision)."""
    movers = state.movers
    return [
        HIDDEN_HOUSE if (a < VILLAGE or a == HIDDEN_HOUSE) and movers[i] != player else a
        for i, a in enumerate(state._actions)
    ]


def _own_log(
    log: list[tuple[int, int, int, int, int]], p: int
) -> list[tuple[int, int, int, int, int]]:
    """The deals to ``p`` and the passes ``p`` made or received."""
    return [e for e in log if (e[1] == p if e[0] == DEALT else p in (e[1], e[2]))]


def information_state_string(state: HarvestState, player: int) -> str:
    """Equal exactly when ``player`` cannot tell two states apart: the public table,
    the seat's cards, every move as the seat saw it, its deals and passes (perfect
    recall), quicker to build than the view's JSON."""
    p = player
    nj = norm_jokers
    log = tuple(e[:4] for e in _own_log(state.log, p))
    known = state._known
    return repr(
        (
            p,
            state.phase,
            state.cur,
            state.dealer,
            state.round,
            state.turn,
            state.passes,
            state.end,
            [h.bit_count() for h in state.hands],
            [h.bit_count() for h in state.houses],
            state.fields,
            nj(state.village),
            len(state.deck),
            state.deals,
            nj(state.hands[p]),
            nj(state.houses[p]),
            public_moves(state, p),
            log,
            sorted(state.track[p].items()),
            None if known is None else known[p],
        )
    )


def score_sheet(state: HarvestState, viewer: int | None) -> JSON:
    """Harvest scores a field when it is completed: one entry for each round that has
    ended (and the last one once the game is over), with a line for each field
    completed in it, labelled with its cards (``"spades field AS 6S JS"``), and the
    points it scored for its owner. A state set up from a position knows nothing of
    earlier rounds: the fields complete before it come first, as one entry."""
    n = state.n
    fields = state.fields
    # Where each round began in the action list: the deals of the log (a resampled
    # state keeps the viewer's own deals, one every round).
    starts: list[tuple[int, int]] = []
    for kind, _seat, round_index, _mask, at in state.log:
        if kind == DEALT and (not starts or starts[-1][1] != round_index + 1):
            starts.append((at, round_index + 1))
    if not starts or starts[0][0] > 0:
        starts.insert(0, (0, state.round - len(starts)))
    actions = state._actions
    unexplained = fields[:]  # the complete fields no action here completed
    entries: list[JSON] = []
    for r, (begin, number) in enumerate(starts):
        stop = starts[r + 1][0] if r + 1 < len(starts) else len(actions)
        lines: list[JSON] = []
        for i in range(begin, stop):
            a = actions[i]
            if not (PLAY <= a < DISCARD or ASSIST <= a < NUM_ACTIONS):
                continue
            c = action_card(a)
            if REQUIRED_STAGE[c] == 2:  # a harvest card completes its field
                q = state.movers[i]
                field = fields[q] & SUIT_MASKS[c // 13]
                unexplained[q] &= ~field
                lines.append(_field_line(n, q, field))
        if r + 1 < len(starts) or state.phase == PH_OVER:
            entries.append({"label": f"Round {number}", "lines": lines, "points": _sum(n, lines)})
    lines = [
        _field_line(n, q, f & SUIT_MASKS[s])
        for q, f in enumerate(unexplained)
        for s in range(4)
        if (f & SUIT_MASKS[s]).bit_count() == 3
    ]
    if lines:
        entries.insert(
            0, {"label": "Before this position", "lines": lines, "points": _sum(n, lines)}
        )
    return {"rounds": entries, "total": state.scores_for(viewer)}


def _field_line(n: int, owner: int, field: int) -> JSON:
    """A score sheet line: a completed field's cards and what it scored its owner."""
    suit = (field.bit_length() - 1) // 13
    points = [0] * n
    points[owner] = field_points(field_value(field, suit))
    return {"label": f"{SUIT_NAMES[suit]} field {' '.join(names_of(field))}", "points": points}


def _sum(n: int, lines: list[JSON]) -> list[int]:
    return [sum(line["points"][q] for line in lines) for q in range(n)]


def resample(state: HarvestState, player: int, rng: random.Random) -> HarvestState:
    """Deal every card ``player`` cannot see (other hands and houses, the deck)
    afresh, uniformly among the placements consistent with what ``player`` knows:
    the public hand, house and deck sizes, and each card ``player`` passed and has
    not seen since, which lies with a seat it may have travelled to, jointly
    consistent with every seat keeping one card per turn (see :mod:`._knowledge`).
    Other seats' private records are reduced to what ``player`` saw."""
    p = player
    n = state.n
    s = state.clone()
    s.seed = None
    known = state.hands[p] | state.houses[p] | state.village
    for f in state.fields:
        known |= f
    pool = ALL_CARDS & ~known
    free = [0] * n
    for q in range(n):
        if q != p:
            free[q] = (state.hands[q] | state.houses[q]).bit_count()
    holding = [0] * n
    # The cards p passed and has not seen since: draw one consistent world, each
    # weighted by the number of placements it allows, and seat them there.
    items: list[int] = []
    worlds: list[World] = []
    if has_own_records(state, p):  # not so for another seat of a resampled state
        base = None if state._known is None else state._known[p]
        items, worlds = passed_card_worlds(n, p, state._actions, state.movers, state.log, base)
    if items:
        weights = []
        for w in worlds:
            k = [0] * n
            for seat in w:
                if seat >= 0:
                    k[seat] += 1
            weight = 1
            for q in range(n):
                if k[q]:
                    weight *= falling(free[q], k[q])
            weights.append(weight)
        pick = rng.randrange(sum(weights))
        at = 0
        while pick >= weights[at]:
            pick -= weights[at]
            at += 1
        world = worlds[at]
        jokers = cards_of(pool & JOKERS)
        for c, seat in zip(items, world, strict=True):
            if seat < 0:
                continue
            if c >= 52:
                c = jokers.pop(0)
            pool &= ~(1 << c)
            holding[seat] |= 1 << c
            free[seat] -= 1
    rest = cards_of(pool)
    rng.shuffle(rest)
    i = 0
    for q in range(n):
        if q != p and free[q]:
            for c in rest[i : i + free[q]]:
                holding[q] |= 1 << c
            i += free[q]
    deck = rest[i:]
    for q in range(n):
        if q == p:
            continue
        cards = cards_of(holding[q])
        rng.shuffle(cards)
        house_size = state.houses[q].bit_count()
        house = 0
        for c in cards[:house_size]:
            house |= 1 << c
        s.houses[q] = house
        s.hands[q] = holding[q] ^ house
    s.deck = deck
    s.chance = rng.getrandbits(62)
    _canonical_jokers(s, p)
    s._actions = public_moves(state, p)
    s.log = _own_log(state.log, p)
    s._track = [{} for _ in range(n)]
    s._track[p] = dict(state.track[p])
    s._track_at = len(s.movers)
    s._track_log = len(s.log)
    if state._known is not None:
        s._known = [state._known[q] if q == p else None for q in range(n)]
    return s


def _canonical_jokers(state: HarvestState, p: int) -> None:
    """Renumber the Jokers so that the first one met (own hand, own house, village,
    other seats' hands and houses, deck) is 52: identical cards, canonical ids."""
    places: list[int] = [state.hands[p], state.houses[p], state.village]
    for q in range(state.n):
        if q != p:
            places.append(state.hands[q])
            places.append(state.houses[q])
    first = -1
    for i, m in enumerate(places):
        if m & JOKERS:
            first = i
            break
    if first == -1:
        if JOKER_2 in state.deck and JOKER_1 in state.deck:
            a, b = state.deck.index(JOKER_1), state.deck.index(JOKER_2)
            if b < a:
                state.deck[a], state.deck[b] = JOKER_2, JOKER_1
        elif JOKER_2 in state.deck:
            state.deck[state.deck.index(JOKER_2)] = JOKER_1
        return
    if places[first] & J1:
        return
    # Swap the two Joker ids everywhere.
    state.hands = [_swap_jokers(m) for m in state.hands]
    state.houses = [_swap_jokers(m) for m in state.houses]
    state.village = _swap_jokers(state.village)
    state.deck = [JOKER_2 if c == JOKER_1 else JOKER_1 if c == JOKER_2 else c for c in state.deck]


def _swap_jokers(m: int) -> int:
    j = m & JOKERS
    if j in (J1, J2):
        return m ^ JOKERS
    return m

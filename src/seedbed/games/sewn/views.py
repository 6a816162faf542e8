"""What each seat knows of a SEWN state: the table view, the compact view, the score
sheet, and resampling (a full state the seat cannot tell from the real one).

Views have perfect recall (ruling 9): every trick of every round, the End of Summer
cards, the privileges, trumps and picks; a seat's view adds its own hands, its planted
cards (in order) and the top cards it saw at the Pick. Nothing else of another seat's.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from seedbed.core.cards import CARD_NAMES, FULL_DECK, SUITS, cards_of, mask_of
from seedbed.core.protocol import JSON
from seedbed.games.sewn import _sampler
from seedbed.games.sewn._round import (
    RoundRecord,
    Trick,
    deal_drawn,
    deal_of,
    field_seeds,
    harvest_void_masks,
    is_skipped,
    peeked_fields,
    record_peeked,
    seed_voids,
    with_plants,
)
from seedbed.games.sewn.rules import (
    HARVEST,
    OVER,
    PLANT,
    PLANT_BASE,
    SEAT_NAMES,
    SEED,
    TAKE_TRUMP,
    deal_size,
    decisions_per_round,
    planter_of,
    seeder_of,
)

if TYPE_CHECKING:
    from seedbed.games.sewn.engine import SewnState


# -- the table view -------------------------------------------------------------------
def table_view(st: SewnState, p: int | None) -> JSON:
    """The ``table`` part of ``view(p)``: the round in play, every round so far, the
    hands, the Fields, the trick in progress and the last finished trick."""
    trick: JSON | None = None
    if st.phase == SEED or st.phase == HARVEST:
        trick = {"leader": st.leader, "cards": _by_seat(st.leader, st.trick)}
    rounds = [round_view(rec, st.deals[i], p) for i, rec in enumerate(st.records())]
    return {
        "round": st.round,
        "rounds": rounds,
        "hand": None if p is None else [CARD_NAMES[c] for c in cards_of(st.hands[p])],
        "hand_sizes": [h.bit_count() for h in st.hands],
        "fields": fields_view(st, p),
        "trick": trick,
        "last_trick": last_trick(st),
    }


def _by_seat(leader: int, cards: tuple[int, ...]) -> list[str | None]:
    """The cards of a trick (in play order from ``leader``) by seat, ``None`` where a
    seat has not played yet."""
    n = len(cards)
    return [CARD_NAMES[cards[(q - leader) & 3]] if (q - leader) & 3 < n else None for q in range(4)]


def _trick_view(t: Trick) -> JSON:
    return {"leader": t[0], "cards": [CARD_NAMES[c] for c in t[1]], "winner": t[2]}


def round_view(rec: RoundRecord, dealt: tuple[int, ...], p: int | None) -> JSON:
    """One round as seat ``p`` saw it (``None``: the public part only)."""
    v: JSON = {
        "dealer": rec.dealer,
        "seed_tricks": [_trick_view(t) for t in rec.seed_tricks],
        "plant_counts": [len(x) for x in rec.plants],
        "end_of_summer": None if rec.eos is None else [CARD_NAMES[c] for c in rec.eos],
        "season_winner": None if rec.season_winner < 0 else rec.season_winner,
        "runner_up": None if rec.runner_up < 0 else rec.runner_up,
        "trump_holder": None if rec.trump_holder < 0 else rec.trump_holder,
        "first_pick": None if rec.first_picker < 0 else rec.first_picker,
        "trump": None if rec.trump < 0 else SUITS[rec.trump],
        "picks": [{"seat": q, "field": f} for q, f in rec.picks],
        "harvest_tricks": [_trick_view(t) for t in rec.harvest_tricks],
        "won": list(rec.won),
    }
    if p is not None:
        v["dealt"] = [CARD_NAMES[c] for c in cards_of(dealt[p])]
        v["planted"] = [CARD_NAMES[c] for c in rec.plants[p]]
        v["peeked"] = {
            SEAT_NAMES[f]: CARD_NAMES[rec.plants[planter_of(f)][-1]] for f in record_peeked(p, rec)
        }
    return v


def fields_view(st: SewnState, p: int | None) -> list[JSON]:
    """Each Field of the round in play as seat ``p`` sees it now: its face-up cards, its
    size, its top card (and whether that is face up), who took it; the planter also
    sees what it planted there."""
    out = []
    taken = {f: q for q, f in st.picks}
    plants = st.plants
    peeked = set() if p is None else set(record_peeked(p, st._record()))
    in_plant = st.phase == PLANT
    for f in range(4):
        planter = planter_of(f)
        seeds = field_seeds(st.seed_tricks, f)
        on_table = f not in taken
        size = (len(seeds) + len(plants[planter])) if on_table else 0
        top: str | None = None
        face = None
        if on_table and size:
            # Planted this step already? Then the top is face down.
            if (in_plant and len(plants[planter]) == len(seeds)) or not in_plant:
                face = "down"
                if p == planter or f in peeked:
                    top = CARD_NAMES[plants[planter][-1]]
            else:
                face = "up"
                top = CARD_NAMES[seeds[-1]]
        entry: JSON = {
            "name": SEAT_NAMES[f],
            "seeded_by": seeder_of(f),
            "planted_by": planter,
            "seeded": [CARD_NAMES[c] for c in seeds],
            "size": size,
            "top": top,
            "top_face": face,
            "taken_by": taken.get(f),
        }
        if p == planter:
            entry["planted"] = [CARD_NAMES[c] for c in plants[planter]]
        out.append(entry)
    return out


def last_trick(st: SewnState) -> JSON | None:
    """The last finished trick of the game (the previous round's last Harvest trick at
    the start of a round), with its round (1-based) and phase; ``None`` before the first."""
    records = st.records()
    for i in range(len(records) - 1, -1, -1):
        rec = records[i]
        for phase, tricks in (("harvest", rec.harvest_tricks), ("seed", rec.seed_tricks)):
            if tricks:
                return {"round": i + 1, "phase": phase, **_trick_view(tricks[-1])}
    return None


# -- the compact view -----------------------------------------------------------------
def compact_view(st: SewnState, p: int) -> tuple[int, ...]:
    """The fast policies' digest of what seat ``p`` knows, in the layout of the ``CV_``
    indices of :mod:`.rules`: the phase, the trump, the hand, the cards played in this
    Harvest, the End of Summer cards, what the seat knows of each Field, and the trick
    in progress (leader and first three cards in play order)."""
    if st.phase == OVER:
        return (OVER, -1, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1)
    harvest_tricks = st.harvest_tricks
    if harvest_tricks is not st._cv_harvest:
        done = 0
        for t in harvest_tricks:
            for c in t[1]:
                done |= 1 << c
        st._cv_harvest = harvest_tricks
        st._cv_played = done
    played = st._cv_played
    trick = st.trick
    if st.phase == HARVEST:
        for c in trick:
            played |= 1 << c
    seed_tricks = st.seed_tricks
    if seed_tricks is not st._cv_seed:
        # Field f shows the seed of seat f + 1 of every Seed trick (cards by seat).
        s0 = s1 = s2 = s3 = 0
        for t in seed_tricks:
            cards = t[1]
            s0 |= 1 << cards[1]
            s1 |= 1 << cards[2]
            s2 |= 1 << cards[3]
            s3 |= 1 << cards[0]
        st._cv_seed = seed_tricks
        st._cv_known = (s0, s1, s2, s3)
    k0, k1, k2, k3 = st._cv_known
    n = len(trick)
    if st.phase == HARVEST:
        # From the last pick to the round's end nothing below changes: keep it, per
        # seat, for the picks it was computed for (a resample, whose plants differ,
        # starts without it).
        picks = st.picks
        if picks is not st._cv_picks:
            st._cv_picks = picks
            st._cv_seats = (None, None, None, None)
        got = st._cv_seats[p]
        if got is None:
            eos, k0, k1, k2, k3 = _seat_digest(st, p, k0, k1, k2, k3)
            got = (eos, k0, k1, k2, k3)
            seats = list(st._cv_seats)
            seats[p] = got
            st._cv_seats = (seats[0], seats[1], seats[2], seats[3])
        # The masks are kept as the int objects the cache holds (``object``: compiled,
        # an ``int`` would be unboxed here and a new 52-bit int allocated for the view),
        # the hand as the one its list holds: a Harvest view allocates only ``played``.
        hands = cast("list[object]", st.hands)
        return cast(
            "tuple[int, ...]",
            (
                HARVEST,
                st.trump,
                hands[p],
                played,
                got[0],
                got[1],
                got[2],
                got[3],
                got[4],
                st.leader,
                trick[0] if n > 0 else -1,
                trick[1] if n > 1 else -1,
                trick[2] if n > 2 else -1,
            ),
        )
    eos, k0, k1, k2, k3 = _seat_digest(st, p, k0, k1, k2, k3)
    return (
        st.phase,
        st.trump,
        st.hands[p],
        played,
        eos,
        k0,
        k1,
        k2,
        k3,
        st.leader,
        trick[0] if n > 0 else -1,
        trick[1] if n > 1 else -1,
        trick[2] if n > 2 else -1,
    )


def _seat_digest(
    st: SewnState, p: int, k0: int, k1: int, k2: int, k3: int
) -> tuple[int, int, int, int, int]:
    """The End of Summer cards and what seat ``p`` knows of each Field: the face-up
    seeds ``k0`` .. ``k3`` plus its own plants and the top cards it saw at the Pick."""
    eos = 0
    if st.eos is not None:
        for c in st.eos:
            eos |= 1 << c
    own = 0
    for c in st.plants[p]:
        own |= 1 << c
    mine = (p + 1) & 3
    k0 |= own if mine == 0 else 0
    k1 |= own if mine == 1 else 0
    k2 |= own if mine == 2 else 0
    k3 |= own if mine == 3 else 0
    for f in peeked_fields(p, st.first_picker, st.trump, st.picks):
        top = 1 << st.plants[(f - 1) & 3][-1]
        if f == 0:
            k0 |= top
        elif f == 1:
            k1 |= top
        elif f == 2:
            k2 |= top
        else:
            k3 |= top
    return (eos, k0, k1, k2, k3)


# -- the score sheet ------------------------------------------------------------------
def score_sheet(st: SewnState, viewer: int | None) -> JSON:
    """Each finished round's Harvest tricks by seat (one point a trick, ruling 10), and
    the totals. Rounds a position skipped appear as one entry of their totals."""
    rounds: list[JSON] = []
    skipped = [i for i, rec in enumerate(st.past) if is_skipped(rec)]
    if skipped:
        before = list(st.totals)
        for rec in st.records():
            for q in range(4):
                before[q] -= rec.won[q]
        label = "Round 1" if len(skipped) == 1 else f"Rounds 1-{len(skipped)}"
        rounds.append({"label": label, "lines": [], "points": before})
    for i, rec in enumerate(st.past):
        if is_skipped(rec):
            continue
        won = list(rec.won)
        rounds.append(
            {
                "label": f"Round {i + 1}",
                "lines": [{"label": "Harvest tricks", "points": won}],
                "points": won,
            }
        )
    return {"rounds": rounds, "total": list(st.totals)}


# -- resampling -----------------------------------------------------------------------
def resample(st: SewnState, p: int, rng: random.Random) -> SewnState:
    """A full state that seat ``p`` cannot tell from ``st``: every card ``p`` has not
    seen is placed uniformly among the places that fit all ``p`` saw (the Seed and
    Harvest voids, the top cards ``p`` peeked at, who holds which Field), and the move
    list is rebuilt from the drawn plants, so the state replays from its own deals.
    The rounds to come, which nobody has seen, are dealt afresh.

    Everything that does not depend on ``rng`` (the placement problems, the exact
    sampler's counts, where the plants are in the move list) is a :class:`ResamplePlan` kept
    on ``st`` for the seat and the move number: a search draws the same seat's
    determinizations from one state thousands of times, and each draw only draws."""
    plan = st._resample_plan
    if plan is None or plan.seat != p or plan.moves != len(st._actions):
        plan = ResamplePlan(st, p)
        st._resample_plan = plan
    out = st.clone()
    out.seed = None
    out._chance = None  # the rounds to come are drawn below, from no key
    out._cv_picks = None  # the seats' digests depend on the plants, drawn anew
    draws = _sampler.Draws(rng)
    new_past = []
    for rec, finished in zip(st.past, plan.finished, strict=True):
        if finished is None:  # a round a position skipped
            new_past.append(rec)
            continue
        new = list(rec.plants)
        for q, loc, top in finished:
            order = _sampler.arrange(loc, loc.known, draws)
            new[q] = tuple(order) if top is None else (*order, top)
        new_past.append(with_plants(rec, tuple(new)))
    # A finished round's deal does not depend on the order of its plants.
    deals = list(st.deals[: len(st.past)])
    problem = plan.problem
    if problem is None:
        # The finished game keeps its last round in the live fields too.
        out.plants = list(new_past[-1].plants)
    elif plan.seed_phase:
        placed = problem.draw(draws)
        plant_list = list(st.plants)
        hands = list(st.hands)
        for q, n, cards in zip(plan.seats, plan.slot_counts, placed, strict=False):
            plant_list[q] = tuple(cards[:n])
            hands[q] = mask_of(cards[n:])
        out.plants = plant_list
        out.hands = hands
        extra = plan.in_trick
        hand_part = tuple(hands[q] | extra[q] for q in range(4))
        deals.append(deal_of(st.seed_tricks, plant_list, st.eos, hand_part))
    else:
        placed = problem.draw(draws)
        new_plants = list(st.plants)
        fixed_top = plan.fixed_top
        # A last location of undealt cards (if any) has no planter: its cards stay out.
        for q, placed_cards in zip(plan.seats, placed, strict=False):
            top_card = fixed_top.get(q)
            new_plants[q] = tuple(placed_cards) if top_card is None else (*placed_cards, top_card)
        hands = [0, 0, 0, 0]
        for q, f, seeds, played in plan.holders:
            hands[q] = (seeds | mask_of(new_plants[planter_of(f)])) & ~played
        out.plants = new_plants
        out.hands = hands
        deals.append(deal_of(st.seed_tricks, new_plants, st.eos, (0, 0, 0, 0)))
    # Dealt now, not when play reaches them: a search playout ends with the move that
    # ends the round, which deals the next one.
    size = deal_size(st.seed_count)
    while len(deals) < plan.rounds:
        deals.append(deal_drawn(draws, 0, size))
    out.past = tuple(new_past)
    out.deals = tuple(deals)
    actions = list(st._actions)
    live = out.plants
    for r, q, where, which in plan.plant_moves:
        planted = (new_past[r].plants if r < len(new_past) else live)[q]
        for i in range(len(where)):
            actions[where[i]] = PLANT_BASE + planted[which[i]]
    out._actions = actions
    return out


class ResamplePlan:
    """The part of :func:`resample` for seat ``seat`` of a state at move ``moves`` that
    does not depend on the random draws."""

    __slots__ = (
        "finished",
        "fixed_top",
        "holders",
        "in_trick",
        "moves",
        "plant_moves",
        "problem",
        "rounds",
        "seat",
        "seats",
        "seed_phase",
        "slot_counts",
    )

    def __init__(self, st: SewnState, p: int) -> None:
        self.seat = p
        self.moves = len(st._actions)
        self.rounds = int(st.game.option("rounds"))
        #: Per finished round (``None``: skipped by a position): (planter, its plants
        #: as a location of known cards, the top card ``p`` saw or ``None``).
        self.finished = [_finished_problem(rec, p) for rec in st.past]
        self.problem: _sampler.Problem | None = None
        self.seed_phase = st.phase in (SEED, PLANT)
        self.seats: list[int] = []
        self.slot_counts: list[int] = []
        self.in_trick = (0, 0, 0, 0)
        self.fixed_top: dict[int, int] = {}
        self.holders: list[tuple[int, int, int, int]] = []
        if st.phase == OVER:
            pass
        elif self.seed_phase:
            locs, pool = _seed_phase_problem(st, p)
            self.problem = _sampler.Problem(locs, pool)
            self.seats = [q for q in range(4) if q != p]
            self.slot_counts = [len(loc.slots) for loc in locs[:3]]
            if st.phase == SEED:
                by_seat = [0, 0, 0, 0]
                for k, c in enumerate(st.trick):
                    by_seat[(st.leader + k) & 3] = 1 << c
                self.in_trick = (by_seat[0], by_seat[1], by_seat[2], by_seat[3])
        else:
            cur_h = (st.leader, st.trick) if st.phase == HARVEST and st.trick else None
            d = st.deals[st.round - 1]
            undealt = FULL_DECK & ~(d[0] | d[1] | d[2] | d[3])
            locs, planters, fixed_top, pool = after_summer_problem(st._record(), p, cur_h, undealt)
            self.problem = _sampler.Problem(locs, pool)
            self.seats = planters
            self.fixed_top = fixed_top
            played = [0, 0, 0, 0]
            for t in st.harvest_tricks:
                for q in range(4):
                    played[q] |= 1 << t[1][q]
            for k, c in enumerate(st.trick):
                played[(st.leader + k) & 3] |= 1 << c
            self.holders = [
                (q, f, mask_of(field_seeds(st.seed_tricks, f)), played[q]) for q, f in st.picks
            ]
        self.plant_moves = _plant_moves(st)


def _seed_phase_problem(st: SewnState, p: int) -> tuple[list[_sampler.Location], list[int]]:
    """The placement problem of the Seed Phase: the plants and hands of the three other
    seats (in seat order), then the cards left out of the deal if any, and the pool of
    every card ``p`` has not seen."""
    plants = st.plants
    cur_trick = None
    if st.phase == SEED and st.trick:
        cur_trick = (len(st.seed_tricks), st.leader, st.trick)
    voids = seed_voids(st.seed_tricks, cur_trick)
    locs: list[_sampler.Location] = []
    for q in range(4):
        if q == p:
            continue
        hand_mask = sum(1 << s for s in range(4) if voids[q][s] == 7)
        locs.append(
            _sampler.Location(
                _plant_slots(voids[q], len(plants[q])),
                hand_count=st.hands[q].bit_count(),
                hand_mask=hand_mask,
            )
        )
    known = st.hands[p] | mask_of(plants[p])
    for t in st.seed_tricks:
        known |= mask_of(t[1])
    known |= mask_of(st.trick)
    pool = cards_of(FULL_DECK & ~known)
    undealt = len(pool) - sum(loc.need for loc in locs)
    if undealt:  # fewer Seed tricks: the cards left out of the deal, unseen by all
        locs.append(_sampler.Location([], hand_count=undealt, hand_mask=0xF))
    return locs, pool


def _plant_moves(st: SewnState) -> list[tuple[int, int, list[int], list[int]]]:
    """Where the plants are in the move list, by round and planter: (round record,
    planter, the indices of its plant moves, which of its plants each one planted;
    the plant of trick t's j-th planter, clockwise from its winner, is its plant t)."""
    groups: dict[tuple[int, int], tuple[list[int], list[int]]] = {}
    records = st.records()
    # Rounds skipped by a position have empty records and no actions; the moves a
    # position set up come before the move list.
    skipped = sum(1 for rec in st.past if is_skipped(rec))
    prior = st._prior
    per_round = decisions_per_round(st.seed_count)
    for k, a in enumerate(st._actions):
        if PLANT_BASE <= a < TAKE_TRUMP:
            r, m = divmod(prior + k, per_round)
            r += skipped
            t, u = divmod(m, 8)
            q = (records[r].seed_tricks[t][2] + u - 4) & 3
            where, which = groups.setdefault((r, q), ([], []))
            where.append(k)
            which.append(t)
    return [(r, q, where, which) for (r, q), (where, which) in groups.items()]


def _plant_slots(first_void: list[int], n: int) -> list[int]:
    """Suit masks of a planter's first ``n`` plant slots given its Seed voids."""
    return [sum(1 << s for s in range(4) if first_void[s] > i) for i in range(n)]


def after_summer_problem(
    rec: RoundRecord, p: int, cur_harvest: tuple[int, tuple[int, ...]] | None, undealt: int = 0
) -> tuple[list[_sampler.Location], list[int], dict[int, int], list[int]]:
    """The placement problem behind :func:`_resample_after_summer`: one location per
    planter other than ``p`` (in seat order), those planters, the top cards ``p``
    peeked at (fixed), and the pool of unseen planted cards. With cards left out of
    the deal (``undealt``, a mask; fewer Seed tricks) they join the pool and a last
    location (no planter) takes as many: nobody ever sees them."""
    voids = seed_voids(rec.seed_tricks, None)
    hvoids = harvest_void_masks(rec.harvest_tricks, cur_harvest)
    owner = {f: q for q, f in rec.picks}
    played = [0, 0, 0, 0]
    for t in rec.harvest_tricks:
        for q in range(4):
            played[q] |= 1 << t[1][q]
    if cur_harvest is not None:
        leader, cards = cur_harvest
        for k, c in enumerate(cards):
            played[(leader + k) & 3] |= 1 << c
    peeked = set(record_peeked(p, rec))
    locs = []
    planters = []
    fixed_top: dict[int, int] = {}
    pool_mask = 0
    for q in range(4):
        if q == p:
            continue
        f = (q + 1) & 3
        pm = mask_of(rec.plants[q])
        top = None
        if f in peeked:
            top = rec.plants[q][-1]
            fixed_top[q] = top
            pm &= ~(1 << top)
        o = owner.get(f)
        if o == p:
            known = pm
            loc = _sampler.Location([], cards_of(known), pool_ok=False)
        elif o is not None:
            known = pm & played[o]
            loc = _sampler.Location([], cards_of(known), pool_ok=True, pool_forbid=hvoids[o])
        else:
            known = 0
            loc = _sampler.Location([], [], pool_ok=True)
        pool_mask |= pm & ~known
        n = len(rec.plants[q]) - (1 if top is not None else 0)
        loc.slots = _plant_slots(voids[q], n)
        locs.append(loc)
        planters.append(q)
    if undealt:
        locs.append(_sampler.Location([], hand_count=undealt.bit_count(), hand_mask=0xF))
        pool_mask |= undealt
    return locs, planters, fixed_top, cards_of(pool_mask)


def _finished_problem(
    rec: RoundRecord, p: int
) -> list[tuple[int, _sampler.Location, int | None]] | None:
    """The new plant orders of a finished round as a problem: every Field was played
    out, so each planter's set of plants is public; only the order is hidden
    (constrained by the planter's Seed voids and by the top card ``p`` saw at the Pick,
    which stays). ``None`` for a round a position skipped."""
    if is_skipped(rec):
        return None
    voids = seed_voids(rec.seed_tricks, None)
    seen = set(record_peeked(p, rec))
    out = []
    for q in range(4):
        if q == p:
            continue
        plants = rec.plants[q]
        if (q + 1) & 3 not in seen:
            cards, top = list(plants), None
        else:
            cards, top = list(plants[:-1]), plants[-1]
        out.append(
            (q, _sampler.Location(_plant_slots(voids[q], len(cards)), known=sorted(cards)), top)
        )
    return out

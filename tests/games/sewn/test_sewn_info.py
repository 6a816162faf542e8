"""SEWN information: views hide what they must, and resampling is consistent and uniform."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import pytest

from seedbed.core.cards import mask_of, parse_card
from seedbed.games.sewn import SewnGame, SewnState
from seedbed.games.sewn import _sampler as sampler
from seedbed.games.sewn.engine import (
    HARVEST,
    PHASE_NAMES,
    PICK,
    PRIVILEGE,
    SEAT_NAMES,
    SEED,
    seed_voids,
)

GAME = SewnGame()


def replay(state: SewnState) -> SewnState:
    """Replay ``state``'s own action list from its own deals: a legal SEWN history
    replays without an illegal move and reaches the very same state."""
    first = state.past[0].dealer if state.past else state.dealer
    again = SewnState(GAME, None)
    again._start(first, state.deals)
    for a in state.actions():
        again.apply_action(a)
    again.seed = state.seed
    return again


def states_along(seed: int, every: int) -> list[SewnState]:
    rng = random.Random(seed)
    st = GAME.new_state(seed)
    out = []
    k = 0
    while not st.is_terminal():
        if k % every == 0:
            out.append(st.clone())
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
        k += 1
    out.append(st)
    return out


# -- views ---------------------------------------------------------------------------
def _mask(names: list[str] | None) -> int:
    return mask_of(parse_card(n) for n in names or [])


@pytest.mark.parametrize("seed", [3, 4])
def test_compact_view_says_what_the_json_view_says(seed: int) -> None:
    """Every entry of ``compact_view(p)`` (the fast policies' digest) is read off
    ``view(p)`` here, field by field, at every step of random games."""
    for st in states_along(seed, 1):
        for p in range(4):
            v = st.view(p)
            c = st.compact_view(p)
            assert len(c) == 13
            assert c[0] == PHASE_NAMES.index(v["phase"])
            cur = v["current"]
            if cur is None:
                assert c == (6, -1, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1)
                continue
            assert c[1] == (-1 if cur["trump"] is None else "SHDC".index(cur["trump"]))
            assert c[2] == _mask(cur["hand"])
            played = [card for t in cur["harvest_tricks"] for card in t["cards"]]
            trick = cur["trick"]
            leader = trick["leader"]
            in_order = [trick["cards"][(leader + k) & 3] for k in range(4)]
            in_order = [x for x in in_order if x is not None]
            if v["phase"] == "harvest":
                played += in_order
            assert c[3] == _mask(played)
            assert c[4] == _mask(cur["end_of_summer"])
            for f, field in enumerate(cur["fields"]):
                known = list(field["seeded"]) + field.get("planted", [])
                peeked = cur["peeked"].get(SEAT_NAMES[f])
                known += [peeked] if peeked else []
                assert c[5 + f] == _mask(known), (p, f)
            assert c[9] == leader
            assert list(c[10:13]) == [parse_card(x) for x in in_order[:3]] + [-1] * (
                3 - min(3, len(in_order))
            )


def test_view_hides_other_hands_and_plants() -> None:
    """Information: a seat's view holds its own hand and plants, never another's."""
    rng = random.Random(1)
    st = GAME.new_state(3)
    while st.phase != PRIVILEGE:
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    for p in range(4):
        cur = st.view(p)["current"]
        assert cur["planted"] == [st.action_to_string(c) for c in st.plants[p]]
        text = json.dumps(st.view(p))
        for q in range(4):
            if q == p:
                continue
            # The last plant of q is never face up anywhere, so it must not appear.
            assert st.action_to_string(st.plants[q][-1]) not in text.replace('"', " ").split()
    spectator = json.dumps(st.view(None))
    assert '"planted"' not in spectator and '"hand": null' in spectator


def test_views_are_json_and_recall_everything_public() -> None:
    """Ruling 9: views are perfect recall: every trick, End of Summer, privileges."""
    st = states_along(7, 1000)[-1]
    v = st.view(1)
    assert len(v["past_rounds"]) == 4
    for rnd in v["past_rounds"]:
        assert len(rnd["seed_tricks"]) == 6 and len(rnd["harvest_tricks"]) == 12
        assert rnd["trump"] in "SHDC" and rnd["end_of_summer"] is not None
    json.dumps(v)


# -- resampling: consistency -----------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_resample_is_a_legal_sewn_history_with_same_view(seed: int) -> None:
    """Resampling: the state gives p the same view and key, passes the invariants, and
    its own deals and moves replay legally (so voids, peeks and plants are respected)."""
    for st in states_along(seed, 9):
        for p in range(4):
            sample = st.resample_from_infostate(p, random.Random(p))
            assert sample.view(p) == st.view(p)
            assert sample.information_state_string(p) == st.information_state_string(p)
            sample.check_invariants()
            again = replay(sample)
            assert again.to_json() == sample.to_json()


def test_resample_keeps_public_and_own_information() -> None:
    """Resampling keeps p's hand, p's plants, the tops p saw and everything public."""
    rng = random.Random(5)
    st = GAME.new_state(9)
    while st.phase != HARVEST:
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    for p in range(4):
        s = st.resample_from_infostate(p, random.Random(3))
        assert s.hands[p] == st.hands[p]
        assert s.plants[p] == st.plants[p]
        assert s.seed_tricks == st.seed_tricks and s.eos == st.eos and s.picks == st.picks
        for f in st.view(p)["current"]["peeked"]:
            fi = ("South", "East", "North", "West").index(f)
            assert s.plants[(fi - 1) % 4][-1] == st.plants[(fi - 1) % 4][-1]


def test_resample_depends_only_on_the_information_set() -> None:
    """Two states p cannot tell apart give the same resample for the same generator."""
    for st in states_along(4, 23):
        if st.is_terminal():
            continue
        for p in range(4):
            a = st.resample_from_infostate(p, random.Random(11))
            other = st.resample_from_infostate(p, random.Random(12))
            b = other.resample_from_infostate(p, random.Random(11))
            assert a.to_json() == b.to_json()


def test_resample_respects_seed_voids_and_covers_every_consistent_place() -> None:
    """Resampling: a seat that failed to follow a suit holds none of it and planted none
    of it afterwards; over many draws every unknown card shows up in every place where
    some complete consistent deal puts it (decided by the exact counter with the card
    pinned to that place)."""
    rng = random.Random(0)
    st = None
    # Find a Seed Phase state (trick 3, before the lead) where some seat has a void.
    for seed in range(200):
        cand = GAME.new_state(seed)
        while not (cand.phase == SEED and len(cand.seed_tricks) == 3):
            legal = cand.legal_actions()
            cand.apply_action(legal[rng.randrange(len(legal))])
        voids = seed_voids(cand.seed_tricks, None)
        if cand.phase == SEED and any(v < 7 for q in (1, 2, 3) for v in voids[q]):
            st = cand
            break
    assert st is not None
    p = 0
    voids = seed_voids(st.seed_tricks, None)
    known = st.hands[p]
    for t in st.seed_tricks:
        for c in t[1]:
            known |= 1 << c
    for c in st.plants[p]:
        known |= 1 << c
    pool = [c for c in range(52) if not known >> c & 1]
    allowed: set[tuple[int, str, int]] = set()
    for c in pool:
        s = c // 13
        for q in (1, 2, 3):
            if voids[q][s] == 7:
                allowed.add((c, "hand", q))
            for i in range(len(st.plants[q])):
                if voids[q][s] > i:
                    allowed.add((c, f"plant{i}", q))
    # Exact feasibility of each place: the same problem with the card pinned there.
    locs = []
    for q in (1, 2, 3):
        hand_mask = sum(1 << s for s in range(4) if voids[q][s] == 7)
        slots = [sum(1 << s for s in range(4) if voids[q][s] > i) for i in range(3)]
        locs.append(
            sampler.Location(slots, hand_count=st.hands[q].bit_count(), hand_mask=hand_mask)
        )
    feasible = set()
    verdict: dict[tuple[int, str, int], bool] = {}  # cards of a suit are interchangeable
    for c, kind, q in sorted(allowed):
        key = (c // 13, kind, q)
        if key in verdict:
            if verdict[key]:
                feasible.add((c, kind, q))
            continue
        verdict[key] = False
        pinned = [
            sampler.Location(list(loc.slots), hand_count=loc.hand_count, hand_mask=loc.hand_mask)
            for loc in locs
        ]
        mine = pinned[q - 1]
        if kind == "hand":
            mine.hand_count -= 1
            extra = sampler.Location([], [c], pool_ok=False, hand_count=1, hand_mask=mine.hand_mask)
        else:
            i = int(kind[5:])
            extra = sampler.Location([mine.slots.pop(i)], [c], pool_ok=False)
        try:
            sampler._exact([*pinned, extra], [x for x in pool if x != c], random.Random(0))
        except ValueError:
            continue
        verdict[key] = True
        feasible.add((c, kind, q))
    assert len(feasible) > len(allowed) // 2
    seen: set[tuple[int, str, int]] = set()
    draws = random.Random(1)
    for _ in range(800):
        s = st.resample_from_infostate(p, draws)
        for q in (1, 2, 3):
            for c in range(52):
                if s.hands[q] >> c & 1:
                    seen.add((c, "hand", q))
            for i, c in enumerate(s.plants[q]):
                seen.add((c, f"plant{i}", q))
    assert seen <= allowed
    assert seen == feasible


# -- resampling: uniformity of the sampler ---------------------------------------------
def _small_problem() -> tuple[list[sampler.Location], list[int]]:
    # Suits: S=0 H=1 D=2 C=3. Cards: AS(0) AH(13) AD(26) 2D(27) AC(39); known KH(25).
    locs = [
        # Showed a heart void at trick 1: plant 0 any suit, plant 1 and hand no hearts.
        sampler.Location([0b1111, 0b1101], hand_count=1, hand_mask=0b1101),
        # Holds known KH, may not receive diamonds from the pool (a Harvest void).
        sampler.Location([0b1111], known=[25], pool_forbid=0b0100),
        # Void in spades from the start.
        sampler.Location([0b1110], hand_count=1, hand_mask=0b1110),
    ]
    return locs, [0, 13, 26, 27, 39]


def _all_placements(locs: list[sampler.Location], pool: list[int]) -> set[tuple]:
    """Brute force: every bijection of cards to places satisfying every rule."""
    positions = []
    for li, loc in enumerate(locs):
        positions += [(li, "slot", m) for m in loc.slots]
        positions += [(li, "hand", loc.hand_mask)] * loc.hand_count
    cards = pool + [c for loc in locs for c in loc.known]
    out = set()
    for perm in itertools.permutations(cards):
        ok = True
        by_loc: list[list[int]] = [[] for _ in locs]
        hands: list[list[int]] = [[] for _ in locs]
        for c, (li, kind, mask) in zip(perm, positions, strict=True):
            loc = locs[li]
            if not mask >> (c // 13) & 1:
                ok = False
            if c in pool and (loc.pool_forbid >> (c // 13) & 1 or not loc.pool_ok):
                ok = False
            if c not in pool and c not in loc.known:
                ok = False
            (by_loc if kind == "slot" else hands)[li].append(c)
        if ok:
            out.add(tuple(tuple(by_loc[i] + sorted(hands[i])) for i in range(len(locs))))
    return out


@pytest.mark.parametrize("tries", [0, sampler.REJECTION_TRIES])
def test_sampler_is_uniform_over_consistent_placements(
    tries: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Resampling is uniform: on a small case, every consistent placement appears about
    equally often, for the exact sampler (tries=0) and with rejection first."""
    monkeypatch.setattr(sampler, "REJECTION_TRIES", tries)
    locs, pool = _small_problem()
    valid = _all_placements(locs, pool)
    assert len(valid) == 48
    rng = random.Random(42)
    n = 120 * len(valid)
    counts = Counter(tuple(tuple(x) for x in sampler.place(locs, pool, rng)) for _ in range(n))
    assert set(counts) == valid
    for c in counts.values():
        assert 0.55 * 120 < c < 1.45 * 120
    # A loose chi-square bound (df = len(valid) - 1).
    chi2 = sum((c - 120) ** 2 / 120 for c in counts.values())
    assert chi2 < 2 * len(valid) + 40


def test_sampler_rejects_impossible_constraints() -> None:
    """A contradictory information set is an error, not a silent bad state."""
    locs = [sampler.Location([0b0001])]
    with pytest.raises(ValueError):
        sampler.place(locs, [13], random.Random(0))


@pytest.mark.parametrize("phase", [SEED, PICK, HARVEST])
def test_resample_matches_exact_sampler_support(phase: int) -> None:
    """The rejection path and the exact path give legal states in every phase."""
    rng = random.Random(phase)
    st = GAME.new_state(30 + phase)
    while st.phase != phase:
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    for _ in range(10):
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    old = sampler.REJECTION_TRIES
    try:
        sampler.REJECTION_TRIES = 0
        for p in range(4):
            s = st.resample_from_infostate(p, random.Random(p))
            assert s.view(p) == st.view(p)
            assert replay(s).to_json() == s.to_json()
    finally:
        sampler.REJECTION_TRIES = old


def test_resample_in_harvest_covers_every_consistent_field() -> None:
    """Resampling in the Harvest: each unseen card lands only in a Field whose holder
    has not shown a void in its suit and whose planter could have planted it, and over
    many draws it lands in every Field where some complete consistent deal puts it
    (feasibility decided by the exact counter, checked by brute force above)."""
    import copy

    from seedbed.games.sewn.engine import after_summer_problem, field_mask, harvest_void_masks

    rng = random.Random(8)
    st = None
    for seed in range(100):
        cand = GAME.new_state(seed)
        while not (cand.phase == HARVEST and len(cand.harvest_tricks) == 5 and not cand.trick):
            legal = cand.legal_actions()
            cand.apply_action(legal[rng.randrange(len(legal))])
        if any(harvest_void_masks(cand.harvest_tricks, None)):
            st = cand
            break
    assert st is not None
    p = 0
    hv = harvest_void_masks(st.harvest_tricks, None)
    sv = seed_voids(st.seed_tricks, None)
    owner = {f: q for q, f in st.picks}
    view = st.view(p)["current"]
    peeked = {("South", "East", "North", "West").index(f) for f in view["peeked"]}
    played = 0
    for t in st.harvest_tricks:
        for c in t[1]:
            played |= 1 << c
    # A necessary condition, computed from the rules alone.
    loose: set[tuple[int, int]] = set()
    pool = []
    for f in range(4):
        planter = (f - 1) % 4
        if planter == p or owner[f] == p:
            continue
        pool += [
            c
            for c in st.plants[planter]
            if not played >> c & 1 and not (f in peeked and c == st.plants[planter][-1])
        ]
    for c in pool:
        s = c // 13
        for f in range(4):
            planter = (f - 1) % 4
            if planter == p or owner[f] == p or hv[owner[f]] >> s & 1:
                continue
            if any(sv[planter][s] > i for i in range(5 if f in peeked else 6)):
                loose.add((c, f))
    # The exact feasibility of each (card, Field), from the sampler's own problem
    # (the one resample_from_infostate solves; no trick is in progress here).
    locs, _, _, pool_c = after_summer_problem(st._record(), p, None)
    assert sorted(pool_c) == sorted(pool)
    planters = [q for q in range(4) if q != p]
    feasible: set[tuple[int, int]] = set()
    for c in pool_c:
        for i, loc in enumerate(locs):
            if not loc.pool_ok or loc.need == 0 or loc.pool_forbid >> (c // 13) & 1:
                continue
            forced = copy.deepcopy(locs)
            forced[i].known = sorted([*forced[i].known, c])
            try:
                sampler._exact(forced, [x for x in pool_c if x != c], random.Random(0))
            except ValueError:
                continue
            feasible.add((c, (planters[i] + 1) % 4))
    assert feasible <= loose
    seen: set[tuple[int, int]] = set()
    draws = random.Random(2)
    for _ in range(400):
        sample = st.resample_from_infostate(p, draws)
        assert sample.hands[p] == st.hands[p]
        for c in pool:
            for f in range(4):
                if field_mask(sample.seed_tricks, tuple(sample.plants), f) >> c & 1:
                    seen.add((c, f))
    assert seen == feasible
    assert len({f for _, f in feasible}) == 2


def test_plant_order_of_finished_round_is_uniform() -> None:
    """Resampling a finished round draws the hidden plant order uniformly among the
    orders allowed by the planter's Seed voids (here: void in hearts from trick 2 and
    in clubs from trick 4)."""
    masks = [0b1111, 0b1111, 0b1101, 0b1101, 0b0101]
    cards = [0, 13, 14, 26, 39]  # AS, AH, 2H, AD, AC
    loc = sampler.Location(masks, known=cards)
    valid = {
        perm
        for perm in itertools.permutations(cards)
        if all(m >> (c // 13) & 1 for c, m in zip(perm, masks, strict=True))
    }
    assert len(valid) == 8
    rng = random.Random(9)
    counts = Counter(tuple(sampler.arrange(loc, cards, rng)) for _ in range(8 * 300))
    assert set(counts) == valid
    assert all(0.7 * 300 < c < 1.3 * 300 for c in counts.values())


def test_notation_for_hides_other_plants() -> None:
    """Information: a plant is shown in full only to its planter; plays are public."""
    st = GAME.new_state(1)
    assert st.notation_for(52 + 5, 2, 2) == "plant 6S"
    assert st.notation_for(52 + 5, 2, 1) == "plant ?"
    assert st.notation_for(52 + 5, 2, None) == "plant ?"
    assert st.notation_for(5, 2, 1) == "6S"
    assert st.notation_for(112, 3, 0) == "pick North"

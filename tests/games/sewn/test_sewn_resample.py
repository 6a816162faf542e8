"""SEWN resampling: a determinization is a real game that the seat cannot tell from the
true one, drawn uniformly among all deals that fit what the seat saw.

Only the public surface is used: views (the seat's and, in the sample, every other
seat's), positions (reading a sample's position plays it again through the rules) and
the rules' vocabulary. What fits is worked out here from the rules alone: a seat that
did not follow a suit in a Seed trick holds none of it afterwards and cannot have
planted it at that plant step or later.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from seedbed.core.cards import CARD_NAMES
from seedbed.core.protocol import State
from seedbed.games.sewn import SewnGame
from seedbed.games.sewn import rules as R
from seedbed.testing.helpers import states_along

GAME = SewnGame()
SUIT_OF = "SHDC"


def random_until(st: State, done: object, rng: random.Random) -> State:
    while not done(st):  # type: ignore[operator]
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    return st


def table(st: State, seat: int | None) -> dict:
    return st.view(seat)["table"]


def first_voids(rnd: dict) -> list[dict[str, int]]:
    """Per seat, per suit letter, the first Seed trick (0-based) at which the seat did
    not follow that suit (7 if never): read off the round's public tricks."""
    out = [dict.fromkeys(SUIT_OF, 7) for _ in range(4)]
    for i, trick in enumerate(rnd["seed_tricks"]):
        led = trick["cards"][trick["leader"]][1]
        for q in range(4):
            if trick["cards"][q][1] != led:
                out[q][led] = min(out[q][led], i)
    return out


# -- a determinization is a real game the seat cannot tell apart ----------------------
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_resample_is_a_real_game_with_the_same_view(seed: int) -> None:
    """The sample shows the seat the same view, compact view and key, keeps every
    invariant, its position plays again through the rules to the same table, and its
    own moves, played from its first deal, lead there (a legal SEWN history)."""
    for st in states_along(GAME, seed, 9):
        for p in range(4):
            sample = st.resample_from_infostate(p, random.Random(p))
            assert sample.view(p) == st.view(p)
            assert sample.compact_view(p) == st.compact_view(p)
            assert sample.information_state_string(p) == st.information_state_string(p)
            assert sample.actors() == st.actors()
            sample.check_invariants()
            assert GAME.from_position(sample.position()).position() == sample.position()
            assert replay_from_the_first_deal(sample).position() == sample.position()


def test_resample_keeps_the_seats_own_cards_and_what_it_peeked_at() -> None:
    """Resampling keeps the seat's hand, its plants, the tops it saw at the Pick and
    everything public."""
    st = random_until(GAME.new_state(9), lambda s: s.phase_name() == "harvest", random.Random(5))
    for p in range(4):
        sample = st.resample_from_infostate(p, random.Random(3))
        mine, theirs = table(st, p), table(sample, p)
        assert theirs["hand"] == mine["hand"]
        assert theirs["rounds"][-1]["planted"] == mine["rounds"][-1]["planted"]
        for name, top in mine["rounds"][-1]["peeked"].items():
            f = R.SEAT_NAMES.index(name)
            planter = R.planter_of(f)
            assert table(sample, planter)["rounds"][-1]["planted"][-1] == top
        assert table(sample, None) == table(st, None)


def test_resample_depends_only_on_the_information_set() -> None:
    """Two states the seat cannot tell apart give the same sample for the same draws."""
    for st in states_along(GAME, 4, 23):
        if st.is_terminal():
            continue
        for p in range(4):
            a = st.resample_from_infostate(p, random.Random(11))
            other = st.resample_from_infostate(p, random.Random(12))
            b = other.resample_from_infostate(p, random.Random(11))
            assert a.to_json() == b.to_json()


def replay_from_the_first_deal(state: State) -> State:
    """A game set up at the first deal of ``state`` (with its later deals, from its
    position), with ``state``'s moves played."""
    parts = state.position().split()
    deals = [p[len("deal:") :] for p in parts if p.startswith("deal:")]
    for p in parts:
        if p.startswith("deals:"):
            deals += p[len("deals:") :].split(";")
    keys = [p for p in parts if p.startswith("chance:")]
    dealer = next(p for p in parts if p.startswith("dealer:"))
    future = " ".join(keys) if keys else "deals:" + ";".join(deals[1:])
    start = GAME.from_position(f"{future} round:1 {dealer} deal:{deals[0]}")
    for a in state.actions():
        start.apply_action(a)
    return start


# -- what fits, and every place that fits ---------------------------------------------
def _perfect_matching(cards: list[str], places: list[int]) -> bool:
    """Whether every card can go to its own place, a place (a suit mask) taking a card
    of one of its suits (augmenting paths; small sizes)."""
    if len(cards) != len(places):
        return False
    owner: list[int | None] = [None] * len(places)

    def assign(i: int, seen: set[int]) -> bool:
        bit = 1 << SUIT_OF.index(cards[i][1])
        for j, mask in enumerate(places):
            if mask & bit and j not in seen:
                seen.add(j)
                if owner[j] is None or assign(owner[j], seen):  # type: ignore[arg-type]
                    owner[j] = i
                    return True
        return False

    return all(assign(i, set()) for i in range(len(cards)))


def test_resample_respects_seed_voids_and_reaches_every_place_that_fits() -> None:
    """In the Seed Phase a seat that did not follow a suit holds none of it and planted
    none of it at that plant step or later; over many draws every unseen card shows up
    in every place where some complete deal that fits everything puts it."""
    rng = random.Random(0)
    p = R.SOUTH
    st = None
    for seed in range(200):
        cand = random_until(
            GAME.new_state(seed),
            lambda s: (
                s.phase_name() == "seed" and len(table(s, None)["rounds"][-1]["seed_tricks"]) == 3
            ),
            rng,
        )
        voids = first_voids(table(cand, None)["rounds"][-1])
        if any(v < 7 for q in (1, 2, 3) for v in voids[q].values()):
            st = cand
            break
    assert st is not None
    rnd = table(st, p)["rounds"][-1]
    voids = first_voids(rnd)
    seen_cards = set(table(st, p)["hand"]) | set(rnd["planted"])
    seen_cards |= {c for t in rnd["seed_tricks"] for c in t["cards"]}
    unseen = sorted(set(_all_cards()) - seen_cards)
    places: list[tuple[str, int, int]] = []  # (kind, seat, suit mask)
    for q in (1, 2, 3):
        for i in range(3):
            places.append(
                (f"plant{i}", q, sum(1 << s for s in range(4) if voids[q][SUIT_OF[s]] > i))
            )
        hand_mask = sum(1 << s for s in range(4) if voids[q][SUIT_OF[s]] == 7)
        places += [("hand", q, hand_mask)] * len(table(st, q)["hand"])
    allowed = {
        (c, kind, q) for c in unseen for kind, q, mask in places if mask >> SUIT_OF.index(c[1]) & 1
    }
    # Feasible: a complete deal with card c in that place exists (cards of one suit
    # are interchangeable, so one card a suit decides).
    feasible = set()
    verdict: dict[tuple[str, str, int], bool] = {}
    for c, kind, q in sorted(allowed):
        key = (c[1], kind, q)
        if key not in verdict:
            at = places.index(next(x for x in places if x[0] == kind and x[1] == q))
            rest = [m for j, (_, _, m) in enumerate(places) if j != at]
            verdict[key] = _perfect_matching([x for x in unseen if x != c], rest)
        if verdict[key]:
            feasible.add((c, kind, q))
    assert len(feasible) > len(allowed) // 2
    seen = set()
    draws = random.Random(1)
    for _ in range(800):
        sample = st.resample_from_infostate(p, draws)
        for q in (1, 2, 3):
            for c in table(sample, q)["hand"]:
                seen.add((c, "hand", q))
            for i, c in enumerate(table(sample, q)["rounds"][-1]["planted"]):
                seen.add((c, f"plant{i}", q))
    assert seen <= allowed
    assert seen == feasible


def _all_cards() -> list[str]:
    return [r + s for s in SUIT_OF for r in "A23456789TJQK"]


def test_resample_in_the_harvest_puts_unseen_cards_only_where_they_fit() -> None:
    """In the Harvest each unseen card lands in a Field whose planter could have
    planted it then (Seed voids) and whose holder has not shown a void in its suit
    (Harvest voids); over many draws such cards land in more than one Field."""
    rng = random.Random(8)
    p = R.SOUTH
    st = random_until(
        GAME.new_state(3),
        lambda s: (
            s.phase_name() == "harvest"
            and len(table(s, None)["rounds"][-1]["harvest_tricks"]) == 5
            and not any(table(s, None)["trick"]["cards"])
        ),
        rng,
    )
    rnd = table(st, p)["rounds"][-1]
    seed_voids = first_voids(rnd)
    harvest_voids: list[set[str]] = [set() for _ in range(4)]
    played: set[str] = set()
    for trick in rnd["harvest_tricks"]:
        led = trick["cards"][trick["leader"]][1]
        for q in range(4):
            played.add(trick["cards"][q])
            if trick["cards"][q][1] != led:
                harvest_voids[q].add(led)
    holder = {pick["field"]: pick["seat"] for pick in rnd["picks"]}
    peeked = set(rnd["peeked"].values())
    landed: set[int] = set()
    for k in range(300):
        sample = st.resample_from_infostate(p, random.Random(k))
        assert table(sample, p)["hand"] == table(st, p)["hand"]
        for q in range(4):
            if q == p:
                continue
            f = R.planted_field(q)
            for i, c in enumerate(table(sample, q)["rounds"][-1]["planted"]):
                assert seed_voids[q][c[1]] > i, (q, i, c)
                if c not in played and holder[f] != p and c not in peeked:
                    assert c[1] not in harvest_voids[holder[f]]
                    landed.add(f)
    assert len(landed) >= 2


# -- uniform among the deals that fit --------------------------------------------------
def test_resample_at_a_deal_is_uniform() -> None:
    """Before any card is played each unseen card is in each other hand a third of the
    time."""
    st = GAME.new_state(12)
    mine = set(table(st, 0)["hand"])
    counts: Counter[tuple[str, int]] = Counter()
    draws = 300
    for k in range(draws):
        sample = st.resample_from_infostate(0, random.Random(k))
        for q in (1, 2, 3):
            counts.update((c, q) for c in table(sample, q)["hand"])
    unseen = [c for c in _all_cards() if c not in mine]
    expected = draws / 3
    chi2 = sum((counts[(c, q)] - expected) ** 2 / expected for c in unseen for q in (1, 2, 3))
    # 39 cards x 3 seats, 78 degrees of freedom; a generous bound.
    assert chi2 < 78 + 6 * (2 * 78) ** 0.5


def test_plant_order_of_a_finished_round_is_uniform() -> None:
    """After a round every Field has been played out, so each planter's plants are
    public as a set; their order is hidden. Resampling draws it uniformly among the
    orders the planter's Seed voids (and the top card the seat saw) allow: here the
    first plant of each planter, against the exact count over all orders."""
    st = random_until(GAME.new_state(21), lambda s: table(s, None)["round"] == 2, random.Random(4))
    p = R.SOUTH
    first = table(st, p)["rounds"][0]
    voids = first_voids(first)
    peeked = first["peeked"]
    draws = 400
    for q in (1, 2, 3):
        plants = table(st, q)["rounds"][0]["planted"]
        top_fixed = R.SEAT_NAMES[R.planted_field(q)] in peeked
        valid = [
            order
            for order in itertools.permutations(plants)
            if all(voids[q][c[1]] > i for i, c in enumerate(order))
            and (not top_fixed or order[-1] == plants[-1])
        ]
        exact = Counter(order[0] for order in valid)
        got = Counter(
            table(st.resample_from_infostate(p, random.Random(1000 * q + k)), q)["rounds"][0][
                "planted"
            ][0]
            for k in range(draws)
        )
        assert set(got) <= set(exact)
        chi2 = sum(
            (got[c] - draws * n / len(valid)) ** 2 / (draws * n / len(valid))
            for c, n in exact.items()
        )
        df = max(1, len(exact) - 1)
        assert chi2 < df + 6 * (2 * df) ** 0.5, (q, exact, got)


def test_a_position_of_a_later_round_resamples() -> None:
    """A position that starts at round 2 has no record of round 1 (only its scores):
    its determinizations keep that and are real games (a search can start there)."""
    deal = (
        "deal:AD2D3D4D5D6D7D8D9DTDJDQDKD/AS2S3S4S5S6S7S8S9STSJSQSKS/"
        "AC2C3C4C5C6C7C8C9CTCJCQCKC/AH2H3H4H5H6H7H8H9HTHJHQHKH"
    )
    st = GAME.from_position(f"scores:5,3,4,0 round:2 dealer:E {deal}")
    rng = random.Random(3)
    random_until(st, lambda s: s.phase_name() == "harvest", rng)
    for seat in range(4):
        sample = st.resample_from_infostate(seat, rng)
        sample.check_invariants()
        assert sample.view(seat) == st.view(seat)
        assert sample.scores() == st.scores()


def test_repeated_resamples_of_one_state_are_fresh_draws() -> None:
    """A search resamples one state for one seat many times (what does not depend on
    the draw is prepared once): the draws still differ and follow the state when it
    moves on."""
    st = GAME.new_state(12)
    rng = random.Random(4)
    random_until(st, lambda s: s.phase_name() == "plant", rng)
    hands = {tuple(st.resample_from_infostate(0, rng).hands) for _ in range(20)}
    assert len(hands) > 10
    st.apply_action(st.legal_actions()[0])
    for seat in range(4):
        sample = st.resample_from_infostate(seat, rng)
        sample.check_invariants()
        assert sample.view(seat) == st.view(seat)


# -- the rounds to come ---------------------------------------------------------------
def _next_deal(st: State, rng: random.Random) -> tuple[tuple[str, ...], ...]:
    """Play ``st`` (a copy) at random into the next round, checking every invariant on
    the way; the hands then dealt, by seat, as every seat sees its own."""
    st = st.clone()
    now = table(st, None)["round"]
    while table(st, None)["round"] == now:
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
        st.check_invariants()
    return tuple(tuple(table(st, q)["hand"]) for q in range(4))


def test_a_resample_played_past_its_round_deals_a_legal_next_round() -> None:
    """The rounds after the one in play are dealt afresh: when play reaches one, every
    seat gets 13 cards, the four hands are the deck, and the game goes on to its last
    round and ends there, every invariant holding on the way."""
    rng = random.Random(21)
    for st in states_along(GAME, 5, 23):
        if st.is_terminal() or table(st, None)["round"] == R.ROUNDS:
            continue
        for p in range(4):
            sample = st.resample_from_infostate(p, rng)
            hands = _next_deal(sample, random.Random(p))
            assert all(len(h) == 13 for h in hands)
            assert sorted(c for h in hands for c in h) == sorted(CARD_NAMES[:52])
            random_until(sample, lambda s: s.is_terminal(), rng)
            sample.check_invariants()
            assert table(sample, None)["round"] == R.ROUNDS
            assert sum(sample.scores()) == R.ROUNDS * R.HARVEST_TRICKS


def test_the_rounds_to_come_of_a_resample_are_drawn_by_its_rng() -> None:
    """A resample's next deal is the same for the same draws and replays from its
    position and its saved JSON; other draws give other deals, and none leaks the
    real game's."""
    st = random_until(GAME.new_state(8), lambda s: s.phase_name() == "harvest", random.Random(2))
    real = _next_deal(st, random.Random(0))
    for p in range(4):
        deals = []
        for k in range(5):
            sample = st.resample_from_infostate(p, random.Random(k))
            again = st.resample_from_infostate(p, random.Random(k))
            deal = _next_deal(sample, random.Random(0))
            assert _next_deal(again, random.Random(0)) == deal
            assert _next_deal(GAME.state_from_json(sample.to_json()), random.Random(0)) == deal
            replayed = GAME.from_position(sample.position())
            assert _next_deal(replayed, random.Random(0)) == deal
            deals.append(deal)
        assert len(set(deals)) == 5
        assert real not in deals


def test_a_resample_of_the_last_round_has_no_rounds_to_come() -> None:
    """In the last round nothing is to come: the resample's position gives no later
    deals, and it plays to the end of the game."""
    st = random_until(
        GAME.new_state(4), lambda s: table(s, None)["round"] == R.ROUNDS, random.Random(1)
    )
    random_until(st, lambda s: s.phase_name() == "pick", random.Random(1))
    sample = st.resample_from_infostate(0, random.Random(3))
    assert "chance:" not in sample.position() and "deals:" not in sample.position()
    random_until(sample, lambda s: s.is_terminal(), random.Random(4))
    sample.check_invariants()

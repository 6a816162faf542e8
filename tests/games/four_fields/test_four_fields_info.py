"""Four Fields information: views hide the right things; resampling honours what the
player knows (a stockpile's builder keeps a card of its value) and is uniform."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import seedbed
from seedbed.core.cards import CARD_NAMES, CARD_NUMBER, cards_of
from seedbed.games.four_fields import FourFieldsGame, FourFieldsState
from seedbed.games.four_fields.engine import _deal_constrained


def pos(players: int = 2, **kw: Any) -> FourFieldsState:
    game = seedbed.load("four_fields", players=players)
    assert isinstance(game, FourFieldsGame)
    return FourFieldsState.from_position(game, **kw)


def play(s: FourFieldsState, text: str) -> None:
    s.apply_action(s.string_to_action(text))


def test_view_shows_own_hand_only() -> None:
    """Issue 4, "Information": other hands and the draw pile are hidden."""
    s = seedbed.load("four_fields", players=3).new_state(3)
    for p in range(3):
        v = s.view(p)
        assert v["hand"] == [CARD_NAMES[c] for c in cards_of(s._hands[p])]
        text = str(v)
        for q in range(3):
            if q != p:
                for c in cards_of(s._hands[q]):
                    assert f"'{CARD_NAMES[c]}'" not in text
        for c in s._pile:
            assert f"'{CARD_NAMES[c]}'" not in text
    assert s.view(None)["hand"] is None


def test_view_public_parts() -> None:
    """Issue 4: fields with stockpiles (value, kind, builder), seasons, coins, pile size,
    each player's harvest (what they took) are public."""
    s = pos(
        hands=["3C 8D", "4C 6C"],
        fields=["5H", "", "", ""],
        harvested=["2S", "QH"],
        coins=[0, 1],
    )
    play(s, "3C add f0: 5H = 8")
    v = s.view(1)
    assert v["fields"][0]["stockpiles"][0]["builder"] == 0
    assert v["players"][0]["harvest"] == ["2S"]
    assert v["players"][1]["coins"] == 1 and v["coins_on_square"] == 1
    assert v["players"][0]["holds_values"] == [8]
    assert v["history"] == ["3C add f0: 5H = 8"]
    assert [f["season"] for f in v["fields"]] == ["summer", "autumn", "winter", "spring"]


def test_promise_lasts_until_a_card_of_that_value_leaves() -> None:
    """Issue 4: a builder holds a card of the stockpile's value until one leaves the
    hand (an Ace counts for 1 and 14)."""
    s = pos(hands=["3C 8D 8S 2C", "4C 6C 7C 9C"], fields=["5H", "", "", ""], pile="")
    play(s, "3C add f0: 5H = 8")
    assert s._promises[0] == 1 << 8
    play(s, "4C sow f0")
    play(s, "8S sow f2")  # an 8 left the hand: nothing is known any more
    assert s._promises[0] == 0
    s = pos(hands=["3C AD 2S", "4C 6C 7C 9C"], fields=["JH", "", "", ""], pile="")
    play(s, "3C add f0: JH = 14")
    assert s.view(None)["players"][0]["holds_values"] == [1]


def _sample_hands(s: FourFieldsState, p: int, q: int, n: int) -> Counter[frozenset[str]]:
    rng = random.Random(5)
    out: Counter[frozenset[str]] = Counter()
    for _ in range(n):
        r = s.resample_from_infostate(p, rng)
        r.check_invariants()
        assert r.view(p) == s.view(p)
        out[frozenset(CARD_NAMES[c] for c in cards_of(r._hands[q]))] += 1
    return out


def test_resample_honours_stockpile_holdings_uniformly() -> None:
    """Issue 4: resampling deals the unknown cards so that the builder still holds a
    card of the stockpile's value, uniformly among the consistent deals."""
    # Almost every card is harvested; 7 unknown cards: seat 1's 2 and the pile's 5.
    everything = set(CARD_NAMES[:52])
    unknown = ["8S", "8H", "2D", "3D", "4D", "5D", "6D"]
    mine = ["9C", "TC"]
    field = ["5H", "3C"]  # seat 1 built [5H 3C] = 8
    rest = sorted(everything - set(unknown) - set(mine) - set(field))
    s = pos(
        hands=[" ".join(mine), "8S 2D"],
        harvested=[" ".join(rest), ""],
        stockpiles=[(0, "5H 3C", 8, "add", 1)],
        holds=[[], [8]],
        pile="3D 4D 5D 6D 8H",
    )
    s.check_invariants()
    counts = _sample_hands(s, 0, 1, 2200)
    consistent = {
        frozenset(h) for h in combinations(unknown, 2) if any(CARD_NUMBER[_card(c)] == 8 for c in h)
    }
    assert set(counts) == consistent  # 11 hands: 8S or 8H with any other card
    expected = 2200 / len(consistent)
    for k in counts.values():
        assert abs(k - expected) < 5 * expected**0.5


def _card(name: str) -> int:
    return CARD_NAMES.index(name)


def test_resample_two_constrained_opponents() -> None:
    """Issue 4: several builders with known holdings, exact uniform deal."""
    rng = random.Random(1)
    pool = [_card(c) for c in ["8S", "8H", "5D", "5C", "AS", "2D", "3D"]]
    pool.sort()
    seen: Counter[tuple[int, int]] = Counter()
    for _ in range(3000):
        a, b = _deal_constrained(pool, [2, 2], [1 << 8, 1 << 5 | 1 << 1], rng)
        assert any(CARD_NUMBER[c] == 8 for c in cards_of(a))
        assert {CARD_NUMBER[c] for c in cards_of(b)} >= {5, 1}
        seen[(a, b)] += 1
    # Consistent deals: a holds an 8 (2 ways x others), b = {5x, AS}: count exactly.
    deals = set()
    for a in combinations(pool, 2):
        if not any(CARD_NUMBER[c] == 8 for c in a):
            continue
        left = [c for c in pool if c not in a]
        for b in combinations(left, 2):
            if {CARD_NUMBER[c] for c in b} >= {5, 1}:
                deals.add((sum(1 << c for c in a), sum(1 << c for c in b)))
    assert set(seen) == deals
    expected = 3000 / len(deals)
    for k in seen.values():
        assert abs(k - expected) < 5 * expected**0.5


def test_resample_is_a_function_of_the_information_set() -> None:
    """Protocol: two states that seat 0 cannot tell apart resample identically."""
    base = dict(
        fields=["5H", "", "", ""],
        harvested=["", ""],
        stockpiles=[(1, "2H 3H", 5, "add", 1)],
        holds=[[], [5]],
    )
    a = pos(hands=["9C TC", "5S 2D"], pile="3D 4D 6D", **base)
    b = pos(hands=["9C TC", "5S 4D"], pile="6D 2D 3D", **base)
    assert a.information_state_string(0) == b.information_state_string(0)
    ra = a.resample_from_infostate(0, random.Random(3))
    rb = b.resample_from_infostate(0, random.Random(3))
    assert ra.to_json() == rb.to_json()
    assert ra.seed is None


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4), moves=st.integers(0, 120))
def test_resample_consistent_on_random_games(seed: int, players: int, moves: int) -> None:
    """Resampled states keep the player's view, satisfy every invariant (holdings
    included) and play on."""
    game = seedbed.load("four_fields", players=players)
    rng = random.Random(seed)
    s = game.new_state(seed)
    for _ in range(moves):
        if s.is_terminal():
            return
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
    s.legal_actions()  # fill the move cache before resampling
    for p in range(players):
        r = s.resample_from_infostate(p, rng)
        r.check_invariants()
        assert r.view(p) == s.view(p)
        assert r._hands[p] == s._hands[p]
        if s.current_player() == p:
            assert r.legal_actions() == s.legal_actions()
        # The mover's moves come from the resampled hand, not from a stale cache.
        fresh = r.clone()
        fresh._legal = None
        assert r.legal_actions() == fresh.legal_actions()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_information_state_distinguishes_hands(players: int) -> None:
    """The information state changes with the player's own hand."""
    s = seedbed.load("four_fields", players=players).new_state(8)
    p = s.current_player()
    assert p is not None
    t = s.clone()
    q = (p + 1) % players
    # Swap one card between p and q: p sees the difference, a third player does not.
    cp, cq = cards_of(t._hands[p])[0], cards_of(t._hands[q])[0]
    t._hands[p] ^= 1 << cp | 1 << cq
    t._hands[q] ^= 1 << cp | 1 << cq
    assert s.information_state_string(p) != t.information_state_string(p)
    for r in range(players):
        if r not in (p, q):
            assert s.information_state_string(r) == t.information_state_string(r)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4), moves=st.integers(0, 150))
def test_information_state_string_matches_view_equality(
    seed: int, players: int, moves: int
) -> None:
    """The fast information state string is equal exactly when the view is equal."""
    game = seedbed.load("four_fields", players=players)
    rng = random.Random(seed)
    s = game.new_state(seed)
    states = [s.clone()]
    for _ in range(moves):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
        states.append(s.clone())
    last = states[-1]
    candidates = states[-3:] + [last.resample_from_infostate(p, rng) for p in range(players)]
    for p in range(players):
        for a in candidates:
            for b in candidates:
                same_view = a.view(p) == b.view(p)
                same_key = a.information_state_string(p) == b.information_state_string(p)
                assert same_view == same_key

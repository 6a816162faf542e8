"""Hypothesis invariants of Harvest (issue 5 "Tests"): the 54 cards each in exactly one
place, no field with a wrong suit or stage order, views and determinizations sound."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import seedbed
from seedbed.core.cards import SUIT_MASKS
from seedbed.games.harvest._knowledge import passed_card_worlds
from seedbed.games.harvest._tables import REQUIRED_STAGE
from seedbed.testing.conformance import random_moves

CONFIG = st.tuples(st.integers(2, 4), st.sampled_from(["table", "fields"]))


def fields_ok(f: int) -> bool:
    """Each suit's field: an A-5, then a 6-10, then a J-K, nothing else, no Joker."""
    if f >> 52:
        return False
    for s in range(4):
        cards = [c for c in range(52) if (f & SUIT_MASKS[s]) >> c & 1]
        if sorted(REQUIRED_STAGE[c] for c in cards) != list(range(len(cards))):
            return False
    return True


@settings(max_examples=30, deadline=None)
@given(config=CONFIG, seed=st.integers(0, 2**31 - 1))
def test_random_games_keep_every_invariant(config: tuple[int, str], seed: int) -> None:
    players, option = config
    game = seedbed.load("harvest", players=players, harvest_cards_played=option)
    s = game.new_state(seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        s.check_invariants()  # type: ignore[attr-defined]
        assert all(fields_ok(f) for f in s.fields)  # type: ignore[attr-defined]
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
    s.check_invariants()  # type: ignore[attr-defined]
    assert s.end in ("four fields", "harvest cards", "no deal")  # type: ignore[attr-defined]
    assert s.winners() and len(s.scores()) == players


@settings(max_examples=30, deadline=None)
@given(config=CONFIG, seed=st.integers(0, 2**31 - 1), moves=st.integers(0, 400))
def test_determinizations_are_consistent(config: tuple[int, str], seed: int, moves: int) -> None:
    players, option = config
    game = seedbed.load("harvest", players=players, harvest_cards_played=option)
    s = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if s.is_terminal():
            return
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
    for p in range(players):
        r = s.resample_from_infostate(p, random.Random(seed + p))
        r.check_invariants()  # type: ignore[attr-defined]
        assert r.view(p) == s.view(p)
        assert r.legal_actions() == s.legal_actions() or r.current_player() != p
        # every card p tracks lies with one of its possible holders
        for x, holders in s.track[p].items():  # type: ignore[attr-defined]
            bit = 3 << 52 if x >= 52 else 1 << x
            assert any((r.hands[q] | r.houses[q]) & bit for q in range(players) if holders >> q & 1)  # type: ignore[attr-defined]
        # and the sample plays on to the end
        rr = random.Random(seed)
        while not r.is_terminal():
            legal = r.legal_actions()
            r.apply_action(legal[rr.randrange(len(legal))])


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), moves=st.integers(0, 120))
def test_clone_and_json_round_trip(seed: int, moves: int) -> None:
    game = seedbed.load("harvest", players=3)
    s = game.new_state(seed)
    rng = random.Random(seed)
    random_moves(s, rng, moves)
    text = s.to_json()
    assert game.state_from_json(text).to_json() == text
    c = s.clone()
    if not c.is_terminal():
        c.apply_action(c.legal_actions()[0])
        assert s.to_json() == text


@settings(max_examples=40, deadline=None)
@given(config=CONFIG, seed=st.integers(0, 2**31 - 1), moves=st.integers(0, 300))
def test_true_placement_is_among_the_worlds(config: tuple[int, str], seed: int, moves: int) -> None:
    """Ruling 5: the worlds a player's records allow always include the real one."""
    players, option = config
    game = seedbed.load("harvest", players=players, harvest_cards_played=option)
    s = game.new_state(seed)
    rng = random.Random(seed)
    random_moves(s, rng, moves)
    for p in range(players):
        items, worlds = passed_card_worlds(players, p, s._actions, s.movers, s.log)  # type: ignore[attr-defined]
        holding = [s.hands[q] | s.houses[q] for q in range(players)]  # type: ignore[attr-defined]
        joker_seats = sorted(
            q for q in range(players) for j in (52, 53) if q != p and holding[q] >> j & 1
        )

        assert any(_matches(w, items, holding, joker_seats) for w in worlds), (p, items, worlds)


def _matches(
    world: tuple[int, ...], items: list[int], holding: list[int], joker_seats: list[int]
) -> bool:
    """Whether ``world`` is where the passed cards really are (Jokers up to identity)."""
    jokers = []
    for c, seat in zip(items, world, strict=True):
        if seat < 0:
            continue
        if c >= 52:
            jokers.append(seat)
        elif not holding[seat] >> c & 1:
            return False
    left = list(joker_seats)
    for seat in jokers:
        if seat not in left:
            return False
        left.remove(seat)
    return True


@settings(max_examples=15, deadline=None)
@given(config=CONFIG, seed=st.integers(0, 2**31 - 1))
def test_information_state_string_matches_the_view(config: tuple[int, str], seed: int) -> None:
    """protocol: the quick information state string is equal exactly when the view is."""
    players, option = config
    game = seedbed.load("harvest", players=players, harvest_cards_played=option)
    s = game.new_state(seed)
    rng = random.Random(seed)
    pairs: set[tuple[str, str]] = set()
    while not s.is_terminal() and len(pairs) < 400:
        for p in range(players):
            for state in (s, s.resample_from_infostate(p, rng)):
                view = json.dumps(state.view(p), sort_keys=True)
                pairs.add((view, state.information_state_string(p)))
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
    views = {v for v, _ in pairs}
    keys = {k for _, k in pairs}
    assert len(views) == len(keys) == len(pairs)

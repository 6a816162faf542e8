"""Invariants of Harvest under random play (hypothesis): the 54 cards each in exactly
one place, no field with a wrong suit or stage order, determinizations sound, the
exact records of passed cards always allow the real placement."""

from __future__ import annotations

import json
import random

from harvest_cases import harvest, parts, seat_cards
from hypothesis import given, settings
from hypothesis import strategies as st

from seedbed.core.cards import parse_card
from seedbed.core.protocol import State
from seedbed.games.harvest import rules
from seedbed.testing.conformance import random_moves
from seedbed.testing.helpers import table

CONFIG = st.tuples(st.integers(2, 4), st.sampled_from(["table", "fields"]))


def fields_ok(field: list[str]) -> bool:
    """Each suit's field: an A-5, then a 6-10, then a J-K, nothing else, no Joker."""
    if "JK" in field:
        return False
    for suit in "SHDC":
        need = sorted(rules.REQUIRED_STAGE[parse_card(c)] for c in field if c[1] == suit)
        if need != list(range(len(need))):
            return False
    return True


@settings(max_examples=30, deadline=None)
@given(config=CONFIG, seed=st.integers(0, 2**31 - 1))
def test_random_games_keep_every_invariant(config: tuple[int, str], seed: int) -> None:
    players, option = config
    s = harvest(players, option).new_state(seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        s.check_invariants()  # type: ignore[attr-defined]
        assert all(fields_ok(f) for f in seat_cards(s, "fields"))
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
    s.check_invariants()  # type: ignore[attr-defined]
    assert table(s, None)["end"] in ("four fields", "harvest cards", "no deal")
    assert s.winners() and len(s.scores()) == players


def _holders(state: State, card: str) -> set[int]:
    hands, houses = seat_cards(state, "hands"), seat_cards(state, "houses")
    return {q for q in range(len(hands)) if card in hands[q] + houses[q]}


@settings(max_examples=30, deadline=None)
@given(config=CONFIG, seed=st.integers(0, 2**31 - 1), moves=st.integers(0, 400))
def test_determinizations_are_consistent(config: tuple[int, str], seed: int, moves: int) -> None:
    players, option = config
    s = harvest(players, option).new_state(seed)
    random_moves(s, random.Random(seed), moves)
    if s.is_terminal():
        return
    for p in range(players):
        r = s.resample_from_infostate(p, random.Random(seed + p))
        r.check_invariants()  # type: ignore[attr-defined]
        assert r.view(p) == s.view(p)
        assert r.legal_actions() == s.legal_actions() or r.current_player() != p
        # every card p tracks lies with one of its possible holders
        for card, holders in table(s, p)["tracked"]:
            assert _holders(r, card) & set(holders)
        # and the sample plays on to the end
        random_moves(r, random.Random(seed))
        assert r.is_terminal()


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), moves=st.integers(0, 120))
def test_clone_and_json_round_trip(seed: int, moves: int) -> None:
    game = harvest(3)
    s = game.new_state(seed)
    random_moves(s, random.Random(seed), moves)
    text = s.to_json()
    assert game.state_from_json(text).to_json() == text
    c = s.clone()
    if not c.is_terminal():
        c.apply_action(c.legal_actions()[0])
        assert s.to_json() == text


def _worlds(state: State, p: int) -> tuple[list[str], list[str]]:
    """Seat ``p``'s exact worlds as the position writes them (or as its tracked cards
    say, when the position writes none for it)."""
    group = parts(state).get("worlds", "/".join(["-"] * len(state.scores()))).split("/")[p]
    if group == "-":
        tracked = table(state, p)["tracked"]
        items = [c for c, _ in tracked]
        worlds = [""]
        for _, holders in tracked:
            worlds = [w + str(q) for w in worlds for q in holders]
        return items, worlds
    names, _, worlds_text = group.partition(":")
    return names.split("."), worlds_text.split(",")


@settings(max_examples=40, deadline=None)
@given(config=CONFIG, seed=st.integers(0, 2**31 - 1), moves=st.integers(0, 300))
def test_true_placement_is_among_the_worlds(config: tuple[int, str], seed: int, moves: int) -> None:
    """Ruling 5: the worlds a player's records allow always include the real one."""
    players, option = config
    s = harvest(players, option).new_state(seed)
    random_moves(s, random.Random(seed), moves)
    for p in range(players):
        items, worlds = _worlds(s, p)
        joker_seats = sorted(q for q in range(players) if q != p for _ in _jokers(s, q))
        assert any(_matches(items, w, s, joker_seats) for w in worlds), (p, items, worlds)


def _jokers(state: State, q: int) -> list[str]:
    return [c for c in seat_cards(state, "hands")[q] + seat_cards(state, "houses")[q] if c == "JK"]


def _matches(items: list[str], world: str, state: State, joker_seats: list[int]) -> bool:
    """Whether ``world`` is where the passed cards really are (Jokers up to identity)."""
    left = list(joker_seats)
    for card, seat in zip(items, world, strict=True):
        if seat == "x":
            continue
        if card == "JK":
            if int(seat) not in left:
                return False
            left.remove(int(seat))
        elif int(seat) not in _holders(state, card):
            return False
    return True


@settings(max_examples=15, deadline=None)
@given(config=CONFIG, seed=st.integers(0, 2**31 - 1))
def test_the_view_is_a_function_of_the_information_state(
    config: tuple[int, str], seed: int
) -> None:
    """The information state string says everything the seat saw (the view shows the
    table now and the cards the seat passed): equal strings, equal views."""
    players, option = config
    s = harvest(players, option).new_state(seed)
    rng = random.Random(seed)
    seen: dict[str, str] = {}
    while not s.is_terminal() and len(seen) < 400:
        for p in range(players):
            for state in (s, s.resample_from_infostate(p, rng)):
                view = json.dumps(state.view(p), sort_keys=True)
                assert seen.setdefault(state.information_state_string(p), view) == view
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])

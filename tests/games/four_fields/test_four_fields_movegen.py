"""Exactness of move generation: the fast generator equals a brute-force reference.

The reference below follows the rulebook ("Playing a turn") and rulings 3, 4, 5 and 8
literally, from what the player to move sees: it tries every subset of the field,
every Ace value (1 or 14) and every grouping, with none of the engine's tables or
shortcuts.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations, product
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import seedbed
from seedbed.core.cards import CARD_NUMBER, CARD_SUIT, parse_card
from seedbed.core.protocol import State
from seedbed.games.four_fields import rules
from seedbed.games.four_fields.rules import ADD, FULL, HARVEST, MATCH, NO_CARD, SOW, Action

SEASON_SUIT = {"summer": 1, "autumn": 2, "winter": 0, "spring": 3}
Stock = tuple[int, int, int]  # cards, value, kind


def pack(card: int, field: int, kind: int, value: int = 0, high: int = 0, **sets: int) -> int:
    return rules.encode(Action(kind, card, field, value, high, **sets))


T = TypeVar("T")


def subsets(items: list[T]) -> Iterator[tuple[T, ...]]:
    for k in range(len(items) + 1):
        yield from combinations(items, k)


def values_of(c: int) -> tuple[int, ...]:
    n = CARD_NUMBER[c]
    return (1, 14) if n == 1 else (n,)


def assignments(cards: tuple[int, ...]) -> Iterator[dict[int, int]]:
    for vals in product(*(values_of(c) for c in cards)):
        yield dict(zip(cards, vals, strict=True))


def can_partition(cards: list[int], v: int, val: dict[int, int]) -> int:
    """Number of groups in some partition of ``cards`` into groups worth ``v`` (with the
    values in ``val``), preferring more groups; -1 if there is none."""
    if not cards:
        return 0
    first, rest = cards[0], cards[1:]
    best = -1
    for extra in subsets(rest):
        if val[first] + sum(val[c] for c in extra) != v:
            continue
        left = [c for c in rest if c not in extra]
        k = can_partition(left, v, val)
        if k >= 0:
            best = max(best, k + 1)
    return best


def mask(cards: tuple[int, ...] | list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def high_mask(val: dict[int, int]) -> int:
    return sum(1 << CARD_SUIT[c] for c, x in val.items() if x == 14)


def harvest_sets(loose: list[int], stocks: list[Stock], v: int) -> set[tuple[int, int]]:
    out = set()
    same = [st for st in stocks if st[1] == v]
    for taken in subsets(loose):
        if not any(can_partition(list(taken), v, a) >= 0 for a in assignments(taken)):
            continue
        for chosen in subsets(same):
            if taken or chosen:
                out.add((mask(taken), sum(st[0] for st in chosen)))
    return out


def reference(s: State) -> list[int]:
    """Every legal move, from the view of the player to move and the rulebook alone."""
    p = s.current_player()
    assert p is not None
    view = s.view(p)["table"]
    hand = [parse_card(c) for c in view["hand"]]
    full = bool(s.game.option("full_harvest"))
    out: set[int] = set()
    for f, field in enumerate(view["fields"]):
        season = SEASON_SUIT[field["season"]]
        loose = [parse_card(c) for c in field["cards"]]
        stocks: list[Stock] = [
            (
                mask([parse_card(c) for c in x["cards"]]),
                x["value"],
                ADD if x["kind"] == "adding" else MATCH,
            )
            for x in field["stockpiles"]
        ]
        for c in hand:
            if season != rules.AUTUMN:
                out.add(pack(c, f, SOW))
            if season != rules.WINTER:
                for v in values_of(c):
                    for lm, sm in harvest_sets(loose, stocks, v):
                        out.add(pack(c, f, HARVEST, loose=lm, stock=sm))
            if season == rules.SPRING:
                continue
            kept = {x for d in hand if d != c for x in values_of(d)}
            for used in subsets(loose):
                for val in assignments((c, *used)):
                    high = high_mask(val)
                    total = sum(val.values())
                    if used and total <= 14 and total in kept:
                        out.add(pack(c, f, ADD, total, high, loose=mask(used)))
                    for sm, sv, sk in stocks:
                        t = total + sv
                        if sk == ADD and t <= 14 and t in kept:
                            out.add(pack(c, f, ADD, t, high, loose=mask(used), stock=sm))
                    for v in kept:
                        k = can_partition([c, *used], v, val)
                        if k < 0:
                            continue
                        same = [st for st in stocks if st[1] == v]
                        for chosen in subsets(same):
                            if k >= 2 or chosen:
                                sm = sum(st[0] for st in chosen)
                                out.add(pack(c, f, MATCH, v, high, loose=mask(used), stock=sm))
        if full and season != rules.WINTER and len(hand) == 4:
            turners = [c for c in hand if CARD_NUMBER[c] in (1, 11, 12, 13)] or [NO_CARD]
            for val in assignments(tuple(hand)):
                v = sum(val.values())
                if v > 14 or not any(v in values_of(x) for x in loose):
                    continue
                for lm, sm in harvest_sets(loose, stocks, v):
                    for t in turners:
                        out.add(pack(t, f, FULL, loose=lm, stock=sm, played=mask(hand)))
    return sorted(out)


def _positions(seed: int, full: bool, players: int, moves: int) -> Iterator[State]:
    game = seedbed.load("four_fields", players=players, full_harvest=full)
    rng = random.Random(seed)
    s = game.new_state(seed)
    for _ in range(moves):
        if s.is_terminal():
            return
        if max(len(f["cards"]) for f in s.view(None)["table"]["fields"]) <= 8:
            yield s
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**31), full=st.booleans(), players=st.integers(2, 4))
def test_generator_matches_brute_force(seed: int, full: bool, players: int) -> None:
    """Rulings 3, 4, 5, 8: every legal move, and nothing else, on positions of random
    games (stockpiles of both kinds, Aces, cleared fields)."""
    for s in _positions(seed, full, players, 40):
        assert s.legal_actions() == reference(s), s.position()


@pytest.mark.parametrize("summer", [0, 1, 2, 3])
def test_generator_on_crowded_field_with_stockpiles(summer: int) -> None:
    """Rulings 4 and 5 on a crowded field: Aces, two stockpiles of one value, a matching
    stockpile, and every kind of build, in every season."""
    s = seedbed.load("four_fields").from_position(
        "fields AH 2D 3H 4S 5C 6H 9D [5H 3C add 8 by 1] [6C 2H add 8 by 1]"
        " | AD 7C [4H 4D match 4 by 1] | 3D [9S AC add 10 by 0] | -"
        f" / hands AS 5D 8C TC | 2C / summer f{summer}"
    )
    assert s.legal_actions() == reference(s)


@pytest.mark.parametrize(("players", "full"), [(2, False), (3, True), (4, False)])
def test_field_tables_kept_across_moves_and_clones_stay_exact(players: int, full: bool) -> None:
    """A state keeps each field's move tables from turn to turn and shares them with its
    clones; its moves always equal those of the same position analysed afresh (read
    back from JSON, or from its position), through whole games with reseeds,
    stockpiles and new rounds."""
    game = seedbed.load("four_fields", players=players, full_harvest=full)
    rng = random.Random(players)
    s = game.new_state(players)
    branch = None
    while not s.is_terminal():
        legal = s.legal_actions()
        assert legal == game.state_from_json(s.to_json()).legal_actions()
        assert legal == game.from_position(s.position()).legal_actions()
        if branch is not None and not branch.is_terminal():
            assert branch.legal_actions() == game.state_from_json(branch.to_json()).legal_actions()
            blegal = branch.legal_actions()
            branch.apply_action(blegal[rng.randrange(len(blegal))])
        if rng.random() < 0.05:
            branch = s.clone()
        s.apply_action(legal[rng.randrange(len(legal))])

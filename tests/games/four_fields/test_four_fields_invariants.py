"""Four Fields invariants over random games (hypothesis): every card in exactly one
place, stockpile values equal to their cards as chosen, scores following the rules,
broken positions refused, and the renderer showing every seat's view."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import seedbed
from seedbed.core.errors import PositionError


def _independent_points(row_counts: list[tuple[int, ...]]) -> list[int]:
    """Round points recomputed from the rulebook text, independently of the engine."""
    cards = [r[0] for r in row_counts]
    hearts = [r[1] for r in row_counts]
    spades = [r[2] for r in row_counts]
    coins = [r[4] for r in row_counts]
    pts = [r[3] + r[4] for r in row_counts]

    def bonus(counts: list[int], fewer: bool) -> int | None:
        top = max(counts)
        if top == 0:
            return None
        tied = [i for i, k in enumerate(counts) if k == top]
        if len(tied) > 1:
            key = [(coins[i] if not fewer else -coins[i]) for i in tied]
            best = max(key)
            tied = [i for i, k in zip(tied, key, strict=True) if k == best]
        return tied[0] if len(tied) == 1 else None

    for counts, delta, fewer in ((cards, 4, False), (hearts, 2, False), (spades, -2, True)):
        w = bonus(counts, fewer)
        if w is not None:
            pts[w] += delta
    return pts


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4), full=st.booleans())
def test_random_game_invariants(seed: int, players: int, full: bool) -> None:
    """Cards conserved (52 in exactly one place), stockpiles worth their cards, hands of
    at most 4, known holdings held, coins conserved; scores follow ruling 7."""
    game = seedbed.load("four_fields", players=players, full_harvest=full)
    rng = random.Random(seed)
    s = game.new_state(seed)
    while not s.is_terminal():
        s.check_invariants()  # type: ignore[attr-defined]
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
    s.check_invariants()  # type: ignore[attr-defined]
    # Each round's counts as the record keeps them (JSON): cards, hearts, spades, Aces,
    # coins, points, total per seat.
    records = json.loads(s.to_json())["state"]["rounds"]
    sheet = s.score_sheet(None)["rounds"]
    assert len(sheet) == len(records)
    totals = [0] * players
    for rnd, entry in zip(records, sheet, strict=True):
        rows = [tuple(r) for r in rnd[1:]]
        assert sum(r[0] for r in rows) <= 52
        assert sum(r[3] for r in rows) <= 4 and sum(r[4] for r in rows) <= players
        pts = _independent_points(rows)
        assert [r[5] for r in rows] == pts
        after = [max(0, t + d) for t, d in zip(totals, pts, strict=True)]
        assert [r[6] for r in rows] == after
        assert entry["points"] == [a - t for a, t in zip(after, totals, strict=True)]
        totals = after
    assert max(totals) >= 17
    assert all(t < 17 for t in (r[6] for rnd in records[:-1] for r in rnd[1:]))
    assert s.scores() == [float(t) for t in totals]
    assert s.winners()


@pytest.mark.parametrize("seat", [None, 0, 1, 2])
def test_render_every_view(seat: int | None) -> None:
    """The renderer shows fields with seasons, stockpiles, coins, piles, scores, hand."""
    game = seedbed.load("four_fields", players=3)
    rng = random.Random(2)
    s = game.new_state(2)
    seen_stockpile = False
    while not s.is_terminal():
        text = s.render(seat)
        assert "Summer" in text and "Winter" in text and "draw pile" in text
        if seat is not None:
            assert "your hand" in text
        if "stockpile" in text:
            seen_stockpile = True
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
    assert "game over" in s.render(seat)
    assert seen_stockpile


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("fields 5C | - | - | - / hands 5C 7C | 4C 6C", "two places"),
        ("fields [5H 3C add 9 by 1] | - | - | - / hands 5D 7C | 4C 6C", "worth 8 is marked 9"),
        ("fields [5H 5C match 4 by 1] | - | - | - / hands 5D 7C | 4C 6C", "cannot be of value 4"),
        ("fields [5H 3C add 8 by 1 AH=14] | - | - | - / hands 5D | 4C", "only its own Aces"),
        ("hands 5D 7C | 4C 6C / holds - | 8", "seat 1 is known to hold a value"),
        ("hands 5D 7C 8C 9C TC | 4C", "more than 4 cards"),
        ("hands - | 4C / turn 0", "no card"),
        ("hands 5D | 4C / coins 2 1", "only 2"),
        ("hands 5D | 4C / pile 2S 3S / aside 3S", "two places"),
        ("hands 5D | 4C | 6C", "hands needs 2 parts"),
        ("hands 5D | 4C / turn 2", "turn must be 0 to 1"),
        ("hands 5D | 4C / summer f4", "summer must be 0 to 3"),
        ("hands 5D | 4C / wind north", "'wind' is not a section"),
        ("hands 5D | 4C / hands 6D | 4C", "appears twice"),
        ("fields 5D | 4C / hands 6D | 4C", "fields needs 4 parts"),
        ("hands ZZ | 4C", "'ZZ' in seat 0's hand is not a card"),
        ("fields [5H 3C add] | - | - | - / hands 5D | 4C", "reads '[cards add|match"),
        ("fields [5H 3C | - | - | - / hands 5D | 4C", "unclosed"),
        ("hands 5D | 4C / rest f2", "'rest' takes 'aside'"),
        ("fields - | - | - | -", "needs 'hands"),
        ("", "empty"),
    ],
)
def test_broken_positions_are_refused(text: str, problem: str) -> None:
    """A position that breaks the rules, or is no position, is a PositionError saying
    what is wrong (the invariants a game always keeps: cards in exactly one place,
    stockpiles worth their value, known holdings held, coins adding up)."""
    game = seedbed.load("four_fields", players=2)
    with pytest.raises(PositionError, match=re.escape(problem)):
        game.from_position(text)

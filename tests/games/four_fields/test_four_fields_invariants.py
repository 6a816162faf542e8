"""Four Fields invariants over random games (hypothesis): every card in exactly one
place, stockpile values equal to their cards as chosen, scores following the rules,
and the renderer showing every seat's view."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import seedbed
from seedbed.games.four_fields import FourFieldsState


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
    assert isinstance(s, FourFieldsState)
    while not s.is_terminal():
        s.check_invariants()
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
    s.check_invariants()
    totals = [0] * players
    for rnd in s._rounds:
        rows = list(rnd[1:])
        assert sum(r[0] for r in rows) <= 52
        assert sum(r[3] for r in rows) <= 4 and sum(r[4] for r in rows) <= players
        pts = _independent_points(rows)
        assert [r[5] for r in rows] == pts
        totals = [max(0, t + d) for t, d in zip(totals, pts, strict=True)]
        assert [r[6] for r in rows] == totals
    assert max(totals) >= 17
    assert all(t < 17 for t in (r[6] for rnd in s._rounds[:-1] for r in rnd[1:]))
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


def test_check_invariants_catches_broken_states() -> None:
    """check_invariants is not vacuous: a duplicated card, a mis-valued stockpile or an
    unkept holding are reported."""
    game = seedbed.load("four_fields", players=2)
    s = game.new_state(1)
    assert isinstance(s, FourFieldsState)
    s.check_invariants()
    bad = s.clone()
    bad._loose[0] |= bad._hands[bad._cur or 0] & -bad._hands[bad._cur or 0]
    with pytest.raises(AssertionError):
        bad.check_invariants()
    bad = s.clone()
    m = bad._loose[0]
    bad._loose[0] = 0
    bad._stocks[0] = ((m, 14, 2, 0, 0),)  # three loose cards are rarely worth 14
    if sum((c % 13) + 1 for c in range(52) if m >> c & 1) != 14:
        with pytest.raises(AssertionError):
            bad.check_invariants()
    bad = s.clone()
    p = bad._cur or 0
    held = {(c % 13) + 1 for c in range(52) if bad._hands[p] >> c & 1}
    missing = next(r for r in range(2, 14) if r not in held)
    bad._promises[p] = 1 << missing
    with pytest.raises(AssertionError):
        bad.check_invariants()

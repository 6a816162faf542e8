"""SOW invariants under random play (hypothesis): every card in exactly one place,
Flowers never turn back, bouquets and the removed pile only grow, views hide centres."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from seedbed.core.protocol import State
from seedbed.games.sow import SowGame
from seedbed.testing.conformance import random_moves


def _flower_count(s: State) -> int:
    cards = [c for r in range(12) for c in s.row_cards(r)] + s.hand_cards()
    cards += s.removed_cards() + [c for p in range(s.game.num_players) for c in s.bouquet_cards(p)]
    return sum(1 for c in cards if "/" in c and c[0].isupper())


def _contains(big: list[str], small: list[str]) -> bool:
    return not Counter(small) - Counter(big)


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(2, 4), seed=st.integers(0, 2**31 - 1), choices=st.randoms(use_true_random=False)
)
def test_invariants_hold_through_random_games(n: int, seed: int, choices: random.Random) -> None:
    """26 cards in exactly one place (garden, the active player's hand while placing,
    bouquets, removed); Flowers never turn back into Seeds (rule 1: "Flowers never flip
    back"); a bouquet or the removed pile never loses a card."""
    s = SowGame(n).new_state(seed)
    flowers = _flower_count(s)
    bouquets = [s.bouquet_cards(p) for p in range(n)]
    removed = s.removed_cards()
    while not s.is_terminal():
        s.check_invariants()
        assert bool(s.hand_cards()) == (s.phase_name() == "place")
        legal = s.legal_actions()
        s.apply_action(legal[choices.randrange(len(legal))])
        now = _flower_count(s)
        assert now >= flowers
        flowers = now
        for p in range(n):
            assert _contains(s.bouquet_cards(p), bouquets[p])
            bouquets[p] = s.bouquet_cards(p)
        assert _contains(s.removed_cards(), removed)
        removed = s.removed_cards()
    s.check_invariants()
    total = sum(len(s.row_cards(r)) for r in range(12)) + len(s.removed_cards())
    total += sum(len(s.bouquet_cards(p)) for p in range(n))
    assert total == 26


@settings(max_examples=30, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 2**31 - 1), steps=st.integers(0, 150))
def test_views_show_seeds_by_outer_colour_only(n: int, seed: int, steps: int) -> None:
    """Ruling 9: in every view a Seed appears as "seed X", X its outer colour, and the
    number of Seeds of each outer colour in each row matches the true garden."""
    s = SowGame(n).new_state(seed)
    rng = random.Random(seed)
    random_moves(s, rng, steps)
    for p in [*range(n), None]:
        t = s.view(p)["table"]
        for r in range(12):
            seeds = sorted(c[2].upper() for c in s.row_cards(r) if c[0].islower() and "/" in c)
            shown = sorted(x[5:] for x in t["rows"][r] if x.startswith("seed "))
            assert seeds == shown
        assert p is None or t["favourite"] in "RYBG"


@settings(max_examples=30, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 2**31 - 1), steps=st.integers(0, 150))
def test_resampled_states_are_consistent(n: int, seed: int, steps: int) -> None:
    """Resampling gives a legal state (invariants hold) that the player cannot tell from
    the real one, for every seat, at any point of the game."""
    s = SowGame(n).new_state(seed)
    rng = random.Random(seed)
    random_moves(s, rng, steps)
    for p in range(n):
        r = s.resample_from_infostate(p, random.Random(steps))
        r.check_invariants()
        assert r.view(p) == s.view(p)
        assert r.legal_actions() == s.legal_actions()


@settings(max_examples=30, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 2**31 - 1), steps=st.integers(0, 150))
def test_clone_and_original_stay_independent(n: int, seed: int, steps: int) -> None:
    """clone() shares the row lists copy-on-write: playing on either side never changes
    the other, and both play on exactly as an unshared copy would (JSON round trip)."""
    game = SowGame(n)
    s = game.new_state(seed)
    rng = random.Random(seed)
    random_moves(s, rng, steps)
    if s.is_terminal():
        return
    twin = s.clone()
    copy = game.state_from_json(s.to_json())
    for state in (twin, s):  # the clone first, then the original
        others = [x.to_json() for x in (twin, s) if x is not state]
        for _ in range(rng.randrange(1, 40)):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            a = legal[rng.randrange(len(legal))]
            state.apply_action(a)
            if state is s:
                copy.apply_action(a)
            state.check_invariants()
        assert [x.to_json() for x in (twin, s) if x is not state] == others
    assert s.to_json() == copy.to_json()

"""SOW hidden information (ruling 9): views and resampling."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from seedbed.games.sow import SowGame, SowState
from seedbed.testing.conformance import random_moves


def play(state: SowState, *moves: str) -> SowState:
    for move in moves:
        state.apply_action(state.string_to_action(move))
    return state


def rows(**given: str) -> list[str]:
    return [given.get(f"r{r}", "") for r in range(12)]


def random_state(n: int, seed: int, steps: int) -> SowState:
    rng = random.Random(seed)
    s = SowGame(n).new_state(seed)
    random_moves(s, rng, steps)
    return s


# -- views -----------------------------------------------------------------------------
def test_ruling9_view_never_shows_a_seed_centre() -> None:
    """Ruling 9: nobody sees a Seed's centre before it flips: the view names a Seed by
    its outer colour only, so two deals that differ only in centres look the same."""
    g = SowGame(4)
    a = g.position(rows(r0="r/y b/g", r1="g/y", r5="windmill", r11="gopher"))
    b = g.position(rows(r0="g/y b/g", r1="r/y", r5="windmill", r11="gopher"))
    for p in [0, 1, 2, 3, None]:
        assert a.view(p) == b.view(p)
    assert a.view(None)["rows"][0] == ["seed Y", "seed G"]


def test_ruling9_only_own_favourite_colour() -> None:
    """Ruling 9 / Setup 5: each player sees only their own Favourite Colour; a
    spectator sees none; at the end they are revealed for scoring."""
    s = SowGame(4).new_state(5)
    fav = s.favourite_colours()
    for p in range(4):
        v = s.view(p)
        assert v["favourite"] == fav[p] and v["favourites"] is None
    assert s.view(None)["favourite"] is None
    s2 = SowGame(2).new_state(5)
    assert [s2.view(p)["favourite"] for p in (0, 1)] == [
        s2.favourite_colours()[0],
        s2.favourite_colours()[2],
    ]


def test_ruling9_views_differ_only_in_the_favourite() -> None:
    """Ruling 9: everything except the Favourite Colour (and own score) is public."""
    s = random_state(4, 8, 40)
    public = {k: v for k, v in s.view(None).items() if k not in ("seat",)}
    for p in range(4):
        v = s.view(p)
        for k, val in public.items():
            if k not in ("favourite", "score"):
                assert v[k] == val, k


def test_view_is_perfect_recall() -> None:
    """The view carries every move so far (perfect recall)."""
    s = random_state(3, 2, 30)
    assert s.view(1)["history"] == s.history()


def test_view_at_the_end_shows_favourites_scores_and_winners() -> None:
    s = random_state(4, 1, 100_000)
    assert s.is_terminal()
    v = s.view(None)
    assert v["favourites"] == list(s.favourite_colours())
    assert v["scores"] == s.scores() and v["winners"] == s.winners()


# -- resampling ------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_resample_keeps_what_the_player_knows(n: int) -> None:
    """Resampling keeps every Seed's outer colour and position, every Flower, the
    player's own Favourite Colour, and the multiset of the 24 cards."""
    for seed in range(6):
        s = random_state(n, seed, 15 + 9 * seed)
        if s.is_terminal():
            continue
        for p in range(n):
            r = s.resample_from_infostate(p, random.Random(seed))
            r.check_invariants()
            assert r.view(p) == s.view(p)
            assert r.seed is None and r.actions() == s.actions()
            for row in range(12):
                flowers = sorted(c for c in s.row_cards(row) if c[0].isupper() and "/" in c)
                assert flowers == sorted(c for c in r.row_cards(row) if c[0].isupper() and "/" in c)
            own = s.view(p)["wheelbarrows"][p]
            assert r.favourite_colours()[own] == s.favourite_colours()[own]
            assert sorted(r.favourite_colours()) == sorted("RYBG")


def test_resample_depends_only_on_the_information_set() -> None:
    """Two states that differ only in hidden centres and in the other Favourite
    Colours resample identically with equal generators."""
    g = SowGame(4)
    a = g.position(
        rows(r0="r/y b/g y/r", r3="g/r R/Y", r5="windmill", r11="gopher"), favourites="RYBG"
    )
    b = g.position(
        rows(r0="r/y b/g g/r", r3="y/r R/Y", r5="windmill", r11="gopher"), favourites="RBGY"
    )
    assert a.view(0) == b.view(0)
    for k in range(5):
        assert (
            a.resample_from_infostate(0, random.Random(k)).to_json()
            == b.resample_from_infostate(0, random.Random(k)).to_json()
        )
    play(a, "take 0", "place seed Y")
    play(b, "take 0", "place seed Y")
    assert (
        a.resample_from_infostate(0, random.Random(3)).to_json()
        == b.resample_from_infostate(0, random.Random(3)).to_json()
    )


def test_resample_never_uses_a_seen_flower() -> None:
    """Ruling 9: hidden centres come only from Flower cards not yet seen: when both
    copies of y/r are Flowers, no red Seed can be y/r."""
    g = SowGame(4)
    s = g.position(rows(r0="b/r", r3="g/r", r1="Y/R", r7="Y/R", r2="windmill gopher"))
    seen: Counter[str] = Counter()
    for k in range(200):
        r = s.resample_from_infostate(0, random.Random(k))
        seen.update(r.row_cards(0) + r.row_cards(3))
    assert set(seen) == {"b/r", "g/r"}
    assert seen["b/r"] == seen["g/r"] == 200


def test_resample_is_uniform_over_consistent_deals() -> None:
    """Resampling draws every consistent placement of the hidden centres equally
    often: three red Seeds in three rows over the pool {y/r, y/r, b/r} give 3
    placements, each with probability 1/3; the 3 other Favourite Colours give 6
    orders, each 1/6."""
    g = SowGame(4)
    s = g.position(
        rows(r0="y/r", r1="b/r", r2="windmill", r3="y/r", r4="R/Y G/R G/R", r8="gopher"),
        removed="R/Y R/B R/B R/G R/G Y/B Y/B Y/G Y/G B/R B/Y B/Y B/G B/G G/Y G/Y G/B G/B",
    )
    rng = random.Random(2024)
    placements: Counter[tuple[str, ...]] = Counter()
    favs: Counter[str] = Counter()
    trials = 6000
    for _ in range(trials):
        r = s.resample_from_infostate(0, rng)
        placements[tuple(r.row_cards(k)[0] for k in (0, 1, 3))] += 1
        favs[r.favourite_colours()] += 1
    assert set(placements) == {("y/r", "y/r", "b/r"), ("y/r", "b/r", "y/r"), ("b/r", "y/r", "y/r")}
    for count in placements.values():
        assert abs(count / trials - 1 / 3) < 0.03
    assert len(favs) == 6 and all(f[0] == "R" for f in favs)
    for count in favs.values():
        assert abs(count / trials - 1 / 6) < 0.03


def test_resample_terminal_keeps_revealed_favourites() -> None:
    """At the end the seats' Favourite Colours are revealed; only the unowned
    wheelbarrows' colours stay hidden (2 or 3 players)."""
    s = random_state(3, 4, 100_000)
    assert s.is_terminal()
    r = s.resample_from_infostate(0, random.Random(1))
    assert r.favourite_colours()[:3] == s.favourite_colours()[:3]
    assert r.scores() == s.scores()


def test_resample_of_a_resample_is_stable() -> None:
    """The conformance promise, on many positions: resampling is a function of the
    information set and the generator only."""
    for n in (2, 3, 4):
        for seed in range(8):
            s = random_state(n, seed, 7 * seed + 3)
            if s.is_terminal():
                continue
            p = s.current_player()
            assert p is not None
            s1 = s.resample_from_infostate(p, random.Random(7))
            s2 = s1.resample_from_infostate(p, random.Random(7))
            assert s1.to_json() == s2.to_json()


def test_resampled_state_plays_on() -> None:
    """A resampled state is a full state: it plays to the end."""
    s = random_state(4, 3, 20)
    r = s.resample_from_infostate(1, random.Random(0))
    rng = random.Random(0)
    while not r.is_terminal():
        legal = r.legal_actions()
        r.apply_action(legal[rng.randrange(len(legal))])
        r.check_invariants()


def test_ruling9_two_players_do_not_know_their_second_wheelbarrow() -> None:
    """Ruling 9: with 2 players a seat knows only the colour of the wheelbarrow in
    front of it, not of the second one it controls: resampling redraws it."""
    s = SowGame(2).new_state(6)
    own = s.favourite_colours()[0]
    seen = {s.resample_from_infostate(0, random.Random(k)).favourite_colours() for k in range(60)}
    assert all(f[0] == own for f in seen)
    assert {f[3] for f in seen} == set("RYBG") - {own}
    assert {f[2] for f in seen} == set("RYBG") - {own}

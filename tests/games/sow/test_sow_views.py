"""SOW hidden information (ruling 9): the table view, the compact view, scores and the
score sheet as each seat knows them, and resampling."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from seedbed.core.protocol import State
from seedbed.games.sow import SowGame
from seedbed.games.sow import rules as R
from seedbed.testing.conformance import random_moves
from seedbed.testing.helpers import mid_game_states, play


def random_state(n: int, seed: int, steps: int) -> State:
    s = SowGame(n).new_state(seed)
    random_moves(s, random.Random(seed), steps)
    return s


# -- the table view ----------------------------------------------------------------------
def test_ruling9_view_never_shows_a_seed_centre() -> None:
    """Ruling 9: nobody sees a Seed's centre before it flips: the view names a Seed by
    its outer colour only, so two deals that differ only in centres look the same."""
    g = SowGame(4)
    a = g.from_position("r0=r/y,b/g r1=g/y r5=windmill r11=gopher")
    b = g.from_position("r0=g/y,b/g r1=r/y r5=windmill r11=gopher")
    for p in [0, 1, 2, 3, None]:
        assert a.view(p) == b.view(p)
    assert a.view(None)["table"]["rows"][0] == ["seed Y", "seed G"]


def test_ruling9_only_own_favourite_colour() -> None:
    """Ruling 9 / Setup 5: each player sees only their own Favourite Colour (with 2
    players the one of the wheelbarrow in front); a spectator sees none; nobody sees
    the others before the end."""
    s = SowGame(4).new_state(5)
    fav = s.favourite_colours()
    for p in range(4):
        t = s.view(p)["table"]
        assert t["favourite"] == fav[p] and t["favourites"] is None
    assert s.view(None)["table"]["favourite"] is None
    s2 = SowGame(2).new_state(5)
    fav2 = s2.favourite_colours()
    assert [s2.view(p)["table"]["favourite"] for p in (0, 1)] == [fav2[0], fav2[2]]


def test_ruling9_views_differ_only_in_the_favourite_and_own_score() -> None:
    """Ruling 9: everything but the Favourite Colour and the score it gives is public."""
    s = random_state(4, 8, 40)
    public = s.view(None)
    for p in range(4):
        v = s.view(p)
        assert {k: x for k, x in v["table"].items() if k != "favourite"} == {
            k: x for k, x in public["table"].items() if k != "favourite"
        }
        assert v["moves"] == public["moves"]
        assert [x for q, x in enumerate(v["scores"]) if q != p] == [None] * 3


def test_scores_hidden_until_the_end() -> None:
    """Ruling 9: a score depends on a secret colour: a seat knows only its own, a
    spectator none, until the end reveals them all."""
    s = random_state(3, 5, 60)
    assert not s.is_terminal()
    assert s.scores_for(None) == [None, None, None]
    assert s.scores_for(1) == [None, s.scores()[1], None]
    random_moves(s, random.Random(1))
    assert s.scores_for(None) == s.scores() == s.scores_for(2)


def test_reading16_the_end_reveals_the_seats_favourite_colours() -> None:
    """Reading 16: once the game is over every seat's Favourite Colour is shown."""
    s = random_state(4, 1, 100_000)
    assert s.is_terminal()
    v = s.view(None)
    assert v["table"]["favourites"] == list(s.favourite_colours())
    assert v["scores"] == s.scores() and v["winners"] == s.winners()
    assert v["phase"] == "over" and v["to_move"] is None


def test_view_shows_the_turn_in_progress() -> None:
    """The table a drawing needs: the hand being sown, the row taken, the row the next
    card goes to; the last card while its colour is chosen."""
    s = SowGame(4).from_position("to_move=1 r4=gopher,y/b,R/Y r5=windmill r7=G/R,R/B")
    play(s, "take 4")
    t = s.view(2)["table"]
    assert t["hand"] == ["seed B", "flower R/Y", "gopher"]
    assert (t["taken_row"], t["last_row"], t["next_row"]) == (4, 4, 5)
    play(s, "place gopher", "place seed B", "place flower R/Y")
    t = s.view(2)["table"]
    assert t["last_card"] == "flower R/Y" and t["last_row"] == 7 and t["next_row"] is None
    assert t["garden_met"] is True
    assert t["wheelbarrow_rows"] == [[0, 1], [3, 4], [6, 7], [9, 10]]


def test_view_is_perfect_recall() -> None:
    """The view carries every move so far (perfect recall), each with its seat."""
    s = random_state(3, 2, 30)
    assert [text for _, text in s.view(1)["moves"]] == s.history()
    assert [seat for seat, _ in s.view(1)["moves"]] == s.actors()


# -- the compact view -------------------------------------------------------------------
def test_compact_view_layout() -> None:
    """The compact view holds what the rules page says at the indices rules.CV_*
    names: rows and hand as multisets of looks."""
    s = SowGame(3).from_position("to_move=2 favourites=GBRY r4=gopher,y/b,R/Y r5=windmill r7=G/R")
    play(s, "take 4", "place seed B")
    v = s.compact_view(2)
    assert len(v) == R.CV_LENGTH
    assert v[R.CV_PHASE] == R.PLACE_PHASE and v[R.CV_PLAYERS] == 3
    assert v[R.CV_DIRECTION] == R.CLOCKWISE and v[R.CV_FAVOURITE] == R.RED
    assert v[R.CV_ROW] == 5 and v[R.CV_HAND_SIZE] == 2
    flower = R.LOOK_FLOWER + R.type_of(R.RED, R.YELLOW)
    assert R.look_count(v[R.CV_HAND], flower) == 1
    assert R.look_count(v[R.CV_HAND], R.LOOK_GOPHER) == 1
    assert R.look_count(v[R.CV_ROWS + 5], R.LOOK_SEED + R.BLUE) == 1
    assert R.look_count(v[R.CV_ROWS + 5], R.LOOK_WINDMILL) == 1
    assert v[R.CV_ROWS + 4] == 0 and v[R.CV_ROW_SIZES + 5] == 2
    assert [v[R.CV_ROW_SIZES + r] for r in range(12)] == [len(s.row_cards(r)) for r in range(12)]


def test_compact_view_agrees_with_the_view() -> None:
    """Every row and the hand of the compact view are the view's, counted by look."""
    for s in mid_game_states(SowGame(4), 3, 12):
        p = s.current_player()
        assert p is not None
        v = s.compact_view(p)
        t = s.view(p)["table"]
        for r in range(12):
            counted = Counter(t["rows"][r])
            assert {
                R.LOOK_NAMES[k]: R.look_count(v[R.CV_ROWS + r], k)
                for k in range(R.NUM_LOOKS)
                if R.look_count(v[R.CV_ROWS + r], k)
            } == dict(counted)
        assert sum(R.look_count(v[R.CV_HAND], k) for k in range(R.NUM_LOOKS)) == len(t["hand"])
        assert R.COLOURS[v[R.CV_FAVOURITE]] == t["favourite"]


# -- the score sheet ---------------------------------------------------------------------
def test_score_sheet_flowers_at_3_2_1() -> None:
    """Scoring: the sheet gives each seat's Flowers at 3, 2 and 1 points (the rulebook's
    example: blue, 6 + 6 + 2 = 14)."""
    s = SowGame(4).from_position(
        "r2=windmill r8=gopher favourites=BRYG bouquets=B/R,B/Y,R/B,Y/B,G/B,R/Y,G/Y|||"
    )
    sheet = s.score_sheet(None)
    (bouquets,) = sheet["rounds"]
    assert [line["points"][0] for line in bouquets["lines"]] == [6, 6, 2]
    assert bouquets["points"][0] == sheet["total"][0] == 14


def test_score_sheet_scores_once_at_the_end() -> None:
    """Scoring happens at the end: before it the sheet has no round and its total is
    what the seat may know (ruling 9: its own score only)."""
    s = SowGame(4).from_position("r0=r/y,b/g r5=windmill r11=gopher bouquets=R/Y|B/G|-|-")
    sheet = s.score_sheet(1)
    assert sheet == {"rounds": [], "total": [None, s.scores()[1], None, None]}
    play(s, "take 0", "place seed Y", "place seed G")
    assert s.is_terminal()
    (bouquets,) = s.score_sheet(1)["rounds"]
    assert bouquets["points"] == s.scores() == s.score_sheet(None)["total"]


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
            own = s.view(p)["table"]["wheelbarrows"][p]
            assert r.favourite_colours()[own] == s.favourite_colours()[own]
            assert sorted(r.favourite_colours()) == sorted("RYBG")


def test_resample_depends_only_on_the_information_set() -> None:
    """Two states that differ only in hidden centres and in the other Favourite
    Colours resample identically with equal generators."""
    g = SowGame(4)
    a = g.from_position("r0=r/y,b/g,y/r r3=g/r,R/Y r5=windmill r11=gopher favourites=RYBG")
    b = g.from_position("r0=r/y,b/g,g/r r3=y/r,R/Y r5=windmill r11=gopher favourites=RBGY")
    assert a.view(0) == b.view(0)
    for k in range(5):
        assert (
            a.resample_from_infostate(0, random.Random(k)).position()
            == b.resample_from_infostate(0, random.Random(k)).position()
        )
    play(a, "take 0", "place seed Y")
    play(b, "take 0", "place seed Y")
    assert (
        a.resample_from_infostate(0, random.Random(3)).position()
        == b.resample_from_infostate(0, random.Random(3)).position()
    )


def test_resample_never_uses_a_seen_flower() -> None:
    """Ruling 9: hidden centres come only from Flower cards not yet seen: when both
    copies of y/r are Flowers, no red Seed can be y/r."""
    s = SowGame(4).from_position("r0=b/r r3=g/r r1=Y/R r7=Y/R r2=windmill,gopher")
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
    removed = "R/Y,R/B,R/B,R/G,R/G,Y/B,Y/B,Y/G,Y/G,B/R,B/Y,B/Y,B/G,B/G,G/Y,G/Y,G/B,G/B"
    s = SowGame(4).from_position(
        f"r0=y/r r1=b/r r2=windmill r3=y/r r4=R/Y,G/R,G/R r8=gopher removed={removed}"
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


def test_ruling9_two_players_do_not_know_their_second_wheelbarrow() -> None:
    """Ruling 9: with 2 players a seat knows only the colour of the wheelbarrow in
    front of it, not of the second one it controls: resampling redraws it."""
    s = SowGame(2).new_state(6)
    own = s.favourite_colours()[0]
    seen = {s.resample_from_infostate(0, random.Random(k)).favourite_colours() for k in range(60)}
    assert all(f[0] == own for f in seen)
    assert {f[3] for f in seen} == set("RYBG") - {own}
    assert {f[2] for f in seen} == set("RYBG") - {own}


def test_resampled_state_plays_on() -> None:
    """A resampled state is a full state: it plays to the end."""
    s = random_state(4, 3, 20)
    r = s.resample_from_infostate(1, random.Random(0))
    rng = random.Random(0)
    while not r.is_terminal():
        legal = r.legal_actions()
        r.apply_action(legal[rng.randrange(len(legal))])
        r.check_invariants()

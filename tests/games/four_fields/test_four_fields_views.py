"""Four Fields information: views hide the right things and carry what a table needs;
the compact view follows its documented layout; the score sheet breaks each round
down; resampling honours what the player knows (a stockpile's builder keeps a card of
its value) and is uniform; the move log names who moved."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import seedbed
from seedbed.core.cards import CARD_NAMES, CARD_NUMBER, mask_of, parse_card, parse_cards
from seedbed.core.protocol import JSON, State
from seedbed.games.four_fields import rules
from seedbed.testing.conformance import random_moves
from seedbed.testing.helpers import from_position, mid_game_states, play


def pos(text: str, players: int = 2) -> State:
    return from_position("four_fields", text, players=players)


def table(s: State, seat: int | None = None) -> JSON:
    return s.view(seat)["table"]


def sections(s: State) -> dict[str, str]:
    """The sections of ``s.position()`` (the format on the rules page), by keyword."""
    return dict(part.strip().split(" ", 1) for part in s.position().split(" / "))


def hand(s: State, seat: int) -> frozenset[str]:
    """Seat ``seat``'s hand, read from the position (which shows every card)."""
    text = sections(s)["hands"].split(" | ")[seat]
    return frozenset() if text == "-" else frozenset(text.split())


def test_table_keys() -> None:
    """The table holds the game's own part of the view, nothing of the envelope."""
    s = seedbed.load("four_fields", players=3).new_state(3)
    assert set(table(s, 0)) == {
        "round", "dealer", "coins_on_square", "draw_pile", "aside", "hand", "fields", "players"
    }  # fmt: skip
    assert set(table(s)["players"][0]) == {"seat", "hand_size", "harvest", "coins", "holds_values"}
    assert s.view(0)["phase"] == "play"


def test_view_shows_own_hand_only() -> None:
    """Section "Information" of the rules page: other hands and the draw pile are hidden."""
    s = pos("fields 2S 3S 4S | - | - | - / hands 5D 7C | 4C 6C | 9H TH / pile KD QD", players=3)
    pile = set(sections(s)["pile"].split())
    for p in range(3):
        text = json.dumps(s.view(p))
        assert sorted(table(s, p)["hand"]) == sorted(hand(s, p))
        for q in range(3):
            if q != p:
                assert not any(f'"{c}"' in text for c in hand(s, q))
        assert not any(f'"{c}"' in text for c in pile)
    assert table(s)["hand"] is None


def test_view_public_parts() -> None:
    """Section "Information": fields with stockpiles (value, kind, builder), seasons,
    coins, pile size, each player's harvest (what they took) are public; the move log
    says who made each move."""
    s = pos("fields 5H | - | - | - / hands 3C 8D | 4C 6C / harvests 2S | QH / coins 0 1")
    play(s, "3C add f0: 5H = 8")
    v = table(s, 1)
    assert v["fields"][0]["stockpiles"][0]["builder"] == 0
    assert v["players"][0]["harvest"] == ["2S"]
    assert v["players"][1]["coins"] == 1 and v["coins_on_square"] == 1
    assert v["players"][0]["holds_values"] == [8]
    assert s.view(1)["moves"] == [[0, "3C add f0: 5H = 8"]]
    assert [f["season"] for f in v["fields"]] == ["summer", "autumn", "winter", "spring"]


def test_holds_last_until_a_card_of_that_value_leaves() -> None:
    """Tip "A stockpile tells a story": a builder holds a card of the stockpile's value
    until one leaves the hand (an Ace counts for 1 and 14)."""
    s = pos("fields 5H | - | - | - / hands 3C 8D 8S 2C | 4C 6C 7C 9C / rest aside")
    play(s, "3C add f0: 5H = 8")
    assert table(s)["players"][0]["holds_values"] == [8]
    play(s, "4C sow f0", "8S sow f2")  # an 8 left the hand: nothing is known any more
    assert table(s)["players"][0]["holds_values"] == []
    s = pos("fields JH | - | - | - / hands 3C AD 2S | 4C 6C 7C 9C / rest aside")
    play(s, "3C add f0: JH = 14")
    assert table(s)["players"][0]["holds_values"] == [1]


# -- the compact view -------------------------------------------------------------------
def test_compact_view_layout() -> None:
    """The compact view holds, at the documented ``CV_*`` indices, what the view says."""
    for game_seed, players in ((1, 2), (2, 3), (3, 4)):
        game = seedbed.load("four_fields", players=players)
        for s in mid_game_states(game, game_seed, 6):
            p = s.current_player()
            assert p is not None
            v = s.compact_view(p)
            t = table(s, p)
            assert len(v) == rules.CV_SIZE
            assert v[rules.CV_PHASE] == rules.PLAY
            assert v[rules.CV_ROUND] == t["round"] and v[rules.CV_DEALER] == t["dealer"]
            assert v[rules.CV_COINS] == t["coins_on_square"] and v[rules.CV_PILE] == t["draw_pile"]
            assert v[rules.CV_HAND] == mask_of(parse_cards(" ".join(t["hand"])))
            summer = v[rules.CV_SUMMER]
            for f, field in enumerate(t["fields"]):
                assert rules.SEASON_NAMES[rules.SEASONS[summer][f]] == field["season"]
                assert v[rules.CV_LOOSE + f] == mask_of(parse_card(c) for c in field["cards"])
                stocked = [c for x in field["stockpiles"] for c in x["cards"]]
                assert v[rules.CV_STOCKED + f] == mask_of(parse_card(c) for c in stocked)
                for q in range(4):
                    built = sum(1 for x in field["stockpiles"] if x["builder"] == q)
                    assert v[rules.CV_BUILT + 4 * f + q] == built
            for q in range(4):
                seat = t["players"][q] if q < players else None
                harvest = [] if seat is None else seat["harvest"]
                holds = [] if seat is None else seat["holds_values"]
                assert v[rules.CV_HARVESTED + q] == mask_of(parse_card(c) for c in harvest)
                assert v[rules.CV_HOLDS + q] == sum(1 << x for x in holds)


# -- the score sheet ----------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_score_sheet_breaks_each_round_down(players: int) -> None:
    """Ruling 7: each round's lines are the rulebook's (most cards, most hearts, Aces,
    coins, most spades, and what frost could not take); they add up to the change of
    the totals, and the totals to the scores."""
    state = seedbed.load("four_fields", players=players).new_state(20 + players)
    random_moves(state, random.Random(players))
    sheet = state.score_sheet(0)
    assert sheet == state.score_sheet(None)  # all of it is public
    total = [0] * players
    for k, entry in enumerate(sheet["rounds"]):
        assert entry["label"] == f"Round {k + 1}"
        labels = [line["label"] for line in entry["lines"]]
        assert labels == [*rules.SCORE_LINES, "frost: not below 0"]
        lines = {line["label"]: line["points"] for line in entry["lines"]}
        assert sorted(lines["most cards"]) in ([0] * players, [0] * (players - 1) + [4])
        assert all(x >= 0 for x in lines["frost: not below 0"])
        sums = [sum(line["points"][p] for line in entry["lines"]) for p in range(players)]
        assert sums == entry["points"]
        total = [t + d for t, d in zip(total, entry["points"], strict=True)]
        assert min(total) >= 0
    assert total == sheet["total"] == [int(x) for x in state.scores()]
    assert len(sheet["rounds"]) == state.rule_counts()["rounds"]


# -- who moved -------------------------------------------------------------------------
def test_actors_from_a_position_and_its_json() -> None:
    """The move log names each move's seat, also for a game set up from a position and
    for that game read back from JSON, through a new round."""
    game = seedbed.load("four_fields", players=3)
    s = game.from_position("hands 5D 7C | 4C | 6C 8C / rest aside")
    rng = random.Random(4)
    movers = []
    while s.move_number() < 30:
        movers.append(s.current_player())
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
    assert s.actors() == movers
    assert game.state_from_json(s.to_json()).actors() == movers
    assert [seat for seat, _ in s.move_log(1)] == movers


# -- resampling ----------------------------------------------------------------------
def _sample_hands(s: State, p: int, q: int, n: int) -> Counter[frozenset[str]]:
    rng = random.Random(5)
    out: Counter[frozenset[str]] = Counter()
    for _ in range(n):
        r = s.resample_from_infostate(p, rng)
        r.check_invariants()  # type: ignore[attr-defined]
        assert r.view(p) == s.view(p)
        out[hand(r, q)] += 1
    return out


def test_resample_honours_stockpile_holdings_uniformly() -> None:
    """Resampling deals the unknown cards so that the builder still holds a card of the
    stockpile's value, uniformly among the consistent deals."""
    # Almost every card is harvested; 7 unknown cards: seat 1's 2 and the pile's 5.
    unknown = ["8S", "8H", "2D", "3D", "4D", "5D", "6D"]
    mine = ["9C", "TC"]
    field = ["5H", "3C"]  # seat 1 built [5H 3C] = 8
    rest = sorted(set(CARD_NAMES[:52]) - set(unknown) - set(mine) - set(field))
    s = pos(
        f"fields [5H 3C add 8 by 1] | - | - | - / hands {' '.join(mine)} | 8S 2D"
        f" / harvests {' '.join(rest)} | - / holds - | 8 / pile 3D 4D 5D 6D 8H"
    )
    counts = _sample_hands(s, 0, 1, 2200)
    consistent = {
        frozenset(h)
        for h in combinations(unknown, 2)
        if any(CARD_NUMBER[parse_card(c)] == 8 for c in h)
    }
    assert set(counts) == consistent  # 11 hands: 8S or 8H with any other card
    expected = 2200 / len(consistent)
    for k in counts.values():
        assert abs(k - expected) < 5 * expected**0.5


def test_resample_two_constrained_opponents() -> None:
    """Several builders with known holdings: an exact uniform deal of both hands."""
    unknown = ["8S", "8H", "5D", "5C", "AS", "2D", "3D"]
    rest = sorted(set(CARD_NAMES[:52]) - set(unknown) - {"9C", "TC"})
    s = pos(
        f"hands 9C TC | 8S 2D | 5D AS / harvests {' '.join(rest)} | - | -"
        " / holds - | 8 | 1 5 / pile 5C 8H 3D",
        players=3,
    )
    rng = random.Random(1)
    seen: Counter[tuple[frozenset[str], frozenset[str]]] = Counter()
    for _ in range(3000):
        r = s.resample_from_infostate(0, rng)
        seen[(hand(r, 1), hand(r, 2))] += 1

    def number(card: str) -> int:
        return CARD_NUMBER[parse_card(card)]

    deals = set()
    for a in combinations(unknown, 2):
        if not any(number(c) == 8 for c in a):
            continue
        for b in combinations([c for c in unknown if c not in a], 2):
            if {number(c) for c in b} >= {5, 1}:
                deals.add((frozenset(a), frozenset(b)))
    assert set(seen) == deals
    expected = 3000 / len(deals)
    for k in seen.values():
        assert abs(k - expected) < 5 * expected**0.5


def test_resample_is_a_function_of_the_information_set() -> None:
    """Protocol: two states that seat 0 cannot tell apart resample identically."""
    common = "fields 5H | [2H 3H add 5 by 1] | - | - / holds - | 5 / rest aside"
    a = pos(f"hands 9C TC | 5S 2D / pile 3D 4D 6D / {common}")
    b = pos(f"hands 9C TC | 5S 4D / pile 6D 2D 3D / {common}")
    assert a.information_state_string(0) == b.information_state_string(0)
    ra = a.resample_from_infostate(0, random.Random(3))
    rb = b.resample_from_infostate(0, random.Random(3))
    assert ra.to_json() == rb.to_json()
    assert ra.seed is None


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4), moves=st.integers(0, 120))
def test_resample_consistent_on_random_games(seed: int, players: int, moves: int) -> None:
    """Resampled states keep the player's view, satisfy every invariant (holdings
    included) and play on; the mover's moves come from its hand, never from a stale
    cache of the true state's."""
    game = seedbed.load("four_fields", players=players)
    rng = random.Random(seed)
    s = game.new_state(seed)
    if random_moves(s, rng, moves) < moves:
        return
    legal = s.legal_actions()  # fills the state's move cache before resampling
    for p in range(players):
        r = s.resample_from_infostate(p, rng)
        r.check_invariants()  # type: ignore[attr-defined]
        assert r.view(p) == s.view(p)
        if s.current_player() == p:
            assert r.legal_actions() == legal
        assert r.legal_actions() == game.from_position(r.position()).legal_actions()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_information_state_distinguishes_hands(players: int) -> None:
    """The information state changes with the player's own hand, and only with what
    the player can see."""
    game = seedbed.load("four_fields", players=players)
    s = game.from_position(game.new_state(8).position())
    p = s.current_player()
    assert p is not None
    q = (p + 1) % players
    # Swap one card between p and q: p sees the difference, a third player does not.
    cp, cq = sorted(hand(s, p))[0], sorted(hand(s, q))[0]
    text = s.position().replace(cp, "__").replace(cq, cp).replace("__", cq)
    t = game.from_position(text)
    assert s.information_state_string(p) != t.information_state_string(p)
    for r in range(players):
        if r not in (p, q):
            assert s.information_state_string(r) == t.information_state_string(r)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4), moves=st.integers(0, 150))
def test_information_state_string_matches_view_equality(
    seed: int, players: int, moves: int
) -> None:
    """The fast information state string is equal exactly when the view is equal, on
    states of one game and their resamples."""
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

"""What each seat sees (``view``) and the determinizations (``resample_from_infostate``):
issue 5 "Information", ruling 5 ("the passer remembers what they passed")."""

from __future__ import annotations

import json
import random
from collections import Counter

import seedbed
from seedbed.core.cards import CARD_NAMES, parse_card
from seedbed.games.harvest import HarvestState
from seedbed.games.harvest._tables import DISCARD, HIDDEN_HOUSE
from seedbed.testing.conformance import random_moves


def mask(text: str) -> int:
    m = 0
    for tok in text.split():
        m |= 1 << parse_card(tok)
    return m


def play(state: HarvestState, *moves: str) -> None:
    for m in moves:
        state.apply_action(state.string_to_action(m))
        state.check_invariants()


def midgame(players: int, seed: int, moves: int) -> HarvestState:
    s = seedbed.load("harvest", players=players).new_state(seed)
    rng = random.Random(seed)
    random_moves(s, rng, moves)
    return s  # type: ignore[return-value]


def four_player_turn() -> HarvestState:
    """Round 1 of a 4-player game, first turn; seat 0 acts first."""
    game = seedbed.load("harvest", players=4, harvest_cards_played="fields")
    return game.position(  # type: ignore[attr-defined,no-any-return]
        hands={
            0: "AS 2S 3S 4S 5S 6S 7S",
            1: "AH 2H 3H 4H 5H 6H 7H",
            2: "AD 2D 3D 4D 5D 6D 7D",
            3: "AC 2C 3C 4C 5C 6C 7C",
        },
        dealer=3,
    )


def everyone_discards(s: HarvestState) -> None:
    """One turn: each seat keeps its lowest card, shows and discards the next ones."""
    for _ in range(s.n):
        legal = s.legal_actions()
        s.apply_action(legal[0])
        s.apply_action(s.legal_actions()[0])
        s.apply_action(next(a for a in s.legal_actions() if a >= DISCARD))


# -- views ----------------------------------------------------------------------------------


def test_view_shows_own_cards_and_hides_other_hands() -> None:
    """Issue 5: own hand and house; other hands, houses and the deck are hidden."""
    s = midgame(3, 4, 4)
    v = s.view(0)
    assert v["hand"] == [CARD_NAMES[c] for c in range(54) if s.hands[0] >> c & 1]
    text = json.dumps(v)
    for q in (1, 2):
        for c in range(52):
            if (s.hands[q] | s.houses[q]) >> c & 1:
                assert f'"{CARD_NAMES[c]}"' not in text
    spectator = s.view(None)
    assert "hand" not in spectator and "house" not in spectator and "passed" not in spectator
    assert spectator["hand_sizes"] == [h.bit_count() for h in s.hands]


def test_view_carries_what_the_table_shows() -> None:
    """Issue 5: every field, the village, deck size, pass direction, scores."""
    s = four_player_turn()
    play(s, "house 7S", "village 6S", "plant AS")
    v = s.view(2)
    assert v["fields"][0] == [["AS"], [], [], []]
    assert v["village"] == ["6S"]
    assert v["deck"] == 54 - 28
    assert v["pass_direction"] == "left"
    assert v["scores"] == [0, 0, 0, 0]
    assert v["moves"] == ["house ??", "village 6S", "plant AS"]
    assert s.view(0)["moves"] == ["house 7S", "village 6S", "plant AS"]
    assert "Village" in s.render(2) and "Your hand" in s.render(2)
    assert "Your hand" not in s.render(None)


def test_passer_remembers_passed_cards_until_seen() -> None:
    """Ruling 5 / issue 5: the cards a seat passed and to whom stay known (in the
    receiver's hand) until seen played."""
    s = four_player_turn()
    everyone_discards(s)
    # seat 0 kept AS, showed 2S, discarded 3S and passed 4S-7S to seat 1 (left)
    v = s.view(0)
    assert v["passed"] == [{"to": 1, "cards": ["4S", "5S", "6S", "7S"]}]
    assert v["tracked"] == [["4S", [1]], ["5S", [1]], ["6S", [1]], ["7S", [1]]]
    assert v["received"] == [{"from": 3, "cards": ["4C", "5C", "6C", "7C"]}]
    # seat 1 acts: keeps 4S, shows 5S, discards 6S: those are seen.
    play(s, "house 4C", "village 5C", "discard 6C")
    play(s, "house 4S", "village 5S", "discard 6S")
    assert s.view(0)["tracked"] == [["4S", [1]], ["7S", [1]]]


def test_tracked_cards_follow_onward_passes() -> None:
    """Ruling 5: with 4 players a card passed right may travel on across: the passer
    knows it is with the receiver or with whoever the receiver passed to."""
    s = four_player_turn()
    s.passes = 1  # the first pass of this game goes right, the next across
    everyone_discards(s)
    assert s.view(0)["tracked"] == [[c, [3]] for c in ("4S", "5S", "6S", "7S")]
    everyone_discards(s)
    # seat 3 kept 4S, showed 5S, discarded 6S and passed AC 7S across to seat 1; seat 0
    # saw 5S and 6S, and passed 6H 7H to seat 2 in its turn
    assert s.view(0)["tracked"] == [["4S", [1, 3]], ["7S", [1, 3]], ["6H", [2]], ["7H", [2]]]
    assert s.hands[3] & mask("4S") and s.hands[1] & mask("7S")


def test_cards_passed_back_are_no_longer_tracked() -> None:
    """Ruling 5: with 2 players the hand comes back: what returns is in one's own hand,
    what stays behind is the receiver's house card."""
    game = seedbed.load("harvest", players=2, harvest_cards_played="fields")
    s = game.position(hands={0: "AS 2S 3S 4S 5S 6S 7S", 1: "AH 2H 3H 4H 5H 6H 7H"}, dealer=1)  # type: ignore[attr-defined]
    everyone_discards(s)
    assert [c for c, _ in s.view(0)["tracked"]] == ["4S", "5S", "6S", "7S"]
    everyone_discards(s)
    # seat 1 held 4S..7S + AH, kept 4S, showed 5S, discarded 6S, passed 7S AH back;
    # seat 0 then passed 6H 7H.
    assert s.view(0)["tracked"] == [["4S", [1]], ["6H", [1]], ["7H", [1]]]
    assert s.hands[0] & mask("7S AH") and s.hands[1] & mask("4S")


# -- resampling -------------------------------------------------------------------------------


def test_resample_keeps_the_view_and_depends_only_on_the_rng() -> None:
    """protocol: a resampled state shows the player the same view; equal generators
    give equal states; resampling a resample gives the same state."""
    for players in (2, 3, 4):
        for seed in range(6):
            s = midgame(players, seed, 20 + 7 * seed)
            if s.is_terminal():
                continue
            for p in range(players):
                a = s.resample_from_infostate(p, random.Random(3))
                assert a.view(p) == s.view(p)
                assert a.seed is None
                a.check_invariants()
                b = a.resample_from_infostate(p, random.Random(3))
                assert b.to_json() == a.to_json()


def test_resample_is_a_function_of_the_information_set() -> None:
    """protocol: two states the player cannot tell apart (other seats' hidden cards
    exchanged, the Jokers' ids swapped) resample to the same state."""
    for seed in range(10):
        s = midgame(3, seed, 9 + seed)
        if s.is_terminal():
            continue
        t = s.clone()
        # exchange the hands of seats 1 and 2 where seat 0 tracks nothing
        if not s.track[0]:
            t.hands[1], t.hands[2] = s.hands[2], s.hands[1]

        # and swap which Joker is which
        def swap(m: int) -> int:
            j = m & (3 << 52)
            return m ^ (3 << 52) if j in (1 << 52, 1 << 53) else m

        t.hands = [swap(m) for m in t.hands]
        t.houses = [swap(m) for m in t.houses]
        t.village = swap(t.village)
        t.deck = [{52: 53, 53: 52}.get(c, c) for c in t.deck]
        assert t.view(0) == s.view(0)
        r1 = s.resample_from_infostate(0, random.Random(11))
        r2 = t.resample_from_infostate(0, random.Random(11))
        assert r1.to_json() == r2.to_json()


def test_resample_hides_other_seats_house_decisions() -> None:
    """protocol: the resampled action list is rebuilt from what the player knows:
    other seats' house cards read ``house ??``."""
    s = four_player_turn()
    everyone_discards(s)
    r = s.resample_from_infostate(2, random.Random(1))
    hist = r.history()
    assert hist[0::3] == ["house ??", "house ??", "house AD", "house ??"]
    assert r.actions()[0] == HIDDEN_HOUSE
    assert r.history()[1::3] == s.history()[1::3]


def test_resample_puts_passed_cards_with_the_receiver() -> None:
    """Issue 5: passed cards stay with the receiver until seen played."""
    s = four_player_turn()
    everyone_discards(s)
    for i in range(50):
        r = s.resample_from_infostate(0, random.Random(i))
        assert r.hands[1] & mask("4S 5S 6S 7S") == mask("4S 5S 6S 7S")
        assert r.hands[0] == s.hands[0]


def test_resample_onward_cards_respect_one_kept_card_per_turn() -> None:
    """Ruling 5: a card that may have travelled on is placed only with seats that may
    hold it, and a seat keeps one card per turn, so two cards passed to seat 3 cannot
    both have stayed there. Worlds (4S, 7S): (1,1), (1,3), (3,1), weighted by the
    placements each allows (6, 9, 9 out of 24)."""
    s = four_player_turn()
    s.passes = 1
    everyone_discards(s)
    everyone_discards(s)
    where: Counter[tuple[int, int]] = Counter()
    trials = 600
    for i in range(trials):
        r = s.resample_from_infostate(0, random.Random(i))
        r.check_invariants()
        seats = tuple(
            next(q for q in range(4) if (r.hands[q] | r.houses[q]) & mask(c)) for c in ("4S", "7S")
        )
        where[seats] += 1  # type: ignore[index]
    assert set(where) == {(1, 1), (1, 3), (3, 1)}
    assert abs(where[(1, 1)] - trials * 6 / 24) < 4 * (trials * 6 / 24 * 18 / 24) ** 0.5


def test_passed_jokers_are_tracked_as_a_joker() -> None:
    """Ruling 1 and 5: a passed Joker is tracked as "a Joker"; seen leaving the
    receiver, it may have been that one or the other (hidden) Joker."""
    game = seedbed.load("harvest", players=3, harvest_cards_played="fields")
    s = game.position(  # type: ignore[attr-defined]
        hands={0: "AS 2S 3S 4S 5S 6S JK", 1: "AH 2H 3H 4H 5H 6H 7H", 2: "AD 2D 3D 4D 5D 6D 7D"},
        dealer=2,
    )
    everyone_discards(s)  # seat 0 passes 4S 5S 6S JK to seat 1
    assert ["JK", [1]] in s.view(0)["tracked"]
    for i in range(30):
        r = s.resample_from_infostate(0, random.Random(i))
        assert (r.hands[1] | r.houses[1]) & (3 << 52)
    play(s, "house AS", "village 4D", "discard 5D")
    play(s, "house 4S", "village JK")  # seat 1 shows a Joker: maybe the passed one
    assert "JK" not in [c for c, _ in s.view(0)["tracked"]]
    hidden_joker: Counter[bool] = Counter()
    for i in range(200):
        r = s.resample_from_infostate(0, random.Random(i))
        r.check_invariants()
        hidden_joker[bool((r.hands[1] | r.houses[1]) & (3 << 52))] += 1
    assert hidden_joker[True] and hidden_joker[False]


def test_resample_is_uniform_over_unknown_cards() -> None:
    """Issue 5: with nothing passed yet, every card the player cannot see is equally
    likely in each hidden place (frequency proportional to the place's size)."""
    s = seedbed.load("harvest", players=2).new_state(17)
    unseen = [c for c in range(52) if not s.hands[0] >> c & 1]
    c = unseen[0]
    in_hand = 0
    trials = 1500
    for i in range(trials):
        r = s.resample_from_infostate(0, random.Random(i))
        in_hand += (r.hands[1] >> c) & 1
        assert r.hands[0] == s.hands[0]
    expected = trials * 7 / 47
    assert abs(in_hand - expected) < 4 * (expected * (1 - 7 / 47)) ** 0.5


def test_other_seats_are_told_house_unknown() -> None:
    """The house card is face down (rulebook "The play"): the mover sees its name,
    everyone else, spectators included, only ``house ??``."""
    import seedbed

    state = seedbed.load("harvest", players=3).new_state(8)
    actor = state.current_player()
    assert actor is not None
    action = state.legal_actions()[0]
    assert state.notation_for(action, actor, actor) == state.action_to_string(action)
    for viewer in [*(p for p in range(3) if p != actor), None]:
        assert state.notation_for(action, actor, viewer) == "house ??"

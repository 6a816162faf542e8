"""Harvest's designer's knob ``first_deal`` (7): the deal sizes of ruling 6, set up
from positions, and the rulebook game left as it was."""

from __future__ import annotations

import pytest
from harvest_cases import cards, seat_cards

import seedbed
from seedbed.core.protocol import State
from seedbed.games.harvest import rules
from seedbed.testing.helpers import legal_notation, play, table


def game(players: int = 2, first_deal: int = 7, option: str = "table") -> seedbed.Game:
    return seedbed.load(
        "harvest", players=players, first_deal=first_deal, harvest_cards_played=option
    )


@pytest.mark.parametrize(("players", "first_deal"), [(2, 3), (3, 9), (4, 11), (4, 13)])
def test_the_first_deal(players: int, first_deal: int) -> None:
    s = game(players, first_deal).new_state(3)
    assert [len(h) for h in seat_cards(s, "hands")] == [first_deal] * players
    assert len(cards(s, "deck")) == 54 - first_deal * players


def _round_one_sizes(s: State, n: int) -> list[list[int]]:
    """The hand sizes at the start of each turn of round 1, playing no plant or tend
    (so that nothing ends the game)."""
    sizes = []
    while table(s, None)["round"] == 1:
        t = table(s, None)
        if s.phase_name() == "house" and s.current_player() == (t["dealer"] + 1) % n:
            sizes.append(t["hand_sizes"])
        play(s, next(m for m in legal_notation(s) if not m.startswith(("plant", "tend"))))
    return sizes


@pytest.mark.parametrize(("first_deal", "turns"), [(3, [3]), (9, [9, 7, 5, 3])])
def test_hands_shrink_by_two_from_the_first_deal(first_deal: int, turns: list[int]) -> None:
    """Ruling 6 with ``first_deal=k``: hands hold k, k - 2, ... 3 at the turns of round
    1; then the house card joins a deal of k - 1, which makes k again."""
    s = game(2, first_deal).new_state(21)
    assert _round_one_sizes(s, 2) == [[k, k] for k in turns]
    assert table(s, None)["hand_sizes"] == [first_deal] * 2
    assert s.rule_counts()[f"deal_{first_deal - 1}"] == 1


def _last_turn(first_deal: int, deck_size: int) -> State:
    """The last turn of a round of 2 players (3 cards each), with ``deck_size`` cards in
    the deck; the rest lies in the village (so option "fields": the village holds whole
    suits)."""
    deck = ",".join(
        f"{r}{s}" for s in "SD" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T")
    )
    deck = ",".join(deck.split(",")[:deck_size])
    s = game(2, first_deal, "fields").from_position(
        f"dealer=1 hands=7H,KC,JK/2H,3H,JK village=rest deck={deck}"
    )
    s.check_invariants()  # type: ignore[attr-defined]
    return s


@pytest.mark.parametrize(
    ("first_deal", "deck_size", "dealt"),
    [(9, 16, 8), (9, 15, 6), (9, 11, 4), (5, 16, 4), (5, 7, 2), (7, 13, 6), (7, 11, 4)],
)
def test_later_deals_follow_the_first(first_deal: int, deck_size: int, dealt: int) -> None:
    """Ruling 6 with ``first_deal=k``: the next deal is k - 1 each if the deck holds that
    many per player, else two fewer, and so on down to 2."""
    s = _last_turn(first_deal, deck_size)
    play(s, "house JK", "village KC", "discard 7H", "house JK", "village 3H", "discard 2H")
    assert [len(h) for h in seat_cards(s, "hands")] == [dealt + 1] * 2
    assert table(s, None)["deck"] == deck_size - 2 * dealt
    assert rules.deal_size(deck_size, 2, first_deal - 1) == dealt


def test_deal_sizes() -> None:
    assert rules.deal_sizes(7) == (6, 4, 2)
    assert rules.deal_sizes(3) == (2,)
    assert rules.deal_sizes(13) == (12, 10, 8, 6, 4, 2)


def test_the_knob_is_implied_at_its_default() -> None:
    assert seedbed.load("harvest").option("first_deal") == 7
    assert seedbed.load("harvest", players=3).params == {
        "players": 3,
        "harvest_cards_played": "table",
    }
    assert game(3, 9).params["first_deal"] == 9
    assert game(3, 7) == seedbed.load("harvest", players=3)


@pytest.mark.parametrize("value", [8, 1, 15, "7", True])
def test_bad_first_deals_are_refused_clearly(value: object) -> None:
    with pytest.raises(ValueError, match=r"option first_deal=.* is not valid; choose one of 3, 5"):
        seedbed.load("harvest", first_deal=value)


def test_saved_states_carry_the_knob() -> None:
    g = game(3, 5)
    s = g.new_state(8)
    for _ in range(20):
        s.apply_action(s.legal_actions()[-1])
    assert not s.is_terminal()
    assert g.state_from_json(s.to_json()).to_json() == s.to_json()
    assert g.from_position(s.position()).legal_actions() == s.legal_actions()
    with pytest.raises(seedbed.StateFormatError, match="params"):
        seedbed.load("harvest", players=3).state_from_json(s.to_json())
    assert seedbed.Record.from_state(s).replay().to_json() == s.to_json()

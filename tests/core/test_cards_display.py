"""The one display form of cards (``10♦``), shared by every interface."""

from __future__ import annotations

import random

import pytest

from seedbed.core.cards import (
    JOKER_1,
    card,
    display_card,
    display_notation,
    n_cards,
    parse_card,
)
from seedbed.core.registry import available_games, load


def test_a_card_shows_with_ten_spelled_out_and_its_suit_symbol() -> None:
    assert display_card(card("T", "D")) == "10♦"
    assert display_card("TD") == "10♦"
    assert display_card("QS") == "Q♠"
    assert display_card(JOKER_1) == "Joker"
    assert display_card("JK") == "Joker"
    for c in range(52):
        assert parse_card(display_card(c)) == c


def test_notation_shows_its_cards_in_the_display_form_and_nothing_else_changes() -> None:
    assert display_notation("TS match f3: [6S 2D AS AD] = 10") == "10♠ match f3: [6♠ 2♦ A♠ A♦] = 10"
    assert display_notation("AC harvest f0: AH=14, 3C") == "A♣ harvest f0: A♥=14, 3♣"
    assert display_notation("assistant: JK takes 2C -> plant") == (
        "assistant: Joker takes 2♣ -> plant"
    )
    for unchanged in ("plant ?", "house ??", "trump D", "pick North", "water 9 R/Y", "take 10"):
        assert display_notation(unchanged) == unchanged


def test_card_counts_agree_in_number() -> None:
    assert [n_cards(k) for k in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]


@pytest.mark.parametrize("gid", available_games())
def test_every_move_typed_in_the_display_form_is_the_same_move(gid: str) -> None:
    """What people see is what they may type: each legal move's display form parses
    back to it, in every game."""
    rng = random.Random(3)
    game = load(gid)
    seen = 0
    for seed in range(2):
        state = game.new_state(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            # Four Fields has hundreds of moves a turn: a sample of every fourth turn's.
            picked = legal if len(legal) <= 20 else rng.sample(legal, 20)
            for a in picked if state.move_number() % 4 == 0 else []:
                shown = display_notation(state.action_to_string(a))
                assert state.string_to_action(shown) == a, shown
                seen += 1
            state.apply_action(rng.choice(legal))
    assert seen

"""SEWN terminal rendering of views."""

from __future__ import annotations

import random

from seedbed.games.sewn import SewnGame
from seedbed.games.sewn.engine import HARVEST, PICK, PLANT, SEED

GAME = SewnGame()


def test_render_every_phase_every_seat() -> None:
    """The renderer shows each seat's view in every phase without error."""
    rng = random.Random(2)
    st = GAME.new_state(4)
    seen = set()
    while not st.is_terminal():
        if st.phase not in seen or rng.random() < 0.05:
            seen.add(st.phase)
            for p in [None, 0, 1, 2, 3]:
                text = st.render(p)
                assert "SEWN" in text
                assert ("Your hand" in text) == (p is not None)
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    assert "Game over" in st.render(0)
    assert {SEED, PLANT, PICK, HARVEST} <= seen


def test_render_shows_hand_by_suit_trump_and_fields() -> None:
    """The renderer lists the hand by suit, the trump and each Field's face-up cards."""
    rng = random.Random(3)
    st = GAME.new_state(5)
    while not (st.phase == HARVEST and len(st.trick) == 1):
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    text = st.render(0)
    assert "trump is" in text and "taken by" in text and "Trick:" in text
    assert "♠" in text and "♣" in text
    st2 = GAME.new_state(5)
    text2 = st2.render(1)
    assert "Dealer:" in text2 and "empty" in text2  # no Field has a card yet

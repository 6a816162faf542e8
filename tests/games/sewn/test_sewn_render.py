"""SEWN terminal rendering of views."""

from __future__ import annotations

import random

from seedbed.games.sewn import SewnGame

GAME = SewnGame()


def test_render_every_phase_every_seat() -> None:
    """The renderer shows each seat's view in every phase without error."""
    rng = random.Random(2)
    st = GAME.new_state(4)
    seen = set()
    while not st.is_terminal():
        if st.phase_name() not in seen or rng.random() < 0.05:
            seen.add(st.phase_name())
            for p in [None, 0, 1, 2, 3]:
                text = st.render(p)
                assert "SEWN" in text
                assert ("Your hand" in text) == (p is not None)
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    assert {"seed", "plant", "privilege", "trump", "pick", "harvest"} <= seen
    end = st.render(0)
    assert "Game over" in end and "Won by" in end
    assert "Last trick of round 4" in end and "Tricks per round" in end


def test_render_shows_hand_by_suit_trump_fields_and_tricks() -> None:
    """The hand by suit, the trump, each Field's face-up cards, the trick in progress,
    and at a round's start the last trick of the round before and its trick counts."""
    rng = random.Random(3)
    st = GAME.new_state(5)
    while not (st.phase_name() == "harvest" and any(st.view(None)["table"]["trick"]["cards"])):
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    text = st.render(0)
    assert "trump is" in text and "taken by" in text and "Trick:" in text
    assert "♠" in text and "♣" in text
    start = GAME.new_state(5).render(1)
    assert "Dealer:" in start and "empty" in start  # no Field has a card yet
    while st.view(None)["table"]["round"] == 1:
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    text = st.render(2)
    assert "Last trick of round 1" in text and "Tricks per round (S/E/N/W): r1 " in text

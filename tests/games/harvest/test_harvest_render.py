"""The terminal renderer shows what issue 5 asks: hand, house, village, each player's
fields with stage and value, deck size, pass direction, scores."""

from __future__ import annotations

import seedbed


def test_render_shows_the_table_for_a_seat_and_a_spectator() -> None:
    game = seedbed.load("harvest", players=2, harvest_cards_played="fields")
    s = game.position(  # type: ignore[attr-defined]
        hands={0: "7H KC JK", 1: "2D 3D 4S"},
        fields={0: "AS 6S JS", 1: "5H"},
        deck="AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC",
        dealer=1,
    )
    s.apply_action(s.string_to_action("house 7H"))
    s.apply_action(s.string_to_action("village JK"))
    text = s.render(0)
    assert "deck: 12 cards" in text and "next pass: across" in text
    assert "(harvested, 18)" in text and "(planted, 5)" in text
    assert "18 points" in text
    assert "Your hand:" in text and "Your house:" in text and "7♥" in text
    assert "Joker is in the village" in text
    spectator = s.render(None)
    assert "Your hand" not in spectator and "7♥" not in spectator
    assert "house ??" in spectator


def test_render_announces_the_end() -> None:
    game = seedbed.load("harvest", players=2)
    s = game.new_state(3)
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    assert "Game over" in s.render(None)

"""The terminal table: hand, house, village, every seat's fields drawn as their cards
with stage and value, deck size, pass direction, scores; the end."""

from __future__ import annotations

import random

from harvest_cases import harvest, play, position

from seedbed.testing.conformance import random_moves


def test_render_shows_the_table_for_a_seat_and_a_spectator() -> None:
    s = position(
        "dealer=1 hands=7H,KC,JK/2D,3D,4S fields=AS,6S,JS/5H"
        " deck=AC,2C,3C,4C,5C,6C,7C,8C,9C,TC,JC,QC village=rest",
        2,
        "fields",
    )
    play(s, "house 7H", "village JK")
    text = s.render(0)
    assert "deck: 12 cards" in text and "next pass: across" in text
    assert "A♠[/bold] [bold]6♠[/bold] [bold]J♠" in text  # the field as its cards
    assert "harvested 18" in text and "planted 5" in text
    assert "18 points" in text
    assert "Your hand:" in text and "Your house:" in text and "7♥" in text
    assert "Joker is in the village" in text
    spectator = s.render(None)
    assert "Your hand" not in spectator and "7♥" not in spectator
    assert "seat 0: house ??" in spectator


def test_render_announces_the_end() -> None:
    s = harvest(2).new_state(3)
    random_moves(s, random.Random(1))
    assert "Game over" in s.render(None)

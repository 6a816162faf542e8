"""A golden playthrough: the same seed and the same choices replay the same game. If
this fails after a rule change, bump ``HarvestGame.version`` and update the figures."""

from __future__ import annotations

import hashlib
import random

import seedbed
from seedbed.testing.conformance import random_moves


def test_golden_random_game_replays_exactly() -> None:
    game = seedbed.load("harvest", players=4, harvest_cards_played="fields")
    assert game.version == 1
    s = game.new_state(2024)
    rng = random.Random(0)
    random_moves(s, rng)
    history = s.history()
    assert len(history) == 504
    assert history[:6] == [
        "house 7C",
        "village 5D",
        "discard QH",
        "house 5S",
        "village AH",
        "discard JH",
    ]
    assert s.scores() == [20.0, 47.0, 48.0, 68.0]
    assert s.winners() == [3]
    assert s.rule_counts() == {
        "plant": 13,
        "tend": 9,
        "harvest": 6,
        "assistant": 9,
        "discard": 131,
        "rounds": 20,
        "deal_6": 8,
        "deal_4": 4,
        "deal_2": 7,
        "joker_village_reshuffle": 15,
        "village_reshuffle_for_deal": 4,
    }
    digest = hashlib.sha256("|".join(history).encode()).hexdigest()
    assert digest == "e22c4a3ff9b857b897af24fc9409883351aaf6883e0060705b510ae48d324ef5"

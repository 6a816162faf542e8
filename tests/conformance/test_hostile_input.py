"""Hostile input to every registered game, player count and option: illegal and absurd
ints, things that are not ints, junk text, corrupt state JSON and corrupt records, at
random points of random games (:func:`seedbed.testing.untrusted.check_game_untrusted`).

The default run checks a few states of one game per configuration; ``pytest -m slow``
plays many more (the fuzz that found issue 17 ran 19,291 games)."""

from __future__ import annotations

import pytest

import seedbed
from game_configs import CONFIGS
from seedbed.testing.untrusted import check_game_untrusted


@pytest.mark.parametrize(("game_id", "params"), CONFIGS)
def test_hostile_input_is_refused_cleanly(game_id: str, params: dict[str, object]) -> None:
    check_game_untrusted(seedbed.load(game_id, **params), seed=17, games=1, every=12)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "params"), CONFIGS)
def test_hostile_input_long(game_id: str, params: dict[str, object]) -> None:
    check_game_untrusted(seedbed.load(game_id, **params), seed=1717, games=30, every=3)

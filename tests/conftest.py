"""Shared fixtures: the toy engine (tests/toy_game.py) registered under the id ``toy``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from seedbed.core import registry


@pytest.fixture
def toy_registered() -> Iterator[str]:
    registry._SPECS["toy"] = registry.GameSpec("toy", "toy_game:ToyGame")
    try:
        yield "toy"
    finally:
        registry._SPECS.pop("toy", None)

"""The shared conformance checks for SOW with 2, 3 and 4 players (also run by
tests/conformance over the registry)."""

from __future__ import annotations

import pytest

import seedbed
from seedbed.testing.conformance import check_game


@pytest.mark.parametrize("n", [2, 3, 4])
def test_sow_conformance(n: int) -> None:
    check_game(seedbed.load("sow", players=n), seed=n, games=1, deep_every=2)


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_sow_conformance_long(n: int) -> None:
    check_game(seedbed.load("sow", players=n), seed=100 + n, games=10, deep_every=1)

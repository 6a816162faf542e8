"""Strength checks (slow): the heuristic must beat random as issue 7 asks.

Run with ``pytest -m slow tests/agents``. The figures in ``docs/strength.md`` come
from ``seedbed arena`` with more deals; these are smaller, quicker versions.
"""

from __future__ import annotations

import pytest

from seedbed.sim.report import summarize
from seedbed.sim.runner import plan_matches, run_matches

CASES = [
    ("sow", ["heuristic", "random"], 0.75),
    ("harvest", ["heuristic", "random"], 0.75),
    ("four_fields", ["heuristic", "random"], 0.75),
    ("sewn", ["heuristic", "random", "random", "random"], 0.55),
]


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "agents", "target"), CASES)
def test_heuristic_beats_random(game_id: str, agents: list[str], target: float) -> None:
    matches = plan_matches(len(agents), agents, games=12, seed=3, duplicate=True)
    results = run_matches(game_id, {"players": len(agents)}, matches, run_seed=3)
    summary = summarize(results, len(agents))
    line = next(a for a in summary.agents if a.spec == "heuristic")
    assert line.win_share.mean >= target, f"{game_id}: {line.win_share.mean:.2f}"


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["sow", "harvest"])
def test_ismcts_is_not_worse_than_heuristic(game_id: str) -> None:
    agents = ["ismcts:iterations=200", "heuristic"]
    matches = plan_matches(2, agents, games=4, seed=5, duplicate=True)
    results = run_matches(game_id, {"players": 2}, matches, run_seed=5)
    line = next(a for a in summarize(results, 2).agents if a.spec == agents[0])
    assert line.win_share.mean >= 0.35, f"{game_id}: {line.win_share.mean:.2f}"

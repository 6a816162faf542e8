"""Every registered game brings its rules page, its own rules tests and a playthrough
file (seeded games replayed by test_playthroughs.py, which fail when behaviour changes
without a version bump)."""

from __future__ import annotations

from pathlib import Path

import pytest

import seedbed

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game_id", seedbed.available_games())
def test_game_has_rules_page_tests_and_playthrough(game_id: str) -> None:
    assert (ROOT / "docs" / "rules" / f"{game_id}.md").is_file()
    tests = ROOT / "tests" / "games" / game_id
    assert (tests / f"test_{game_id}_rules.py").is_file()
    assert (ROOT / "tests" / "playthroughs" / f"{game_id}.txt").is_file()

"""The full-size report the issue describes (slow: 2,000 games; ``pytest -m slow``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from seedbed.cli import main as cli


@pytest.mark.slow
def test_two_thousand_game_report(tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    args = ["report", "four_fields", "--players", "3", "--agents", "heuristic"]
    args += ["--games", "2000", "-o", "full_harvest=true", "--workers", "2"]
    args += ["--skill-games", "2", "--ladder", "random,heuristic", "--out", str(page)]
    try:
        cli.main(args)
    except SystemExit as exc:
        assert not exc.code
    data = json.loads(page.with_suffix(".json").read_text())
    variant = data["variants"][0]
    assert variant["games"] == 2000
    first = variant["positions"][0]["win"]
    assert first["n"] == 2000 and first["high"] - first["low"] < 0.05
    assert "<svg" in page.read_text()

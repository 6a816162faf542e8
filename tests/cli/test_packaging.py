"""A wheel carries the rules pages, so ``seedbed rules`` works outside the source tree
(slow: builds a wheel, pure Python, in an isolated build environment)."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import seedbed

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_wheel_contains_every_rules_page(tmp_path: Path) -> None:
    env = dict(os.environ, SEEDBED_PURE_PYTHON="1")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(tmp_path)],
        check=True,
        env=env,
    )
    (wheel,) = tmp_path.glob("seedbed-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for game_id in seedbed.available_games():
        assert f"seedbed/rules/{game_id}.md" in names
    # seedbed report renders its page from a template inside the package.
    assert "seedbed/lab/templates/report.html.j2" in names

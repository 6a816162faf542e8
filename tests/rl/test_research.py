"""Every Python example of docs/research.md runs as written (shortened by its
environment variables)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "research.md"
EXAMPLES = re.findall(r"```python\n(.*?)```", PAGE.read_text(), flags=re.S)


def test_the_page_has_its_examples() -> None:
    assert len(EXAMPLES) >= 5


@pytest.mark.parametrize("number", range(len(EXAMPLES)))
def test_example_runs(number: int, tmp_path: Path) -> None:
    script = tmp_path / f"example_{number}.py"
    script.write_text(EXAMPLES[number])
    env = {**os.environ, "SEEDBED_EXAMPLE_SECONDS": "1", "SEEDBED_EXAMPLE_GAMES": "5"}
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]

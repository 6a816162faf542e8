"""Where the rules pages live, for every layer that shows them (terminal, web).

Inside the package when installed from a wheel (``setup.py`` copies
``docs/rules/*.md`` to ``seedbed/rules/``), else ``docs/rules`` of the source tree
(an editable install).
"""

from __future__ import annotations

from pathlib import Path


def rules_dir() -> Path:
    packaged = Path(__file__).resolve().parents[1] / "rules"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[3] / "docs" / "rules"


def rules_page(game: str) -> Path:
    """The rules page of ``game`` (which may be missing from a broken install)."""
    return rules_dir() / f"{game}.md"

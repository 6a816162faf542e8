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


def pytest_report_header() -> str:
    from seedbed._build import describe

    return f"seedbed engines: {describe()}"


def pytest_sessionstart(session: pytest.Session) -> None:
    from seedbed._build import orphan_extensions, stale_modules

    stale = stale_modules()
    if stale:
        pytest.exit(
            "compiled modules are older than their source (" + ", ".join(stale) + "); "
            "rebuild with `make test` or `.venv/bin/pip install -e .`",
            returncode=2,
        )
    orphans = orphan_extensions()
    if orphans:
        pytest.exit(
            "compiled extensions without a source file (" + ", ".join(orphans) + "): "
            "delete them (`make clean`) and rebuild",
            returncode=2,
        )

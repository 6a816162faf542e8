"""The browser tests' harness: a real ``seedbed serve`` (the server tests' own
``server_kit``) and Debian's Chromium driven by Playwright for Python.

Playwright's own browser download does not work on our machines: the tests launch
``/usr/bin/chromium`` (``apt-get install chromium``; ``.ci/run`` does it) with the
flags that keep it off the network. Without it the browser tests are skipped and say
why; with ``SEEDBED_REQUIRE_BROWSER=1`` (set by ``.ci/run``) a missing browser fails
them. Screenshots go to ``test-artifacts/`` at the repository root.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server_kit import start_server

pytest.importorskip("fastapi", reason="the server extra is not installed")

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("SEEDBED_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    tmp = tmp_path_factory.mktemp("web")
    srv = start_server(tmp)
    try:
        yield srv
    finally:
        srv.stop()


def _browser_missing() -> str | None:
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install playwright)"
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    missing = _browser_missing()
    if missing:
        if os.environ.get("SEEDBED_REQUIRE_BROWSER"):
            pytest.fail(missing)
        pytest.skip(missing)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS

"""The server tests' fixture: one real server per test module (``server_kit``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from server_kit import ServerProcess, start_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server per test module, on a fresh SQLite file."""
    srv = start_server(tmp_path_factory.mktemp("server"))
    try:
        yield srv
    finally:
        srv.stop()

"""``seedbed serve``: the game server (tables, seats, bots, clocks, persistence).

Installed with the ``server`` extra (``pip install 'seedbed[server]'``). The protocol,
the persistence model and how to run it are in docs/server.md.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> Any:
    # Lazy, so that ``import seedbed.server.settings`` needs none of the server's
    # dependencies (the CLI imports it to build its options).
    if name == "create_app":
        from seedbed.server.app import create_app

        return create_app
    if name == "Settings":
        from seedbed.server.settings import Settings

        return Settings
    raise AttributeError(name)

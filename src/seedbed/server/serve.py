"""``seedbed serve``: run the server on uvicorn until Ctrl-C or SIGTERM."""

from __future__ import annotations

import logging
import sys

from seedbed.server.settings import Settings


def _missing() -> str | None:
    for module in ("fastapi", "uvicorn", "sqlalchemy", "alembic", "openskill", "argon2"):
        try:
            __import__(module)
        except ImportError:
            return module
    return None


def run_server(host: str, port: int, settings: Settings, log_level: str = "info") -> None:
    """Start the server and block; a user mistake raises ``ValueError``."""
    missing = _missing()
    if missing is not None:
        raise ValueError(
            f"the server needs the 'server' extra ({missing} is missing): "
            "pip install 'seedbed[server]'"
        )
    import uvicorn

    from seedbed.server.app import create_app, uvicorn_config
    from seedbed.server.db import async_url

    async_url(settings.db_url)  # a bad URL is a clear error before anything starts
    if not 0 <= port <= 65535:
        raise ValueError(f"--port must be 0 to 65535, not {port}")
    logging.basicConfig(
        level=getattr(logging, log_level.upper(), logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    # The database writer's thread gives up the GIL at each step of SQLite and must
    # then wait for the event loop to let go of it: by default up to 5 ms each time,
    # which a busy loop makes the price of every step of every commit.
    sys.setswitchinterval(0.0005)
    config = uvicorn_config(create_app(settings), host, port, settings, log_level)
    server = uvicorn.Server(config)
    print(
        f"seedbed {_version()}: open {address(host, port)} in a browser "
        "(Ctrl-C stops the server; the API: /docs)",
        flush=True,
    )
    print(f"database: {_safe(settings.db_url)}", flush=True)
    server.run()
    if not server.started:
        sys.exit(1)


def address(host: str, port: int) -> str:
    """The address a person on this machine opens: a server listening on every
    interface (``0.0.0.0``, ``::``) is reached at the loopback address."""
    if host in ("0.0.0.0", ""):
        host = "127.0.0.1"
    elif host == "::":
        host = "::1"
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def _version() -> str:
    from seedbed._version import __version__

    return __version__


def _safe(url: str) -> str:
    """The URL without its password, for printing."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return url

"""The server's settings: one frozen dataclass, filled from ``seedbed serve``'s options.

Every limit a hostile client could probe has a name here, so docs/server.md, the
tests and the load benchmark talk about the same numbers.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


def default_db_url() -> str:
    """The embedded SQLite file: ``$XDG_DATA_HOME/seedbed/server.db`` (usually
    ``~/.local/share/seedbed/server.db``), so ``seedbed serve`` needs nothing set up
    and never writes into the current directory by surprise."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return f"sqlite:///{Path(base) / 'seedbed' / 'server.db'}"


@dataclass(frozen=True)
class Settings:
    """Everything ``create_app`` needs; the defaults are what ``seedbed serve`` uses."""

    db_url: str = field(default_factory=default_db_url)
    #: Worker processes that run the bots (never the event loop).
    bot_workers: int = max(1, min(4, os.cpu_count() or 1))
    #: Seconds a bot seat waits at least before its move shows (tables may choose).
    bot_think: float = 0.5
    #: The longest ``time=`` an agent spec may ask for, and the most ``iterations=``.
    max_bot_seconds: float = 10.0
    max_bot_iterations: int = 20_000
    #: A WebSocket text message longer than this is rejected (and changes nothing).
    max_message_bytes: int = 4096
    #: Frames beyond this are refused by the WebSocket layer itself (close 1009).
    max_frame_bytes: int = 65536
    #: Credit bucket per connection: this many messages at once, refilled at ``rate``
    #: a second; a connection that runs dry is closed with a reason.
    rate_burst: float = 60.0
    rate_per_second: float = 30.0
    #: A client must say hello within this many seconds of connecting.
    hello_timeout: float = 10.0
    #: Messages queued for one slow client before it is disconnected (it can resync).
    send_queue: int = 512
    #: Connections one table accepts (players' tabs and spectators together).
    max_connections_per_table: int = 64
    #: The longest a worker may take to check that a move showed nothing hidden
    #: (an undo whose check runs out of time is refused).
    undo_check_seconds: float = 2.0
    #: A seat must be away this long before the others may hand it to a bot.
    away_grace: float = 15.0
    #: A finished table stays in memory this long (its record is in the database).
    keep_finished: float = 600.0
    #: SQLite only: ``FULL`` syncs every commit to disk (a power cut loses nothing);
    #: ``NORMAL`` survives a killed process but not a power cut.
    sqlite_synchronous: str = "FULL"
    #: Send session cookies with the ``Secure`` flag (behind a TLS proxy).
    secure_cookies: bool = False
    #: Sessions of registered players last this many days.
    session_days: float = 30.0
    #: The garbage collector: objects that lived this long are frozen out of its
    #: passes, and the whole heap is collected once every ``gc_major_every`` seconds
    #: (``seedbed.server.collector``: why).
    gc_every: float = 2.0
    gc_major_every: float = 600.0

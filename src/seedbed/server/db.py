"""The database: schema (SQLAlchemy Core), URLs, engines and Alembic migrations.

The schema is the persistence model of docs/server.md: ``tables`` (one row per game
table, with its seed), ``seats``, and ``events``, the table's append-only log, one row
per version. A table is rebuilt after a restart by replaying its move events from the
seed, so nothing but these rows is needed. ``players``, ``sessions`` and ``ratings``
hold registered names, logins and openskill ratings.

Migrations live in ``seedbed/server/migrations`` (shipped in the wheel) and run when
the server starts, so ``pip install`` and ``seedbed serve`` are all a user does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    event,
)
from sqlalchemy import create_engine as sa_create_engine
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import StaticPool

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("params", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("name", String(80), nullable=False, default=""),
    Column("watch", String(16), nullable=False),
    Column("watch_token_hash", String(64)),
    Column("clock", JSON, nullable=False),
    Column("bot_think", Float, nullable=False),
    # waiting (seats free), playing, over (finished), aborted
    Column("status", String(16), nullable=False),
    Column("version", Integer, nullable=False),
    Column("abandoned", Boolean, nullable=False, default=False),
    Column("rated", Boolean, nullable=False, default=False),
    Column("result", JSON),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Column("finished_at", Float),
)
Index("ix_tables_status", tables.c.status)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    # human or bot
    Column("kind", String(8), nullable=False),
    Column("agent", String(200)),
    Column("name", String(64)),
    Column("player_id", Integer, ForeignKey("players.id")),
    Column("token_hash", String(64)),
    Column("left", Boolean, nullable=False, default=False),
    Column("stand_in", Boolean, nullable=False, default=False),
    Column("clock", Float),
)

events = Table(
    "events",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("seat", Integer),
    Column("action", String(100)),  # decimal: actions can exceed 64 bits
    Column("client_id", String(64)),
    Column("data", JSON, nullable=False),
    Column("at", Float, nullable=False),
)

players = Table(
    "players",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(32), nullable=False),
    # the name case-folded: names are unique whatever their case
    Column("name_key", String(32), nullable=False, unique=True),
    Column("password_hash", String(200), nullable=False),
    Column("created_at", Float, nullable=False),
)

sessions = Table(
    "sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("player_id", Integer, ForeignKey("players.id"), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
)

ratings = Table(
    "ratings",
    metadata,
    # "player:<id>" or "agent:<spec>"
    Column("key", String(220), primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("name", String(200), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
)

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


class DatabaseURLError(ValueError):
    """A ``--db`` URL the server cannot use, with what would work."""


def async_url(url: str) -> str:
    """The SQLAlchemy async URL for ``url``: ``sqlite:///path`` uses aiosqlite and
    ``postgresql://...`` (or ``postgres://``) uses asyncpg."""
    text = url.strip()
    if text.startswith("postgres://"):
        text = "postgresql://" + text[len("postgres://") :]
    try:
        parsed = make_url(text)
    except ArgumentError:
        raise DatabaseURLError(
            f"{url!r} is not a database URL; use sqlite:///PATH or postgresql://USER@HOST/DB"
        ) from None
    backend, _, driver = parsed.drivername.partition("+")
    if backend == "sqlite":
        if driver not in ("", "aiosqlite"):
            raise DatabaseURLError(f"SQLite is used through aiosqlite, not {driver!r}")
        if not parsed.database or parsed.database == ":memory:":
            raise DatabaseURLError(
                "an in-memory SQLite database would lose every table on restart; "
                "give a file: sqlite:///PATH"
            )
        return parsed.set(drivername="sqlite+aiosqlite").render_as_string(hide_password=False)
    if backend == "postgresql":
        if driver not in ("", "asyncpg"):
            raise DatabaseURLError(f"PostgreSQL is used through asyncpg, not {driver!r}")
        return parsed.set(drivername="postgresql+asyncpg").render_as_string(hide_password=False)
    raise DatabaseURLError(f"unsupported database {backend!r}: use sqlite:/// or postgresql://")


def is_sqlite(engine: AsyncEngine) -> bool:
    return engine.dialect.name == "sqlite"


def _sqlite_pragmas(engine: Engine, mode: str, autocheckpoint: bool = True) -> None:
    mode = mode.upper()
    if mode not in ("FULL", "NORMAL"):
        raise DatabaseURLError(f"sqlite synchronous must be FULL or NORMAL, not {mode!r}")

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_conn: Any, _record: Any) -> None:
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute(f"PRAGMA synchronous={mode}")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=30000")
        if not autocheckpoint:
            cur.execute("PRAGMA wal_autocheckpoint=0")
        cur.close()


def create_engine(url: str, sqlite_synchronous: str = "FULL") -> AsyncEngine:
    """An async engine for ``url``; SQLite files get WAL, a busy timeout and foreign
    keys, and their folder is created."""
    full = async_url(url)
    parsed = make_url(full)
    if parsed.get_backend_name() == "sqlite":
        assert parsed.database is not None
        Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = create_async_engine(full, connect_args={"timeout": 30})
        _sqlite_pragmas(engine.sync_engine, sqlite_synchronous)
        return engine
    return create_async_engine(full, pool_size=10, max_overflow=10, pool_pre_ping=True)


def create_writer_engine(
    url: str, sqlite_synchronous: str = "FULL", autocheckpoint: bool = False
) -> Engine | None:
    """For a SQLite file, a plain (synchronous) engine with one connection for the
    group-commit writer, which runs a whole transaction in its own thread: through
    aiosqlite every statement would be a hop to its thread and back, each waiting for
    a turn of the event loop. The writer's connection does not checkpoint the WAL
    (the store does it apart); ``autocheckpoint=True`` gives the connection that does.
    ``None`` for PostgreSQL (asyncpg talks on the loop)."""
    parsed = make_url(async_url(url))
    if parsed.get_backend_name() != "sqlite":
        return None
    engine = sa_create_engine(
        parsed.set(drivername="sqlite+pysqlite"),
        # one connection, used by one thread at a time (the writer's)
        poolclass=StaticPool,
        connect_args={"timeout": 30, "check_same_thread": False},
    )
    _sqlite_pragmas(engine, sqlite_synchronous, autocheckpoint)
    return engine


def _upgrade(connection: Connection) -> None:
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


async def migrate(engine: AsyncEngine) -> None:
    """Bring the database schema up to date (Alembic ``upgrade head``)."""
    async with engine.begin() as conn:
        await conn.run_sync(_upgrade)

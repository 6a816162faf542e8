"""Persistence: tables, seats and events in SQL, written with group commits.

Every change at a table is a list of events plus the table's and the changed seats'
rows; :meth:`Store.commit` writes them in one transaction and returns only once it is
committed, and the manager tells nobody of a change before that. One writer per
table (the table's lock is held across the commit) keeps each table's events in
order; a single writer task gathers whatever commits are waiting from all tables into
one transaction, so a busy server does one disk sync for many moves instead of one
each, and no move is acknowledged before it is on disk. With SQLite the transaction
runs in one thread of its own, on one connection, in a single trip from the event
loop (new tables are inserted the same way, so the file has one writer).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import sqlite3
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import JSON, bindparam, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from seedbed.core.registry import load
from seedbed.server import db
from seedbed.server.clocks import Clock
from seedbed.server.perf import Perf
from seedbed.server.table import LIVE, Event, LiveTable, Seat
from seedbed.server.wire import dumps

log = logging.getLogger("seedbed.server")


def _future() -> asyncio.Future[None]:
    return asyncio.get_running_loop().create_future()


@dataclass
class _Write:
    table_id: str
    events: list[dict[str, Any]]
    table_row: dict[str, Any] | None
    seat_rows: list[dict[str, Any]]
    #: a table created: its row and its seats' rows (inserted, not updated)
    new_table: dict[str, Any] | None = None
    new_seats: list[dict[str, Any]] = field(default_factory=list)
    done: asyncio.Future[None] = field(repr=False, default_factory=_future)


#: seconds between the SQLite writer's own checkpoints (see ``Store._catch_up``)
CATCH_UP_EVERY = 1.0

_TABLE_COLS = ("status", "version", "abandoned", "rated", "result", "updated_at", "finished_at")
_SEAT_COLS = ("kind", "agent", "name", "player_id", "token_hash", "left", "stand_in", "clock")


class _SqliteStatement:
    """One of the writer's statements as SQL for the ``sqlite3`` module itself, with
    the conversion SQLAlchemy's column types would make (JSON columns as JSON text,
    ``None`` as JSON ``null``, as SQLAlchemy's ``JSON`` stores it). The writer runs
    every batch through these: SQLAlchemy's work per row (binding each parameter,
    its JSON through the standard library) cost as much of the interpreter lock,
    which the event loop waits for, as SQLite's own."""

    def __init__(self, sql: str, table: Any, columns: Sequence[str]) -> None:
        self.sql = sql
        self.json = tuple(c for c in columns if isinstance(table.c[c].type, JSON))

    @classmethod
    def insert(cls, table: Any) -> _SqliteStatement:
        cols = [c.name for c in table.columns]
        sql = (f"INSERT INTO {_q(table.name)} ({', '.join(map(_q, cols))}) "
               f"VALUES ({', '.join(':' + c for c in cols)})")  # fmt: skip
        return cls(sql, table, cols)

    @classmethod
    def update(cls, table: Any, cols: Sequence[str], keys: dict[str, str]) -> _SqliteStatement:
        sql = (f"UPDATE {_q(table.name)} SET {', '.join(f'{_q(c)} = :{c}' for c in cols)} "
               f"WHERE {' AND '.join(f'{_q(c)} = :{p}' for c, p in keys.items())}")  # fmt: skip
        return cls(sql, table, cols)

    def params(self, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        if not self.json:
            return rows
        out = []
        for row in rows:
            row = dict(row)
            for c in self.json:
                row[c] = dumps(row[c])
            out.append(row)
        return out


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


@dataclass(frozen=True)
class _Statement:
    """One of the writer's statements in both of its forms: SQLAlchemy's, which the
    async engine runs on PostgreSQL, and the ``sqlite3`` module's own, which the SQLite
    writer runs."""

    sa: Any
    sqlite: _SqliteStatement

    @classmethod
    def insert(cls, table: Any) -> _Statement:
        return cls(insert(table), _SqliteStatement.insert(table))

    @classmethod
    def update(cls, table: Any, cols: Sequence[str], keys: dict[str, str]) -> _Statement:
        """``UPDATE table SET cols WHERE key = :param`` for each of ``keys``' items."""
        sa = (
            update(table)
            .where(*(table.c[c] == bindparam(p) for c, p in keys.items()))
            .values({c: bindparam(c) for c in cols})
        )
        return cls(sa, _SqliteStatement.update(table, cols, keys))


_TABLE_INSERT = _Statement.insert(db.tables)
_SEAT_INSERT = _Statement.insert(db.seats)
_EVENT_INSERT = _Statement.insert(db.events)
_TABLE_UPDATE = _Statement.update(db.tables, _TABLE_COLS, {"id": "b_id"})
_SEAT_UPDATE = _Statement.update(db.seats, _SEAT_COLS, {"table_id": "b_table", "seat": "b_seat"})


def _statements(batch: Sequence[_Write]) -> list[tuple[_Statement, list[dict[str, Any]]]]:
    """The statements (each with its rows, executed as one executemany) that write
    ``batch``: new tables first, then events, then the rows that change. They are the
    same statements for every batch, so SQLAlchemy compiles each once."""
    out: list[tuple[_Statement, list[dict[str, Any]]]] = [
        (_TABLE_INSERT, [w.new_table for w in batch if w.new_table is not None]),
        (_SEAT_INSERT, [row for w in batch for row in w.new_seats]),
        (_EVENT_INSERT, [row for w in batch for row in w.events]),
        (_TABLE_UPDATE, [w.table_row for w in batch if w.table_row is not None]),
        (_SEAT_UPDATE, [row for w in batch for row in w.seat_rows]),
    ]
    return [(stmt, rows) for stmt, rows in out if rows]


class Store:
    """The database behind the server.

    ``writer`` (SQLite only, see :func:`db.create_writer_engine`) is a plain engine
    whose one connection the group-commit writer uses in a thread of its own. That
    thread takes each batch itself (whatever arrived while it wrote the last one) and
    hands the results back to the event loop, so commits follow each other without
    waiting for a turn of a busy loop. Without it (PostgreSQL) a task on the loop
    writes each batch through the async engine."""

    def __init__(
        self, engine: AsyncEngine, writer: Engine | None = None, checkpointer: Engine | None = None
    ) -> None:
        self.engine = engine
        self.writer = writer
        self.checkpointer = checkpointer
        self._inbox: queue.SimpleQueue[_Write | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._checkpoint_thread = (
            ThreadPoolExecutor(1, thread_name_prefix="db-checkpoint")
            if checkpointer is not None
            else None
        )
        self._checkpoint_task: asyncio.Task[None] | None = None
        self._pending: list[_Write] = []
        self._raw: tuple[Any, sqlite3.Connection] | None = None
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.commits = 0
        self.batched_writes = 0
        self.perf = Perf()

    # -- the writer --------------------------------------------------------------------
    def start(self) -> None:
        loop = asyncio.get_running_loop()
        if self.writer is not None:
            self._thread = threading.Thread(
                target=self._write_forever, args=(loop,), name="db-writer", daemon=True
            )
            self._thread.start()
        else:
            self._task = loop.create_task(self._run(), name="db-writer")
        if self._checkpoint_thread is not None:
            self._checkpoint_task = loop.create_task(self._checkpoints(), name="db-checkpoint")

    async def close(self) -> None:
        for task in (self._task, self._checkpoint_task):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._task = self._checkpoint_task = None
        if self._thread is not None:
            self._inbox.put(None)
            await asyncio.to_thread(self._thread.join, 30)
            await asyncio.sleep(0)  # the last batch's results, handed over by the thread
            self._thread = None
        left = list(self._pending)
        while not self._inbox.empty():
            item = self._inbox.get_nowait()
            if item is not None:
                left.append(item)
        for w in left:
            if not w.done.done():
                w.done.set_exception(RuntimeError("the server is shutting down"))
        if self._checkpoint_thread is not None:
            self._checkpoint_thread.shutdown(wait=True)
        if self._raw is not None:
            self._raw[0].close()  # back to the writer engine's pool
            self._raw = None
        for sync_engine in (self.writer, self.checkpointer):
            if sync_engine is not None:
                sync_engine.dispose()
        await self.engine.dispose()

    async def commit(self, table: LiveTable, events: Sequence[Event], seats: Sequence[int]) -> None:
        """Write ``events`` of ``table``, its row and the rows of ``seats``; return once
        committed (raises if the database refused)."""
        await self._queue(
            _Write(
                table.id,
                [{"table_id": table.id, **e.row()} for e in events],
                {"b_id": table.id, **table.table_row()},
                [{"b_table": table.id, "b_seat": i, **table.seats[i].row()} for i in sorted(seats)],
            )
        )

    async def _queue(self, write: _Write) -> None:
        if self._thread is not None:
            self._inbox.put(write)
        else:
            self._pending.append(write)
            self._wake.set()
        await write.done

    def _write_forever(self, loop: asyncio.AbstractEventLoop) -> None:
        """The SQLite writer's thread: each batch is every write waiting when the last
        batch was committed; its results go back to the loop."""
        stop = False
        catch_up_at = time.monotonic() + CATCH_UP_EVERY
        while not stop:
            item = self._inbox.get()
            if item is None:
                return
            batch = [item]
            while True:
                try:
                    item = self._inbox.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stop = True
                    break
                batch.append(item)
            began = time.perf_counter()
            failures = self._write_sync(batch)
            took = time.perf_counter() - began
            try:
                loop.call_soon_threadsafe(self._settle, batch, failures, took)
            except RuntimeError:  # pragma: no cover - the loop is gone
                return
            if self.checkpointer is not None and time.monotonic() >= catch_up_at:
                catch_up_at = time.monotonic() + CATCH_UP_EVERY
                self._catch_up()

    def _catch_up(self) -> None:
        """Now and then, between two batches: a checkpoint on the writer's own
        connection. The checkpoint thread copies most of the WAL meanwhile, but never
        the frames committed while it runs, and SQLite starts the WAL file over only
        once every frame has been copied: without this the file would grow as long as
        the server writes. Only the frames since the thread's last pass are left, so
        this one is short."""
        began = time.perf_counter()
        try:
            self._raw_writer().execute("PRAGMA wal_checkpoint(PASSIVE)").close()
        except Exception:  # the next one tries again
            log.exception("SQLite checkpoint failed")
        # from the writer's thread: the stage's samples are only ever added here
        self.perf.add("catch_up", time.perf_counter() - began)

    async def _run(self) -> None:
        """The writer task (PostgreSQL): the same batches, through the async engine."""
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self._pending = self._pending, []
            if not batch:
                continue
            began = time.perf_counter()
            failures: list[Exception | None]
            try:
                failures = await self._write_async(batch)
            except Exception as exc:  # pragma: no cover - it catches its own
                failures = [exc] * len(batch)
            self._settle(batch, failures, time.perf_counter() - began)

    def _settle(self, batch: list[_Write], failures: list[Exception | None], took: float) -> None:
        """On the loop: tell each write's waiter how its commit went."""
        if not any(failures):
            self.commits += 1
            self.batched_writes += len(batch)
            self.perf.add("batch", took)
            self.perf.writes.add(len(batch))
        for w, failure in zip(batch, failures, strict=True):
            if w.done.done():  # pragma: no cover - its waiter was cancelled
                continue
            if failure is None:
                w.done.set_result(None)
            else:
                w.done.set_exception(failure)

    def _raw_writer(self) -> sqlite3.Connection:
        """The ``sqlite3`` connection under the writer's engine (its pool has that one
        connection, with the pragmas set when it opened), kept for the writer thread."""
        if self._raw is None:
            assert self.writer is not None
            proxied = self.writer.raw_connection()
            conn = proxied.driver_connection
            assert isinstance(conn, sqlite3.Connection)
            self._raw = (proxied, conn)
        return self._raw[1]

    def _write_sync(self, batch: list[_Write]) -> list[Exception | None]:
        """The batch in one transaction (in the writer's thread); if the database
        refuses it, each write alone, so that one bad write fails only itself."""
        try:
            raw = self._raw_writer()
            try:
                raw.execute("BEGIN")  # one transaction, whatever the module's own mode
                for stmt, rows in _statements(batch):
                    sql = stmt.sqlite
                    raw.executemany(sql.sql, sql.params(rows))
                raw.commit()
            except BaseException:
                if raw.in_transaction:
                    raw.rollback()
                raise
            return [None] * len(batch)
        except Exception as exc:
            if len(batch) == 1:
                log.exception("could not save table %s", batch[0].table_id)
                return [exc]
        return [self._write_sync([w])[0] for w in batch]

    async def _checkpoints(self, every: float = 0.5) -> None:
        """Copy the SQLite WAL into the database file now and then, in a thread and on a
        connection of their own: the writer's connection never checkpoints
        (``wal_autocheckpoint=0``), because a checkpoint inside a commit (every 1000
        pages by default) made that commit, and every move waiting for it, the slowest.
        A PASSIVE checkpoint takes no lock the writer needs."""
        loop = asyncio.get_running_loop()
        done = self.commits
        while True:
            await asyncio.sleep(every)
            if self.commits == done:
                continue
            done = self.commits
            try:
                await loop.run_in_executor(self._checkpoint_thread, self._checkpoint)
            except Exception:  # the next one tries again; the WAL only grows meanwhile
                log.exception("SQLite checkpoint failed")

    def _checkpoint(self) -> None:
        assert self.checkpointer is not None
        began = time.perf_counter()
        with self.checkpointer.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
        self.perf.add("checkpoint", time.perf_counter() - began)  # only this thread adds

    async def _write_async(self, batch: list[_Write]) -> list[Exception | None]:
        try:
            async with self.engine.begin() as conn:
                for stmt, rows in _statements(batch):
                    await conn.execute(stmt.sa, rows)
            return [None] * len(batch)
        except Exception as exc:
            if len(batch) == 1:
                log.exception("could not save table %s", batch[0].table_id)
                return [exc]
        return [(await self._write_async([w]))[0] for w in batch]

    # -- tables ------------------------------------------------------------------------
    async def create_table(self, table: LiveTable) -> None:
        """Insert a new table and its seats (through the writer, so that a SQLite file
        has one writing connection)."""
        await self._queue(
            _Write(
                table.id,
                [],
                None,
                [],
                new_table={
                    "id": table.id,
                    "game": table.game.id,
                    "params": table.game.params,
                    "seed": table.seed,
                    "name": table.name,
                    "watch": table.watch,
                    "watch_token_hash": table.watch_token_hash,
                    "clock": table.clock.to_json(),
                    "bot_think": table.bot_think,
                    "created_at": table.created_at,
                    **table.table_row(),
                },
                new_seats=[{"table_id": table.id, "seat": s.index, **s.row()} for s in table.seats],
            )
        )

    async def load_tables(self, statuses: Sequence[str] = LIVE) -> list[LiveTable]:
        """Rebuild every table whose status is one of ``statuses`` from its rows."""
        async with self.engine.connect() as conn:
            rows = (
                (await conn.execute(select(db.tables).where(db.tables.c.status.in_(statuses))))
                .mappings()
                .all()
            )
            return [await self._rebuild(conn, dict(r)) for r in rows]

    async def load_table(self, table_id: str) -> LiveTable | None:
        async with self.engine.connect() as conn:
            row = (
                (await conn.execute(select(db.tables).where(db.tables.c.id == table_id)))
                .mappings()
                .first()
            )
            return None if row is None else await self._rebuild(conn, dict(row))

    async def unrated_tables(self) -> list[str]:
        t = db.tables.c
        async with self.engine.connect() as conn:
            rows = await conn.execute(select(t.id).where(t.status == "over", t.rated.is_(False)))
            return [r[0] for r in rows]

    async def mark_rated(self, table_id: str) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(
                update(db.tables).where(db.tables.c.id == table_id).values(rated=True)
            )

    async def _rebuild(self, conn: AsyncConnection, row: dict[str, Any]) -> LiveTable:
        seat_rows = (
            (
                await conn.execute(
                    select(db.seats)
                    .where(db.seats.c.table_id == row["id"])
                    .order_by(db.seats.c.seat)
                )
            )
            .mappings()
            .all()
        )
        seats = [
            Seat(
                index=s["seat"],
                kind=s["kind"],
                agent=s["agent"],
                name=s["name"],
                player_id=s["player_id"],
                token_hash=s["token_hash"],
                left=bool(s["left"]),
                stand_in=bool(s["stand_in"]),
                clock=s["clock"],
            )
            for s in seat_rows
        ]
        params = dict(row["params"])
        players = params.pop("players")
        game = load(row["game"], players=players, **params)
        table = LiveTable(
            row["id"],
            game,
            int(row["seed"]),
            [Seat(s.index, s.kind, agent=s.agent) for s in seats],
            name=row["name"],
            watch=row["watch"],
            watch_token_hash=row["watch_token_hash"],
            clock=Clock.parse(row["clock"]),
            bot_think=row["bot_think"],
            created_at=row["created_at"],
        )
        ev_rows = await conn.execute(
            select(db.events).where(db.events.c.table_id == row["id"]).order_by(db.events.c.version)
        )
        for e in ev_rows.mappings():
            table.apply(
                Event(
                    version=e["version"],
                    kind=e["kind"],
                    seat=e["seat"],
                    action=None if e["action"] is None else int(e["action"]),
                    client_id=e["client_id"],
                    data=dict(e["data"]),
                    at=e["at"],
                ),
                replaying=True,
            )
        table.seats = seats
        table.status = row["status"]
        table.abandoned = bool(row["abandoned"])
        table.rated = bool(row["rated"])
        table.result = row["result"]
        table.updated_at = row["updated_at"]
        table.finished_at = row["finished_at"]
        if table.version != row["version"]:
            raise RuntimeError(
                f"table {row['id']}: {table.version} events stored but the table says "
                f"{row['version']}"
            )
        return table

    async def table_ids(self) -> set[str]:
        async with self.engine.connect() as conn:
            return {r[0] for r in await conn.execute(select(db.tables.c.id))}

    async def list_tables(self, statuses: Sequence[str], limit: int) -> list[dict[str, Any]]:
        """Rows of tables that are not in memory (finished ones), newest first."""
        t = db.tables.c
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(db.tables)
                .where(t.status.in_(statuses))
                .order_by(t.updated_at.desc())
                .limit(limit)
            )
            return [dict(r) for r in rows.mappings()]

    # -- players, sessions, ratings ----------------------------------------------------
    async def add_player(self, name: str, password_hash: str) -> int:
        async with self.engine.begin() as conn:
            res = await conn.execute(
                insert(db.players).values(
                    name=name,
                    name_key=name.casefold(),
                    password_hash=password_hash,
                    created_at=time.time(),
                )
            )
            key = res.inserted_primary_key
            assert key is not None
            return int(key[0])

    async def player_by_name(self, name: str) -> dict[str, Any] | None:
        async with self.engine.connect() as conn:
            row = (
                (
                    await conn.execute(
                        select(db.players).where(db.players.c.name_key == name.casefold())
                    )
                )
                .mappings()
                .first()
            )
            return None if row is None else dict(row)

    async def set_password(self, player_id: int, password_hash: str) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(
                update(db.players)
                .where(db.players.c.id == player_id)
                .values(password_hash=password_hash)
            )

    async def add_session(self, token_hash: str, player_id: int, days: float) -> None:
        now = time.time()
        async with self.engine.begin() as conn:
            await conn.execute(
                insert(db.sessions).values(
                    token_hash=token_hash,
                    player_id=player_id,
                    created_at=now,
                    expires_at=now + days * 86400,
                )
            )

    async def session_player(self, token_hash: str) -> dict[str, Any] | None:
        s, p = db.sessions.c, db.players.c
        async with self.engine.connect() as conn:
            row = (
                (
                    await conn.execute(
                        select(p.id, p.name)
                        .select_from(db.sessions.join(db.players, s.player_id == p.id))
                        .where(s.token_hash == token_hash, s.expires_at > time.time())
                    )
                )
                .mappings()
                .first()
            )
            return None if row is None else dict(row)

    async def drop_session(self, token_hash: str) -> None:
        async with self.engine.begin() as conn:
            await conn.execute(db.sessions.delete().where(db.sessions.c.token_hash == token_hash))

    async def ratings_for(self, keys: Sequence[str]) -> dict[str, dict[str, Any]]:
        async with self.engine.connect() as conn:
            rows = await conn.execute(select(db.ratings).where(db.ratings.c.key.in_(list(keys))))
            return {r["key"]: dict(r) for r in rows.mappings()}

    async def save_ratings(self, table_id: str, rows: Sequence[dict[str, Any]]) -> None:
        """Store new ratings and mark the table rated, in one transaction."""
        r = db.ratings.c
        async with self.engine.begin() as conn:
            flag = await conn.execute(
                update(db.tables)
                .where(db.tables.c.id == table_id, db.tables.c.rated.is_(False))
                .values(rated=True)
            )
            if flag.rowcount == 0:
                return  # rated already (by an earlier run)
            for row in rows:
                done = await conn.execute(
                    update(db.ratings)
                    .where(r.key == row["key"])
                    .values(
                        mu=row["mu"],
                        sigma=row["sigma"],
                        games=r.games + 1,
                        name=row["name"],
                        updated_at=time.time(),
                    )
                )
                if done.rowcount == 0:
                    await conn.execute(
                        insert(db.ratings).values(games=1, updated_at=time.time(), **row)
                    )

    async def leaderboard(self, limit: int) -> list[dict[str, Any]]:
        r = db.ratings.c
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(db.ratings).order_by((r.mu - 3 * r.sigma).desc()).limit(limit)
            )
            return [dict(x) for x in rows.mappings()]

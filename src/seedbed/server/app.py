"""The application: FastAPI routes, the WebSocket endpoint and the server's life.

``create_app(settings)`` builds it; its lifespan opens the database (running the
Alembic migrations), starts the bot pool and the database writer, and resumes every
table the database holds. ``serve`` runs it on uvicorn.

Layout of URLs: ``/api/...`` is the REST API (``api.py``), ``/ws/tables/{id}`` the
table socket, ``/docs`` the OpenAPI pages. Pages and static files for the browser
table (issue 15) go in ``pages.py``, mounted at ``/`` and ``/static``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketState

from seedbed._version import __version__
from seedbed.server import db
from seedbed.server.api import router
from seedbed.server.bots import BotPool
from seedbed.server.collector import Collector
from seedbed.server.connection import CLOSE_BAD_HELLO, CLOSE_RATE_LIMIT, Connection
from seedbed.server.manager import Manager
from seedbed.server.pages import mount_pages
from seedbed.server.settings import Settings
from seedbed.server.store import Store
from seedbed.server.wire import ClientMessage, Rejection, parse

log = logging.getLogger("seedbed.server")

#: What a bad message costs from the credit bucket (a good one costs 1).
BAD_MESSAGE_COST = 4.0


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = db.create_engine(settings.db_url, settings.sqlite_synchronous)
        await db.migrate(engine)
        sync = settings.sqlite_synchronous
        store = Store(
            engine,
            writer=db.create_writer_engine(settings.db_url, sync),
            checkpointer=db.create_writer_engine(settings.db_url, sync, autocheckpoint=True),
        )
        store.start()
        store.perf.start()
        pool = BotPool(settings.bot_workers)
        await pool.start()
        manager = Manager(settings, store, pool)
        await manager.start()
        collector = Collector(settings.gc_every, settings.gc_major_every)
        collector.start()  # after the tables were loaded: they are frozen first
        app.state.settings = settings
        app.state.store = store
        app.state.pool = pool
        app.state.manager = manager
        try:
            yield
        finally:
            await collector.stop()
            await manager.close()
            await store.perf.stop()
            await store.close()
            pool.close()

    app = FastAPI(
        title="seedbed",
        version=__version__,
        summary="Tables of SEWN, SOW, Harvest and Four Fields for people and bots.",
        description="REST under /api; each table's WebSocket at /ws/tables/{id} "
        "(protocol in docs/server.md).",
        lifespan=lifespan,
    )
    app.include_router(router)

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        await _serve_connection(websocket, table_id, settings, websocket.app.state.manager)

    mount_pages(app)
    return app


async def _receive(websocket: WebSocket) -> str | bytes | None:
    """The next frame's payload; raises WebSocketDisconnect when the peer is gone."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text: str | None = message.get("text")
    if text is not None:
        return text
    data: bytes | None = message.get("bytes")
    return data


async def _serve_connection(
    websocket: WebSocket, table_id: str, settings: Settings, manager: Manager
) -> None:
    conn = Connection(
        websocket, settings.send_queue, settings.rate_burst, settings.rate_per_second,
        manager.perf,
    )  # fmt: skip
    try:
        # The first message must be hello, soon.
        try:
            raw = await asyncio.wait_for(_receive(websocket), settings.hello_timeout)
        except TimeoutError:
            conn.close(CLOSE_BAD_HELLO, "say hello first")
            return
        try:
            msg = parse(raw, settings.max_message_bytes)
            if msg.type != "hello":
                raise Rejection("hello_first", "the first message must be 'hello'", msg.id)
        except Rejection as rej:
            conn.send(rej.message())
            conn.close(CLOSE_BAD_HELLO, rej.reason)
            return
        if len(table_id) > 64 or not await manager.hello(conn, table_id, msg):
            if not conn.closing:
                conn.close(CLOSE_BAD_HELLO, "no such table")
            return
        while not conn.closing:
            raw = await _receive(websocket)
            received = time.perf_counter()
            parsed: ClientMessage | None = None
            cost = BAD_MESSAGE_COST
            try:
                parsed = parse(raw, settings.max_message_bytes)
                cost = 1.0
            except Rejection as rej:
                conn.send(rej.message())
            if not conn.bucket.spend(cost):
                conn.send({"type": "error", "code": "rate_limited",
                           "reason": "too many messages: closing"})  # fmt: skip
                conn.close(CLOSE_RATE_LIMIT, "rate limit: too many messages")
                break
            if parsed is None:
                continue
            if parsed.type == "hello":
                conn.send(Rejection("bad_message", "hello was said already", parsed.id).message())
                continue
            try:
                await manager.handle(conn, parsed, received)
            except Rejection as rej:
                manager.stats["rejections"] += 1
                conn.send(rej.message())
    except WebSocketDisconnect:
        pass
    except Exception:
        log.exception("connection to table %s failed", table_id)
        with contextlib.suppress(Exception):
            conn.close(1011, "server error")
    finally:
        await manager.disconnect(conn)
        await conn.finish()
        if websocket.application_state != WebSocketState.DISCONNECTED:
            with contextlib.suppress(Exception):
                await websocket.close()


def uvicorn_config(app: Any, host: str, port: int, settings: Settings, log_level: str) -> Any:
    import importlib.util

    import uvicorn

    return uvicorn.Config(
        app,
        host=host,
        port=port,
        ws="websockets-sansio",
        ws_max_size=settings.max_frame_bytes,
        # Per-message compression would cost memory for every connection.
        ws_per_message_deflate=False,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        loop="uvloop" if importlib.util.find_spec("uvloop") else "asyncio",
        http="httptools" if importlib.util.find_spec("httptools") else "h11",
        log_level=log_level,
        proxy_headers=True,
        timeout_graceful_shutdown=5,
        timeout_keep_alive=30,
        backlog=4096,
    )

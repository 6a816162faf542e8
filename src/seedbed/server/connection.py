"""One WebSocket connection: its viewer, its send queue and its credit bucket.

Sending never blocks a table: messages go into a bounded queue that a task of the
connection drains. A client too slow to keep up is disconnected with a reason (it
reconnects and resyncs); one stuck client can never hold up the others.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from starlette.websockets import WebSocket, WebSocketState

from seedbed.server.perf import Perf
from seedbed.server.wire import dumps

log = logging.getLogger("seedbed.server")

# Close codes (4000-4999 are the application's own, RFC 6455 section 7.4.2).
CLOSE_RATE_LIMIT = 1008  # policy violation
CLOSE_BAD_HELLO = 4000
CLOSE_BAD_TOKEN = 4001
CLOSE_NO_WATCH = 4003
CLOSE_NO_TABLE = 4004
CLOSE_TOO_SLOW = 4008
CLOSE_LEFT = 4010
CLOSE_FULL = 4029
CLOSE_SHUTDOWN = 1001


class CreditBucket:
    """``burst`` messages at once, refilled at ``rate`` a second."""

    def __init__(self, burst: float, rate: float) -> None:
        self.burst = burst
        self.rate = rate
        self.credit = burst
        self.at = time.monotonic()

    def spend(self, cost: float = 1.0) -> bool:
        now = time.monotonic()
        self.credit = min(self.burst, self.credit + (now - self.at) * self.rate)
        self.at = now
        self.credit -= cost
        return self.credit >= 0


class Connection:
    def __init__(
        self, ws: WebSocket, queue_size: int, burst: float, rate: float, perf: Perf | None = None
    ) -> None:
        self.ws = ws
        self.perf = perf
        self.table_id: str | None = None
        self.viewer: int | None = None
        self.seated = False
        #: the last version this connection has been sent
        self.sent = 0
        self.bucket = CreditBucket(burst, rate)
        self._queue: asyncio.Queue[tuple[str, float] | None] = asyncio.Queue(queue_size)
        self._closing: tuple[int, str] | None = None
        self._task = asyncio.get_running_loop().create_task(self._drain())

    @property
    def closing(self) -> bool:
        return self._closing is not None

    def send(self, message: dict[str, Any] | str) -> None:
        if self._closing is not None:
            return
        text = message if isinstance(message, str) else dumps(message)
        try:
            self._queue.put_nowait((text, time.perf_counter()))
        except asyncio.QueueFull:
            self.close(CLOSE_TOO_SLOW, "too slow: messages piled up; reconnect to resync")

    def close(self, code: int, reason: str) -> None:
        """Send what is queued, then close with ``code`` and ``reason``."""
        if self._closing is not None:
            return
        self._closing = (code, reason)
        with contextlib.suppress(asyncio.QueueFull):
            self._queue.put_nowait(None)
        if self._queue.full():
            self._task.cancel()
            asyncio.get_running_loop().create_task(self._close_now())

    async def _close_now(self) -> None:
        code, reason = self._closing or (1000, "")
        with contextlib.suppress(Exception):
            if self.ws.application_state != WebSocketState.DISCONNECTED:
                await self.ws.close(code, reason[:120])

    async def _drain(self) -> None:
        try:
            while True:
                item = await self._queue.get()
                if item is None:
                    break
                await self.ws.send_text(item[0])
                if self.perf is not None:
                    self.perf.add("send", time.perf_counter() - item[1])
        except asyncio.CancelledError:
            raise
        except Exception:  # the peer went away; the reader notices too
            return
        await self._close_now()

    async def finish(self) -> None:
        """Stop the sender (the connection is over)."""
        if not self._task.done():
            if self._closing is None:
                self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(self._task, 5)

"""A small client of the server, for scripts, tests and the load benchmark.

It speaks the protocol of docs/server.md over a real WebSocket (the ``websockets``
library) and the REST API over ``httpx``; nothing in it knows a game.

    async with TableClient(base, table_id, token=token) as c:
        while True:
            pos = c.position
            if pos["status"] == "over":
                break
            if pos["legal"]:
                await c.move(pos["legal"][0]["action"])
            await c.next_update()
"""

from __future__ import annotations

import asyncio
import itertools
import json
from typing import Any

import websockets

Message = dict[str, Any]


class ServerError(Exception):
    """The server rejected a request; ``code`` and ``reason`` say why."""

    def __init__(self, message: Message) -> None:
        super().__init__(f"{message.get('code')}: {message.get('reason')}")
        self.code = message.get("code")
        self.reason = message.get("reason")
        self.message = message


def ws_url(base: str, table_id: str) -> str:
    scheme = "wss" if base.startswith("https") else "ws"
    host = base.split("://", 1)[1].rstrip("/")
    return f"{scheme}://{host}/ws/tables/{table_id}"


class TableClient:
    """One connection to one table, as a seat (``token``) or a spectator."""

    def __init__(
        self,
        base: str,
        table_id: str,
        token: str | None = None,
        watch: str | None = None,
        since: int | None = None,
    ) -> None:
        self.base = base
        self.table_id = table_id
        self.token = token
        self.watch = watch
        self.since = since
        self.ws: Any = None
        self.seat: int | None = None
        self.version = 0
        self.position: Message = {}
        self.table: Message = {}
        self.log: list[Message] = []
        #: every message received, in order (tests check them all)
        self.received: list[Message] = []
        self._ids = itertools.count(1)
        self._answers: dict[str, asyncio.Future[Message]] = {}
        self._updates: asyncio.Queue[Message] = asyncio.Queue()
        self._loose: asyncio.Queue[Message] = asyncio.Queue()
        self._reader: asyncio.Task[None] | None = None
        self.closed: asyncio.Future[tuple[int | None, str | None]] | None = None
        #: called with each message as it arrives (the load benchmark times them)
        self.on_message: Any = None

    async def __aenter__(self) -> TableClient:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def connect(self) -> Message:
        """Connect and say hello; returns the welcome once the first state arrived."""
        self.ws = await websockets.connect(
            ws_url(self.base, self.table_id), compression=None, max_size=2**24, open_timeout=20
        )
        self.closed = asyncio.get_running_loop().create_future()
        hello: Message = {"type": "hello", "id": "hello"}
        if self.token is not None:
            hello["token"] = self.token
        if self.watch is not None:
            hello["watch"] = self.watch
        if self.since is not None:
            hello["since"] = self.since
        fut = self._expect("hello")
        await self.ws.send(json.dumps(hello))
        self._reader = asyncio.get_running_loop().create_task(self._read())
        welcome = await asyncio.wait_for(fut, 20)
        if welcome.get("type") == "reject":
            raise ServerError(welcome)
        self.seat = welcome.get("seat")
        await asyncio.wait_for(self._updates.get(), 20)
        return welcome

    def _expect(self, msg_id: str) -> asyncio.Future[Message]:
        fut: asyncio.Future[Message] = asyncio.get_running_loop().create_future()
        self._answers[msg_id] = fut
        return fut

    async def _read(self) -> None:
        code: int | None = None
        reason: str | None = None
        try:
            async for raw in self.ws:
                msg = json.loads(raw)
                self.received.append(msg)
                self._take(msg)
                if self.on_message is not None:
                    self.on_message(self, msg)
        except websockets.ConnectionClosed:
            pass
        finally:
            if self.ws.close_code is not None:
                code, reason = self.ws.close_code, self.ws.close_reason
            assert self.closed is not None
            if not self.closed.done():
                self.closed.set_result((code, reason))
            for fut in self._answers.values():
                if not fut.done():
                    fut.set_exception(ConnectionError(f"closed: {code} {reason}"))
            self._updates.put_nowait({"type": "closed", "code": code, "reason": reason})

    def _take(self, msg: Message) -> None:
        kind = msg.get("type")
        if kind in ("snapshot", "update"):
            self.version = msg["version"]
            self.position = msg["position"]
            if kind == "snapshot":
                self.table = msg["table"]
                self.log = list(msg["log"])
            else:
                self.log.extend(msg["events"])
                if "seats" in msg:
                    self.table["seats"] = msg["seats"]
            self._updates.put_nowait(msg)
        elif kind == "presence" and self.table:
            for seat, on in zip(self.table.get("seats", []), msg["connected"], strict=False):
                seat["connected"] = on
            # Queued too, so that a wait_for on who is connected wakes up (nothing
            # else may happen at the table after a player goes); next_update skips it.
            self._updates.put_nowait(msg)
        msg_id = msg.get("id")
        if kind in ("ack", "reject", "welcome", "pong") and msg_id in self._answers:
            fut = self._answers.pop(msg_id)
            if not fut.done():
                fut.set_result(msg)
        elif kind in ("ack", "reject", "pong", "error"):
            self._loose.put_nowait(msg)

    async def request(self, message: Message, timeout: float = 30) -> Message:
        """Send ``message`` with a fresh id and wait for its ack (or raise its reject)."""
        msg_id = str(message.get("id") or f"c{next(self._ids)}")
        message = {**message, "id": msg_id}
        fut = self._expect(msg_id)
        await self.ws.send(json.dumps(message))
        answer = await asyncio.wait_for(fut, timeout)
        if answer.get("type") == "reject":
            raise ServerError(answer)
        return answer

    async def move(self, action: int | str, msg_id: str | None = None) -> Message:
        body: Message = {"type": "move", "version": self.version}
        body["notation" if isinstance(action, str) else "action"] = action
        if msg_id is not None:
            body["id"] = msg_id
        ack = await self.request(body)
        await self.caught_up(ack["version"])
        return ack

    async def caught_up(self, version: int, timeout: float = 30) -> None:
        """Wait until the update of ``version`` has arrived (an ack comes first)."""
        await self.wait_for(lambda c: c.version >= version, timeout)

    async def send_raw(self, text: str | bytes, timeout: float = 20) -> Message:
        """Send ``text`` as it is (tests of broken clients) and return the answer."""
        await self.ws.send(text)
        return await asyncio.wait_for(self._loose.get(), timeout)

    async def next_update(self, timeout: float = 30) -> Message:
        """The next snapshot or update (or a ``closed`` pseudo-message)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            msg = await self._next_message(end - loop.time())
            if msg["type"] != "presence":
                return msg

    async def _next_message(self, timeout: float) -> Message:
        """The next snapshot, update, presence or ``closed`` message."""
        if not self._updates.empty():
            return self._updates.get_nowait()
        if timeout <= 0:
            raise TimeoutError("no message in time")
        return await asyncio.wait_for(self._updates.get(), timeout)

    async def wait_for(self, predicate: Any, timeout: float = 30) -> Message:
        """Wait until ``predicate(self)`` holds, reading updates meanwhile."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not predicate(self):
            left = end - loop.time()
            if left <= 0:
                raise TimeoutError("the table did not get there in time")
            msg = await self._next_message(left)
            if msg["type"] == "closed" and not predicate(self):
                raise ConnectionError(f"closed: {msg.get('code')} {msg.get('reason')}")
        return self.position

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            try:
                await asyncio.wait_for(self._reader, 5)
            except (TimeoutError, asyncio.CancelledError):
                self._reader.cancel()

"""The table manager: every live table, and everything that changes one.

Each change follows the same path, under the table's lock (one writer per table):
check the request against the table (``table.py``), apply its events, write them to
the database (``store.py``), and only once they are committed answer the client
(ack) and send every connection its update. If the database refuses, the table is
rebuilt from the database (which is the truth) and the client is told nothing
changed. Bots' moves and timeouts come back through the same path.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from seedbed.core.protocol import State
from seedbed.core.registry import load
from seedbed.server import ratings
from seedbed.server.bots import BotPool, BotRequest, check_spec
from seedbed.server.clocks import Clock
from seedbed.server.connection import (
    CLOSE_BAD_TOKEN,
    CLOSE_FULL,
    CLOSE_LEFT,
    CLOSE_NO_WATCH,
    CLOSE_SHUTDOWN,
    Connection,
)
from seedbed.server.perf import Perf
from seedbed.server.settings import Settings
from seedbed.server.store import Store
from seedbed.server.table import (
    BOT,
    HUMAN,
    LIVE,
    OVER,
    PLAYING,
    STAND_IN_AGENT,
    WAITING,
    Event,
    LiveTable,
    seats_from_specs,
    token_hash,
)
from seedbed.server.wire import PROTOCOL, ClientMessage, Rejection
from seedbed.sim.runner import derive_seed

log = logging.getLogger("seedbed.server")

WATCH_POLICIES = ("anyone", "nobody", "link")
MAX_SINCE_GAP = 1000


class NotFound(LookupError):
    """No such table (or not one this caller may see)."""


class Conflict(ValueError):
    """The request cannot be carried out in the table's present state."""


@dataclass(frozen=True)
class JoinAnswer:
    table_id: str
    seat: int
    token: str
    watch_token: str | None


def _new_id() -> str:
    return secrets.token_urlsafe(8)


class Manager:
    def __init__(self, settings: Settings, store: Store, pool: BotPool) -> None:
        self.settings = settings
        self.store = store
        self.pool = pool
        self.tables: dict[str, LiveTable] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.conns: dict[str, set[Connection]] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._bot_tasks: dict[str, tuple[int, asyncio.Task[None]]] = {}
        #: The rest of a bot's go, decided with its first move (``BotPool.decide_go``),
        #: per table: ((seat, spec, the moves it follows), its next moves).
        self._planned: dict[str, tuple[tuple[int, str, tuple[int, ...]], tuple[int, ...]]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._watch_tokens: dict[str, str] = {}  # table id -> watch token (link tables)
        self.stats = {"moves": 0, "bot_moves": 0, "rejections": 0}
        self.perf: Perf = store.perf

    # -- life --------------------------------------------------------------------
    async def start(self) -> None:
        """Load every live table from the database and set its bots and clocks going."""
        for table in await self.store.load_tables(LIVE):
            self._adopt(table)
            now = time.monotonic()
            for seat in table.seats:
                seat.away_since = now
            self._schedule(table)
        for table_id in await self.store.unrated_tables():
            self._spawn(self._rate(table_id))
        if self.tables:
            log.info("resumed %d tables from the database", len(self.tables))

    async def close(self) -> None:
        for handle in self._timers.values():
            handle.cancel()
        for task in list(self._tasks) + [t for _, t in self._bot_tasks.values()]:
            task.cancel()
        for conns in self.conns.values():
            for conn in list(conns):
                conn.close(CLOSE_SHUTDOWN, "the server is restarting; reconnect")
        await asyncio.sleep(0)

    def _adopt(self, table: LiveTable) -> None:
        self.tables[table.id] = table
        self.locks.setdefault(table.id, asyncio.Lock())
        self.conns.setdefault(table.id, set())

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

    # -- creating and joining ----------------------------------------------------
    async def create_table(
        self,
        game_id: str,
        players: int | None,
        options: dict[str, Any],
        seat_specs: Sequence[str] | None,
        clock: Any,
        watch: str,
        bot_think: float | None,
        name: str,
        seed: int | None,
    ) -> tuple[LiveTable, str | None]:
        """A new table; ``ValueError`` (with the reason) for anything invalid."""
        if players is None and seat_specs is not None:
            players = len(seat_specs)  # the seats say how many play
        game = load(game_id, **({"players": players} if players is not None else {}), **options)
        n = game.num_players
        specs = [HUMAN] * n if seat_specs is None else [s.strip() for s in seat_specs]
        if len(specs) != n:
            raise ValueError(f"{game_id} for {n} players needs {n} seats, not {len(specs)}")
        specs = [
            HUMAN if s.lower() == HUMAN else
            check_spec(s, self.settings.max_bot_seconds, self.settings.max_bot_iterations)
            for s in specs
        ]  # fmt: skip
        if watch not in WATCH_POLICIES:
            raise ValueError(f"watch must be one of {', '.join(WATCH_POLICIES)}, not {watch!r}")
        think = self.settings.bot_think if bot_think is None else float(bot_think)
        if not 0 <= think <= 30:
            raise ValueError("bot_think must be 0 to 30 seconds")
        watch_token = secrets.token_urlsafe(16) if watch == "link" else None
        table = LiveTable(
            _new_id(),
            game,
            secrets.randbits(62) if seed is None else seed,
            seats_from_specs(specs),
            name=name,
            watch=watch,
            watch_token_hash=token_hash(watch_token) if watch_token else None,
            clock=Clock.parse(clock),
            bot_think=think,
        )
        lock = asyncio.Lock()
        async with lock:
            await self.store.create_table(table)
            self._adopt(table)
            self.locks[table.id] = lock
            if all(s.kind == BOT for s in table.seats):
                await self._commit(table, [(table._event("start"), None)], range(n))
        if watch_token:
            self._watch_tokens[table.id] = watch_token
        return table, watch_token

    def get(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id)
        if table is None:
            raise NotFound(f"no table {table_id!r} is open here")
        return table

    async def join(
        self, table_id: str, name: str, seat: int | None, player_id: int | None
    ) -> JoinAnswer:
        table = self.get(table_id)
        async with self.locks[table_id]:
            if table.status != WAITING:
                raise Conflict("the game has started: every seat is taken")
            free = [s.index for s in table.seats if s.free]
            if seat is None:
                if not free:
                    raise Conflict("no seat is free")
                seat = free[0]
            if not 0 <= seat < table.n:
                raise ValueError(f"seat must be 0 to {table.n - 1}")
            if seat not in free:
                raise Conflict(f"seat {seat} is not free")
            if player_id is not None and any(s.player_id == player_id for s in table.seats):
                raise Conflict("you have a seat at this table already")
            token = secrets.token_urlsafe(24)
            event = table._event("join", seat=seat, data={"name": name, "player_id": player_id})
            steps: list[tuple[Event, State | None]] = [(event, None)]
            table.seats[seat].token_hash = token_hash(token)
            try:
                await self._commit(table, steps, [seat], start_if_full=True)
            except Exception:
                table.seats[seat].token_hash = None
                raise
        watch_token = self._watch_tokens.get(table_id)
        return JoinAnswer(table_id, seat, token, watch_token)

    async def leave(self, table_id: str, token: str) -> int:
        table = self.get(table_id)
        async with self.locks[table_id]:
            seat = table.seat_for_token(token)
            if seat is None:
                raise PermissionError("that token holds no seat at this table")
            await self._leave(table, seat)
        return seat

    async def _leave(self, table: LiveTable, seat: int) -> None:
        if table.status not in LIVE:
            raise Conflict("the game is over")
        if table.seats[seat].left:
            return
        await self._commit(table, [(table._event("leave", seat=seat), None)], [seat])
        for conn in list(self.conns[table.id]):
            if conn.viewer == seat:
                conn.close(CLOSE_LEFT, "you left the seat")

    # -- the WebSocket side ------------------------------------------------------
    async def hello(self, conn: Connection, table_id: str, msg: ClientMessage) -> bool:
        """Seat or refuse a new connection; sends ``welcome`` and its first state."""
        table = self.tables.get(table_id)
        if table is None:
            table = await self._finished(table_id)
            if table is None:
                conn.send(Rejection("no_table", f"no table {table_id!r}", msg.id).message())
                return False
        async with self.locks.setdefault(table_id, asyncio.Lock()):
            if len(self.conns.setdefault(table_id, set())) >= (
                self.settings.max_connections_per_table
            ):
                conn.close(CLOSE_FULL, "this table has too many connections")
                return False
            viewer: int | None = None
            if msg.token is not None:
                viewer = table.seat_for_token(msg.token)
                if viewer is None:
                    conn.send(Rejection("bad_token", "that token holds no seat here", msg.id)
                              .message())  # fmt: skip
                    conn.close(CLOSE_BAD_TOKEN, "bad token")
                    return False
            elif not table.may_watch(msg.watch):
                reason = "this table is private" if table.watch == "nobody" else "bad watch link"
                conn.send(Rejection("not_allowed", reason, msg.id).message())
                conn.close(CLOSE_NO_WATCH, reason)
                return False
            conn.table_id = table_id
            conn.viewer = viewer
            conn.seated = viewer is not None
            self.conns[table_id].add(conn)
            presence_before = table.presence()
            if viewer is not None:
                s = table.seats[viewer]
                s.connections += 1
                s.away_since = None
            conn.send({
                "type": "welcome", "protocol": PROTOCOL, "id": msg.id, "table": table_id,
                "seat": viewer, "version": table.version, "server_time": time.time(),
            })  # fmt: skip
            since = msg.since
            if (
                since is not None
                and 0 <= since <= table.version
                and (table.version - since <= MAX_SINCE_GAP)
            ):
                conn.sent = since
                self._send_update(table, conn, {})
            else:
                self._send_snapshot(table, conn)
            if viewer is not None and table.status in LIVE:
                s = table.seats[viewer]
                if s.stand_in or s.left:
                    await self._commit(table, [(table._event("return", seat=viewer), None)],
                                       [viewer])  # fmt: skip
            if table.presence() != presence_before:
                self._presence(table)
        return True

    async def disconnect(self, conn: Connection) -> None:
        table_id = conn.table_id
        if table_id is None:
            return
        conns = self.conns.get(table_id)
        if conns is None or conn not in conns:
            return
        conns.discard(conn)
        table = self.tables.get(table_id)
        if table is None:
            return
        if conn.viewer is not None:
            s = table.seats[conn.viewer]
            s.connections = max(0, s.connections - 1)
            if s.connections == 0:
                s.away_since = time.monotonic()
                self._presence(table)

    async def handle(
        self, conn: Connection, msg: ClientMessage, received: float | None = None
    ) -> None:
        """Carry out one message of a connected client; answers it either way.
        ``received`` (``perf_counter``) is when its frame was read: moves are timed."""
        assert conn.table_id is not None
        table = self.tables.get(conn.table_id)
        if msg.type == "ping":
            conn.send({"type": "pong", "id": msg.id, "t": msg.t, "server_time": time.time()})
            return
        if table is None:
            raise Rejection("game_over", "the table is closed", msg.id)
        if msg.type == "resync":
            async with self.locks[table.id]:
                self._send_snapshot(table, conn)
            return
        if not conn.seated and msg.type != "resync":
            raise Rejection("not_seated", "spectators can only watch", msg.id)
        async with self.locks[table.id]:
            seat = conn.viewer
            try:
                if msg.type == "move":
                    await self._player_move(table, conn, msg, received)
                elif msg.type == "undo":
                    await self._undo_request(table, conn, msg)
                elif msg.type == "undo_answer":
                    await self._undo_answer(table, conn, msg)
                elif msg.type == "hand_to_bot":
                    await self._hand_to_bot(table, conn, msg)
                elif msg.type == "leave":
                    assert seat is not None
                    conn.send({"type": "ack", "id": msg.id, "version": table.version})
                    await self._leave(table, seat)
                    return
                else:  # pragma: no cover - wire.parse knows the types
                    raise Rejection("unknown_type", msg.type, msg.id)
            except Rejection as rej:
                rej.msg_id = msg.id
                raise
            except Conflict as exc:
                raise Rejection("conflict", str(exc), msg.id) from None

    async def _player_move(
        self, table: LiveTable, conn: Connection, msg: ClientMessage, received: float | None
    ) -> None:
        locked = time.perf_counter()
        if received is not None:
            self.perf.add("queue", locked - received)
        seat = conn.viewer
        done = table.duplicate_of(seat, msg.id)
        if done is not None:
            conn.send({"type": "ack", "id": msg.id, "version": done, "duplicate": True})
            return
        assert msg.version is not None
        action = table.check_move(seat, msg.version, msg.action, msg.notation)
        left = table.turn_budget()
        if left is not None and left < 0:
            raise Rejection("out_of_time", "your time ran out: the move is being played for you")
        assert seat is not None
        event, after = table.move_event(seat, action, "player", msg.id)

        def ack() -> None:
            conn.send({"type": "ack", "id": msg.id, "version": event.version})

        await self._commit(table, [(event, after)], [seat], before_broadcast=ack, timed=locked)
        self.stats["moves"] += 1

    async def _undo_request(self, table: LiveTable, conn: Connection, msg: ClientMessage) -> None:
        seat = conn.viewer
        assert msg.version is not None
        table.check_undo(seat, msg.version)
        assert seat is not None
        req = self._request(table, seat, STAND_IN_AGENT)
        why = await self.pool.reveal_check(req, self.settings.undo_check_seconds)
        if why is not None:
            raise Rejection("undo_refused", f"{why}: it cannot be taken back")
        voters = table.undo_voters(seat)
        if voters:
            event = table._event("undo_request", seat=seat, data={"voters": sorted(voters)})
            steps: list[tuple[Event, State | None]] = [(event, None)]
        else:
            steps = [(self._undo_event(table, seat), None)]
        reply = {"type": "ack", "id": msg.id, "version": table.version + 1}
        await self._commit(table, steps, [seat], before_broadcast=lambda: conn.send(reply))

    def _undo_event(self, table: LiveTable, seat: int) -> Event:
        taken = table.events[table.board[-1]]
        return table._event("undo", seat=seat, data={"seen": list(taken.seen)})

    async def _undo_answer(self, table: LiveTable, conn: Connection, msg: ClientMessage) -> None:
        seat = conn.viewer
        req = table.undo
        if req is None or seat not in req.waiting:
            raise Rejection("no_undo", "no undo is waiting for your answer")
        assert seat is not None
        event = table._event("undo_answer", seat=seat, data={"accept": bool(msg.accept)})
        steps: list[tuple[Event, State | None]] = [(event, None)]
        if msg.accept and req.waiting == {seat}:
            undo = table._event("undo", seat=req.seat)
            undo.version += 1
            undo.data["seen"] = list(table.events[table.board[-1]].seen)
            steps.append((undo, None))
        reply = {"type": "ack", "id": msg.id, "version": table.version + len(steps)}
        await self._commit(table, steps, [req.seat], before_broadcast=lambda: conn.send(reply))

    async def _hand_to_bot(self, table: LiveTable, conn: Connection, msg: ClientMessage) -> None:
        target = msg.seat
        assert target is not None
        if table.status != PLAYING:
            raise Rejection("conflict", "seats are handed to bots only during the game")
        if not 0 <= target < table.n:
            raise Rejection("bad_message", f"seat must be 0 to {table.n - 1}")
        s = table.seats[target]
        if target == conn.viewer:
            raise Rejection("conflict", "you are here: leave instead")
        if s.kind != HUMAN or s.stand_in:
            raise Rejection("conflict", "a bot plays that seat already")
        if s.connections > 0:
            raise Rejection("conflict", "that player is connected")
        away = 0.0 if s.away_since is None else time.monotonic() - s.away_since
        if not s.left and away < self.settings.away_grace:
            wait = self.settings.away_grace - away
            raise Rejection("conflict", f"give them a moment: wait {wait:.0f} s more")
        event = table._event("stand_in", seat=target, data={"by": conn.viewer})
        reply = {"type": "ack", "id": msg.id, "version": table.version + 1}
        await self._commit(table, [(event, None)], [target],
                           before_broadcast=lambda: conn.send(reply))  # fmt: skip

    # -- committing --------------------------------------------------------------
    async def _commit(
        self,
        table: LiveTable,
        steps: list[tuple[Event, State | None]],
        seats: Sequence[int],
        before_broadcast: Callable[[], None] | None = None,
        start_if_full: bool = False,
        timed: float | None = None,
    ) -> None:
        """Apply, persist, then tell. Called with the table's lock held; ``timed``
        (when the lock was taken) records the stages of a person's move."""
        new: list[Event] = []
        changed = set(seats)
        for event, after in steps:
            table.apply(event, after)
            new.append(event)
        if start_if_full and table.status == WAITING and not any(s.free for s in table.seats):
            start = table._event("start")
            table.apply(start)
            new.append(start)
            changed.update(range(table.n))
            now = time.monotonic()
            for s in table.seats:
                if s.kind == HUMAN and s.connections == 0:
                    s.away_since = now
        if table.status == PLAYING and table.state.is_terminal():
            over = table.over_event()
            table.apply(over)
            new.append(over)
        queued = time.perf_counter()
        try:
            await self.store.commit(table, new, sorted(changed))
        except Exception:
            log.exception("table %s: could not save; rebuilding it from the database", table.id)
            await self._reload(table)
            raise Rejection(
                "server_error", "the server could not save that; nothing changed"
            ) from None
        committed = time.perf_counter()
        if before_broadcast is not None:
            before_broadcast()
        self._broadcast(table)
        if timed is not None:
            self.perf.add("check", queued - timed)
            self.perf.add("commit", committed - queued)
            self.perf.add("tell", time.perf_counter() - committed)
        self._schedule(table)
        if table.status == OVER:
            self._finish(table)

    async def _reload(self, table: LiveTable) -> None:
        fresh = await self.store.load_table(table.id)
        if fresh is None:  # pragma: no cover - the row was there a moment ago
            self.tables.pop(table.id, None)
            return
        for old, seat in zip(table.seats, fresh.seats, strict=True):
            seat.connections = old.connections
            seat.away_since = old.away_since
        self.tables[table.id] = fresh
        for conn in self.conns.get(table.id, ()):
            self._send_snapshot(fresh, conn)

    # -- telling -----------------------------------------------------------------
    def _send_snapshot(self, table: LiveTable, conn: Connection) -> None:
        conn.send({
            "type": "snapshot", "table": table.summary(), "seat": conn.viewer,
            "version": table.version, "log": table.events_since(0, conn.viewer),
            "position": table.position(conn.viewer),
        })  # fmt: skip
        conn.sent = table.version

    def _send_update(
        self, table: LiveTable, conn: Connection, cache: dict[tuple[int | None, int], str]
    ) -> None:
        from seedbed.server.wire import dumps

        key = (conn.viewer, conn.sent)
        text = cache.get(key)
        if text is None:
            message: dict[str, Any] = {
                "type": "update",
                "version": table.version,
                "events": table.events_since(conn.sent, conn.viewer),
                "position": table.position(conn.viewer),
            }
            if any(e.kind in ("join", "leave", "stand_in", "return", "start")
                   for e in table.events[conn.sent:]):  # fmt: skip
                message["seats"] = table.seats_json()
            text = dumps(message)
            cache[key] = text
        conn.send(text)
        conn.sent = table.version

    def _broadcast(self, table: LiveTable) -> None:
        cache: dict[tuple[int | None, int], str] = {}
        for conn in list(self.conns.get(table.id, ())):
            if conn.sent < table.version and not conn.closing:
                self._send_update(table, conn, cache)

    def _presence(self, table: LiveTable) -> None:
        message = {"type": "presence", "connected": table.presence()}
        for conn in self.conns.get(table.id, ()):
            conn.send(message)

    # -- bots and clocks ---------------------------------------------------------
    def _schedule(self, table: LiveTable) -> None:
        handle = self._timers.pop(table.id, None)
        if handle is not None:
            handle.cancel()
        if table.status != PLAYING:
            return
        seat = table.bot_to_move()
        if seat is not None:
            running = self._bot_tasks.get(table.id)
            if running is not None and running[0] == table.position_version:
                return
            task = asyncio.get_running_loop().create_task(
                self._bot_move(table.id, table.position_version)
            )
            self._bot_tasks[table.id] = (table.position_version, task)
            return
        left = table.turn_budget()
        if left is not None:
            self._timers[table.id] = asyncio.get_running_loop().call_later(
                max(0.0, left), self._on_timeout, table.id, table.position_version
            )

    def _request(self, table: LiveTable, seat: int, spec: str) -> BotRequest:
        return BotRequest(
            table.id, table.game.id, dict(table.game.params), table.seed,
            tuple(table.state.actions()), seat, spec,
            derive_seed(table.seed, "bot", seat, table.state.move_number()),
        )  # fmt: skip

    async def _decide(
        self, table: LiveTable, seat: int, spec: str, go: bool = False
    ) -> tuple[int, ...]:
        """The agent's move for ``seat`` and, with ``go``, the rest of the seat's go when
        the agent carries its search through it (``BotPool.decide_go``)."""
        try:
            return await self.pool.decide_go(self._request(table, seat, spec), go)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: agent %r failed; the heuristic plays", table.id, spec)
            try:
                return (await self.pool.decide(self._request(table, seat, STAND_IN_AGENT)),)
            except Exception:
                log.exception("table %s: the heuristic failed too; first legal move", table.id)
                return (table.state.legal_actions()[0],)

    async def _bot_decision(self, table: LiveTable, seat: int, spec: str) -> int:
        """A bot's move: the next of its go when it was decided with the go's first move
        and the table has moved only by those moves since, else a new decision. A go is
        decided whole for an agent that carries its search from one move to the next
        (``ismcts:...,reuse=1``, as a level may play): made afresh for each move, it
        would start each from an empty tree and play weaker than in ``seedbed play``."""
        moves = tuple(table.state.actions())
        planned = self._planned.pop(table.id, None)
        if planned is not None and planned[0] == (seat, spec, moves):
            action, rest = planned[1][0], planned[1][1:]
        else:
            action, *more = await self._decide(table, seat, spec, go=True)
            rest = tuple(more)
        if rest:
            self._planned[table.id] = ((seat, spec, (*moves, action)), rest)
        return action

    async def _bot_move(self, table_id: str, position: int) -> None:
        try:
            table = self.tables.get(table_id)
            if table is None:
                return
            seat = table.bot_to_move()
            if seat is None:
                return
            loop = asyncio.get_running_loop()
            started = loop.time()
            action = await self._bot_decision(table, seat.index, seat.agent_spec())
            wait = table.bot_think - (loop.time() - started)
            if wait > 0:
                await asyncio.sleep(wait)
            async with self.locks[table_id]:
                table = self.tables.get(table_id)
                if table is None or table.position_version != position:
                    return
                now = table.bot_to_move()
                if now is None or now.index != seat.index:
                    return
                by = "bot" if now.kind == BOT else "stand-in"
                event, after = table.move_event(seat.index, action, by)
                self.stats["bot_moves"] += 1
                await self._commit(table, [(event, after)], [seat.index])
        except Rejection as rej:
            log.error("table %s: a bot's move was refused: %s", table_id, rej.reason)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: bot move failed", table_id)
        finally:
            running = self._bot_tasks.get(table_id)
            if running is not None and running[0] == position:
                self._bot_tasks.pop(table_id, None)
                table = self.tables.get(table_id)
                if table is not None and table.position_version != position:
                    self._schedule(table)

    def _on_timeout(self, table_id: str, position: int) -> None:
        self._timers.pop(table_id, None)
        self._spawn(self._timeout_move(table_id, position))

    async def _timeout_move(self, table_id: str, position: int) -> None:
        table = self.tables.get(table_id)
        if table is None or table.position_version != position:
            return
        seat = table.human_to_move()
        if seat is None:
            return
        (action,) = await self._decide(table, seat.index, STAND_IN_AGENT)
        async with self.locks[table_id]:
            table = self.tables.get(table_id)
            if table is None or table.position_version != position:
                return
            event, after = table.move_event(seat.index, action, "timeout")
            await self._commit(table, [(event, after)], [seat.index])

    # -- the end -----------------------------------------------------------------
    def _finish(self, table: LiveTable) -> None:
        self._spawn(self._rate(table.id))
        loop = asyncio.get_running_loop()
        loop.call_later(self.settings.keep_finished, self._evict, table.id)

    def _evict(self, table_id: str) -> None:
        table = self.tables.get(table_id)
        if table is None or table.status in LIVE:
            return
        for conn in list(self.conns.get(table_id, ())):
            conn.close(1000, "the game is over")
        self.tables.pop(table_id, None)
        self.conns.pop(table_id, None)
        self.locks.pop(table_id, None)
        self._watch_tokens.pop(table_id, None)
        self._planned.pop(table_id, None)

    async def _rate(self, table_id: str) -> None:
        table = self.tables.get(table_id) or await self.store.load_table(table_id)
        if table is None or table.status != OVER:
            return
        keys = [key for _, key, _, _ in ratings.entities(table)]
        current = await self.store.ratings_for(keys)
        rows = ratings.updated_ratings(table, current)
        await self.store.save_ratings(table_id, rows)
        table.rated = True

    async def _finished(self, table_id: str) -> LiveTable | None:
        """A finished table from the database (for watching its end and replays)."""
        with contextlib.suppress(Exception):
            table = await self.store.load_table(table_id)
            if table is not None:
                return table
        return None

    async def table_for_read(self, table_id: str) -> LiveTable:
        """A live table, or a finished one rebuilt from the database."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        table = await self.store.load_table(table_id)
        if table is None:
            raise NotFound(f"no table {table_id!r}")
        return table

    def counts(self) -> dict[str, int]:
        return {
            "tables": len(self.tables),
            "playing": sum(1 for t in self.tables.values() if t.status == PLAYING),
            "connections": sum(len(c) for c in self.conns.values()),
            **self.stats,
        }

"""Bots think in a pool of worker processes, never on the server's event loop.

A request carries plain data (game id, params, seed, the actions so far, the seat,
the agent spec and its seed). The worker rebuilds the position from the seed (it
keeps the last position of each table, so usually it only applies the new moves),
then gives the agent ``state.infoset(seat)`` and nothing else: the agent decides
from what that seat knows, exactly as in ``seedbed simulate``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import sys
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from seedbed.agents.base import make_agent, parse_spec, reuses
from seedbed.core.protocol import State
from seedbed.core.registry import load

log = logging.getLogger("seedbed.server")


@dataclass(frozen=True)
class BotRequest:
    table_id: str
    game: str
    params: dict[str, Any]
    seed: int
    actions: tuple[int, ...]
    seat: int
    spec: str
    agent_seed: int


# -- in the worker ---------------------------------------------------------------------
_POSITIONS: OrderedDict[str, tuple[State, int]] = OrderedDict()
_KEEP = 4096


def _position(req: BotRequest) -> State:
    key = f"{req.table_id}/{req.game}/{req.seed}"
    kept = _POSITIONS.pop(key, None)
    state: State | None = None
    if kept is not None:
        state, done = kept
        if done > len(req.actions) or state.actions() != list(req.actions[:done]):
            state = None  # an undo, or another table's history: start again
    if state is None:
        state = load(req.game, **req.params).new_state(req.seed)
    for action in req.actions[state.move_number() :]:
        state.apply_action(action)
    _POSITIONS[key] = (state, len(req.actions))
    while len(_POSITIONS) > _KEEP:
        _POSITIONS.popitem(last=False)
    return state


#: The most moves of one seat's go that one request decides (a bound on how long the
#: first of them waits for the rest).
MAX_GO = 8


def decide(req: BotRequest, go: bool = False) -> tuple[int, ...]:
    """Run in a worker: the agent's action for ``req.seat``, from its infoset only.

    With ``go``, and an agent that carries its search from one decision to the next
    (:func:`seedbed.agents.base.reuses`), the same agent also makes the seat's next
    decisions while the seat is still to move (its go: in Harvest a house card, a
    village card, then an action), each from the seat's infoset after the moves
    before it, as the agent would in ``seedbed simulate``; the rest of the go is
    returned with the first move, to be played as they come due. The moves depend
    only on the request, so a go asked for again is the same go."""
    state = _position(req)
    if state.current_player() != req.seat:
        raise ValueError(f"seat {req.seat} is not to move at table {req.table_id}")
    agent = make_agent(req.spec, seed=req.agent_seed)
    actions = [int(agent.select_action(state.infoset(req.seat)))]
    if go and reuses(agent):
        # The position is this request's own, so the go is played on it in place.
        while len(actions) < MAX_GO:
            state.apply_action(actions[-1])
            if state.is_terminal() or state.current_player() != req.seat:
                break
            actions.append(int(agent.select_action(state.infoset(req.seat))))
    return tuple(actions)


def reveal_check(req: BotRequest, budget: float) -> str | None:
    """Run in a worker: why the last of ``req.actions`` may not be taken back, or
    ``None`` (see :func:`seedbed.server.table.move_revealed`)."""
    import random

    from seedbed.server.table import move_revealed

    before = load(req.game, **req.params).new_state(req.seed)
    for action in req.actions[:-1]:
        before.apply_action(action)
    rng = random.Random(f"{req.seed}/{len(req.actions)}")
    return move_revealed(before, req.actions[-1], rng, budget)


def _worker_init() -> None:
    # Ctrl-C goes to the server, which shuts the pool down; workers must not die first.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A server killed outright (SIGKILL) runs no shutdown: have the kernel end its
    # workers with it instead of leaving them behind (Linux's PR_SET_PDEATHSIG).
    if sys.platform.startswith("linux"):
        import ctypes

        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)
        if os.getppid() == 1:  # the server died before we got here
            os._exit(0)
    # Import the agents and engines once, not on the first move.
    from seedbed.agents.base import available_agents

    available_agents()


def _warm() -> int:
    return os.getpid()


def _serve(conn: Connection) -> None:
    """A worker's life: answer each ``(function, arguments)`` on the pipe with
    ``(True, result)`` or ``(False, exception)``, until ``None`` or the pipe's end."""
    _worker_init()
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        fn, args = request
        try:
            answer: tuple[bool, Any] = (True, fn(*args))
        except Exception as exc:
            answer = (False, exc)
        try:
            conn.send(answer)
        except (EOFError, OSError):
            return
        except Exception as exc:  # an exception that does not pickle
            conn.send((False, RuntimeError(f"{type(exc).__name__}: {exc}")))


# -- in the server ---------------------------------------------------------------------
def check_spec(spec: str, max_seconds: float, max_iterations: int) -> str:
    """``spec`` if the server can run it; ``ValueError`` saying why not.

    Any spec :func:`seedbed.make_agent` accepts is accepted, within the server's limits
    on thinking (a spec asking for an hour a move would hold a worker for an hour).
    """
    text = spec.strip()
    if not text or len(text) > 200:
        raise ValueError("an agent spec is 1 to 200 characters, such as 'heuristic'")
    make_agent(text, seed=0)
    _, options = parse_spec(text)
    for key, limit in (("time", max_seconds), ("iterations", float(max_iterations))):
        if key in options:
            try:
                value = float(options[key])
            except ValueError:
                raise ValueError(f"agent option {key}={options[key]!r} is not a number") from None
            if not 0 < value <= limit:
                raise ValueError(f"this server allows agent {key} up to {limit:g}, not {value:g}")
    return text


class BotPool:
    """The worker processes; :meth:`decide` awaits one decision without blocking.

    Each worker is a process of its own with a pipe to the server, and the event loop
    itself watches the pipes (``loop.add_reader``): a request is written to an idle
    worker's pipe, its answer is read when the pipe is readable. No thread of the
    server's takes part. (``concurrent.futures.ProcessPoolExecutor`` hands every call
    through two threads of its own, a manager and a queue feeder, which at a thousand
    tables took about a tenth of the interpreter lock the event loop waits for.)
    Requests and answers are small (a seed and the moves so far; an action), so a
    readable pipe holds the whole answer."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._ctx = multiprocessing.get_context("spawn")
        self._procs: list[_Worker] = []
        self._idle: list[_Worker] = []
        #: callers waiting for a worker, first come first served
        self._waiting: deque[asyncio.Future[_Worker]] = deque()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closed = False

    def _ensure(self) -> asyncio.AbstractEventLoop:
        if self._closed:
            raise RuntimeError("the server is shutting down")
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
            for _ in range(self.workers):
                self._spawn_worker()
        return self._loop

    def _spawn_worker(self) -> None:
        # spawn: never fork a process that runs an event loop and threads; and the
        # workers are the server's own children, so they die with it (_worker_init).
        assert self._loop is not None
        worker = _Worker(self._ctx)
        self._procs.append(worker)
        self._loop.add_reader(worker.conn.fileno(), self._readable, worker)
        self._release(worker)

    def _release(self, worker: _Worker) -> None:
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():  # not given up
                waiter.set_result(worker)
                return
        self._idle.append(worker)

    async def _worker(self) -> _Worker:
        loop = self._ensure()
        while self._idle:
            worker = self._idle.pop()
            if worker.alive:
                return worker
        waiter: asyncio.Future[_Worker] = loop.create_future()
        self._waiting.append(waiter)
        return await waiter

    async def start(self) -> None:
        """Start the workers now (the first bot move should not wait for them)."""
        self._ensure()
        await asyncio.gather(*(self._call(_warm) for _ in range(self.workers)))

    async def _call(self, fn: Callable[..., Any], *args: Any) -> Any:
        worker = await self._worker()
        while not worker.alive:  # it died while it was handed over
            worker = await self._worker()
        assert self._loop is not None
        job: asyncio.Future[Any] = self._loop.create_future()
        worker.job = job
        try:
            worker.conn.send((fn, args))
        except (OSError, ValueError):  # its pipe is gone: the worker died while idle
            self._lost(worker)
        # A cancelled caller leaves the worker busy until its answer comes (_readable).
        return await job

    def _readable(self, worker: _Worker) -> None:
        """On the loop: the worker's answer (or its end) is on its pipe."""
        try:
            ok, value = worker.conn.recv()
        except (EOFError, OSError):
            self._lost(worker)
            return
        except Exception as exc:  # an answer that does not unpickle (it was read whole)
            ok, value = False, RuntimeError(f"the bot worker's answer was unreadable: {exc}")
        job, worker.job = worker.job, None
        self._release(worker)
        if job is not None and not job.done():
            if ok:
                job.set_result(value)
            else:
                job.set_exception(value)

    def _lost(self, worker: _Worker) -> None:
        """A worker died (killed, out of memory): fail its job, start another."""
        if not worker.alive:
            return
        worker.alive = False
        assert self._loop is not None
        self._loop.remove_reader(worker.conn.fileno())
        worker.conn.close()
        worker.proc.join(timeout=0)
        self._procs.remove(worker)
        log.error("a bot worker died (exit code %s); starting a new one", worker.proc.exitcode)
        job, worker.job = worker.job, None
        if job is not None and not job.done():
            job.set_exception(BrokenProcessPool("the bot worker died while thinking"))
        if not self._closed:
            self._spawn_worker()

    async def decide(self, req: BotRequest) -> int:
        """The agent's action for ``req.seat``."""
        return (await self.decide_go(req, go=False))[0]

    async def decide_go(self, req: BotRequest, go: bool = True) -> tuple[int, ...]:
        """The agent's action for ``req.seat`` and, for an agent that carries its search
        through the seat's go, the go's next actions (:func:`decide`)."""
        try:
            actions = await self._call(decide, req, go)
        except BrokenProcessPool:  # once more, on a fresh worker
            actions = await self._call(decide, req, go)
        return tuple(int(a) for a in actions)

    async def reveal_check(self, req: BotRequest, budget: float) -> str | None:
        why = await self._call(reveal_check, req, budget)
        return None if why is None else str(why)

    def worker_pids(self) -> list[int]:
        return [w.proc.pid for w in self._procs if w.alive and w.proc.pid is not None]

    def close(self) -> None:
        """Stop the workers and fail what is pending. A worker gets a moment to finish
        the request it is on; a bot's thinking is not worth waiting longer for."""
        self._closed = True
        procs, self._procs = self._procs, []
        self._idle = []
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_exception(RuntimeError("the server is shutting down"))
        for worker in procs:
            if worker.alive and self._loop is not None and not self._loop.is_closed():
                self._loop.remove_reader(worker.conn.fileno())
            with contextlib.suppress(OSError, ValueError):
                worker.conn.send(None)
        for worker in procs:
            worker.proc.join(timeout=2)
            if worker.proc.is_alive():
                worker.proc.terminate()
                worker.proc.join(timeout=5)
            worker.conn.close()
            worker.alive = False
            job, worker.job = worker.job, None
            if job is not None and not job.done():
                job.set_exception(RuntimeError("the server is shutting down"))


class _Worker:
    """One worker process and the server's end of its pipe."""

    def __init__(self, ctx: Any) -> None:
        ours, theirs = ctx.Pipe(duplex=True)
        self.proc = ctx.Process(target=_serve, args=(theirs,), name="seedbed-bot", daemon=True)
        self.proc.start()
        theirs.close()
        self.conn: Connection = ours
        self.job: asyncio.Future[Any] | None = None
        self.alive = True

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
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from seedbed.agents.base import make_agent, parse_spec
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


def decide(req: BotRequest) -> int:
    """Run in a worker: the agent's action for ``req.seat``, from its infoset only."""
    state = _position(req)
    if state.current_player() != req.seat:
        raise ValueError(f"seat {req.seat} is not to move at table {req.table_id}")
    agent = make_agent(req.spec, seed=req.agent_seed)
    action = agent.select_action(state.infoset(req.seat))
    return int(action)


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
    """The worker processes; :meth:`decide` awaits one decision without blocking."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: never fork a process that runs an event loop and threads; and the
            # workers are the server's own children, so they die with it (see above).
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_worker_init,
            )
        return self._pool

    async def start(self) -> None:
        """Start the workers now (the first bot move should not wait for them)."""
        loop = asyncio.get_running_loop()
        pool = self._executor()
        await asyncio.gather(*(loop.run_in_executor(pool, _warm) for _ in range(self.workers)))

    async def decide(self, req: BotRequest) -> int:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), decide, req)
        except BrokenProcessPool:
            log.error("the bot pool broke (a worker died); starting a new one")
            self._pool = None
            return await loop.run_in_executor(self._executor(), decide, req)

    async def reveal_check(self, req: BotRequest, budget: float) -> str | None:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor(), reveal_check, req, budget)

    def worker_pids(self) -> list[int]:
        pool = self._pool
        if pool is None:
            return []
        procs = getattr(pool, "_processes", None) or {}
        return list(procs)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

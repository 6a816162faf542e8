"""The bot pool (``seedbed.server.bots.BotPool``), with real worker processes: a
decision is the agent's own from the seat's infoset, a worker that dies is replaced
and its decision made again, a caller that gives up leaves the worker to finish, an
agent's error comes back as the error, and closing the pool fails what is pending."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Awaitable, Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

import pytest

from seedbed.agents.base import make_agent
from seedbed.core.registry import load
from seedbed.server.bots import BotPool, BotRequest

T = TypeVar("T")


def with_pool(workers: int, body: Callable[[BotPool], Awaitable[T]]) -> T:
    async def main() -> T:
        pool = BotPool(workers)
        await pool.start()
        try:
            return await body(pool)
        finally:
            pool.close()

    return asyncio.run(main())


def request(moves: int = 3, spec: str = "heuristic", seat: int | None = None) -> BotRequest:
    state = load("sow", players=2).new_state(11)
    for _ in range(moves):
        state.apply_action(state.legal_actions()[0])
    to_move = state.current_player() if seat is None else seat
    assert to_move is not None
    return BotRequest("t1", "sow", {"players": 2}, 11, tuple(state.actions()), to_move, spec, 5)


def expected(req: BotRequest) -> int:
    state = load(req.game, **req.params).new_state(req.seed)
    for action in req.actions:
        state.apply_action(action)
    agent = make_agent(req.spec, seed=req.agent_seed)
    return int(agent.select_action(state.infoset(req.seat)))


def test_a_decision_is_the_agents_own_from_the_seats_infoset() -> None:
    reqs = [request(m, spec) for m in (0, 3, 8) for spec in ("heuristic", "ismcts:iterations=30")]

    async def body(pool: BotPool) -> list[int]:
        return list(await asyncio.gather(*(pool.decide(r) for r in reqs)))

    assert with_pool(2, body) == [expected(r) for r in reqs]


def test_a_worker_killed_while_thinking_is_replaced_and_the_decision_made_again() -> None:
    async def body(pool: BotPool) -> tuple[Any, ...]:
        before = set(pool.worker_pids())
        sleeper = asyncio.ensure_future(pool._call(time.sleep, 30))
        await asyncio.sleep(0.3)  # the sleep has reached a worker
        (victim,) = before  # one worker
        os.kill(victim, signal.SIGKILL)
        with pytest.raises(BrokenProcessPool):
            await asyncio.wait_for(sleeper, 10)
        action = await asyncio.wait_for(pool.decide(request()), 30)
        return before, set(pool.worker_pids()), action

    before, after, action = with_pool(1, body)
    assert after and not after & before
    assert action == expected(request())


def test_decide_makes_the_decision_again_when_its_worker_dies() -> None:
    async def body(pool: BotPool) -> int:
        pool._procs[0].proc.kill()  # dead, and nobody has read its pipe's end yet
        pool._procs[0].proc.join()
        return await asyncio.wait_for(pool.decide(request()), 30)

    assert with_pool(1, body) == expected(request())


def test_a_caller_that_gives_up_leaves_the_worker_to_finish_first() -> None:
    async def body(pool: BotPool) -> tuple[float, int]:
        began = time.monotonic()
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(pool._call(time.sleep, 1.0), 0.1)
        action = await asyncio.wait_for(pool.decide(request()), 30)
        return time.monotonic() - began, action

    took, action = with_pool(1, body)
    assert took >= 1.0  # the one worker finished its sleep before it took the next request
    assert action == expected(request())


def test_an_agents_error_comes_back_as_the_error_and_the_worker_goes_on() -> None:
    wrong_seat = 1 - request().seat

    async def body(pool: BotPool) -> int:
        with pytest.raises(ValueError, match="is not to move"):
            await pool.decide(request(seat=wrong_seat))
        return await pool.decide(request())

    assert with_pool(1, body) == expected(request())


def test_closing_the_pool_fails_what_is_pending_and_ends_the_workers() -> None:
    async def main() -> tuple[list[int], BaseException | None]:
        pool = BotPool(1)
        await pool.start()
        pids = pool.worker_pids()
        busy = asyncio.ensure_future(pool._call(time.sleep, 0.5))
        waiting = asyncio.ensure_future(pool.decide(request()))
        await asyncio.sleep(0.1)
        pool.close()
        await asyncio.gather(busy, return_exceptions=True)
        (failure,) = await asyncio.gather(waiting, return_exceptions=True)
        return pids, failure if isinstance(failure, BaseException) else None

    pids, failure = asyncio.run(main())
    assert failure is not None
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


REUSE = "ismcts:iterations=40,depth=2,reuse=1"


def harvest_go(spec: str) -> BotRequest:
    """Two-player Harvest at the first move: seat 0's go is a house card, a village
    card, then an action."""
    state = load("harvest", players=2).new_state(23)
    seat = state.current_player()
    assert seat is not None
    return BotRequest("t2", "harvest", {"players": 2}, 23, (), seat, spec, 9)


def the_go(req: BotRequest) -> tuple[int, ...]:
    """The seat's go as one agent plays it in ``seedbed simulate``."""
    state = load(req.game, **req.params).new_state(req.seed)
    for action in req.actions:
        state.apply_action(action)
    agent = make_agent(req.spec, seed=req.agent_seed)
    go: list[int] = []
    while not state.is_terminal() and state.current_player() == req.seat:
        go.append(int(agent.select_action(state.infoset(req.seat))))
        state.apply_action(go[-1])
    return tuple(go)


def test_an_agent_that_reuses_its_tree_decides_the_whole_go_as_in_simulate() -> None:
    kept, fresh = harvest_go(REUSE), harvest_go("ismcts:iterations=40,depth=2")

    async def body(pool: BotPool) -> list[tuple[int, ...]]:
        return [
            await pool.decide_go(kept),
            await pool.decide_go(kept),  # the same request, the same go
            await pool.decide_go(fresh),
            (await pool.decide(kept),),
        ]

    whole, again, single, first = with_pool(1, body)
    assert len(whole) == 3 and whole == again == the_go(kept)
    assert single == (expected(fresh),)  # no tree carried: one move, as before
    assert first == whole[:1]


def test_the_expert_level_decides_its_harvest_go_whole() -> None:
    """Harvest's expert searches with ``reuse=1``, so a server bot at that level plays
    its go as one agent (``levels.EXPERT``)."""
    req = harvest_go("expert:iterations=30")

    async def body(pool: BotPool) -> tuple[int, ...]:
        return await pool.decide_go(req)

    go = with_pool(1, body)
    assert len(go) == 3 and go == the_go(req)

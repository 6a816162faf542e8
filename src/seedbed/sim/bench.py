"""Engine speed: random playouts through the public protocol, on one core.

The loop is the one a search or a simulation runs (``legal_actions``, pick,
``apply_action``), so the figure is what a Python user of the engine gets; it is
comparable with OpenSpiel's C++ games driven from a Python loop.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from seedbed.core.protocol import State
from seedbed.core.registry import load


@dataclass(frozen=True)
class BenchResult:
    game: str
    params: dict[str, Any]
    games: int
    decisions: int
    seconds: float
    clone_per_second: float

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0


def _play(state: State, randrange: Callable[[int], int], limit: int = -1) -> int:
    """Random moves until the game ends (or ``limit`` moves); returns how many."""
    n = 0
    while n != limit and not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[randrange(len(legal))])
        n += 1
    return n


def bench(game_id: str, params: dict[str, Any], seconds: float = 2.0, seed: int = 0) -> BenchResult:
    """Random playouts for about ``seconds``; also times ``clone()`` mid-game."""
    game = load(game_id, **params)
    rng = random.Random(seed)
    randrange = rng.randrange
    # Warm up (imports, caches, the CPU's clock) so the first configuration measured
    # is not the slowest for reasons of its own.
    warm = time.perf_counter() + min(0.3, seconds / 4)
    while time.perf_counter() < warm:
        _play(game.new_state(randrange(2**31)), randrange)
    games = decisions = 0
    elapsed = 0.0
    mid = None
    start = time.perf_counter()
    while elapsed < seconds or games == 0:
        state = game.new_state(randrange(2**31))
        n = 0
        if mid is None:
            n = _play(state, randrange, 20)
            if n == 20:
                mid = state.clone()
        n += _play(state, randrange)
        games += 1
        decisions += n
        elapsed = time.perf_counter() - start
    clones = 0.0
    if mid is not None:
        k = 2000
        t0 = time.perf_counter()
        for _ in range(k):
            mid.clone()
        dt = time.perf_counter() - t0
        clones = k / dt if dt else 0.0
    return BenchResult(game_id, game.params, games, decisions, elapsed, clones)

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


# -- search speed (``seedbed bench --search``) ------------------------------------------
#: The two ISMCTS configurations ``seedbed bench --search`` measures: the default agent
#: (heuristic playouts, one-level tree, progressive bias, the game's playout horizon)
#: and the textbook SO-ISMCTS (random playouts, the full tree, no bias; docs/agents.md).
SEARCH_CONFIGS: dict[str, str] = {
    "default": "",
    "textbook": "depth=0,rollout=random,bias=0",
}
#: Where in a game the fixed positions lie, as a share of the moves of one random game.
SEARCH_STAGES: dict[str, float] = {"early": 0.1, "middle": 0.5, "late": 0.85}
#: The deal and the random moves that lead to the positions (fixed, so before and after
#: a change the same states are searched).
SEARCH_SEED = 1


@dataclass(frozen=True)
class SearchResult:
    game: str
    players: int
    config: str
    stage: str
    move: int
    iterations: int
    cpu_seconds: float

    @property
    def per_cpu_second(self) -> float:
        return self.iterations / self.cpu_seconds if self.cpu_seconds else 0.0


def search_positions(game_id: str, players: int) -> dict[str, State]:
    """The fixed early, middle and late positions of ``game_id``: the deal
    :data:`SEARCH_SEED`, then uniformly random moves (``random.Random(SEARCH_SEED)``)
    to the stage's share of one such game's length, then on to the next move with a
    choice. The states are reached by play (not read from a position line), so they
    keep their move history, which the search's playout horizon counts from."""
    game = load(game_id, players=players)
    length = _play(game.new_state(SEARCH_SEED), random.Random(SEARCH_SEED).randrange)
    out: dict[str, State] = {}
    for stage, share in SEARCH_STAGES.items():
        state = game.new_state(SEARCH_SEED)
        randrange = random.Random(SEARCH_SEED).randrange
        _play(state, randrange, max(1, round(length * share)))
        while not state.is_terminal() and len(state.legal_actions()) < 2:
            _play(state, randrange, 1)
        if state.is_terminal():
            raise RuntimeError(f"{game_id}: no decision left at the {stage} position")
        out[stage] = state
    return out


def bench_search(
    game_id: str, players: int, config: str, iterations: int, seed: int = 0
) -> list[SearchResult]:
    """One ISMCTS decision of ``iterations`` at each fixed position, timed in CPU
    seconds (``time.process_time``: other processes on the machine do not count)."""
    from seedbed.agents.ismcts import ISMCTS, _make

    extra = SEARCH_CONFIGS.get(config, config)
    out = []
    for stage, state in search_positions(game_id, players).items():
        player = state.current_player()
        assert player is not None
        infoset = state.infoset(player)
        options = dict(kv.split("=", 1) for kv in extra.split(",") if kv)
        options["iterations"] = str(iterations)
        searcher: ISMCTS = _make(options, seed).searcher
        c0 = time.process_time()
        searcher.search(infoset)
        dt = time.process_time() - c0
        out.append(
            SearchResult(
                game_id, players, config, stage, state.move_number(), searcher.last_iterations, dt
            )
        )
    return out

"""Environment steps per second with random legal actions: every seedbed game through
its PettingZoo AEC environment (and the Gymnasium one), and in the same run
PettingZoo's and RLCard's classic card environments.

    python -m seedbed.rl.bench --seconds 5

One step is one decision: read the acting agent's observation and action mask
(``env.last()``), pick a random legal action, ``env.step`` it; a finished game is
reset and counted on. The comparison needs ``pip install 'seedbed[rl-compare]'``
(RLCard and pygame, which PettingZoo's classic environments import); without it
those rows say so. Figures for docs/benchmarks.md; timings are never asserted.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

import seedbed
import seedbed.rl


def _aec_steps(make: Callable[[], Any], seconds: float, seed: int = 0) -> tuple[float, int]:
    """(steps per second, games finished) of AEC environment ``make()``."""
    env = make()
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    steps = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        games += 1
        if time.perf_counter() > deadline:
            break
        env.reset(seed=int(rng.integers(2**31)))
    return steps / (time.perf_counter() - start), games


def _gym_steps(game_id: str, seconds: float, seed: int = 0) -> tuple[float, int]:
    env = seedbed.rl.gym_env(game_id, opponents="random")
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    steps = games = 0
    start = time.perf_counter()
    while True:
        legal = np.flatnonzero(obs["action_mask"])
        obs, _, done, _, _ = env.step(int(legal[rng.integers(len(legal))]))
        steps += 1
        if done:
            games += 1
            if time.perf_counter() - start > seconds:
                break
            obs, _ = env.reset(seed=int(rng.integers(2**31)))
    return steps / (time.perf_counter() - start), games


def _rlcard_steps(name: str, seconds: float, seed: int = 0) -> tuple[float, int]:
    import rlcard

    env = rlcard.make(name, config={"seed": seed})
    rng = np.random.default_rng(seed)
    steps = games = 0
    start = time.perf_counter()
    while True:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[rng.integers(len(legal))])
            steps += 1
        games += 1
        if time.perf_counter() - start > seconds:
            break
    return steps / (time.perf_counter() - start), games


def rows(seconds: float) -> list[tuple[str, str, str]]:
    """(environment, steps/s, games) for every environment measured."""
    out: list[tuple[str, str, str]] = []
    for game_id in seedbed.available_games():
        cls = seedbed.load(game_id)
        for n in sorted({cls.min_players, cls.max_players}):
            rate, games = _aec_steps(partial(seedbed.rl.env, game_id, players=n), seconds)
            out.append(
                (f"seedbed {game_id}, {n} players (PettingZoo AEC)", f"{rate:,.0f}", str(games))
            )
        rate, games = _gym_steps(game_id, seconds)
        name = f"seedbed {game_id} (Gymnasium, random opponents)"
        out.append((name, f"{rate:,.0f}", str(games)))
    try:
        from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4
    except ImportError as exc:
        out.append(("PettingZoo classic", f"not installed ({exc.name})", "-"))
    else:
        for name, module in (
            ("leduc_holdem_v4", leduc_holdem_v4),
            ("texas_holdem_v4", texas_holdem_v4),
        ):
            rate, games = _aec_steps(module.env, seconds)
            out.append((f"PettingZoo {name}", f"{rate:,.0f}", str(games)))
    try:
        import rlcard  # noqa: F401
    except ImportError:
        out.append(("RLCard", "not installed (rlcard)", "-"))
    else:
        for name in ("leduc-holdem", "uno", "gin-rummy"):
            rate, games = _rlcard_steps(name, seconds)
            out.append((f"RLCard {name}", f"{rate:,.0f}", str(games)))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m seedbed.rl.bench", description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="per environment")
    args = parser.parse_args(argv)
    from seedbed._build import describe

    print(f"engines: {describe()}; {args.seconds:g} s per environment, random legal actions")
    print("| environment | steps/s | games |")
    print("|---|---|---|")
    for name, rate, games in rows(args.seconds):
        print(f"| {name} | {rate} | {games} |", flush=True)


if __name__ == "__main__":
    main()

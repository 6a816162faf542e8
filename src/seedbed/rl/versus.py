"""Search against search: seedbed's ISMCTS against OpenSpiel's Python ISMCTS bot
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``, playing through
:mod:`seedbed.openspiel`) at equal time per move, on duplicate deals.

    python -m seedbed.rl.versus --games sow,harvest,four_fields,sewn --time 0.1 \\
        --deals 50 --out versus.jsonl

Each deal is played twice with the seats swapped (in SEWN, seedbed's searcher holds
South and North, then East and West), so both sides get the same cards. Every
finished game is one JSON line in ``--out`` (appended: a stopped run keeps what it
played and ``--summary`` reports any file). OpenSpiel's bot has a simulation budget,
not a clock: before each of its moves the budget is set to its measured simulations
per second times ``--time``, and each line records both sides' mean seconds per move.

OpenSpiel 2.0.2's C++ ``pyspiel.ISMCTSBot`` crashes (a segmentation fault) when given
a Python-registered game, so the Python bot is the one that runs.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import seedbed.openspiel
from seedbed.agents import make_agent


class TimedOpenSpielISMCTS:
    """OpenSpiel's Python ISMCTS bot (UCT c=2, one random rollout per leaf, unlimited
    world samples, the most-visited move) given about ``seconds`` a move."""

    def __init__(self, game: Any, seconds: float, seed: int) -> None:
        self.seconds = seconds
        evaluator = mcts.RandomRolloutEvaluator(
            n_rollouts=1, random_state=np.random.RandomState(seed)
        )
        self.bot = ismcts.ISMCTSBot(
            game,
            evaluator,
            uct_c=2.0,
            max_simulations=2,
            random_state=np.random.RandomState(seed + 1),
        )
        self.rate = 0.0  # simulations per second, measured
        self.simulations = 0

    def step(self, state: Any) -> int:
        # Rounded at random, so that the expected time is the budget; its first
        # simulation only expands the root: it needs two to choose.
        budget = self.rate * self.seconds
        whole = int(budget)
        extra = 1 if self.bot._random_state.uniform() < budget - whole else 0
        sims = 2 if self.rate <= 0 else max(2, whole + extra)
        self.bot._max_simulations = sims
        start = time.perf_counter()
        action = int(self.bot.step(state))
        spent = time.perf_counter() - start
        if len(state.legal_actions()) > 1 and spent > 0:  # one move: no search ran
            measured = sims / spent
            self.rate = measured if self.rate <= 0 else 0.7 * self.rate + 0.3 * measured
            self.simulations += sims
        return action


def _our_seats(players: int, swap: bool) -> set[int]:
    first = set(range(0, players, 2)) if players == 4 else {0}
    return set(range(players)) - first if swap else first


def play_one(game_id: str, players: int, seed: int, swap: bool, seconds: float) -> dict[str, Any]:
    """One game of deal ``seed``; seedbed's ISMCTS holds ``_our_seats``."""
    game = pyspiel.load_game(seedbed.openspiel.short_name(game_id), {"players": players})
    state = game.state_for_seed(seed)
    ours_at = _our_seats(players, swap)
    ours = {p: make_agent(f"ismcts:time={seconds}", seed=seed * 8 + p) for p in ours_at}
    theirs = {
        p: TimedOpenSpielISMCTS(game, seconds, seed * 8 + p)
        for p in range(players)
        if p not in ours_at
    }
    spent = {"seedbed": 0.0, "openspiel": 0.0}
    moves = {"seedbed": 0, "openspiel": 0}
    while not state.is_terminal():
        p = state.current_player()
        inner = state.seedbed_state
        start = time.perf_counter()
        if p in ours:
            action = inner.action_index(ours[p].select_action(inner.infoset(p)))
            side = "seedbed"
        else:
            action = theirs[p].step(state)
            side = "openspiel"
        spent[side] += time.perf_counter() - start
        moves[side] += 1
        state.apply_action(action)
    returns = state.returns()
    return {
        "game": game_id,
        "players": players,
        "seed": seed,
        "seedbed_seats": sorted(ours_at),
        "seedbed_share": sum(returns[p] for p in ours_at),
        "returns": returns,
        "seconds_per_move": {k: spent[k] / max(1, moves[k]) for k in spent},
        "openspiel_simulations_per_move": sum(b.simulations for b in theirs.values())
        / max(1, moves["openspiel"]),
    }


PLAYERS = {"sewn": 4, "sow": 2, "harvest": 2, "four_fields": 2}


def run(games: Sequence[str], deals: int, seconds: float, out: Path, first_seed: int) -> None:
    """Deal by deal, round-robin over ``games`` (so a stopped run has some of each)."""
    seedbed.openspiel.register()
    done = {(r["game"], r["seed"], tuple(r["seedbed_seats"])) for r in _read(out)}
    for d in range(deals):
        seed = first_seed + d
        for game_id in games:
            players = PLAYERS[game_id]
            for swap in (False, True):
                key = (game_id, seed, tuple(sorted(_our_seats(players, swap))))
                if key in done:
                    continue
                line = play_one(game_id, players, seed, swap, seconds)
                with out.open("a") as f:
                    f.write(json.dumps(line) + "\n")
                print(json.dumps(line), flush=True)


def _read(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def summary(path: Path) -> str:
    """Per game: deals, games, seedbed's mean share of the wins with its 95% Wilson
    interval (the two games of a deal are one cluster, not independent: the
    interval uses the effective number of games), seconds per move of each side."""
    from seedbed.sim.stats import share

    rows = _read(path)
    lines = [
        "| game | players | deals | games | seedbed's share of wins | 95% interval | "
        "s/move seedbed | s/move OpenSpiel | OpenSpiel sims/move |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for game_id in sorted({r["game"] for r in rows}):
        mine = [r for r in rows if r["game"] == game_id]
        est = share([r["seedbed_share"] for r in mine], clusters=[r["seed"] for r in mine])
        low = math.nan if est.low is None else est.low
        high = math.nan if est.high is None else est.high
        ours = np.mean([r["seconds_per_move"]["seedbed"] for r in mine])
        theirs = np.mean([r["seconds_per_move"]["openspiel"] for r in mine])
        sims = np.mean([r["openspiel_simulations_per_move"] for r in mine])
        deals = len({r["seed"] for r in mine})
        lines.append(
            f"| {game_id} | {mine[0]['players']} | {deals} | {len(mine)} | "
            f"{100 * est.mean:.1f}% | {100 * low:.1f}-{100 * high:.1f}% | "
            f"{ours:.3f} | {theirs:.3f} | {sims:.1f} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m seedbed.rl.versus", description=__doc__)
    parser.add_argument("--games", default="sow,harvest,four_fields,sewn")
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--time", type=float, default=0.1, help="seconds per move, each side")
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    parser.add_argument("--out", type=Path, default=Path("versus.jsonl"))
    parser.add_argument("--summary", action="store_true", help="only report --out")
    args = parser.parse_args(argv)
    if not args.summary:
        games = [g.strip() for g in args.games.split(",") if g.strip()]
        unknown = [g for g in games if g not in PLAYERS]
        if unknown:
            parser.error(f"no game {unknown[0]!r}; choose from {', '.join(PLAYERS)}")
        run(games, args.deals, args.time, args.out, args.seed)
    print(summary(args.out))


if __name__ == "__main__":
    main()

"""Runs many games between agents, in parallel processes, reproducibly.

Game ``i`` of a run takes its deal seed and its agents' seeds from the run seed and
``i`` alone, so results do not depend on the number of workers or on scheduling.
Workers receive only ids, params and specs (plain data): they load the game through
the registry and build the agents themselves.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from seedbed.agents.base import make_agent
from seedbed.core.records import Record
from seedbed.core.registry import load


def derive_seed(*parts: object) -> int:
    """A stable 63-bit seed from any parts (same parts, same seed, on every machine)."""
    digest = hashlib.sha256("/".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(frozen=True)
class MatchSpec:
    """One game to play: which deal, and which agent spec sits in each seat."""

    index: int
    deal: int
    seed: int
    seats: tuple[str, ...]
    #: For each seat, the index of its agent in the run's agent list.
    agent_of_seat: tuple[int, ...]


@dataclass
class GameResult:
    """What one finished game produced."""

    index: int
    deal: int
    seed: int
    seats: list[str]
    agent_of_seat: list[int]
    scores: list[float]
    returns: list[float]
    moves: int
    seconds: float
    record: dict[str, Any] = field(repr=False)
    rules: dict[str, int] = field(default_factory=dict)

    def to_json_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "deal": self.deal,
            "seed": self.seed,
            "seats": self.seats,
            "scores": self.scores,
            "returns": self.returns,
            "moves": self.moves,
            "seconds": round(self.seconds, 4),
            "rules": self.rules,
            "record": self.record,
        }


def plan_matches(
    num_players: int,
    agents: Sequence[str],
    games: int,
    seed: int,
    rotate: bool = False,
    duplicate: bool = False,
) -> list[MatchSpec]:
    """The games of a run.

    ``agents`` has one spec per seat (or one spec for every seat). With ``rotate``, game
    ``i`` shifts the agents ``i`` seats round the table; with ``duplicate``, every deal
    is played once with each rotation (``games`` counts deals), so the luck of the
    deal cancels between agents.
    """
    if len(agents) == 1:
        agents = list(agents) * num_players
    if len(agents) != num_players:
        raise ValueError(
            f"give one agent spec per seat ({num_players}) or one for all seats, not {len(agents)}"
        )
    rotations = range(num_players) if duplicate else [0]
    out: list[MatchSpec] = []
    for deal in range(games):
        deal_seed = derive_seed(seed, "deal", deal)
        for r in rotations:
            shift = r if duplicate else (deal % num_players if rotate else 0)
            order = tuple((s + shift) % num_players for s in range(num_players))
            out.append(
                MatchSpec(
                    index=len(out),
                    deal=deal,
                    seed=deal_seed,
                    seats=tuple(agents[i] for i in order),
                    agent_of_seat=order,
                )
            )
    return out


def play_match(game_id: str, params: dict[str, Any], match: MatchSpec, run_seed: int) -> GameResult:
    """Play one game to the end; agents see only their seat's information set."""
    game = load(game_id, **params)
    agents = [
        make_agent(spec, seed=derive_seed(run_seed, "agent", match.index, seat))
        for seat, spec in enumerate(match.seats)
    ]
    state = game.new_state(match.seed % (2**63))
    start = time.perf_counter()
    while not state.is_terminal():
        player = state.current_player()
        assert player is not None
        state.apply_action(agents[player].select_action(state.infoset(player)))
    seconds = time.perf_counter() - start
    return GameResult(
        index=match.index,
        deal=match.deal,
        seed=match.seed,
        seats=list(match.seats),
        agent_of_seat=list(match.agent_of_seat),
        scores=list(state.scores()),
        returns=list(state.returns()),
        moves=state.move_number(),
        seconds=seconds,
        record=Record.from_state(state, players=list(match.seats)).to_dict(),
        rules=dict(state.rule_counts()),
    )


def _play_chunk(
    game_id: str, params: dict[str, Any], matches: list[MatchSpec], run_seed: int
) -> list[GameResult]:
    return [play_match(game_id, params, m, run_seed) for m in matches]


def run_matches(
    game_id: str,
    params: dict[str, Any],
    matches: Sequence[MatchSpec],
    run_seed: int,
    workers: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play ``matches`` (in ``workers`` processes) and return results in index order."""
    load(game_id, **params)  # fail fast, in this process, on a bad game or option
    results: list[GameResult] = []
    if workers <= 1 or len(matches) <= 1:
        for m in matches:
            r = play_match(game_id, params, m, run_seed)
            results.append(r)
            if on_result:
                on_result(r)
        return results
    # Small chunks keep the progress bar lively and the load balanced.
    chunk = max(1, min(8, len(matches) // (workers * 4)))
    chunks = [list(matches[i : i + chunk]) for i in range(0, len(matches), chunk)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_play_chunk, game_id, params, c, run_seed) for c in chunks]
        for fut in as_completed(futures):
            for r in fut.result():
                results.append(r)
                if on_result:
                    on_result(r)
    results.sort(key=lambda r: r.index)
    return results


def default_workers() -> int:
    return max(1, os.cpu_count() or 1)

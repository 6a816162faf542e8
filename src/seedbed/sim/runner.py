"""Runs many games between agents, in parallel, reproducibly.

Game ``i`` of a run takes its deal seed and its agents' seeds from the run seed and
``i`` alone, so results do not depend on the backend, the number of workers or the
order in which games finish. Workers receive only ids, params and specs (plain
data): they load the game through the registry and build the agents themselves.

Backends (:func:`run_matches`): ``"local"`` (this process, or a pool of ``workers``
processes) and ``"ray"`` (Ray tasks on a local Ray instance or an existing cluster;
the ``seedbed[ray]`` extra). Both stop promptly on Ctrl-C: queued work is cancelled,
the workers are ended, and ``KeyboardInterrupt`` reaches the caller, which has
already been handed every finished game through ``on_result``.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from seedbed.agents.base import make_agent
from seedbed.core.records import Record
from seedbed.core.registry import load

BACKENDS = ("local", "ray")


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
    """What one finished game produced, with what the lab's reports need of its course."""

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
    #: The seats in the turn order of the game's start: ``order[0]`` moved first.
    order: list[int] = field(default_factory=list)
    #: The seats that shared the victory.
    winners: list[int] = field(default_factory=list)
    #: The number of legal moves at each decision, in order.
    branching: list[int] = field(default_factory=list, repr=False)
    #: How often the sole leader on points changed hands (ties in between do not count).
    lead_changes: int = 0
    #: The share of the game's moves after which the winner led for good (``None``
    #: for a shared win); 1.0 when only the last move (or a tie-break) decided it.
    decided_at: float | None = None
    #: Rounds played, from the score sheet or the ``rounds`` rule count, if the game has them.
    rounds: int | None = None

    def position_of(self, seat: int) -> int:
        """Where ``seat`` sat in the turn order (0: the first mover)."""
        return self.order.index(seat)

    def to_json_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "deal": self.deal,
            "seed": self.seed,
            "seats": self.seats,
            "agent_of_seat": self.agent_of_seat,
            "scores": self.scores,
            "returns": self.returns,
            "winners": self.winners,
            "order": self.order,
            "moves": self.moves,
            "rounds": self.rounds,
            "lead_changes": self.lead_changes,
            "decided_at": self.decided_at,
            "branching": self.branching,
            "seconds": round(self.seconds, 4),
            "rules": self.rules,
            "record": self.record,
        }

    @classmethod
    def from_json_dict(cls, d: dict[str, Any]) -> GameResult:
        """Read :meth:`to_json_dict` output back (``KeyError``/``TypeError``/``ValueError``
        on anything else)."""

        def ints(xs: Any) -> list[int]:
            if not isinstance(xs, list) or not all(isinstance(x, int) for x in xs):
                raise ValueError("expected a list of whole numbers")
            return [int(x) for x in xs]

        def nums(xs: Any) -> list[float]:
            if not isinstance(xs, list) or not all(isinstance(x, int | float) for x in xs):
                raise ValueError("expected a list of numbers")
            return [float(x) for x in xs]

        if not isinstance(d["seats"], list) or not all(isinstance(s, str) for s in d["seats"]):
            raise ValueError("'seats' must be a list of agent specs")
        if not isinstance(d["record"], dict):
            raise ValueError("'record' must be an object")
        rules = d.get("rules", {})
        if not isinstance(rules, dict) or not all(isinstance(v, int) for v in rules.values()):
            raise ValueError("'rules' must map names to counts")
        decided = d.get("decided_at")
        rounds = d.get("rounds")
        return cls(
            index=int(d["index"]),
            deal=int(d["deal"]),
            seed=int(d["seed"]),
            seats=list(d["seats"]),
            agent_of_seat=ints(d["agent_of_seat"]),
            scores=nums(d["scores"]),
            returns=nums(d["returns"]),
            moves=int(d["moves"]),
            seconds=float(d["seconds"]),
            record=d["record"],
            rules=dict(rules),
            order=ints(d["order"]),
            winners=ints(d["winners"]),
            branching=ints(d["branching"]),
            lead_changes=int(d["lead_changes"]),
            decided_at=None if decided is None else float(decided),
            rounds=None if rounds is None else int(rounds),
        )


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


def _sole_leader(scores: Sequence[float]) -> int:
    """The seat alone at the top of ``scores``, or -1 when the top is shared."""
    best = max(scores)
    top = [p for p, s in enumerate(scores) if s == best]
    return top[0] if len(top) == 1 else -1


def play_match(game_id: str, params: dict[str, Any], match: MatchSpec, run_seed: int) -> GameResult:
    """Play one game to the end; agents see only their seat's information set."""
    game = load(game_id, **params)
    n = game.num_players
    agents = [
        make_agent(spec, seed=derive_seed(run_seed, "agent", match.index, seat))
        for seat, spec in enumerate(match.seats)
    ]
    state = game.new_state(match.seed % (2**63))
    order: list[int] = []
    branching: list[int] = []
    leaders: list[int] = []
    start = time.perf_counter()
    while not state.is_terminal():
        player = state.current_player()
        assert player is not None
        if len(order) < n and player not in order:
            order.append(player)
        infoset = state.infoset(player)
        branching.append(len(infoset.legal_actions()))
        state.apply_action(agents[player].select_action(infoset))
        leaders.append(_sole_leader(state.scores()))
    seconds = time.perf_counter() - start
    # A seat that never moved (no game here has one) keeps its place after the others.
    first = order[0] if order else 0
    order += [s for s in ((first + k) % n for k in range(n)) if s not in order]
    changes, last = 0, -1
    for lead in leaders:
        if lead >= 0:
            changes += last >= 0 and lead != last
            last = lead
    winners = state.winners()
    decided: float | None = None
    if len(winners) == 1 and leaders:
        behind = [i for i, lead in enumerate(leaders) if lead != winners[0]]
        decided = (behind[-1] + 1) / len(leaders) if behind else 0.0
    sheet_rounds = state.score_sheet(None).get("rounds") or []
    rules = dict(state.rule_counts())
    rounds = len(sheet_rounds) if sheet_rounds else rules.get("rounds")
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
        rules=rules,
        order=order,
        winners=list(winners),
        branching=branching,
        lead_changes=changes,
        decided_at=decided,
        rounds=rounds,
    )


def _play_chunk(
    game_id: str, params: dict[str, Any], matches: list[MatchSpec], run_seed: int
) -> list[GameResult]:
    return [play_match(game_id, params, m, run_seed) for m in matches]


def _chunks(matches: Sequence[MatchSpec], workers: int, cap: int) -> list[list[MatchSpec]]:
    """Small chunks keep the progress bar lively, the load balanced and an interrupt
    cheap; ``cap`` bounds the games lost when a worker is stopped mid-chunk."""
    size = max(1, min(cap, len(matches) // (workers * 4)))
    return [list(matches[i : i + size]) for i in range(0, len(matches), size)]


def _worker_init() -> None:
    # Ctrl-C in a terminal signals the whole process group: the parent decides what
    # happens (it ends the workers), so a worker must not die with a traceback first.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_pool(
    game_id: str,
    params: dict[str, Any],
    matches: Sequence[MatchSpec],
    run_seed: int,
    workers: int,
) -> Iterator[GameResult]:
    before = set(multiprocessing.active_children())
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_worker_init)
    finished = False
    try:
        pending: set[Future[list[GameResult]]] = {
            pool.submit(_play_chunk, game_id, params, c, run_seed)
            for c in _chunks(matches, workers, 4)
        }
        while pending:
            # A timeout keeps the wait short enough for Ctrl-C to be seen promptly.
            done, pending = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
            for fut in done:
                yield from fut.result()
        finished = True
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:
            # Interrupted (or a game failed): drop the queue and end the workers now,
            # rather than letting them play every queued game before exiting.
            pool.shutdown(wait=False, cancel_futures=True)
            for proc in set(multiprocessing.active_children()) - before:
                proc.terminate()
            for proc in set(multiprocessing.active_children()) - before:
                proc.join(timeout=5)


def _run_ray(
    game_id: str,
    params: dict[str, Any],
    matches: Sequence[MatchSpec],
    run_seed: int,
    workers: int,
    address: str | None,
) -> Iterator[GameResult]:
    try:
        import ray
    except ImportError:
        raise ValueError(
            "the ray backend needs Ray: pip install 'seedbed[ray]' (make test installs it)"
        ) from None
    started_here = not ray.is_initialized()
    if started_here:
        if address is None:
            ray.init(
                num_cpus=workers,
                include_dashboard=False,
                log_to_driver=False,
                configure_logging=False,
                object_store_memory=200 * 1024 * 1024,
            )
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
    try:
        # Ray's own functions carry no annotations.
        resources = ray.cluster_resources() if address else {}  # type: ignore[no-untyped-call]
        cpus = int(resources.get("CPU", workers))
        remote = ray.remote(_play_chunk)
        # Batched: Ray's per-task overhead is milliseconds, so a task carries many games.
        pending = [
            remote.remote(game_id, params, chunk, run_seed)
            for chunk in _chunks(matches, max(1, cpus), 16)
        ]
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1, timeout=0.5)
                for ref in done:
                    yield from ray.get(ref)
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)
    finally:
        if started_here:
            ray.shutdown()


def run_matches(
    game_id: str,
    params: dict[str, Any],
    matches: Sequence[MatchSpec],
    run_seed: int,
    workers: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> list[GameResult]:
    """Play ``matches`` and return their results in index order.

    ``on_result`` sees each game as it finishes (in any order). On ``KeyboardInterrupt``
    the workers are stopped at once and the interrupt is re-raised; the games already
    handed to ``on_result`` are all that finished.
    """
    if backend not in BACKENDS:
        raise ValueError(f"no backend {backend!r}; choose one of {', '.join(BACKENDS)}")
    load(game_id, **params)  # fail fast, in this process, on a bad game or option
    if backend == "ray":
        source: Iterator[GameResult] = _run_ray(
            game_id, params, matches, run_seed, workers, address
        )
    elif workers <= 1 or len(matches) <= 1:
        source = (play_match(game_id, params, m, run_seed) for m in matches)
    else:
        source = _run_pool(game_id, params, matches, run_seed, workers)
    results: list[GameResult] = []
    try:
        for r in source:
            results.append(r)
            if on_result:
                on_result(r)
    finally:
        close = getattr(source, "close", None)
        if close is not None:
            close()
    results.sort(key=lambda r: r.index)
    return results


def default_workers() -> int:
    return max(1, os.cpu_count() or 1)

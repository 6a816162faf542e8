"""Summaries of simulation results: win share per agent and per position in the turn
order, scores, length and rules, each with a 95% interval (:mod:`seedbed.sim.stats`).

Games are grouped by deal: the rotations of one duplicate deal share the cards, so
intervals count the deal, not the game, as the independent sample.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from seedbed.sim.runner import GameResult
from seedbed.sim.stats import Estimate, Rating, mean, rating, share


def position_name(k: int) -> str:
    """``first mover``, ``second``, ``third``, ... (positions counted from 0)."""
    words = ("first mover", "second", "third", "fourth", "fifth", "sixth")
    return words[k] if k < len(words) else f"{k + 1}th"


@dataclass(frozen=True)
class AgentLine:
    spec: str
    seats_per_game: float
    win_share: Estimate
    mean_score: Estimate
    #: Elo-style difference implied by the win share against an equal field
    #: (``None`` when the agent sat in every seat: there is no one to compare with).
    rating: Rating | None


@dataclass(frozen=True)
class PositionLine:
    position: int
    win_share: Estimate
    mean_score: Estimate

    @property
    def name(self) -> str:
        return position_name(self.position)


def describe_plan(results: Sequence[GameResult], num_players: int) -> str:
    """What the by-position table can show, given how agents sat (a table whose seats
    were forced must say so)."""
    specs = {s for r in results for s in r.seats}
    if len(specs) <= 1:
        return (
            "every seat had the same agent, so the table shows the advantage of each "
            "position in the turn order"
        )
    deals: dict[int, set[tuple[str, ...]]] = {}
    for r in results:
        deals.setdefault(r.deal, set()).add(tuple(r.seats))
    if all(len(v) == num_players for v in deals.values()):
        return (
            "every deal was played with each rotation of the agents, so each agent sat in "
            "each position equally often: the table shows the positions' advantage, "
            "agents' strength cancels"
        )
    return (
        "the agents differ and sat in fixed seats (or were rotated game by game): the "
        "first mover comes from the deal, so each position mixes the agents only "
        "roughly evenly; read it with the by-agent table, or use 'seedbed arena'"
    )


@dataclass(frozen=True)
class Summary:
    games: int
    num_players: int
    agents: list[AgentLine]
    positions: list[PositionLine]
    #: By seat number (seat 0, 1, ...): kept for the JSON output; the first mover is
    #: drawn from the deal, so seat numbers are not positions.
    seats: list[Estimate]
    seat_scores: list[Estimate]
    length: Estimate
    seconds_per_game: float
    #: Mean number of times each rule fired per game (from ``State.rule_counts``).
    rules: dict[str, Estimate]
    #: What the by-position table means for this plan of games.
    plan_note: str

    def to_json_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "players": self.num_players,
            "intervals": "95%: Wilson for shares, Student t for means; a deal is one sample",
            "agents": [
                {
                    "spec": a.spec,
                    "seats_per_game": a.seats_per_game,
                    "win_share": a.win_share.to_json(),
                    "mean_score": a.mean_score.to_json(),
                    "rating": None if a.rating is None else a.rating.to_json(),
                }
                for a in self.agents
            ],
            "positions": [
                {
                    "position": p.position,
                    "name": p.name,
                    "win_share": p.win_share.to_json(),
                    "mean_score": p.mean_score.to_json(),
                }
                for p in self.positions
            ],
            "positions_note": self.plan_note,
            "seats_note": (
                "by seat number; the first mover is drawn from the deal, so seat numbers "
                "are not positions (see positions)"
            ),
            "seats": [
                {"seat": s, "win_share": w.to_json(), "mean_score": sc.to_json()}
                for s, (w, sc) in enumerate(zip(self.seats, self.seat_scores, strict=True))
            ],
            "moves_per_game": self.length.to_json(),
            "rules_per_game": {k: v.to_json() for k, v in self.rules.items()},
            "seconds_per_game": self.seconds_per_game,
        }


def agent_specs(results: Sequence[GameResult]) -> list[str]:
    """The distinct agent specs, in order of first appearance."""
    specs: list[str] = []
    for r in results:
        for s in r.seats:
            if s not in specs:
                specs.append(s)
    return specs


def summarize(results: Sequence[GameResult], num_players: int) -> Summary:
    """Aggregate ``results`` (see the module's note on deals)."""
    deals = [r.deal for r in results]
    agents = []
    for spec in agent_specs(results):
        shares, scores, clusters, seat_counts = [], [], [], []
        for r in results:
            mine = [i for i, s in enumerate(r.seats) if s == spec]
            if not mine:
                continue
            seat_counts.append(len(mine))
            shares.append(min(1.0, sum(r.returns[i] for i in mine)))
            scores.append(sum(r.scores[i] for i in mine) / len(mine))
            clusters.append(r.deal)
        win = share(shares, clusters)
        per_game = sum(seat_counts) / len(seat_counts) if seat_counts else 0.0
        fair = per_game / num_players
        line_rating = rating(win, fair) if 0 < fair < 1 else None
        agents.append(AgentLine(spec, per_game, win, mean(scores, clusters), line_rating))

    positions = []
    for k in range(num_players):
        wins = [r.returns[r.order[k]] for r in results]
        pts = [r.scores[r.order[k]] for r in results]
        positions.append(PositionLine(k, share(wins, deals), mean(pts, deals)))
    seats = [share([r.returns[s] for r in results], deals) for s in range(num_players)]
    seat_scores = [mean([r.scores[s] for r in results], deals) for s in range(num_players)]
    length = mean([float(r.moves) for r in results], deals, floor=0)
    spg = sum(r.seconds for r in results) / len(results) if results else 0.0
    names = sorted({k for r in results for k in r.rules})
    rules = {k: mean([float(r.rules.get(k, 0)) for r in results], deals, floor=0) for k in names}
    return Summary(
        len(results),
        num_players,
        agents,
        positions,
        seats,
        seat_scores,
        length,
        spg,
        rules,
        describe_plan(results, num_players),
    )

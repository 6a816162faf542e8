"""Summaries of simulation results: win share per agent and per seat, scores, length."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from seedbed.sim.runner import GameResult
from seedbed.sim.stats import Estimate, elo_difference, estimate


@dataclass(frozen=True)
class AgentLine:
    spec: str
    seats_per_game: float
    win_share: Estimate
    mean_score: Estimate
    #: Elo-style difference implied by the win share against an equal field.
    rating: float


@dataclass(frozen=True)
class Summary:
    games: int
    num_players: int
    agents: list[AgentLine]
    seats: list[Estimate]
    seat_scores: list[Estimate]
    length: Estimate
    seconds_per_game: float
    #: Mean number of times each rule fired per game (from ``State.rule_counts``).
    rules: dict[str, Estimate]

    def to_json_dict(self) -> dict[str, Any]:
        def est(e: Estimate) -> dict[str, float]:
            return {"mean": e.mean, "ci95": e.half_width, "n": e.n}

        return {
            "games": self.games,
            "players": self.num_players,
            "agents": [
                {
                    "spec": a.spec,
                    "seats_per_game": a.seats_per_game,
                    "win_share": est(a.win_share),
                    "mean_score": est(a.mean_score),
                    "rating": a.rating,
                }
                for a in self.agents
            ],
            "seats": [
                {"seat": s, "win_share": est(w), "mean_score": est(sc)}
                for s, (w, sc) in enumerate(zip(self.seats, self.seat_scores, strict=True))
            ],
            "moves_per_game": est(self.length),
            "rules_per_game": {k: est(v) for k, v in self.rules.items()},
            "seconds_per_game": self.seconds_per_game,
        }


def summarize(results: Sequence[GameResult], num_players: int) -> Summary:
    """Aggregate ``results``. Confidence intervals treat each deal as one sample, so
    the games of a duplicate deal (correlated by design) are not counted as independent."""
    specs: list[str] = []
    for r in results:
        for s in r.seats:
            if s not in specs:
                specs.append(s)
    by_deal: dict[int, list[GameResult]] = defaultdict(list)
    for r in results:
        by_deal[r.deal].append(r)

    agents = []
    for spec in specs:
        shares, scores, seat_counts = [], [], []
        for games in by_deal.values():
            deal_share, deal_score, n_games = 0.0, 0.0, 0
            for r in games:
                mine = [i for i, s in enumerate(r.seats) if s == spec]
                if not mine:
                    continue
                n_games += 1
                seat_counts.append(len(mine))
                deal_share += sum(r.returns[i] for i in mine)
                deal_score += sum(r.scores[i] for i in mine) / len(mine)
            if n_games:
                shares.append(deal_share / n_games)
                scores.append(deal_score / n_games)
        share = estimate(shares)
        per_game = sum(seat_counts) / len(seat_counts) if seat_counts else 0.0
        fair = per_game / num_players
        rating = elo_difference(share.mean, fair) if 0 < fair < 1 else 0.0
        agents.append(AgentLine(spec, per_game, share, estimate(scores), rating))

    seats = []
    seat_scores = []
    for seat in range(num_players):
        seats.append(estimate([sum(r.returns[seat] for r in g) / len(g) for g in by_deal.values()]))
        seat_scores.append(
            estimate([sum(r.scores[seat] for r in g) / len(g) for g in by_deal.values()])
        )
    length = estimate([float(r.moves) for r in results])
    spg = sum(r.seconds for r in results) / len(results) if results else 0.0
    names = sorted({k for r in results for k in r.rules})
    rules = {k: estimate([float(r.rules.get(k, 0)) for r in results]) for k in names}
    return Summary(len(results), num_players, agents, seats, seat_scores, length, spg, rules)

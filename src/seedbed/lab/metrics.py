"""What the lab measures of a set of games: one table of per-game metrics.

Every metric is a function of one finished game (a :class:`GameResult`), so a report
estimates it over the games and a comparison pairs it game by game, deal by deal.
Games of the same deal (the rotations of a duplicate deal) are one sample.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from seedbed.sim.report import agent_specs, position_name
from seedbed.sim.runner import GameResult
from seedbed.sim.stats import Estimate, mean, share

Value = Callable[[GameResult], "float | None"]


@dataclass(frozen=True)
class Metric:
    """One number per game (``None`` where it does not apply, e.g. the move at which
    the winner was decided, in a game with a shared win)."""

    key: str
    label: str
    section: str
    #: ``share``: values in [0, 1] (Wilson interval); ``mean``: anything else (t).
    kind: str
    value: Value
    #: Shown as a percentage.
    percent: bool = False
    #: The least value possible (0 for counts), where the t interval is cut.
    floor: float | None = None
    digits: int = 2
    #: The share an unbiased game would give (a position's fair win share): verdicts
    #: say whether the interval excludes it.
    fair: float | None = None

    def values(self, results: Sequence[GameResult]) -> tuple[list[float], list[int]]:
        """The metric's values and their deals, for the games where it applies."""
        vals: list[float] = []
        deals: list[int] = []
        for r in results:
            v = self.value(r)
            if v is not None:
                vals.append(v)
                deals.append(r.deal)
        return vals, deals

    def estimate(self, results: Sequence[GameResult]) -> Estimate:
        vals, deals = self.values(results)
        if self.kind == "share":
            return share(vals, deals)
        return mean(vals, deals, floor=self.floor)

    def per_deal(self, results: Sequence[GameResult]) -> dict[int, float]:
        """The metric averaged over each deal's games (the unit that is paired)."""
        sums: dict[int, list[float]] = defaultdict(list)
        for r in results:
            v = self.value(r)
            if v is not None:
                sums[r.deal].append(v)
        return {d: math.fsum(v) / len(v) for d, v in sums.items()}

    def format(self, est: Estimate) -> str:
        return est.format(percent=self.percent, digits=1 if self.percent else self.digits)


def margin(r: GameResult) -> float | None:
    """The margin of victory: the top score minus the next (``None`` for one seat)."""
    if len(r.scores) < 2:
        return None
    top = sorted(r.scores, reverse=True)
    return top[0] - top[1]


def _winner_score(r: GameResult) -> float | None:
    return max(r.scores) if r.scores else None


def _mean_branching(r: GameResult) -> float | None:
    return math.fsum(r.branching) / len(r.branching) if r.branching else None


def _forced(r: GameResult) -> float | None:
    return sum(1 for b in r.branching if b == 1) / len(r.branching) if r.branching else None


def _position_win(k: int) -> Value:
    return lambda r: r.returns[r.order[k]]


def _position_score(k: int) -> Value:
    return lambda r: r.scores[r.order[k]]


def _agent_win(spec: str) -> Value:
    def value(r: GameResult) -> float | None:
        mine = [i for i, s in enumerate(r.seats) if s == spec]
        return min(1.0, sum(r.returns[i] for i in mine)) if mine else None

    return value


def _agent_score(spec: str) -> Value:
    def value(r: GameResult) -> float | None:
        mine = [i for i, s in enumerate(r.seats) if s == spec]
        return sum(r.scores[i] for i in mine) / len(mine) if mine else None

    return value


def _rule_count(name: str) -> Value:
    return lambda r: float(r.rules.get(name, 0))


def _rule_fired(name: str) -> Value:
    return lambda r: 1.0 if r.rules.get(name, 0) > 0 else 0.0


def fairness_metrics(num_players: int, specs: Sequence[str]) -> list[Metric]:
    """Win share and mean score by position in the turn order; by agent if they differ."""
    out = []
    for k in range(num_players):
        name = position_name(k)
        out.append(
            Metric(
                f"position.{k}.win",
                f"{name}: win share",
                "fairness",
                "share",
                _position_win(k),
                percent=True,
                fair=1 / num_players,
            )
        )
        out.append(
            Metric(
                f"position.{k}.score", f"{name}: mean score", "fairness", "mean", _position_score(k)
            )
        )
    if len(specs) > 1:
        for spec in specs:
            out.append(
                Metric(
                    f"agent.{spec}.win",
                    f"{spec}: win share",
                    "agents",
                    "share",
                    _agent_win(spec),
                    percent=True,
                )
            )
            out.append(
                Metric(
                    f"agent.{spec}.score",
                    f"{spec}: mean score",
                    "agents",
                    "mean",
                    _agent_score(spec),
                )
            )
    return out


SHAPE_METRICS = [
    Metric(
        "shape.moves",
        "moves per game",
        "shape",
        "mean",
        lambda r: float(r.moves),
        floor=0,
        digits=1,
    ),
    Metric(
        "shape.rounds",
        "rounds per game",
        "shape",
        "mean",
        lambda r: None if r.rounds is None else float(r.rounds),
        floor=0,
    ),
    Metric("shape.winner_score", "winner's score", "shape", "mean", _winner_score),
    Metric(
        "shape.margin",
        "margin of victory (top score minus the next)",
        "shape",
        "mean",
        margin,
        floor=0,
    ),
    Metric(
        "shape.tie",
        "shared wins (drawishness)",
        "shape",
        "share",
        lambda r: 1.0 if len(r.winners) > 1 else 0.0,
        percent=True,
    ),
    Metric(
        "shape.lead_changes",
        "lead changes per game",
        "shape",
        "mean",
        lambda r: float(r.lead_changes),
        floor=0,
    ),
    Metric(
        "shape.decided_at",
        "share of the game played when the winner took the lead for good",
        "shape",
        "mean",
        lambda r: r.decided_at,
        percent=True,
        floor=0,
    ),
    Metric(
        "shape.branching", "legal moves per decision", "shape", "mean", _mean_branching, floor=0
    ),
    Metric(
        "shape.forced",
        "decisions with only one legal move",
        "shape",
        "mean",
        _forced,
        percent=True,
        floor=0,
    ),
]


def rule_metrics(results: Sequence[GameResult]) -> list[Metric]:
    """For each rule any game counted: times it fired per game, and the share of games
    in which it fired at all."""
    names = sorted({k for r in results for k in r.rules})
    out = []
    for name in names:
        out.append(
            Metric(
                f"rule.{name}.count",
                f"{name}: times per game",
                "rules",
                "mean",
                _rule_count(name),
                floor=0,
            )
        )
        out.append(
            Metric(
                f"rule.{name}.fired",
                f"{name}: games where it fired",
                "rules",
                "share",
                _rule_fired(name),
                percent=True,
            )
        )
    return out


def all_metrics(results: Sequence[GameResult], num_players: int) -> list[Metric]:
    return [
        *fairness_metrics(num_players, agent_specs(results)),
        *SHAPE_METRICS,
        *rule_metrics(results),
    ]


def branching_profile(results: Sequence[GameResult], bins: int = 10) -> list[Estimate]:
    """Mean legal moves per decision in each tenth (``bins``) of the game, over games:
    how the choice opens or narrows as a game goes on."""
    per_bin: list[list[float]] = [[] for _ in range(bins)]
    deals: list[list[int]] = [[] for _ in range(bins)]
    for r in results:
        n = len(r.branching)
        if not n:
            continue
        sums = [0.0] * bins
        counts = [0] * bins
        for i, b in enumerate(r.branching):
            k = min(bins - 1, i * bins // n)
            sums[k] += b
            counts[k] += 1
        for k in range(bins):
            if counts[k]:
                per_bin[k].append(sums[k] / counts[k])
                deals[k].append(r.deal)
    return [mean(v, d, floor=0) for v, d in zip(per_bin, deals, strict=True)]


def estimates(metrics: Sequence[Metric], results: Sequence[GameResult]) -> dict[str, Estimate]:
    return {m.key: m.estimate(results) for m in metrics}


def metric_json(m: Metric, est: Estimate) -> dict[str, Any]:
    return {"label": m.label, "section": m.section, "kind": m.kind, **est.to_json()}

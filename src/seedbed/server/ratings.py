"""Ratings: openskill's Plackett-Luce model, for registered players and agent specs.

After every finished game that was not abandoned, each seat is one team ranked by
its final score (ties share a rank). Guests take part in the game but are not rated,
so only rated seats enter the update, in their order. An entity in several seats
(three ``heuristic`` bots) moves by the mean of its seats' changes; a game whose
rated seats are all one entity (bots playing themselves) changes nothing. Stand-in
bots are never rated: a game with a stand-in is abandoned.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from openskill.models import PlackettLuce

from seedbed.server.table import BOT, LiveTable

MODEL = PlackettLuce()


def entities(table: LiveTable) -> list[tuple[int, str, str, str]]:
    """``(seat, key, kind, name)`` of each rated seat: registered players and bots."""
    out = []
    for s in table.seats:
        if s.kind == BOT and s.agent:
            out.append((s.index, f"agent:{s.agent}", "agent", s.agent))
        elif s.player_id is not None and s.name:
            out.append((s.index, f"player:{s.player_id}", "player", s.name))
    return out


def updated_ratings(table: LiveTable, current: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The new rating rows after ``table``'s game (empty if it changes nothing)."""
    if table.abandoned or table.result is None:
        return []
    rated = entities(table)
    if len({key for _, key, _, _ in rated}) < 2:
        return []
    scores = table.result["scores"]
    teams = []
    for _, key, _, name in rated:
        row = current.get(key)
        mu = row["mu"] if row else MODEL.mu
        sigma = row["sigma"] if row else MODEL.sigma
        teams.append([MODEL.rating(mu=mu, sigma=sigma, name=name)])
    new = MODEL.rate(teams, scores=[float(scores[seat]) for seat, _, _, _ in rated])
    changes: dict[str, list[tuple[float, float]]] = defaultdict(list)
    meta: dict[str, tuple[str, str, float, float]] = {}
    for (_, key, kind, name), before, after in zip(rated, teams, new, strict=True):
        changes[key].append((after[0].mu - before[0].mu, after[0].sigma))
        meta[key] = (kind, name, before[0].mu, before[0].sigma)
    rows = []
    for key, deltas in changes.items():
        kind, name, mu, _sigma = meta[key]
        rows.append(
            {
                "key": key,
                "kind": kind,
                "name": name,
                "mu": mu + sum(d for d, _ in deltas) / len(deltas),
                "sigma": sum(s for _, s in deltas) / len(deltas),
            }
        )
    return rows


def ordinal(mu: float, sigma: float) -> float:
    """The conservative estimate the leaderboard sorts by (mu - 3 sigma)."""
    return mu - 3 * sigma

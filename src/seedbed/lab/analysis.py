"""The designer's lab: the plan of games behind a report or a comparison, and the
numbers (with intervals and verdicts) computed from them.

A report is one variant of a game (its options); a comparison is two or more,
played on the same seeds with the same agents, so every metric can be paired deal by
deal. :func:`analyse` turns the games into one JSON-ready dict, which the HTML page
(:mod:`seedbed.lab.html`) and the ``.json`` file beside it both show.
"""

from __future__ import annotations

import hashlib
import json
import math
import platform
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from seedbed._version import __version__
from seedbed.core.registry import game_class, load
from seedbed.lab import DEFAULT_LADDER
from seedbed.lab.metrics import (
    Metric,
    all_metrics,
    branching_profile,
    margin,
    metric_json,
)
from seedbed.sim.report import agent_specs, describe_plan, position_name
from seedbed.sim.runner import GameResult, MatchSpec, derive_seed, plan_matches
from seedbed.sim.stats import (
    Estimate,
    false_discovery,
    paired_difference,
    quantiles,
    share,
    share_p_value,
)

#: Verdicts are drawn at this false discovery rate over all the tests of a page.
FDR = 0.05


@dataclass(frozen=True)
class Variant:
    """One set of rules: the options given on the command line and the full params."""

    options: dict[str, Any]
    params: dict[str, Any]

    @property
    def name(self) -> str:
        if not self.options:
            return "default rules"
        return ", ".join(f"{k}={_show(v)}" for k, v in self.options.items())


def _show(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


@dataclass(frozen=True)
class LabPlan:
    """Everything that decides which games are played (and so every number shown)."""

    game_id: str
    variants: tuple[Variant, ...]
    agents: tuple[str, ...]
    deals: int
    seed: int
    ladder: tuple[str, ...] = DEFAULT_LADDER
    skill_deals: int = 0

    @property
    def num_players(self) -> int:
        return int(self.variants[0].params["players"])

    def fairness_matches(self) -> list[MatchSpec]:
        """One game per deal in self-play; every rotation of every deal when agents
        differ, so each agent sits in each seat (and position) equally often."""
        duplicate = len(set(self.agents)) > 1
        return plan_matches(
            self.num_players, list(self.agents), self.deals, self.seed, duplicate=duplicate
        )

    def skill_pairs(self) -> list[tuple[str, str]]:
        """(weaker, stronger) for each step of the ladder."""
        return [(self.ladder[i], self.ladder[i + 1]) for i in range(len(self.ladder) - 1)]

    def skill_seed(self, step: int) -> int:
        return derive_seed(self.seed, "skill", step)

    def skill_matches(self, step: int) -> list[MatchSpec]:
        """One stronger agent against the weaker in every other seat, every rotation of
        every deal (so the stronger plays each position once a deal)."""
        weak, strong = self.skill_pairs()[step]
        agents = [strong] + [weak] * (self.num_players - 1)
        return plan_matches(
            self.num_players, agents, self.skill_deals, self.skill_seed(step), duplicate=True
        )


def make_variants(
    game_id: str, players: int | None, option_sets: Sequence[dict[str, Any]]
) -> list[Variant]:
    """Validate each option set through the registry (a clear error for a bad one)."""
    out = []
    for opts in option_sets:
        params = dict(opts)
        if players is not None:
            params.setdefault("players", players)
        g = load(game_id, **params)
        out.append(Variant(dict(opts), g.params))
    counts = {v.params["players"] for v in out}
    if len(counts) > 1:
        raise ValueError(
            "variants must have the same player count (positions and seats are compared "
            f"one to one), not {sorted(counts)}"
        )
    names = [v.params for v in out]
    if any(names.count(p) > 1 for p in names):
        raise ValueError("two variants have the same rules: nothing to compare")
    return out


@dataclass
class VariantGames:
    """The games played for one variant."""

    variant: Variant
    fairness: list[GameResult]
    #: The games of each skill step, in the ladder's order.
    skill: list[list[GameResult]] = field(default_factory=list)


# -- the analysis -------------------------------------------------------------------
def _est_json(m: Metric, e: Estimate) -> dict[str, Any]:
    return {**metric_json(m, e), "text": m.format(e)}


def histogram(values: Sequence[float]) -> dict[str, Any]:
    """Counts by value for small integer ranges, else 20 equal bins (for the JSON)."""
    if not values:
        return {"edges": [], "counts": []}
    lo, hi = min(values), max(values)
    if all(float(v).is_integer() for v in values) and hi - lo <= 40:
        edges = [lo - 0.5 + i for i in range(int(hi - lo) + 2)]
    else:
        width = (hi - lo) / 20 or 1.0
        edges = [lo + i * width for i in range(21)]
    counts = [0] * (len(edges) - 1)
    for v in values:
        k = min(len(counts) - 1, max(0, int((v - edges[0]) / (edges[1] - edges[0]))))
        counts[k] += 1
    return {"edges": edges, "counts": counts}


def analyse_variant(
    plan: LabPlan, games: VariantGames, metrics: Sequence[Metric]
) -> dict[str, Any]:
    """Every figure of one variant, JSON-ready."""
    res = games.fairness
    n = plan.num_players
    values = {m.key: _est_json(m, m.estimate(res)) for m in metrics}
    positions = []
    for k in range(n):
        win = next(m for m in metrics if m.key == f"position.{k}.win").estimate(res)
        positions.append(
            {
                "position": k,
                "win": values[f"position.{k}.win"],
                "score": values[f"position.{k}.score"],
                "p_fair": _clean(share_p_value(win, 1 / n)) if win.has_interval else None,
            }
        )
    rules: list[dict[str, Any]] = []
    for m in metrics:
        if m.section == "rules" and m.key.endswith(".count"):
            name = m.key[len("rule.") : -len(".count")]
            fired = values[f"rule.{name}.fired"]
            rules.append({"rule": name, "count": values[m.key], "fired": fired})
    scores = [s for r in res for s in r.scores]
    shape_values = {
        "moves": [float(r.moves) for r in res],
        "rounds": [float(r.rounds) for r in res if r.rounds is not None],
        "scores": scores,
        "winner_score": [max(r.scores) for r in res],
        "margin": [v for r in res if (v := margin(r)) is not None],
        "lead_changes": [float(r.lead_changes) for r in res],
        "decided_at": [r.decided_at for r in res if r.decided_at is not None],
    }
    skill = [
        _skill_step(plan, step, weak, strong, step_games)
        for step, ((weak, strong), step_games) in enumerate(
            zip(plan.skill_pairs(), games.skill, strict=False)
        )
    ]
    return {
        "name": games.variant.name,
        "options": games.variant.options,
        "params": games.variant.params,
        "games": len(res),
        "deals": len({r.deal for r in res}),
        "positions": positions,
        "positions_note": describe_plan(res, n),
        "agents": [
            {"spec": s, "win": values[f"agent.{s}.win"], "score": values[f"agent.{s}.score"]}
            for s in agent_specs(res)
            if f"agent.{s}.win" in values
        ],
        "skill": skill,
        "metrics": values,
        "rules": rules,
        "never_fired": [r["rule"] for r in rules if r["fired"]["value"] == 0],
        "quantiles": {
            k: dict(zip(("p10", "median", "p90"), quantiles(v), strict=True))
            for k, v in shape_values.items()
            if v
        },
        "histograms": {k: histogram(v) for k, v in shape_values.items()},
        "branching_profile": [e.to_json() for e in branching_profile(res)],
    }


def _clean(x: float) -> float | None:
    return None if math.isnan(x) else x


def _skill_step(
    plan: LabPlan, step: int, weak: str, strong: str, res: Sequence[GameResult]
) -> dict[str, Any]:
    n = plan.num_players
    fair = 1 / n
    wins: list[float] = []
    deals: list[int] = []
    for r in res:
        seat = r.seats.index(strong)
        wins.append(r.returns[seat])
        deals.append(r.deal)
    est = share(wins, deals)
    upset = share([1.0 - w for w in wins], deals)
    skill_index = (est.mean - fair) / (1 - fair) if res else math.nan
    return {
        "step": step,
        "weaker": weak,
        "stronger": strong,
        "games": len(res),
        "deals": len(set(deals)),
        "win": {**est.to_json(), "text": est.format(percent=True)},
        "weaker_wins": {**upset.to_json(), "text": upset.format(percent=True)},
        "skill_index": _clean(skill_index),
        "p_fair": _clean(share_p_value(est, fair)) if est.has_interval else None,
    }


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def report_verdicts(variant: dict[str, Any], n: int) -> list[dict[str, Any]]:
    """The tests of one variant (positions against a fair share, each skill step against
    a fair share), with Benjamini-Hochberg adjusted p-values and a sentence each."""
    tests: list[tuple[float, str, str, dict[str, Any]]] = []
    fair = 1 / n
    for p in variant["positions"]:
        if p["p_fair"] is None:
            continue
        name = position_name(p["position"])
        w = p["win"]
        tests.append((p["p_fair"], f"position.{p['position']}", name, w))
    steps = {f"skill.{s['step']}": s for s in variant["skill"] if s["p_fair"] is not None}
    for key, s in steps.items():
        tests.append((s["p_fair"], key, "", s["win"]))
    qs = false_discovery([t[0] for t in tests])
    out = []
    for (p, key, name, w), q in zip(tests, qs, strict=True):
        significant = q < FDR
        if key in steps:
            s = steps[key]
            if not significant:
                verb = "is not shown to beat"
            else:
                verb = "beats" if w["value"] > fair else "loses to"
            text = (
                f"Skill: {s['stronger']} {verb} {s['weaker']} (one against {n - 1}, wins "
                f"{w['text']} against a fair {_pct(fair)}; the weaker still win "
                f"{s['weaker_wins']['text']})."
            )
        elif significant:
            more = "more" if w["value"] > fair else "less"
            text = f"The {name} wins {w['text']} of games, {more} than a fair {_pct(fair)}."
        else:
            text = f"The {name} wins {w['text']} of games, not shown to differ from {_pct(fair)}."
        out.append({"key": key, "p": p, "q": q, "significant": significant, "text": text})
    return out


def compare_variants(
    base: VariantGames, other: VariantGames, metrics: Sequence[Metric]
) -> list[dict[str, Any]]:
    """Each metric of ``base`` minus ``other``, paired by deal (same seed, same agents),
    with adjusted p-values and a verdict for those that differ."""
    rows = []
    for m in metrics:
        a = m.per_deal(base.fairness)
        b = m.per_deal(other.fairness)
        common = sorted(set(a) & set(b))
        if not common:
            continue
        diff = paired_difference([a[d] for d in common], [b[d] for d in common])
        rows.append((m, diff, m.estimate(base.fairness), m.estimate(other.fairness)))
    qs = false_discovery([d.p_value for _, d, _, _ in rows])
    out = []
    for (m, diff, ea, eb), q in zip(rows, qs, strict=True):
        unit = " points" if m.percent else ""
        text = _signed(diff.estimate, m) + unit
        d = diff.estimate
        if d.low is not None and d.high is not None:
            text += f" [{_signed_value(d.low, m)}, {_signed_value(d.high, m)}]"
        else:
            text += " [n/a]"
        significant = not math.isnan(q) and q < FDR and d.mean != 0
        verdict = ""
        if significant:
            verdict = (
                f"{m.label}: {m.format(ea)} with {base.variant.name} against "
                f"{m.format(eb)} with {other.variant.name}; difference {text}."
            )
        out.append(
            {
                "key": m.key,
                "label": m.label,
                "section": m.section,
                "a": {**ea.to_json(), "text": m.format(ea)},
                "b": {**eb.to_json(), "text": m.format(eb)},
                "difference": {**diff.to_json(), "text": text},
                "q": _clean(q),
                "significant": significant,
                "verdict": verdict,
            }
        )
    return out


def _signed_value(x: float, m: Metric) -> str:
    digits = 1 if m.percent else m.digits
    x *= 100.0 if m.percent else 1.0
    text = f"{x:+.{digits}f}"
    # A difference that rounds to nothing is shown as +0.0, not -0.0.
    return text.replace("-", "+") if float(text) == 0 else text


def _signed(e: Estimate, m: Metric) -> str:
    return _signed_value(e.mean, m)


def same_deals(game_id: str, variants: Sequence[Variant], seed: int, samples: int = 5) -> bool:
    """Whether the variants deal the same cards from the same seed (then a difference
    is the rule's doing, not the deal's): compared on the full initial states."""
    for i in range(samples):
        s = derive_seed(seed, "deal", i) % (2**63)
        firsts = [
            json.loads(load(game_id, **v.params).new_state(s).to_json())["state"] for v in variants
        ]
        if any(f != firsts[0] for f in firsts[1:]):
            return False
    return True


def results_digest(games: Sequence[VariantGames]) -> str:
    """SHA-256 of every game's outcome: equal for two runs exactly when they played the
    same games to the same ends (whatever the backend, workers or machine speed)."""
    h = hashlib.sha256()
    for vg in games:
        for r in [*vg.fairness, *(g for step in vg.skill for g in step)]:
            h.update(
                json.dumps(
                    [r.index, r.seed, r.seats, r.scores, r.returns, r.record.get("moves")],
                    separators=(",", ":"),
                ).encode()
            )
    return h.hexdigest()


def run_facts(
    plan: LabPlan,
    games: Sequence[VariantGames],
    *,
    command: str,
    backend: str,
    workers: int,
    started: str,
    wall_seconds: float,
    interrupted: bool,
) -> dict[str, Any]:
    from seedbed._build import describe

    cls = game_class(plan.game_id)
    played = sum(len(vg.fairness) + sum(len(s) for s in vg.skill) for vg in games)
    cpu = sum(r.seconds for vg in games for r in [*vg.fairness, *(g for s in vg.skill for g in s)])
    return {
        "command": command,
        "game": plan.game_id,
        "game_name": cls.name,
        "game_version": cls.version,
        "seedbed_version": __version__,
        "engines": describe(),
        "python": f"{platform.python_implementation()} {sys.version.split()[0]}",
        "platform": platform.platform(),
        "seed": plan.seed,
        "players": plan.num_players,
        "agents": list(plan.agents),
        "deals": plan.deals,
        "ladder": list(plan.ladder) if plan.skill_deals else [],
        "skill_deals": plan.skill_deals,
        "variants": [{"name": v.name, "params": v.params} for v in plan.variants],
        "games_played": played,
        "backend": backend,
        "workers": workers,
        "started": started,
        "wall_seconds": round(wall_seconds, 1),
        "seconds_in_games": round(cpu, 1),
        "results_sha256": results_digest(games),
        "interrupted": interrupted,
        "intervals": (
            "95%: Wilson score intervals for shares (an effective sample size where the "
            "games of a deal are correlated), Student t for means, paired t over deals for "
            "differences; verdicts at a 5% false discovery rate (Benjamini-Hochberg)"
        ),
    }


def analyse(plan: LabPlan, games: Sequence[VariantGames], facts: dict[str, Any]) -> dict[str, Any]:
    """The whole page as data: each variant's figures, and for a comparison each
    variant after the first against the first."""
    metrics = all_metrics([r for vg in games for r in vg.fairness], plan.num_players)
    variants = [analyse_variant(plan, vg, metrics) for vg in games]
    for v in variants:
        v["verdicts"] = report_verdicts(v, plan.num_players)
    comparisons = []
    if len(games) > 1:
        paired = same_deals(plan.game_id, plan.variants, plan.seed)
        for other in games[1:]:
            rows = compare_variants(games[0], other, metrics)
            comparisons.append(
                {
                    "a": games[0].variant.name,
                    "b": other.variant.name,
                    "same_deals": paired,
                    "rows": rows,
                    "verdicts": [r["verdict"] for r in rows if r["significant"]],
                    "tests": len(rows),
                }
            )
    return {
        "kind": "compare" if len(games) > 1 else "report",
        "facts": facts,
        "variants": variants,
        "comparisons": comparisons,
    }

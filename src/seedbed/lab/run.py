"""Playing a lab plan: every variant's fairness games and skill ladder, with progress
bars, then the analysis and the page."""

from __future__ import annotations

import shlex
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.console import Console

from seedbed.lab.analysis import LabPlan, VariantGames, analyse, run_facts
from seedbed.sim.session import run_plan


@dataclass
class LabRun:
    data: dict[str, Any]
    interrupted: bool
    played: int
    planned: int


def command_line(plan: LabPlan) -> str:
    """The command that plays exactly these games again (every setting spelled out, so
    that a later change of defaults cannot change what it plays)."""
    parts = ["seedbed", "report" if len(plan.variants) == 1 else "compare", plan.game_id]
    parts += ["--players", str(plan.num_players), "--agents", ",".join(plan.agents)]
    parts += ["--games", str(plan.deals), "--seed", str(plan.seed)]
    parts += ["--skill-games", str(plan.skill_deals)]
    if plan.skill_deals:
        parts += ["--ladder", ",".join(plan.ladder)]
    for i, v in enumerate(plan.variants):
        if i:
            parts.append("--against")
        for k, value in v.options.items():
            shown = str(value).lower() if isinstance(value, bool) else str(value)
            parts += ["-o", f"{k}={shown}"]
    return " ".join(shlex.quote(p) for p in parts)


def planned_games(plan: LabPlan) -> int:
    per_variant = len(plan.fairness_matches())
    if plan.skill_deals:
        per_variant += sum(len(plan.skill_matches(s)) for s in range(len(plan.skill_pairs())))
    return per_variant * len(plan.variants)


def run_lab(
    plan: LabPlan,
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    console: Console | None = None,
) -> LabRun:
    """Play the plan (stopping cleanly on Ctrl-C) and analyse what was played."""
    started = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S")
    t0 = time.perf_counter()
    games: list[VariantGames] = []
    interrupted = False
    kw: dict[str, Any] = {
        "workers": workers,
        "backend": backend,
        "address": address,
        "console": console,
    }
    for variant in plan.variants:
        if interrupted:
            break
        prefix = f"{variant.name}: " if len(plan.variants) > 1 else ""
        run = run_plan(
            plan.game_id,
            variant.params,
            plan.fairness_matches(),
            plan.seed,
            label=f"{prefix}fairness",
            **kw,
        )
        vg = VariantGames(variant, run.results)
        games.append(vg)
        interrupted = run.interrupted
        if not plan.skill_deals:
            continue
        for step, (weak, strong) in enumerate(plan.skill_pairs()):
            if interrupted:
                break
            run = run_plan(
                plan.game_id,
                variant.params,
                plan.skill_matches(step),
                plan.skill_seed(step),
                label=f"{prefix}skill {strong} vs {weak}",
                **kw,
            )
            vg.skill.append(run.results)
            interrupted = run.interrupted
    facts = run_facts(
        plan,
        games,
        command=command_line(plan),
        backend=backend,
        workers=workers,
        started=started,
        wall_seconds=time.perf_counter() - t0,
        interrupted=interrupted,
    )
    # Every variant needs data for the page: an interrupt before a variant began
    # leaves it out (and the page says the run was interrupted).
    games = [g for g in games if g.fairness]
    if not games:
        return LabRun({}, True, 0, planned_games(plan))
    if len(games) < len(plan.variants):
        plan = LabPlan(
            plan.game_id,
            tuple(g.variant for g in games),
            plan.agents,
            plan.deals,
            plan.seed,
            plan.ladder,
            plan.skill_deals,
        )
    data = analyse(plan, games, facts)
    return LabRun(data, interrupted, facts["games_played"], planned_games(plan))


def default_out(game_id: str, kind: str) -> Path:
    return Path(f"{game_id}-{kind}.html")

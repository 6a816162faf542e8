"""The report as one self-contained HTML page (inline SVG, inline CSS, no script, no
external link) and the JSON beside it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from seedbed.lab.plots import all_plots
from seedbed.sim.report import position_name
from seedbed.sim.store import write_text_atomic

FACT_ROWS = (
    ("game_version", "game rules version"),
    ("seedbed_version", "seedbed version"),
    ("engines", "engines"),
    ("seed", "seed"),
    ("agents", "agents"),
    ("deals", "deals"),
    ("ladder", "skill ladder"),
    ("skill_deals", "skill deals per step"),
    ("games_played", "games played"),
    ("results_sha256", "results digest (SHA-256)"),
    ("backend", "backend"),
    ("workers", "workers"),
    ("started", "started (UTC)"),
    ("wall_seconds", "wall time (s)"),
    ("seconds_in_games", "time in games, summed over workers (s)"),
    ("python", "Python"),
    ("platform", "platform"),
)
SHAPE_KEYS = (
    "shape.moves",
    "shape.rounds",
    "shape.winner_score",
    "shape.margin",
    "shape.tie",
    "shape.lead_changes",
    "shape.decided_at",
    "shape.branching",
    "shape.forced",
)


def render_html(data: dict[str, Any], json_name: str) -> str:
    env = Environment(
        loader=PackageLoader("seedbed.lab", "templates"),
        autoescape=select_autoescape(["html", "j2"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    facts = data["facts"]
    names = [v["name"] for v in data["variants"]]
    kind = "Comparison" if data["kind"] == "compare" else "Balance report"
    title = f"{kind}: {facts['game_name']}, " + " against ".join(names)
    return env.get_template("report.html.j2").render(
        title=title,
        facts=facts,
        variants=data["variants"],
        comparisons=data["comparisons"],
        plots=all_plots(data),
        position_names=[position_name(k) for k in range(facts["players"])],
        fact_rows=FACT_ROWS,
        shape_keys=SHAPE_KEYS,
        json_name=json_name,
    )


def write_report(data: dict[str, Any], out: Path) -> Path:
    """Write ``out`` (HTML) and the JSON beside it (same name, ``.json``); returns the
    JSON's path."""
    json_path = out.with_suffix(".json")
    if json_path == out:
        raise ValueError(f"the report {out} needs an .html name (its JSON goes beside it)")
    write_text_atomic(json_path, json.dumps(data, indent=1, sort_keys=True, allow_nan=False) + "\n")
    write_text_atomic(out, render_html(data, json_path.name))
    return json_path

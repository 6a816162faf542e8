"""The report's plots: matplotlib figures written as inline SVG text.

Plots are drawn from the analysis dict (:func:`seedbed.lab.analysis.analyse`), not
from the games, so the page and its JSON always show the same numbers. The SVG is
deterministic (fixed hash salt, no date), keeps text as text (``svg.fonttype:
none``: small, searchable) and has no XML prolog, so it can sit inside the HTML.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from typing import Any

# Figures are built without pyplot, so no GUI backend is ever chosen or needed.
from matplotlib import rc_context
from matplotlib.figure import Figure

from seedbed.sim.report import position_name

COLOURS = ("#2f6f4e", "#c07a2c", "#4a6fa5", "#8e4a6f", "#6b6b6b")
STYLE: Any = {
    "svg.fonttype": "none",
    "svg.hashsalt": "seedbed",
    "font.family": "sans-serif",
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
}


def to_svg(fig: Figure) -> str:
    """The figure as an ``<svg>`` element (no prolog, DOCTYPE or metadata)."""
    buf = io.StringIO()
    with rc_context(STYLE):
        fig.savefig(
            buf,
            format="svg",
            bbox_inches="tight",
            metadata={"Creator": None, "Date": None, "Format": None, "Type": None},
        )
    text = buf.getvalue()
    text = text[text.index("<svg") :]
    return re.sub(r"<metadata>.*?</metadata>", "", text, flags=re.S)


def _figure(width: float = 6.4, height: float = 3.0) -> Figure:
    with rc_context(STYLE):
        return Figure(figsize=(width, height))


def _err(est: dict[str, Any], scale: float = 1.0) -> tuple[float, float, float]:
    v = (est["value"] or 0.0) * scale
    low = est["low"] * scale if est["low"] is not None else v
    high = est["high"] * scale if est["high"] is not None else v
    return v, v - low, high - v


def _grouped_bars(
    ax: Any,
    labels: Sequence[str],
    series: Sequence[tuple[str, Sequence[dict[str, Any]]]],
    scale: float,
) -> None:
    k = len(series)
    width = 0.8 / k
    for j, (name, ests) in enumerate(series):
        xs = [i + (j - (k - 1) / 2) * width for i in range(len(labels))]
        vals = [_err(e, scale) for e in ests]
        ax.bar(
            xs,
            [v[0] for v in vals],
            width * 0.92,
            yerr=[[v[1] for v in vals], [v[2] for v in vals]],
            capsize=3,
            color=COLOURS[j % len(COLOURS)],
            label=name,
        )
    ax.set_xticks(range(len(labels)), labels)
    if k > 1:
        # Below the axes, where it cannot hide a bar.
        ax.legend(frameon=False, loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=k)


def positions_svg(variants: Sequence[dict[str, Any]], n: int) -> str:
    """Win share and mean score by position in the turn order, 95% intervals."""
    with rc_context(STYLE):
        fig = _figure(7.2, 3.0)
        ax1, ax2 = fig.subplots(1, 2)
        labels = [position_name(k) for k in range(n)]
        _grouped_bars(
            ax1, labels, [(v["name"], [p["win"] for p in v["positions"]]) for v in variants], 100
        )
        ax1.axhline(100 / n, color="black", ls="--", lw=1)
        ax1.set_ylabel("win share (%)")
        ax1.set_title(f"win share by position (dashed: fair {100 / n:.1f}%)")
        _grouped_bars(
            ax2, labels, [(v["name"], [p["score"] for p in v["positions"]]) for v in variants], 1
        )
        ax2.set_ylabel("mean score")
        ax2.set_title("mean score by position")
        if len(variants) > 1:
            ax2.get_legend().remove()
        return to_svg(fig)  # fmt: skip


def skill_svg(variants: Sequence[dict[str, Any]], n: int) -> str | None:
    """The stronger agent's win share at each step of the ladder (one against n-1)."""
    if not any(v["skill"] for v in variants):
        return None
    with rc_context(STYLE):
        fig = _figure(7.2, 3.0)
        ax = fig.subplots()
        steps = variants[0]["skill"]
        labels = [f"{s['stronger']}\nvs {s['weaker']}" for s in steps]
        _grouped_bars(
            ax, labels, [(v["name"], [s["win"] for s in v["skill"]]) for v in variants], 100
        )
        ax.axhline(100 / n, color="black", ls="--", lw=1)
        ax.set_ylim(0, 100)
        ax.set_ylabel("stronger agent's win share (%)")
        ax.set_title(f"does better play win more? (dashed: fair {100 / n:.1f}%)")
        return to_svg(fig)  # fmt: skip


def histogram_svg(
    variants: Sequence[dict[str, Any]], key: str, xlabel: str, title: str
) -> str | None:
    """The distribution of a per-game figure, as a share of games (variants overlaid)."""
    hists = [(v["name"], v["histograms"].get(key)) for v in variants]
    if not any(h and h["counts"] for _, h in hists):
        return None
    with rc_context(STYLE):
        fig = _figure(3.5, 2.6)
        ax = fig.subplots()
        for j, (name, h) in enumerate(hists):
            if not h or not h["counts"]:
                continue
            total = sum(h["counts"])
            ax.stairs(
                [100 * c / total for c in h["counts"]],
                h["edges"],
                fill=len(hists) == 1,
                alpha=0.8 if len(hists) == 1 else 1.0,
                lw=1.5,
                color=COLOURS[j % len(COLOURS)],
                label=name,
            )
        ax.set_xlabel(xlabel)
        ax.set_ylabel("% of games")
        ax.set_title(title)
        if len(hists) > 1:
            ax.legend(frameon=False, fontsize=7)
        return to_svg(fig)


def branching_svg(variants: Sequence[dict[str, Any]]) -> str:
    """Mean legal moves per decision through the game (tenths of its moves)."""
    with rc_context(STYLE):
        fig = _figure(4.2, 2.6)
        ax = fig.subplots()
        for j, v in enumerate(variants):
            prof = v["branching_profile"]
            xs = [10 * i + 5 for i in range(len(prof))]
            ys = [p["value"] or 0 for p in prof]
            lo = [p["low"] if p["low"] is not None else y for p, y in zip(prof, ys, strict=True)]
            hi = [p["high"] if p["high"] is not None else y for p, y in zip(prof, ys, strict=True)]
            colour = COLOURS[j % len(COLOURS)]
            ax.plot(xs, ys, marker="o", ms=3, color=colour, label=v["name"])
            ax.fill_between(xs, lo, hi, color=colour, alpha=0.2)
        ax.set_xlabel("% of the game's moves played")
        ax.set_ylabel("legal moves per decision")
        ax.set_title("branching factor over the game")
        ax.set_ylim(bottom=0)
        if len(variants) > 1:
            ax.legend(frameon=False, fontsize=7)
        return to_svg(fig)


def rules_svg(variants: Sequence[dict[str, Any]]) -> str | None:
    """Times each rule fired per game (horizontal bars, 95% intervals)."""
    names = [r["rule"] for r in variants[0]["rules"]]
    if not names:
        return None
    with rc_context(STYLE):
        fig = _figure(6.4, 0.8 + 0.28 * len(names) * max(1, len(variants)) ** 0.5)
        ax = fig.subplots()
        k = len(variants)
        height = 0.8 / k
        for j, v in enumerate(variants):
            by = {r["rule"]: r["count"] for r in v["rules"]}
            ys = [i + (j - (k - 1) / 2) * height for i in range(len(names))]
            vals = [_err(by[nm]) if nm in by else (0.0, 0.0, 0.0) for nm in names]
            ax.barh(
                ys,
                [x[0] for x in vals],
                height * 0.92,
                xerr=[[x[1] for x in vals], [x[2] for x in vals]],
                capsize=2,
                color=COLOURS[j % len(COLOURS)],
                label=v["name"],
            )
        ax.set_yticks(range(len(names)), names)
        ax.invert_yaxis()
        ax.set_xlabel("times per game")
        ax.set_title("rules in play")
        if k > 1:
            ax.legend(frameon=False, fontsize=7)
        return to_svg(fig)


def all_plots(data: dict[str, Any]) -> dict[str, str]:
    """Every plot of the page by name (those with no data left out)."""
    variants = data["variants"]
    n = data["facts"]["players"]
    plots: dict[str, str | None] = {
        "positions": positions_svg(variants, n),
        "skill": skill_svg(variants, n),
        "moves": histogram_svg(variants, "moves", "moves", "length in moves"),
        "rounds": histogram_svg(variants, "rounds", "rounds", "length in rounds"),
        "scores": histogram_svg(variants, "scores", "final score", "scores (every seat)"),
        "margin": histogram_svg(variants, "margin", "points", "margin of victory"),
        "lead_changes": histogram_svg(variants, "lead_changes", "lead changes", "lead changes"),
        "decided_at": histogram_svg(
            variants, "decided_at", "share of the game", "winner in the lead for good from"
        ),
        "branching": branching_svg(variants),
        "rules": rules_svg(variants),
    }
    return {k: v for k, v in plots.items() if v}

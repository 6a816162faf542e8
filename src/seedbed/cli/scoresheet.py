"""A game's score sheet (:meth:`State.score_sheet`) as a rich table.

The sheet is game-agnostic data, so one renderer serves every game::

    {"rounds": [{"label": "Round 1",
                 "lines": [{"label": "most cards", "points": [3, 0, 0]}, ...],
                 "points": [5, 5, 1]}, ...],
     "total": [5, 5, 1]}

Seats are columns; each round is a block of its lines and its points; the total ends
the table. ``None`` (a number the viewer may not know) shows as ``?``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from seedbed.cli.notation import move_text

HIDDEN = "?"


def _points(value: Any) -> str:
    if value is None:
        return HIDDEN
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return f"{value:g}" if isinstance(value, int | float) else str(value)


def _row(values: Sequence[Any] | None, n: int) -> list[str]:
    cells = list(values or [])
    return [_points(cells[p]) if p < len(cells) else "" for p in range(n)]


def score_sheet_table(
    sheet: dict[str, Any],
    seat_names: Sequence[str],
    *,
    title: str = "Score sheet",
    last_rounds: int | None = None,
    winners: Sequence[int] = (),
) -> Table:
    """The table of ``sheet`` with one column per seat. ``last_rounds`` keeps only the
    latest rounds (a round's summary: that round and the running total); ``winners``
    are marked in the total row."""
    n = len(seat_names)
    table = Table(title=title, title_justify="left", show_edge=True, pad_edge=True)
    table.add_column("")
    for name in seat_names:
        table.add_column(name, justify="right")
    rounds = list(sheet.get("rounds") or [])
    if last_rounds is not None:
        rounds = rounds[-last_rounds:] if last_rounds > 0 else []
    for rnd in rounds:
        label = str(rnd.get("label", "round"))
        lines = list(rnd.get("lines") or [])
        if lines:
            table.add_row(Text(label, style="bold"), *([""] * n))
            for line in lines:
                table.add_row(
                    Text("  ").append_text(move_text(str(line.get("label", "")))),
                    *_row(line.get("points"), n),
                )
            table.add_row(Text("  points", style="bold"), *_row(rnd.get("points"), n))
        else:
            table.add_row(Text(label, style="bold"), *_row(rnd.get("points"), n))
        table.add_section()
    total = _row(sheet.get("total"), n)
    marked = [f"{cell} ★" if p in winners else cell for p, cell in enumerate(total)]
    table.add_row(Text("total", style="bold"), *marked, style="bold")
    return table


def rounds_scored(sheet: dict[str, Any]) -> int:
    """How many rounds the sheet has scored so far."""
    return len(sheet.get("rounds") or [])

"""Terminal rendering of a SOW view: the ring of 12 rows around the four wheelbarrows.

Rows are numbered clockwise (ruling 2). Seen from above with wheelbarrow 0 at the
bottom (south), clockwise runs south, west, north, east::

    r5   r6   r7   r8
    r4      WB2     r9
        WB1   WB3
    r3      WB0     r10
    r2   r1   r0   r11

A Seed shows as ``(R)`` (its outer colour), a Flower as ``B/Y`` (centre/outer).
"""

from __future__ import annotations

from typing import Any

_STYLE = {"R": "red", "Y": "yellow", "B": "blue", "G": "green"}

#: (row or wheelbarrow label) per grid line: ("r", n) a row cell, ("w", n) a wheelbarrow.
_GRID: tuple[tuple[tuple[str, int], ...], ...] = (
    (("r", 5), ("r", 6), ("r", 7), ("r", 8)),
    (("r", 4), ("w", 2), ("r", 9)),
    (("-", 0), ("w", 1), ("w", 3), ("-", 0)),
    (("r", 3), ("w", 0), ("r", 10)),
    (("r", 2), ("r", 1), ("r", 0), ("r", 11)),
)


class _Cell:
    """Marked-up text that knows its visible width."""

    __slots__ = ("parts", "width")

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.width = 0

    def add(self, text: str, style: str | None = None) -> _Cell:
        self.parts.append(f"[{style}]{text}[/{style}]" if style else text)
        self.width += len(text)
        return self

    def padded(self, width: int) -> str:
        return "".join(self.parts) + " " * max(0, width - self.width)


def _colour(cell: _Cell, letter: str, bold: bool = False) -> None:
    style = _STYLE.get(letter, "")
    cell.add(letter, f"bold {style}" if bold and style else style or None)


def card_markup(look: str) -> _Cell:
    """One card as it lies: ``seed R``, ``flower B/Y``, ``windmill``, ``gopher``..."""
    cell = _Cell()
    add_card(cell, look)
    return cell


def add_card(cell: _Cell, look: str, direction: str = "clockwise") -> None:
    if look.startswith("seed "):
        c = look[5:]
        cell.add("(", _STYLE[c])
        cell.add(c, _STYLE[c])
        cell.add(")", _STYLE[c])
    elif look.startswith("flower "):
        centre, outer = look[7:].split("/")
        _colour(cell, centre, bold=True)
        cell.add("/")
        _colour(cell, outer)
    elif look == "windmill":
        cell.add("Mill" + ("↻" if direction == "clockwise" else "↺"), "bold")
    elif look == "gopher":
        cell.add("Gopher", "bold magenta")
    else:
        cell.add("Can", "bold cyan")


def _flower(cell: _Cell, name: str) -> None:
    add_card(cell, "flower " + name)


def _row_cell(view: dict[str, Any], r: int) -> _Cell:
    cell = _Cell()
    marker = ""
    if view.get("next_row") == r:
        marker = ">"
    elif view.get("last_row") == r and view.get("phase") != "place":
        marker = "*"
    label = f"{marker}{r:>2}:"
    cell.add(label, "bold" if marker else "dim")
    looks = view["rows"][r]
    i = 0
    while i < len(looks):  # rows are sorted: identical cards are neighbours
        j = i
        while j < len(looks) and looks[j] == looks[i]:
            j += 1
        cell.add(" ")
        add_card(cell, looks[i], view.get("direction", "clockwise"))
        if j - i > 1:
            cell.add(f"×{j - i}")
        i = j
    return cell


def _wheelbarrow_cell(view: dict[str, Any], w: int) -> _Cell:
    cell = _Cell()
    seats = view["wheelbarrows"]
    ctrl = view["controllers"][w]
    owner = seats.index(w) if w in seats else None
    cell.add(f"WB{w} ", "bold")
    if owner is not None:
        cell.add(f"seat {owner}")
    elif ctrl is None:
        cell.add("(active player's)", "dim")
    else:
        cell.add(f"(seat {ctrl}'s)", "dim")
    fav: str | None = None
    if view.get("favourites") is not None and owner is not None:
        fav = view["favourites"][owner]
    elif view.get("seat") is not None and owner == view["seat"]:
        fav = view.get("favourite")
    if fav:
        cell.add(" ♥")
        _colour(cell, fav, bold=True)
    return cell


def render_view(view: dict[str, Any]) -> str:
    """Rich-markup text of ``view`` (as returned by ``SowState.view``)."""
    cells = {r: _row_cell(view, r) for r in range(12)}
    wbs = {w: _wheelbarrow_cell(view, w) for w in range(4)}
    gap = 2
    width = [
        max(cells[r].width for r in (5, 4, 3, 2)),
        max(cells[6].width, cells[1].width, wbs[1].width),
        max(cells[7].width, cells[0].width, wbs[3].width),
        max(cells[r].width for r in (8, 9, 10, 11)),
    ]
    width = [max(w, 8) + gap for w in width]
    middle = width[1] + width[2]
    lines: list[str] = []
    for grid_line in _GRID:
        parts: list[str] = []
        if len(grid_line) == 3:  # a row, one wheelbarrow across the middle, a row
            left, mid, right = grid_line
            wb = wbs[mid[1]]
            pad = max(0, middle - wb.width)
            parts.append(cells[left[1]].padded(width[0]))
            parts.append(" " * (pad // 2) + wb.padded(wb.width) + " " * (pad - pad // 2))
            parts.append(cells[right[1]].padded(width[3]))
        else:
            for col, (kind, num) in enumerate(grid_line):
                if kind == "r":
                    parts.append(cells[num].padded(width[col]))
                elif kind == "w":
                    parts.append(wbs[num].padded(width[col]))
                else:
                    parts.append(" " * width[col])
        lines.append("".join(parts).rstrip())
    lines.append("")

    arrow = "↻" if view["direction"] == "clockwise" else "↺"
    faces = " and ".join(view["garden_actions"])
    lines.append(f"Windmill: {view['direction']} {arrow}   face-up Garden actions: {faces}")
    if view.get("hand"):
        hand = _Cell()
        for look in view["hand"]:
            hand.add(" ")
            add_card(hand, look, view["direction"])
        lines.append(
            f"Hand of seat {view['to_move']} (took row {view['taken_row']}, "
            f"next card goes to row {view['next_row']}):" + hand.padded(0)
        )
    if view.get("last_card"):
        last = _Cell()
        add_card(last, view["last_card"])
        lines.append(
            f"Last card {last.padded(0)} in row {view['last_row']}: seat {view['to_move']} "
            "chooses a colour"
        )
    if view.get("phase") == "garden":
        lines.append(f"The Garden cards met: seat {view['to_move']} may use a Garden action")
    for seat, bouquet in enumerate(view["bouquets"]):
        cell = _Cell().add(f"Bouquet of seat {seat}:")
        for name in bouquet:
            cell.add(" ")
            _flower(cell, name)
        if not bouquet:
            cell.add(" -", "dim")
        if view.get("scores") is not None:
            cell.add(f"  = {view['scores'][seat]:g} points", "bold")
        lines.append(cell.padded(0))
    if view.get("removed"):
        cell = _Cell().add("Removed by the Gopher:", "dim")
        for name in view["removed"]:
            cell.add(" ")
            _flower(cell, name)
        lines.append(cell.padded(0))
    if view.get("seat") is not None and view.get("favourite"):
        you = _Cell().add(f"You are seat {view['seat']}; your Favourite Colour: ")
        _colour(you, view["favourite"], bold=True)
        you.add(f"; your bouquet scores {view['score']}")
        lines.append(you.padded(0))
    if view["phase"] == "over":
        won = ", ".join(f"seat {w}" for w in view["winners"])
        lines.append(f"[bold]Game over[/bold] after {view['turn']} turns. Winner: {won}")
    else:
        lines.append(
            f"Turn {view['turn'] + 1}: seat {view['to_move']} to {view['phase']}"
            f" (turns without progress: {view['idle_turns']})"
        )
    history = view.get("history") or []
    if history:
        lines.append("[dim]Last moves: " + ", ".join(history[-10:]) + "[/dim]")
    return "\n".join(lines)

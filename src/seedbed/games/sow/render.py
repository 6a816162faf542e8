"""Terminal drawing of a SOW view: the ring of 12 rows around the four wheelbarrows.

The board has a fixed layout, whatever the rows hold: every row is a cell of the same
size, each wheelbarrow a box around its two rows, the diagonal rows in the corners
between them. Rows are numbered clockwise (ruling 2); seen from above with wheelbarrow
0 at the bottom, clockwise runs along the bottom to the left, up the left side, along
the top to the right and down the right side::

     r5    ╭ WB2: r6 │ r7 ╮    r8
    ╭ WB1 ╮                 ╭ WB3 ╮
    │ r4  │   the Windmill  │ r9  │
    │ r3  │                 │ r10 │
    ╰─────╯                 ╰─────╯
     r2    ╰ WB0: r1 │ r0 ╯    r11

A Seed shows as ``(R)`` (its outer colour), a Flower as ``B/Y`` (centre/outer), equal
cards once with ``×n``; ``>`` marks the row the next card goes to, ``*`` the row of
the last card.
"""

from __future__ import annotations

from typing import Any

_STYLE = {"R": "red", "Y": "yellow", "B": "blue", "G": "green"}
#: Width of a row cell's text, and its lines (a row that does not fit ends in "+n").
CELL_WIDTH = 15
CELL_LINES = 3
_LABEL = 4  # "> 7:" before the cards
_GAP = " "


class _Text:
    """Marked-up text that knows its visible width."""

    __slots__ = ("parts", "width")

    def __init__(self, text: str = "", style: str | None = None) -> None:
        self.parts: list[str] = []
        self.width = 0
        if text:
            self.add(text, style)

    def add(self, text: str, style: str | None = None) -> _Text:
        self.parts.append(f"[{style}]{text}[/{style}]" if style else text)
        self.width += len(text)
        return self

    def extend(self, other: _Text) -> _Text:
        self.parts.extend(other.parts)
        self.width += other.width
        return self

    def padded(self, width: int) -> str:
        return "".join(self.parts) + " " * max(0, width - self.width)

    def centred(self, width: int) -> str:
        left = max(0, width - self.width) // 2
        return " " * left + self.padded(width - left)


def _colour(letter: str, bold: bool = False) -> _Text:
    style = _STYLE.get(letter, "")
    return _Text(letter, f"bold {style}" if bold and style else style or None)


def card_text(look: str, direction: str = "clockwise") -> _Text:
    """One card as it lies: ``seed R``, ``flower B/Y``, ``windmill``, ``gopher``..."""
    if look.startswith("seed "):
        c = look[5:]
        return _Text(f"({c})", _STYLE[c])
    if look.startswith("flower "):
        centre, outer = look[7:].split("/")
        return _colour(centre, bold=True).add("/").extend(_colour(outer))
    if look == "windmill":
        return _Text("Mill" + ("↻" if direction == "clockwise" else "↺"), "bold")
    if look == "gopher":
        return _Text("Gopher", "bold magenta")
    return _Text("Can", "bold cyan")


def _groups(looks: list[str], direction: str) -> list[tuple[_Text, int]]:
    """The cards of a row, equal ones once with ``×n``, and how many each stands for
    (rows are sorted, so equal cards are neighbours)."""
    out: list[tuple[_Text, int]] = []
    i = 0
    while i < len(looks):
        j = i
        while j < len(looks) and looks[j] == looks[i]:
            j += 1
        token = card_text(looks[i], direction)
        if j - i > 1:
            token.add(f"×{j - i}")
        out.append((token, j - i))
        i = j
    return out


def _row_cell(view: dict[str, Any], r: int) -> list[_Text]:
    """Row ``r`` as CELL_LINES lines of at most CELL_WIDTH characters; a row too long
    for them ends in ``+n``, the number of cards not shown."""
    table = view["table"]
    marker = " "
    if table.get("next_row") == r:
        marker = ">"
    elif table.get("last_row") == r and view.get("phase") != "place":
        marker = "*"
    room = CELL_WIDTH - _LABEL
    lines: list[list[tuple[_Text, int]]] = [[]]
    used = 0
    groups = _groups(table["rows"][r], table["direction"])
    hidden = 0
    for i, (token, count) in enumerate(groups):
        if used and used + 1 + token.width > room:
            if len(lines) == CELL_LINES:
                hidden = sum(c for _, c in groups[i:])
                break
            lines.append([])
            used = 0
        lines[-1].append((token, count))
        used += 1 + token.width
    if hidden:  # make room for " +n" on the last line
        last = lines[-1]
        while last and sum(1 + t.width for t, _ in last) + len(f" +{hidden}") > room:
            hidden += last.pop()[1]
    out = []
    for k, tokens in enumerate(lines):
        if k == 0:
            line = _Text(f"{marker}{r:>2}:", "bold" if marker != " " else "dim")
        else:
            line = _Text(" " * _LABEL)
        for token, _count in tokens:
            line.add(" ").extend(token)
        if hidden and k == len(lines) - 1:
            line.add(f" +{hidden}", "bold")
        out.append(line)
    while len(out) < CELL_LINES:
        out.append(_Text())
    return out


def _wheelbarrow_title(view: dict[str, Any], w: int) -> tuple[_Text, bool]:
    """``WB0 seat 0 ♥B`` and whether the viewer controls this wheelbarrow."""
    table = view["table"]
    seats = table["wheelbarrows"]
    ctrl = table["controllers"][w]
    owner = seats.index(w) if w in seats else None
    viewer = view.get("seat")
    title = _Text(f"WB{w} ", "bold")
    if owner is not None:
        title.add(f"seat {owner}")
    elif ctrl is None:
        title.add("(active)", "dim")
    else:
        title.add(f"seat {ctrl}'s", "dim")
    fav: str | None = None
    if table.get("favourites") is not None and owner is not None:
        fav = table["favourites"][owner]
    elif viewer is not None and owner == viewer:
        fav = table.get("favourite")
    if fav:
        title.add(" ♥").extend(_colour(fav, bold=True))
    return title, viewer is not None and ctrl == viewer


def _border(left: str, fill: str, right: str, width: int, title: _Text | None, style: str) -> _Text:
    line = _Text(left + fill, style)
    if title is not None:
        line.add(" ").extend(title).add(" ")
    line.add(fill * max(0, width - line.width - 1), style)
    return line.add(right, style)


def _wide_box(view: dict[str, Any], w: int, left_row: int, right_row: int) -> list[_Text]:
    """A wheelbarrow at the top or bottom: its two rows side by side."""
    title, mine = _wheelbarrow_title(view, w)
    style = "bold" if mine else "dim"
    width = 2 * CELL_WIDTH + 7
    a, b = _row_cell(view, left_row), _row_cell(view, right_row)
    out = [_border("╭", "─", "╮", width, title, style)]
    for x, y in zip(a, b, strict=True):
        line = _Text("│ ", style).add(x.padded(CELL_WIDTH)).add(" │ ", style)
        out.append(line.add(y.padded(CELL_WIDTH)).add(" │", style))
    out.append(_border("╰", "─", "╯", width, None, style))
    return out


def _tall_box(view: dict[str, Any], w: int, upper_row: int, lower_row: int) -> list[_Text]:
    """A wheelbarrow at a side: its two rows one above the other."""
    title, mine = _wheelbarrow_title(view, w)
    style = "bold" if mine else "dim"
    width = CELL_WIDTH + 4
    out = [_border("╭", "─", "╮", width, title, style)]
    for i, r in enumerate((upper_row, lower_row)):
        if i:
            out.append(_border("├", "─", "┤", width, None, style))
        for x in _row_cell(view, r):
            out.append(_Text("│ ", style).add(x.padded(CELL_WIDTH)).add(" │", style))
    out.append(_border("╰", "─", "╯", width, None, style))
    return out


def _corner(view: dict[str, Any], r: int, height: int) -> list[_Text]:
    """A diagonal row, in a corner between two wheelbarrows."""
    lines = [_Text()] + [_Text("  ").extend(x) for x in _row_cell(view, r)]
    return lines + [_Text() for _ in range(height - len(lines))]


def _centre(view: dict[str, Any], height: int) -> list[_Text]:
    table = view["table"]
    arrow = "↻" if table["direction"] == "clockwise" else "↺"
    faces = " · ".join(table["garden_actions"])
    lines = [
        _Text(),
        _Text("Windmill ", "bold").add(f"{arrow} {table['direction']}"),
        _Text(),
        _Text("face up: ", "dim").add(faces),
    ]
    if table.get("garden_met"):
        lines.append(_Text("the Garden cards met", "bold"))
    return lines + [_Text() for _ in range(height - len(lines))]


def _band(blocks: list[tuple[list[_Text], int]]) -> list[str]:
    """Blocks side by side, each padded to its width."""
    height = max(len(b) for b, _ in blocks)
    out = []
    for i in range(height):
        parts = [(b[i] if i < len(b) else _Text()).padded(width) for b, width in blocks]
        out.append(_GAP.join(parts).rstrip())
    return out


def board(view: dict[str, Any]) -> list[str]:
    """The garden: always the same lines and columns, whatever the rows hold."""
    side = CELL_WIDTH + 4
    middle = 2 * CELL_WIDTH + 7
    tall = 2 * CELL_LINES + 3
    top = _wide_box(view, 2, 6, 7)
    bottom = _wide_box(view, 0, 1, 0)
    edge = len(top)
    lines = _band([(_corner(view, 5, edge), side), (top, middle), (_corner(view, 8, edge), side)])
    lines += _band(
        [
            (_tall_box(view, 1, 4, 3), side),
            ([_Text(x.centred(middle)) for x in _centre(view, tall)], middle),
            (_tall_box(view, 3, 9, 10), side),
        ]
    )
    lines += _band(
        [(_corner(view, 2, edge), side), (bottom, middle), (_corner(view, 11, edge), side)]
    )
    return lines


def render_view(view: dict[str, Any]) -> str:
    """Rich-markup text of ``view`` (the envelope with SOW's ``table``)."""
    table = view["table"]
    direction = table["direction"]
    lines = board(view)
    lines.append("")
    to_move = view.get("to_move")
    if table.get("hand"):
        hand = _Text()
        for look in table["hand"]:
            hand.add(" ").extend(card_text(look, direction))
        lines.append(
            f"Hand of seat {to_move} (took row {table['taken_row']}, "
            f"next card goes to row {table['next_row']}):" + hand.padded(0)
        )
    if table.get("last_card"):
        last = card_text(table["last_card"])
        lines.append(
            f"Last card {last.padded(0)} in row {table['last_row']}: seat {to_move} "
            "chooses a colour"
        )
    if view.get("phase") == "garden":
        lines.append(f"The Garden cards met: seat {to_move} may use a Garden action")
    scores = view.get("scores") or []
    for owner, bouquet in enumerate(table["bouquets"]):
        cell = _Text(f"Bouquet of seat {owner}:")
        for name in bouquet:
            cell.add(" ").extend(card_text("flower " + name))
        if not bouquet:
            cell.add(" -", "dim")
        if owner < len(scores) and scores[owner] is not None:
            cell.add(f"  = {scores[owner]:g} points", "bold")
        lines.append(cell.padded(0))
    if table.get("removed"):
        cell = _Text("Removed by the Gopher:", "dim")
        for name in table["removed"]:
            cell.add(" ").extend(card_text("flower " + name))
        lines.append(cell.padded(0))
    seat = view.get("seat")
    if seat is not None and table.get("favourite"):
        you = _Text(f"You are seat {seat}; your Favourite Colour: ")
        you.extend(_colour(table["favourite"], bold=True))
        if seat < len(scores) and scores[seat] is not None:
            you.add(f"; your bouquet scores {scores[seat]:g}")
        lines.append(you.padded(0))
    if view.get("phase") == "over":
        won = ", ".join(f"seat {w}" for w in view.get("winners") or [])
        lines.append(f"[bold]Game over[/bold] after {table['turn']} turns. Winner: {won}")
    else:
        lines.append(
            f"Turn {table['turn'] + 1}: seat {to_move} to {view.get('phase')}"
            f" (turns without progress: {table['idle_turns']})"
        )
    moves = view.get("moves") or []
    if moves:
        lines.append("[dim]Last moves: " + ", ".join(text for _, text in moves[-10:]) + "[/dim]")
    return "\n".join(lines)

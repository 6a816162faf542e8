"""Terminal rendering of a Harvest view (rich markup): the village and every seat's
four fields drawn as the cards lying there, one column a suit."""

from __future__ import annotations

from seedbed.core.cards import (
    SUIT_NAMES,
    SUIT_SYMBOLS,
    card_symbol,
    display_notation,
    n_cards,
    try_parse_card,
)
from seedbed.core.protocol import JSON

_SUIT_STYLE = ("bold", "red", "red", "bold")
_STAGES = ("empty", "planted", "tended", "harvested")
#: Room for one field: three cards ("10♦ " at most) and the stage and value after them.
_FIELD_WIDTH = 24
_FIELDS = "  fields "


def _symbol(name: str) -> str:
    """``"TD"`` as ``"10♦"``, ``"JK"`` as ``"Joker"``."""
    c = try_parse_card(name)
    return "Joker" if c is None else card_symbol(c)


def card_markup(name: str) -> str:
    """``"QH"`` as ``[red]Q♥[/red]``; Jokers as ``[magenta]Joker[/magenta]``."""
    c = try_parse_card(name)
    if c is None or c >= 52:
        return "[magenta]Joker[/magenta]"
    style = _SUIT_STYLE[c // 13]
    return f"[{style}]{card_symbol(c)}[/{style}]"


def _cards(names: list[str]) -> str:
    return " ".join(card_markup(c) for c in names) if names else "[dim]-[/dim]"


def _field(suit: int, cards: list[str], value: int) -> str:
    """One field as its cards, its stage and its value, padded to a column."""
    if not cards:
        text = f"[dim]{SUIT_SYMBOLS[suit]} ·[/dim]"
        width = 3
    else:
        shown = " ".join(card_markup(c) for c in cards)
        note = f"{_STAGES[len(cards)]} {value}"
        text = f"{shown} [dim]{note}[/dim]"
        width = sum(len(_symbol(c)) + 1 for c in cards) + len(note)
    return text + " " * max(1, _FIELD_WIDTH - width)


def render_view(view: JSON) -> str:
    table = view["table"]
    n = len(view["scores"])
    seat = view["seat"]
    lines = [
        f"[bold]Harvest[/bold]  round {table['round']}, turn {table['turn']}"
        f"  dealer: seat {table['dealer']}  next pass: {table['pass_direction']}"
        f"  deck: {n_cards(table['deck'])}",
        f"Village: {_cards(table['village'])}",
    ]
    if "JK" in table["village"]:
        lines.append(
            "[magenta]A Joker is in the village: it returns to the deck at round end.[/magenta]"
        )
    heading = "".join(f"{SUIT_SYMBOLS[s]} {SUIT_NAMES[s]}".ljust(_FIELD_WIDTH) for s in range(4))
    lines.append(f"[dim]{' ' * len(_FIELDS)}{heading.rstrip()}[/dim]")
    for q in range(n):
        marks = []
        if view["to_move"] == q:
            marks.append(f"[yellow]to {view['phase']}[/yellow]")
        if seat == q:
            marks.append("[cyan]you[/cyan]")
        head = f"Seat {q}" + (f" ({', '.join(marks)})" if marks else "")
        score = view["scores"][q]
        shown = "?" if score is None else f"{score:g}"
        lines.append(
            f"{head}: {shown} points, hand {table['hand_sizes'][q]},"
            f" house {table['house_sizes'][q]}"
        )
        fields = table["fields"][q]
        values = table["field_values"][q]
        row = "".join(_field(s, fields[s], values[s]) for s in range(4))
        lines.append(_FIELDS + row.rstrip())
    if seat is not None:
        lines.append(f"Your hand: {_cards(table['hand'])}")
        lines.append(f"Your house: {_cards(table['house'])}")
        if table["tracked"]:
            known = ", ".join(
                f"{card_markup(c)} with seat {'/'.join(map(str, holders))}"
                for c, holders in table["tracked"]
            )
            lines.append(f"Cards you passed, not seen since: {known}")
    if view["moves"]:
        recent = ", ".join(
            f"seat {who}: {display_notation(text)}" for who, text in view["moves"][-6:]
        )
        lines.append(f"Last moves: {recent}")
    if view["phase"] == "over":
        won = ", ".join(f"seat {w}" for w in view["winners"])
        lines.append(f"[bold green]Game over ({table['end']}). Winner: {won}[/bold green]")
    return "\n".join(lines)

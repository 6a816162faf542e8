"""Terminal rendering of a Harvest view (rich markup)."""

from __future__ import annotations

from seedbed.core.protocol import JSON

_SUIT_STYLE = {"S": "bold", "H": "red", "D": "red", "C": "bold"}
_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_VALUES = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}
_STAGES = ("empty", "planted", "tended", "harvested")


def card_markup(name: str) -> str:
    """``"QH"`` as ``[red]Q♥[/red]``; Jokers as ``[magenta]Joker[/magenta]``."""
    if name == "JK":
        return "[magenta]Joker[/magenta]"
    rank, suit = name[0], name[1]
    text = ("10" if rank == "T" else rank) + _SYMBOL[suit]
    style = _SUIT_STYLE[suit]
    return f"[{style}]{text}[/{style}]"


def _cards(names: list[str]) -> str:
    return " ".join(card_markup(c) for c in names) if names else "[dim]-[/dim]"


def _value(name: str) -> int:
    r = name[0]
    return _VALUES.get(r, int(r) if r.isdigit() else 0)


def render_view(view: JSON) -> str:
    n = view["players"]
    seat = view.get("seat")
    lines = [
        f"[bold]Harvest[/bold]  round {view['round']}, turn {view['turn']}"
        f"  dealer: seat {view['dealer']}  next pass: {view['pass_direction']}"
        f"  deck: {view['deck']} cards",
        f"Village: {_cards(view['village'])}",
    ]
    if "JK" in view["village"]:
        lines.append(
            "[magenta]A Joker is in the village: it returns to the deck at round end.[/magenta]"
        )
    for q in range(n):
        marks = []
        if view["to_move"] == q:
            marks.append(f"[yellow]to {view['phase']}[/yellow]")
        if seat == q:
            marks.append("[cyan]you[/cyan]")
        head = f"Seat {q}" + (f" ({', '.join(marks)})" if marks else "")
        lines.append(
            f"{head}: {view['scores'][q]} points, hand {view['hand_sizes'][q]},"
            f" house {view['house_sizes'][q]}"
        )
        fields = []
        for suit_cards in view["fields"][q]:
            if not suit_cards:
                continue
            stage = _STAGES[len(suit_cards)]
            value = sum(_value(c) for c in suit_cards)
            fields.append(f"{_cards(suit_cards)} ({stage}, {value})")
        lines.append("  fields: " + ("; ".join(fields) if fields else "[dim]none[/dim]"))
    if seat is not None:
        lines.append(f"Your hand: {_cards(view['hand'])}")
        lines.append(f"Your house: {_cards(view['house'])}")
        if view.get("tracked"):
            known = ", ".join(
                f"{card_markup(c)} with seat {'/'.join(map(str, holders))}"
                for c, holders in view["tracked"]
            )
            lines.append(f"Cards you passed, not seen since: {known}")
    if view["moves"]:
        lines.append("Last moves: " + ", ".join(view["moves"][-6:]))
    if view["over"]:
        won = ", ".join(f"seat {w}" for w in view["winners"])
        lines.append(f"[bold green]Game over ({view['end']}). Winner: {won}[/bold green]")
    return "\n".join(lines)

"""Terminal rendering of a Four Fields view (rich markup)."""

from __future__ import annotations

import re

from seedbed.core.cards import display_card, display_notation, n_cards
from seedbed.core.protocol import JSON

_SEASON = {
    "summer": ("Summer", "♥", "red"),
    "autumn": ("Autumn", "♦", "red"),
    "winter": ("Winter", "♠", "blue"),
    "spring": ("Spring", "♣", "green"),
}


def _card(name: str) -> str:
    text = display_card(name)
    return f"[red]{text}[/red]" if name[1] in "HD" else text


def _cards(names: list[str]) -> str:
    return " ".join(_card(n) for n in names) or "[dim]-[/dim]"


_TAG = re.compile(r"\[/?[a-z][^\]]*\]")


def _width(text: str) -> int:
    """Printed width of ``text`` without its rich markup."""
    return len(_TAG.sub("", text))


def _field(f: JSON) -> list[str]:
    word, sym, colour = _SEASON[f["season"]]
    lines = [f"[bold]f{f['field']}[/bold] [{colour}]{word} {sym}[/{colour}]: {_cards(f['cards'])}"]
    for st in f["stockpiles"]:
        high = f" (14: {_cards(st['aces_high'])})" if st["aces_high"] else ""
        lines.append(
            f"  stockpile [bold]{st['value']}[/bold] {st['kind']}, seat {st['builder']}:"
            f" {_cards(st['cards'])}{high}"
        )
    return lines


def render_view(view: JSON) -> str:
    """The table as seen in ``view`` (the envelope of ``State.view``): the four fields
    around the season square (field 0 in front of the dealer, then clockwise), the
    square, coins, piles, hands, scores and the last move."""
    table = view["table"]
    fields = table["fields"]
    seasons = [_SEASON[f["season"]] for f in fields]

    def edge(f: int) -> str:
        _, sym, colour = seasons[f]
        return f"[{colour}]{sym}[/{colour}]"

    out = [
        f"[bold]Four Fields[/bold] round {table['round']}, dealer seat {table['dealer']}"
        " (field 0 in front of the dealer, then clockwise)"
    ]
    coins = table["coins_on_square"]
    square = [
        f"┌──{edge(2)}──┐",
        f"{edge(1)} {coins} ● {edge(3)}" if coins < 10 else f"{edge(1)} {coins}● {edge(3)}",
        f"└──{edge(0)}──┘",
    ]
    left = _field(fields[1])
    right = _field(fields[3])
    width = max(_width(x) for x in left)
    indent = " " * (width + 2)
    out += [indent + line for line in _field(fields[2])]
    for i in range(max(len(left), len(right), len(square))):
        a = left[i] if i < len(left) else ""
        b = square[i] if i < len(square) else " " * 7
        c = right[i] if i < len(right) else ""
        out.append((a + " " * (width - _width(a)) + "  " + b + "  " + c).rstrip())
    out += [indent + line for line in _field(fields[0])]
    out.append(f"draw pile: {n_cards(table['draw_pile'])}")
    if table["aside"]:
        out.append(f"aside: {_cards(table['aside'])}")
    for p in table["players"]:
        mark = "▶ " if view["to_move"] == p["seat"] else "  "
        you = " (you)" if view["seat"] == p["seat"] else ""
        holds = (
            f", keeps {' '.join('A' if v == 1 else str(v) for v in p['holds_values'])}"
            if p["holds_values"]
            else ""
        )
        plural = "s" if p["coins"] != 1 else ""
        score = view["scores"][p["seat"]]
        out.append(
            f"{mark}seat {p['seat']}{you}: score [bold]{score:g}[/bold],"
            f" {p['hand_size']} in hand, {n_cards(len(p['harvest']))} harvested,"
            f" {p['coins']} coin{plural}{holds}"
        )
    if table["hand"] is not None:
        out.append(f"your hand: {_cards(table['hand'])}")
    if view["moves"]:
        seat, text = view["moves"][-1]
        out.append(f"last move: seat {seat} {display_notation(text)}")
    if view["winners"]:
        names = ", ".join(f"seat {w}" for w in view["winners"])
        out.append(f"[bold]game over[/bold]: {names} win{'s' if len(view['winners']) == 1 else ''}")
    return "\n".join(out)

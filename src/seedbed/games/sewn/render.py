"""Terminal rendering of a SEWN view (rich markup): what the table shows one seat."""

from __future__ import annotations

from typing import Any

from seedbed.core.cards import display_card, n_cards

SEATS = ("South", "East", "North", "West")
_SYM = {"S": "♠", "H": "[red]♥[/red]", "D": "[red]♦[/red]", "C": "♣"}
_ORDER = "23456789TJQKA"


def _card(name: str | None) -> str:
    """A card in the one display form (``10♥``), hearts and diamonds in red."""
    if name is None:
        return "·"
    shown = display_card(name)
    return f"[red]{shown}[/red]" if name[1] in "HD" else shown


def _hand_by_suit(cards: list[str]) -> str:
    parts = []
    for s in "SHDC":
        ranks = sorted((c[0] for c in cards if c[1] == s), key=_ORDER.index, reverse=True)
        shown = " ".join("10" if r == "T" else r for r in ranks) or "-"
        parts.append(f"{_SYM[s]} {shown}")
    return "   ".join(parts)


def _trick_line(trick: dict[str, Any]) -> str:
    leader = trick["leader"]
    cells = []
    for k in range(4):
        q = (leader + k) % 4
        c = trick["cards"][q]
        if c is not None:
            cells.append(f"{SEATS[q]} {_card(c)}")
    line = ", ".join(cells) or "(nothing played yet)"
    if "winner" in trick:
        line += f"  → won by {SEATS[trick['winner']]}"
    return line


def _tricks_per_round(rounds: list[dict[str, Any]]) -> str:
    return "  ".join(
        f"r{i + 1} " + "/".join(str(x) for x in r["won"]) for i, r in enumerate(rounds)
    )


def render_view(view: dict[str, Any]) -> str:
    """Text for a seat's (or a spectator's) view: scores, tricks per round, trump,
    privileges, Fields, the last finished trick, the trick in progress and the hand
    sorted by suit."""
    seat = view.get("seat")
    table = view["table"]
    who = "spectator" if seat is None else SEATS[seat]
    lines = [f"[bold]SEWN[/bold]  round {table['round']}/4  ·  you: {who}"]
    scores = view["scores"]
    lines.append("Scores: " + "  ".join(f"{SEATS[q]} {scores[q]:g}" for q in range(4)))
    rounds = table["rounds"]
    phase = view["phase"]
    finished = rounds if phase == "over" else rounds[:-1]
    if finished:
        lines.append("Tricks per round (S/E/N/W): " + _tricks_per_round(finished))
    last = table["last_trick"]
    if phase == "over":
        winners = ", ".join(SEATS[q] for q in view["winners"])
        lines.append(f"[bold]Game over.[/bold]  Won by {winners}.")
        if last is not None:
            lines.append(f"Last trick of round {last['round']}: " + _trick_line(last))
        return "\n".join(lines)
    cur = rounds[-1]
    to_move = view["to_move"]
    lines.append(
        f"Dealer: {SEATS[cur['dealer']]}  ·  phase: {phase}"
        + (f"  ·  to play: {SEATS[to_move]}" if to_move is not None else "")
    )
    if cur["end_of_summer"]:
        eos = cur["end_of_summer"]
        lines.append("End of Summer: " + "  ".join(f"{SEATS[q]} {_card(eos[q])}" for q in range(4)))
    priv = []
    if cur["season_winner"] is not None:
        priv.append(f"Season Winner {SEATS[cur['season_winner']]}")
    if cur["trump_holder"] is not None:
        priv.append(f"TRUMP {SEATS[cur['trump_holder']]}")
        priv.append(f"FIRST PICK {SEATS[cur['first_pick']]}")
    if cur["trump"] is not None:
        priv.append(f"trump is {_SYM[cur['trump']]}")
    if priv:
        lines.append("  ·  ".join(priv))
    lines.append("Fields:")
    for f in table["fields"]:
        if f["taken_by"] is not None:
            lines.append(f"  {f['name']:<5} taken by {SEATS[f['taken_by']]}")
            continue
        top = f["top"]
        if f["top_face"] is None:
            top_s = "empty"
        elif top is None:
            top_s = "top: face down"
        else:
            top_s = f"top: {_card(top)} ({f['top_face']})"
        seeded = " ".join(_card(c) for c in f["seeded"]) or "-"
        extra = ""
        if "planted" in f:
            extra = "  planted by you: " + (" ".join(_card(c) for c in f["planted"]) or "-")
        lines.append(f"  {f['name']:<5} {n_cards(f['size']):>8}  {top_s}  face up: {seeded}{extra}")
    peeked = cur.get("peeked") or {}
    if peeked:
        lines.append(
            "Tops you saw at the Pick: "
            + "  ".join(f"{name} {_card(c)}" for name, c in peeked.items())
        )
    if last is not None and (
        phase in ("seed", "plant", "harvest") or last["round"] < table["round"]
    ):
        label = "Last trick" if last["round"] == table["round"] else "Last trick of round"
        if last["round"] != table["round"]:
            label += f" {last['round']}"
        lines.append(f"{label}: " + _trick_line(last))
    if table["trick"] is not None:
        lines.append("Trick: " + _trick_line(table["trick"]))
    won = cur["won"]
    if phase == "harvest" or any(won):
        lines.append("Tricks this round: " + "  ".join(f"{SEATS[q]} {won[q]}" for q in range(4)))
    hand = table["hand"]
    if hand is not None:
        if hand:
            lines.append("Your hand: " + _hand_by_suit(hand))
        else:
            lines.append("Your hand: (empty until you pick a Field)")
    return "\n".join(lines)

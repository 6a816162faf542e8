"""Terminal rendering of a SEWN view (rich markup)."""

from __future__ import annotations

from typing import Any

from seedbed.core.cards import n_cards

SEATS = ("South", "East", "North", "West")
_SYM = {"S": "♠", "H": "[red]♥[/red]", "D": "[red]♦[/red]", "C": "♣"}
_ORDER = "23456789TJQKA"


def _card(name: str | None) -> str:
    if name is None:
        return "·"
    rank = "10" if name[0] == "T" else name[0]
    suit = name[1]
    if suit in "HD":
        return f"[red]{rank}{'♥' if suit == 'H' else '♦'}[/red]"
    return f"{rank}{'♠' if suit == 'S' else '♣'}"


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


def render_view(view: dict[str, Any]) -> str:
    """Text for a seat's (or a spectator's) view: scores, trump, privileges, Fields,
    the trick in progress, the last finished trick and the hand sorted by suit."""
    seat = view.get("seat")
    who = "spectator" if seat is None else SEATS[seat]
    lines = [f"[bold]SEWN[/bold]  round {view['round']}/4  ·  you: {who}"]
    scores = view["scores"]
    lines.append("Scores: " + "  ".join(f"{SEATS[q]} {scores[q]}" for q in range(4)))
    past = view.get("past_rounds") or []
    if past:
        per_round = [
            f"r{i + 1} " + "/".join(str(x) for x in rnd["won"]) for i, rnd in enumerate(past)
        ]
        lines.append("Round scores (S/E/N/W): " + "  ".join(per_round))
    cur = view.get("current")
    if cur is None:
        lines.append("[bold]Game over.[/bold]")
        return "\n".join(lines)
    phase = view["phase"]
    to_play = view["to_play"]
    lines.append(
        f"Dealer: {SEATS[cur['dealer']]}  ·  phase: {phase}"
        + (f"  ·  to play: {SEATS[to_play]}" if to_play is not None else "")
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
    for f in cur["fields"]:
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
    if phase in ("seed", "plant", "harvest"):
        tricks = cur["harvest_tricks"] if cur["harvest_tricks"] or phase == "harvest" else []
        if not tricks and phase != "harvest":
            tricks = cur["seed_tricks"]
        if tricks:
            lines.append("Last trick: " + _trick_line(tricks[-1]))
        if phase != "plant":
            lines.append("Trick: " + _trick_line(cur["trick"]))
    won = cur["won"]
    if phase == "harvest" or any(won):
        lines.append("Tricks this round: " + "  ".join(f"{SEATS[q]} {won[q]}" for q in range(4)))
    if cur.get("hand") is not None:
        if cur["hand"]:
            lines.append("Your hand: " + _hand_by_suit(cur["hand"]))
        else:
            lines.append("Your hand: (empty until you pick a Field)")
    return "\n".join(lines)

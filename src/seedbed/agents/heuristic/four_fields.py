"""Four Fields heuristic: a one-move greedy evaluation following the rulebook's tips.

Each legal move is read from its notation and scored:

* Harvests score the cards taken: every card counts toward "most cards", hearts
  toward "most hearts", each Ace is a point ("Aces are points"), spades cost a
  little unless we are sure to have the most anyway ("Watch the spades").
* Clearing a field while coins remain on the square earns a coin and a reseed
  ("Clear fields early, while there are coins on the square").
* Stockpiles are worth part of what they will collect next turn (we hold the value).
* A spade season card played into a field holding a rival's stockpile turns Winter
  onto it ("Turn Winter onto danger"); turning Winter onto our own is avoided.
* Sowing gives cards away: sow low, plain cards; never an Ace if avoidable.
"""

from __future__ import annotations

import random
import re
from typing import Any

from seedbed.agents.heuristic._cards import NUMBER
from seedbed.agents.heuristic.generic import Observation, pick_best

_CARD = re.compile(r"[A2-9TJQK][SHDC]")
SEASON_RANKS = frozenset("JQKA")


def _card_worth(card: str, spade_cost: float) -> float:
    w = 0.3
    if card[1] == "H":
        w += 0.35
    elif card[1] == "S":
        w -= spade_cost
    if card[0] == "A":
        w += 1.0
    return w


#: Parsed notation by action number (notation is a function of the number alone):
#: (kind, field, played cards, cards taken or used, stockpile value or 0).
_PARSED: dict[int, tuple[str, int, list[str], list[str], int]] = {}


def _parse(text: str) -> tuple[str, int, list[str], list[str], int]:
    head, _, tail = text.partition(":")
    words = head.split()
    field = int(words[-1][1:])
    kind = words[-2]
    played = [w for w in words[:-2] if _CARD.fullmatch(w)]
    value = 0
    if kind == "harvest":
        items = _CARD.findall(tail.split(",")[0])
    elif kind in ("add", "match"):
        items = _CARD.findall(tail.split("=")[0])
        value = int(tail.split("=")[1].split(",")[0])
    else:
        items = []
    return kind, field, played, items, value


def _field_size(field: dict[str, Any]) -> int:
    return len(field["cards"]) + sum(len(s["cards"]) for s in field["stockpiles"])


def choose(obs: Observation, rng: random.Random) -> int:
    legal = obs.legal_actions()
    if len(legal) == 1:
        return legal[0]
    view = obs.view()
    me = obs.player
    fields = view["fields"]
    players = view["players"]
    coins = view.get("coins_on_square", 0)
    my_spades = sum(1 for c in players[me]["harvest"] if c[1] == "S")
    rival_spades = max(
        (sum(1 for c in p["harvest"] if c[1] == "S") for q, p in enumerate(players) if q != me),
        default=0,
    )
    # Sure of the most spades (13 in the deck): stop worrying about them.
    spade_cost = 0.0 if my_spades - rival_spades >= 5 or my_spades >= 7 else 0.15
    hand = view.get("hand") or []
    scored: list[tuple[float, int]] = []
    for a in legal:
        parsed = _PARSED.get(a)
        if parsed is None:
            parsed = _PARSED[a] = _parse(obs.action_to_string(a))
        kind, field, played, items, value = parsed
        f = fields[field]
        score = 0.0
        if kind == "harvest":
            score += 0.2 + sum(_card_worth(c, spade_cost) for c in items + played)
            if len(items) >= _field_size(f):
                score += 1.5 if coins > 0 else -0.2
        elif kind in ("add", "match"):
            gain = sum(_card_worth(c, spade_cost) for c in items + played)
            # Raising or joining a rival's stockpile also takes it away from them.
            score += 0.45 * gain + 0.1
            if value in (1, 14) or any(h[0] == "A" for h in hand if NUMBER[h[0]] == value):
                score += 0.1
        else:  # sow
            for c in played:
                score -= 0.4 + (1.2 if c[0] == "A" else 0.0) + (0.25 if c[1] == "H" else 0.0)
                score += 0.01 * (10 - NUMBER[c[0]]) if c[0] != "A" else 0.0
        for c in played:
            if c[0] in SEASON_RANKS and c[1] == "S":
                rivals = [s for s in f["stockpiles"] if s["builder"] != me]
                mine = [s for s in f["stockpiles"] if s["builder"] == me]
                if kind != "harvest":
                    score += 0.6 * len(rivals) - 0.8 * len(mine)
        scored.append((score, a))
    return pick_best(scored, rng)

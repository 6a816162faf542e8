"""SEWN heuristic, after the rulebook's advice.

* Seed Phase: everything a player seeds or plants ends up in a neighbour's Harvest
  hand, so play and plant low cards and keep the strongest card for End of Summer
  (it both wins a privilege and stays out of the rivals' Fields).
* Privilege: take FIRST PICK when the two Fields open to us differ clearly in what
  we saw seeded into them (and peeked at); otherwise take TRUMP.
* Trump: the suit strongest in the Fields open to us, judged from the seeded cards
  we watched, "based on what you observed during the Seed Phase".
* Pick: the Field whose known cards are strongest with that trump.
* Harvest: cash winners (cards no unseen card can beat), win cheaply when last to
  play, duck otherwise, ruff when void, discard the lowest card of a short suit.
"""

from __future__ import annotations

import random
from typing import Any

from seedbed.agents.heuristic._cards import POWER
from seedbed.agents.heuristic.generic import Observation, pick_best

#: Every round has exactly 102 decisions (24 plays, 24 plants, privilege, trump, 4
#: picks, 48 Harvest plays), so ISMCTS may end its playouts with the round.
PLAYOUT_CUTOFF = 102

SEATS = ("South", "East", "North", "West")
#: High-card points by rank letter.
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


def _power(card: str) -> int:
    return POWER[card[0]]


def _summer_key(card: str) -> int:
    return POWER[card[0]] * 4 + 3 - "SHDC".index(card[1])


def _known_cards(cur: dict[str, Any], field: int) -> list[str]:
    f = cur["fields"][field]
    known = list(f["seeded"])
    peeked = cur.get("peeked", {}).get(SEATS[field])
    if peeked:
        known.append(peeked)
    if f.get("top") and f.get("top_face") == "down":
        known.append(f["top"])
    return known


def _field_value(cards: list[str], trump: str | None) -> float:
    value = 0.0
    for c in cards:
        value += HCP.get(c[0], 0)
        if trump is not None and c[1] == trump:
            value += 1.5 + 0.15 * POWER[c[0]]
    return value


def _suit_strength(cards: list[str], s: str) -> float:
    return sum(1.0 + 0.2 * POWER[c[0]] for c in cards if c[1] == s)


def choose(obs: Observation, rng: random.Random) -> int:
    legal = obs.legal_actions()
    if len(legal) == 1:
        return legal[0]
    names = [obs.action_to_string(a) for a in legal]
    view = obs.view()
    cur = view["current"]
    me = obs.player
    phase = view["phase"]
    if phase == "seed":
        # Low cards go into the Fields (they feed the neighbours); keep the best.
        return pick_best([(-_summer_key(n), a) for n, a in zip(names, legal, strict=True)], rng)
    if phase == "plant":
        return pick_best(
            [(-_summer_key(n.split()[-1]), a) for n, a in zip(names, legal, strict=True)], rng
        )
    if phase == "privilege":
        mine = [_field_value(_known_cards(cur, f), None) for f in (me, (me + 2) & 3)]
        want_first = abs(mine[0] - mine[1]) >= 4
        return legal[names.index("take first pick" if want_first else "take trump")]
    if phase == "trump":
        known = _known_cards(cur, me) + _known_cards(cur, (me + 2) & 3)
        scored = [
            (_suit_strength(known, n.split()[-1]), a) for n, a in zip(names, legal, strict=True)
        ]
        return pick_best(scored, rng)
    if phase == "pick":
        trump = cur.get("trump")
        scored = []
        for n, a in zip(names, legal, strict=True):
            field = SEATS.index(n.split()[-1])
            scored.append((_field_value(_known_cards(cur, field), trump), a))
        return pick_best(scored, rng)
    if phase == "harvest":
        return _harvest_play(cur, names, legal, rng)
    return legal[rng.randrange(len(legal))]


def _harvest_play(
    cur: dict[str, Any], names: list[str], legal: list[int], rng: random.Random
) -> int:
    trump = cur.get("trump") or ""
    hand = set(cur["hand"])
    gone = set(hand)
    for t in cur["harvest_tricks"]:
        gone.update(t["cards"])
    table = [c for c in cur["trick"]["cards"] if c is not None]
    gone.update(table)
    gone.update(cur.get("end_of_summer") or ())

    def master(card: str) -> bool:
        s, p = card[1], POWER[card[0]]
        return all(f"{r}{s}" in gone for r, q in POWER.items() if q > p)

    by_name = dict(zip(names, legal, strict=True))
    cards = sorted(names, key=_power)
    if not table:
        side = [c for c in cards if c[1] != trump]
        masters = [c for c in side if master(c)]
        if masters:
            return by_name[max(masters, key=_power)]
        trumps = [c for c in cards if c[1] == trump]
        if trumps and master(trumps[-1]) and len(trumps) >= 2:
            return by_name[trumps[-1]]
        if side:
            lengths = {s: sum(1 for c in side if c[1] == s) for s in "SHDC"}
            longest = max(side, key=lambda c: (lengths[c[1]], -_power(c)))
            return by_name[min((c for c in side if c[1] == longest[1]), key=_power)]
        return by_name[cards[0]]
    led = table[0][1]
    trumped = [c for c in table if c[1] == trump] if led != trump else []
    best = (
        max(trumped, key=_power) if trumped else max((c for c in table if c[1] == led), key=_power)
    )
    last = len(table) == 3

    def beats(c: str) -> bool:
        if best[1] == c[1]:
            return _power(c) > _power(best)
        return c[1] == trump

    if cards[0][1] == led or all(c[1] == led for c in cards):
        winners = [c for c in cards if beats(c)]
        if winners:
            masters = [c for c in winners if master(c)]
            if last or not masters:
                if last or _power(winners[0]) >= POWER["Q"]:
                    return by_name[winners[0]]
                return by_name[cards[0]]
            return by_name[masters[0]]
        return by_name[cards[0]]
    # Void in the led suit: ruff cheaply if that wins, else throw the lowest card.
    ruffs = [c for c in cards if c[1] == trump and beats(c)]
    if ruffs:
        return by_name[ruffs[0]]
    side = [c for c in cards if c[1] != trump] or cards
    return by_name[min(side, key=_power)]

"""Harvest heuristic: build high fields fast, keep what we need, pass nothing useful.

* Action: harvest (completes a field: its value scores) before tending before
  planting, always the highest card that fits; a Joker's assistant fetches a
  village card that advances a field when the hand has none; otherwise discard the
  card that would help the player we pass to the most.
* House: keep the card that will be playable next turn (the next step of a suit
  we are about to advance), else the most useful card for later.
* Village: give up a card that is useless to us and useful to the player who would
  receive it in the pass (the village is mostly out of reach: only assistants take
  from it).
"""

from __future__ import annotations

import random
from typing import Any

from seedbed.agents.heuristic._cards import NUMBER
from seedbed.agents.heuristic.generic import Observation, pick_best

SUITS = "SHDC"


def _need(card: str) -> int:
    n = NUMBER[card[0]]
    return 0 if n <= 5 else 1 if n <= 10 else 2


def _use(card: str, stages: list[int]) -> float:
    """How useful ``card`` is to a player whose fields are at ``stages``."""
    if card == "JK":
        return 4.0
    st = stages[SUITS.index(card[1])]
    need = _need(card)
    n = NUMBER[card[0]]
    if st >= 3 or need < st:
        return 0.0
    if need == st:
        return 10.0 + n * 0.3
    if need == st + 1:
        return 5.0 + n * 0.2
    return 2.0 + n * 0.1


def _stages(fields: list[list[str]]) -> list[int]:
    return [len(f) for f in fields]


def _receiver(view: dict[str, Any], me: int) -> int:
    n = view["players"]
    direction = view.get("pass_direction")
    if direction == "right":
        return (me - 1) % n
    if direction == "across":
        return (me + 2) % n
    return (me + 1) % n


def _play_value(card: str, stages: list[int], fields: list[list[str]]) -> float:
    st = stages[SUITS.index(card[1])]
    n = NUMBER[card[0]]
    if st == 2:  # harvest: the field's whole value scores
        return 40.0 + n + sum(NUMBER[c[0]] for c in fields[SUITS.index(card[1])])
    if st == 1:
        return 25.0 + n
    return 10.0 + n


def _best_play(hand: list[str], stages: list[int], fields: list[list[str]]) -> str | None:
    playable = [c for c in hand if c != "JK" and _need(c) == stages[SUITS.index(c[1])]]
    if not playable:
        return None
    return max(playable, key=lambda c: _play_value(c, stages, fields))


def choose(obs: Observation, rng: random.Random) -> int:
    legal = obs.legal_actions()
    if len(legal) == 1:
        return legal[0]
    names = [obs.action_to_string(a) for a in legal]
    view = obs.view()
    me = obs.player
    fields = view["fields"][me]
    stages = _stages(fields)
    rival = _receiver(view, me)
    rival_stages = _stages(view["fields"][rival])
    hand = list(view.get("hand") or [])
    phase = view["phase"]
    plan = _best_play(hand, stages, fields)
    after = list(stages)
    if plan is not None:
        after[SUITS.index(plan[1])] += 1
    scored: list[tuple[float, int]] = []
    for name, a in zip(names, legal, strict=True):
        word, _, rest = name.partition(" ")
        card = rest.split()[-1] if rest else ""
        if phase == "house":
            value = _use(card, after) + 0.01 * NUMBER.get(card[0], 0)
            if card == plan and hand.count(card) == 1:
                value -= 20.0
        elif phase == "village":
            value = _use(card, rival_stages) - 2.0 * _use(card, after)
            if card == plan:
                value -= 50.0
        elif word == "assistant:":
            target = name.split()[3]
            value = _play_value(target, stages, fields) - 3.0
        elif word == "discard":
            value = -5.0 + 0.1 * _use(card, rival_stages) - 0.2 * _use(card, after)
        else:  # plant, tend, harvest
            value = _play_value(card, stages, fields)
            if word == "plant":
                # Planting pays most when we can follow it up.
                value += sum(1.0 for c in hand if c != "JK" and c[1] == card[1] and _need(c) == 1)
        scored.append((value, a))
    return pick_best(scored, rng)

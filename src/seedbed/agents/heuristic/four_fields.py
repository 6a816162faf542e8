"""Four Fields heuristic: a one-move greedy evaluation following the rulebook's tips.

Each legal move is decoded (:mod:`seedbed.games.four_fields.rules`) and scored:

* Harvests score the cards taken: every card counts toward "most cards", hearts
  toward "most hearts", each Ace is a point ("Aces are points"), spades cost a
  little unless we are sure to have the most anyway ("Watch the spades").
* Clearing a field while coins remain on the square earns a coin and a reseed
  ("Clear fields early, while there are coins on the square").
* Stockpiles are worth part of what they will collect next turn (we hold the value).
* A spade season card played into a field holding a rival's stockpile turns Winter
  onto it ("Turn Winter onto danger"); turning Winter onto our own is avoided.
* Sowing gives cards away: sow low, plain cards; never an Ace if avoidable.

It reads the seat's ``compact_view()`` (layout: the ``CV_*`` indices of the rules
module), not the JSON view. A move's cards are summed in the order its notation lists
them (``rules.listed``), as this policy always has: float sums depend on their order,
and so do its ties and the tie-breaking draws from ``rng``.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Final

from seedbed.agents.heuristic.generic import Observation, on_observation, pick_best
from seedbed.core.cards import HEARTS, SPADES
from seedbed.games.four_fields.rules import (
    CV_BUILT,
    CV_COINS,
    CV_HARVESTED,
    CV_LOOSE,
    CV_STOCKED,
    FULL,
    HARVEST,
    IS_SEASON_CARD,
    NUM,
    SOW,
    SPADE_MASK,
    SUIT,
    VALUE_SHIFT,
    field_of,
    kind_of,
    listed,
)


def _card_worth(c: int, spade_cost: float) -> float:
    w = 0.3
    if SUIT[c] == HEARTS:
        w += 0.35
    elif SUIT[c] == SPADES:
        w -= spade_cost
    if NUM[c] == 1:
        w += 1.0
    return w


#: What a card taken is worth, while spades cost (WORTH[0]) and once they do not.
WORTH: Final = (
    tuple(_card_worth(c, 0.15) for c in range(52)),
    tuple(_card_worth(c, 0.0) for c in range(52)),
)
#: What sowing a card gives away, as the score of the sow.
SOW_SCORE: Final = tuple(
    0.0
    - (0.4 + (1.2 if NUM[c] == 1 else 0.0) + (0.25 if SUIT[c] == HEARTS else 0.0))
    + (0.01 * (10 - NUM[c]) if NUM[c] != 1 else 0.0)
    for c in range(52)
)
#: The spade season cards: played into a field they bring Winter there.
WINTER_CARD: Final = tuple(IS_SEASON_CARD[c] and SUIT[c] == SPADES for c in range(52))
#: A move's cards in notation order (notation is a function of the number alone).
_listed = lru_cache(maxsize=1 << 16)(listed)


def choose(obs: Observation, rng: random.Random) -> int:
    return on_observation(choose_compact, obs, rng)


def choose_compact(v: tuple[int, ...], me: int, legal: list[int], rng: random.Random) -> int:
    """:func:`choose` from what it reads: seat ``me``'s compact view ``v`` and its legal
    actions (read, never changed). Search playouts call this form
    (``agents.heuristic.compact_policy_for``): no observation wrapper per move."""
    if len(legal) == 1:
        return legal[0]
    coins = v[CV_COINS]
    my_spades = (v[CV_HARVESTED + me] & SPADE_MASK).bit_count()
    rival_spades = max((v[CV_HARVESTED + q] & SPADE_MASK).bit_count() for q in range(4) if q != me)
    # Sure of the most spades (13 in the deck): stop worrying about them.
    worth = WORTH[1] if my_spades - rival_spades >= 5 or my_spades >= 7 else WORTH[0]
    scored: list[tuple[float, int]] = []
    for a in legal:
        kind = kind_of(a)
        field = field_of(a)
        score = 0.0
        if kind == SOW:
            card = a & 63
            score = SOW_SCORE[card]
            played: tuple[int, ...] = (card,)
        else:
            used, played = _listed(a)
            gain = 0.0
            for c in used:
                gain += worth[c]
            for c in played:
                gain += worth[c]
            if kind in (HARVEST, FULL):
                score += 0.2 + gain
                size = (v[CV_LOOSE + field] | v[CV_STOCKED + field]).bit_count()
                if len(used) >= size:
                    score += 1.5 if coins > 0 else -0.2
            else:
                # Raising or joining a rival's stockpile also takes it away from them.
                score += 0.45 * gain + 0.1
                if (a >> VALUE_SHIFT) & 15 in (1, 14):
                    score += 0.1
        if kind not in (HARVEST, FULL) and WINTER_CARD[played[0]]:
            built = v[CV_BUILT + 4 * field : CV_BUILT + 4 * field + 4]
            mine = built[me]
            rivals = sum(built) - mine
            score += 0.6 * rivals - 0.8 * mine
        scored.append((score, a))
    return pick_best(scored, rng)

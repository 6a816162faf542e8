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
* Never be the one who ends the game (ruling 8: a fourth field, or a suit's J, Q
  and K played) while behind or sharing at 0, unless every move does, and keep in the
  house a court card that would do it if the rest of the hand cannot spare showing
  it: such cards shown into the village early used to end many games at 0-0.

It reads the seat's ``compact_view()`` and decodes actions with the game's public
vocabulary (``seedbed.games.harvest.rules``), never the JSON view or the
notation: search playouts call it at every move.
"""

from __future__ import annotations

import random
from typing import Final

from seedbed.agents.heuristic.generic import Observation, on_observation, pick_best
from seedbed.core.cards import popcount
from seedbed.games.harvest.rules import (
    CV_FIELDS,
    CV_HAND,
    CV_PASSES,
    CV_PHASE,
    CV_PLAYERS,
    CV_VILLAGE,
    CV_VILLAGE_COUNTS,
    JOKER,
    KIND_ASSIST,
    KIND_DISCARD,
    KIND_PLAY,
    PH_HOUSE,
    PH_VILLAGE,
    REQUIRED_STAGE,
    STANDARD,
    SUIT_BITS,
    VALUE,
    decode,
    field_score,
    field_stage,
    field_value,
    harvest_cards_played,
    pass_receiver,
)

#: Face value (A=1 .. K=13) and the field stage each card needs (the vocabulary's
#: tables under the policy's own words).
NUMBER: Final = VALUE
NEED: Final = REQUIRED_STAGE
#: What a move that ends the game badly loses: more than any other consideration.
LAST_RESORT: Final = 1000.0
#: What the sharp policy adds to a move that ends the game while ahead.
WIN_NOW: Final = 500.0


def _stages(fields: int) -> list[int]:
    """The stage of each suit's field (0 none .. 3 harvested)."""
    return [field_stage(fields, s) for s in range(4)]


def _use(card: int, stages: list[int]) -> float:
    """How useful ``card`` is to a player whose fields are at ``stages``."""
    if card >= JOKER:
        return 4.0
    st = stages[card // 13]
    need = NEED[card]
    n = NUMBER[card]
    if st >= 3 or need < st:
        return 0.0
    if need == st:
        return 10.0 + n * 0.3
    if need == st + 1:
        return 5.0 + n * 0.2
    return 2.0 + n * 0.1


def _play_value(card: int, stages: list[int], fields: int) -> float:
    suit = card // 13
    st = stages[suit]
    n = NUMBER[card]
    if st == 2:  # harvest: the field's whole value scores
        return 40.0 + n + field_value(fields, suit)
    if st == 1:
        return 25.0 + n
    return 10.0 + n


def _best_play(hand: int, stages: list[int], fields: int) -> int:
    """The card of ``hand`` worth playing most onto our fields now, or -1."""
    best = -1
    best_value = 0.0
    m = hand & STANDARD
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        if NEED[c] == stages[c // 13]:
            value = _play_value(c, stages, fields)
            if best < 0 or value > best_value:
                best = c
                best_value = value
    return best


def _one(hand: int, card: int) -> int:
    """The bit of ``card`` in ``hand``; for a Joker (52), the bit of one Joker held."""
    if card < JOKER:
        return 1 << card
    return 1 << 53 if hand >> 53 & 1 else 1 << 52


def _end_score(kind: int, card: int, fields: int, played: int, counts: bool) -> int:
    """Our score if the move makes the game end when the turn ends (ruling 8: our
    fourth field, or the last of a suit's J, Q and K face up where it counts), else -1."""
    if card >= JOKER:
        return -1
    bit = 1 << card
    if kind in (KIND_PLAY, KIND_ASSIST):
        fields |= bit
    elif not counts:  # a card into the village counts for nothing
        return -1
    if not (harvest_cards_played(played | bit) or popcount(fields) == 12):
        return -1
    return field_score(fields)


def _bad_end(score: int, rival: int) -> bool:
    """Whether a game that ends with our ``score`` (``_end_score``; -1: it does not end)
    ends badly: below ``rival``'s, the best of the others', or at 0 (a shared nothing)."""
    return score >= 0 and (score < rival or score == 0)


def _ends_badly(kind: int, card: int, fields: int, played: int, counts: bool, rival: int) -> bool:
    """Whether the move makes the game end badly when the turn ends (:func:`_bad_end`)."""
    return _bad_end(_end_score(kind, card, fields, played, counts), rival)


def choose(obs: Observation, rng: random.Random) -> int:
    return on_observation(choose_compact, obs, rng)


def choose_compact(view: tuple[int, ...], me: int, legal: list[int], rng: random.Random) -> int:
    """:func:`choose` from what it reads: seat ``me``'s compact view and its legal
    actions (read, never changed). Search playouts call this form
    (``agents.heuristic.compact_policy_for``): no observation wrapper per move."""
    if len(legal) == 1:
        return legal[0]
    return _choose(view, me, legal, rng, False)


def choose_sharp(obs: Observation, rng: random.Random) -> int:
    """The sharper policy (``heuristic:sharp=1``, ``ismcts:sharp=1``). With two players
    it weighs what it shows and passes by the rival's fields, not its own. It reads
    the pass: whatever it does not keep, play or show goes to the rival, so its
    village card is the one the rival would want most (its own use of the card no
    longer counts against showing it: the card would leave with the hand anyway), and
    its house card keeps, beside what it needs, what the rival would want. And it ends
    the game when that wins it (a fourth field, or a suit's last court card, while
    ahead). Two-player games against :func:`choose`: docs/agents.md."""
    return on_observation(choose_sharp_compact, obs, rng)


def choose_sharp_compact(
    view: tuple[int, ...], me: int, legal: list[int], rng: random.Random
) -> int:
    """:func:`choose_sharp` from seat ``me``'s compact view and legal actions, as
    :func:`choose_compact` is :func:`choose`."""
    if len(legal) == 1:
        return legal[0]
    return _choose(view, me, legal, rng, True)


def _choose(
    view: tuple[int, ...], me: int, legal: list[int], rng: random.Random, sharp: bool
) -> int:
    """The policy's move (``sharp``: the sharper one's) among ``legal``, two or more."""
    players = view[CV_PLAYERS]
    fields = view[CV_FIELDS + me]
    stages = _stages(fields)
    # With two players the plain policy has always weighed its own fields as the pass
    # receiver's (it read "across" as two seats on); kept so that its play is the same.
    # The sharp one reads the rival's.
    rival = pass_receiver(players, view[CV_PASSES], me)
    if players == 2 and not sharp:
        rival = me
    rival_stages = _stages(view[CV_FIELDS + rival])
    hand = view[CV_HAND]
    phase = view[CV_PHASE]
    plan = _best_play(hand, stages, fields)
    after = list(stages)
    if plan >= 0:
        after[plan // 13] += 1
    # What counts as played for end (b), and whether the game ends at this turn's end
    # whatever we do (then our move does not decide it).
    counts = view[CV_VILLAGE_COUNTS] == 1
    played = view[CV_VILLAGE] if counts else 0
    rival_score = 0
    doomed = False
    for q in range(players):
        f = view[CV_FIELDS + q]
        played |= f
        doomed = doomed or popcount(f) == 12
        if q != me:
            rival_score = max(rival_score, field_score(f))
    guard = not (doomed or harvest_cards_played(played))
    # The cards that would end the game badly if shown now: after the house card, two
    # cards of the hand go face up this turn, so keep one of them in the house if the
    # rest could not spare us showing it.
    danger = 0
    if guard and phase == PH_HOUSE:
        m = hand & STANDARD
        while m:
            low = m & -m
            m ^= low
            if _ends_badly(KIND_DISCARD, low.bit_length() - 1, fields, played, counts, rival_score):
                danger |= low
    scored: list[tuple[float, int]] = []
    for a in legal:
        kind, card = decode(a)
        if phase == PH_HOUSE:
            # The Joker's rank letter "J" has always counted as a Jack's 11 here.
            value = _use(card, after) + 0.01 * (11 if card >= JOKER else NUMBER[card])
            if sharp:  # what we keep, the rival we pass to does not get
                value += 0.3 * _use(card, rival_stages)
            if card == plan:
                value -= 20.0
            if danger:
                rest = hand ^ _one(hand, card)
                if rest & danger and popcount(rest) - popcount(rest & danger) < 2:
                    value -= LAST_RESORT
            scored.append((value, a))
            continue
        if phase == PH_VILLAGE:
            value = _use(card, rival_stages)
            # The sharp policy does not count our own use against showing a card:
            # what we do not keep or play goes to the rival with the hand anyway.
            if not sharp:
                value -= 2.0 * _use(card, after)
            if card == plan:
                value -= 50.0
        elif kind == KIND_ASSIST:
            value = _play_value(card, stages, fields) - 3.0
        elif kind == KIND_DISCARD:
            deny = 0.5 if sharp else 0.1
            value = -5.0 + deny * _use(card, rival_stages) - 0.2 * _use(card, after)
        else:  # plant, tend, harvest
            value = _play_value(card, stages, fields)
            if NEED[card] == 0:
                # Planting pays most when we can follow it up.
                suit_cards = hand & (SUIT_BITS << (13 * (card // 13)))
                follow = 0.0
                while suit_cards:
                    low = suit_cards & -suit_cards
                    if NEED[low.bit_length() - 1] == 1:
                        follow += 1.0
                    suit_cards ^= low
                value += follow
        if guard:
            end = _end_score(kind, card, fields, played, counts)
            if _bad_end(end, rival_score):
                value -= LAST_RESORT
            elif sharp and end > rival_score:
                value += WIN_NOW
        scored.append((value, a))
    return pick_best(scored, rng)

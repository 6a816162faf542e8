"""SEWN: where a challenger seated one against three gains or loses its tricks, before
the Harvest (the hand it ends up with) or in it (how it plays that hand).

    .venv/bin/python tools/measure/sewn_phase_split.py ARENA.jsonl [ARENA.jsonl ...]

Reads ``seedbed arena sewn --players 4 --out`` files whose first agent
(``agent_of_seat`` 0) is the challenger and replays each game. For every round and
seat it notes whether the seat won a privilege at End of Summer (the Season Winner,
the seat that named trump, the seat that picked first), the value of its Harvest hand
at the Harvest's first trick and the tricks it really took there. A hand's value is
the mean tricks of ``LINES`` sharper-policy playouts of the Harvest from the true four
hands, each with a random legal move a tenth of the time (``NOISY_LEG``): the same
witness for every seat, so a challenger whose hands are worth more got more out of
the Seed Phase, End of Summer, trump and the Pick, and one whose tricks exceed its
hands' value played its Harvests better than the witness does. It prints the mean of
each figure, with a 95% interval (rounds as samples), for the challenger and for its
rivals, overall and by the seat's part in the round.

It also says how often a seat kept a card of the best rank it was dealt for End of
Summer, where the privileges are won, and, when it did not, how the last card of that
rank left its hand: as its only legal card, following suit with a choice, as a free
choice (leading, or void in the suit led), or planted; and its share of the privileges
when it kept such a card and when it did not. Last, how many of its six plants rank
above the card it kept for End of Summer, and how many the other seats' resampler
(``resample_from_infostate`` at the round's privilege, ``DRAWS`` draws for each) puts
there: whether that card tells a rival more about the seat's face-down plants than a
search's draws already assume.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from sewn_harvest_fit import _harvest

import seedbed
from seedbed.agents.heuristic.sewn import NOISY_LEG
from seedbed.core.cards import cards_of, popcount
from seedbed.core.protocol import Game, State
from seedbed.games.sewn.rules import (
    CV_HAND,
    CV_KNOWN,
    CV_PHASE,
    HARVEST,
    PICK,
    PLANT,
    POWER,
    PRIVILEGE,
    SEED,
    TRUMP,
    action_card,
)
from seedbed.sim.stats import mean

#: Noisy playouts a hand's value is the mean of.
LINES = 16
#: Determinizations drawn for each other seat to count a seat's plants in them.
DRAWS = 4


@dataclass(frozen=True)
class SeatRound:
    """One seat's round: its part and its Harvest."""

    challenger: bool
    privileged: bool  # won the End of Summer trick or came second
    named_trump: bool
    picked_first: bool
    value: float  # the hand's worth to the witness, in tricks
    took: float  # the tricks really taken
    last_round: bool
    #: How the last card of the best rank dealt left the hand before End of Summer
    #: (one of :data:`LOSSES`), or "" if the seat kept one for End of Summer.
    lost_best: str
    plants_above: int  # its plants that rank above its End of Summer card
    drawn_above: float  # the same in the other seats' determinizations, on average


#: The ways a seat can lose the last card of its best rank before End of Summer.
LOSSES: tuple[str, ...] = (
    "its only legal card",
    "following with a choice",
    "a free choice",
    "planted",
)


def _loss(phase: int, legal: int, hand: int) -> str:
    """How a card of the seat's best rank leaves a hand of ``hand`` cards with ``legal``
    legal moves."""
    if legal == 1:
        return LOSSES[0]
    if phase == PLANT:
        return LOSSES[3]
    return LOSSES[2] if legal == hand else LOSSES[1]


def _plants(state: State, seat: int) -> int:
    """The cards ``seat`` planted this round: what it knows of the Field it plants
    (named after the seat after it), less the face-up seeds the seat opposite put there
    (the compact views, so a determinization's plants read the same way)."""
    field = CV_KNOWN + ((seat + 1) & 3)
    return state.compact_view(seat)[field] & ~state.compact_view((seat + 2) & 3)[field]


def _above(plants: int, power: int) -> int:
    """How many of the cards ``plants`` rank above ``power``."""
    return sum(1 for c in cards_of(plants) if POWER[c] > power)


def _drawn_above(state: State, kept: list[int], rng: random.Random) -> list[float]:
    """Each seat's plants above its kept rank ``kept[q]``, on average over ``DRAWS``
    determinizations drawn for each of the other three seats."""
    drawn = [0.0] * 4
    for p in range(4):
        for _ in range(DRAWS):
            world = state.resample_from_infostate(p, rng)
            for q in range(4):
                if q != p:
                    drawn[q] += _above(_plants(world, q), kept[q]) / (3 * DRAWS)
    return drawn


def seat_rounds(paths: list[str], rng: random.Random) -> Iterator[SeatRound]:
    game = seedbed.load("sewn")
    draws = random.Random(11)  # apart from ``rng``, so the hands' worths stay the same
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                yield from _game_rounds(game, json.loads(line), rng, draws)


def _game_rounds(
    game: Game, row: dict[str, Any], rng: random.Random, draws: random.Random
) -> Iterator[SeatRound]:
    """The seat-rounds of one arena row's game."""
    record = row["record"]
    challenger = row["agent_of_seat"].index(0)
    state = game.new_state(record["seed"])
    parts: dict[str, int] = {}
    value: list[float] = []
    start = None
    best: dict[int, int] = {}  # seat: the best rank it was dealt
    lost: dict[int, str] = {}
    held: dict[int, int] = {}  # seat: its cards (from its first move on)
    above: list[int] = []
    drawn: list[float] = []
    for move in [*record["moves"], None]:
        action = None if move is None else state.string_to_action(move)
        phase = -1 if state.is_terminal() else state.compact_view(0)[CV_PHASE]
        seat = state.current_player()
        if seat is not None:
            for name, when in (("winner", PRIVILEGE), ("trump", TRUMP)):
                if phase == when:
                    parts[name] = seat
            if phase == PICK:
                parts.setdefault("first", seat)
            if phase == PRIVILEGE and not above:
                # Each seat's one card left is the card it kept for End of Summer.
                kept = [POWER[cards_of(held[q])[0]] for q in range(4)]
                above = [_above(_plants(state, q), kept[q]) for q in range(4)]
                drawn = _drawn_above(state, kept, draws)
        if phase == HARVEST and start is None:
            start = state.clone()
            lines = [_harvest(start, rng, NOISY_LEG) for _ in range(LINES)]
            value = [sum(t[p] for t in lines) / LINES for p in range(4)]
        if phase != HARVEST and start is not None:
            took = [a - b for a, b in zip(state.scores(), start.scores(), strict=True)]
            for p in range(4):
                yield SeatRound(
                    challenger=p == challenger,
                    privileged=p in parts.values(),
                    named_trump=parts.get("trump") == p,
                    picked_first=parts.get("first") == p,
                    value=value[p],
                    took=took[p],
                    last_round=state.is_terminal(),
                    lost_best=lost.get(p, ""),
                    plants_above=above[p],
                    drawn_above=drawn[p],
                )
            start, parts, best, lost = None, {}, {}, {}
            held, above, drawn = {}, [], []
        # Here, after the block above closes a round, so that the move that ends one
        # round's loop counts as the first of the next.
        if seat is not None and phase in (SEED, PLANT) and action is not None:
            hand = state.compact_view(seat)[CV_HAND]
            cards = cards_of(hand)
            card = action_card(action)
            if seat not in best:  # its first move of the round: as dealt
                best[seat] = max(POWER[c] for c in cards)
                held[seat] = hand
            held[seat] &= ~(1 << card)
            same = [c for c in cards if POWER[c] == best[seat]]
            if same == [card] and seat not in lost:
                lost[seat] = _loss(phase, len(state.legal_actions()), popcount(hand))
        if action is not None:
            state.apply_action(action)


def mean_interval(xs: list[float]) -> str:
    """The mean of ``xs`` with its 95% interval (Student's t, each value a sample)."""
    return mean(xs).format(digits=3)


#: The seat's parts in a round whose shares are printed.
SHARES: tuple[tuple[str, Callable[[SeatRound], bool]], ...] = (
    ("privilege", lambda r: r.privileged),
    ("named trump", lambda r: r.named_trump),
    ("picked first", lambda r: r.picked_first),
)
PARTS: tuple[tuple[str, Callable[[SeatRound], bool]], ...] = (
    ("all rounds", lambda r: True),
    ("with a privilege", lambda r: r.privileged),
    ("without", lambda r: not r.privileged),
    ("named trump", lambda r: r.named_trump),
    ("picked first", lambda r: r.picked_first),
    ("the last round", lambda r: r.last_round),
)


def main(paths: list[str]) -> None:
    rows = list(seat_rounds(paths, random.Random(7)))
    for name, mine in (("challenger", True), ("rivals", False)):
        group = [r for r in rows if r.challenger == mine]
        print(f"{name}: {len(group)} seat-rounds")
        for label, test in SHARES:
            print(f"  share with {label}: {mean_interval([float(test(r)) for r in group])}")
        kept = [float(not r.lost_best) for r in group]
        print(f"  share that kept its best rank for End of Summer: {mean_interval(kept)}")
        for how in LOSSES:
            share = mean_interval([float(r.lost_best == how) for r in group])
            print(f"    lost it as {how}: {share}")
        for label, kept_it in (("kept", True), ("lost", False)):
            privileged = [float(r.privileged) for r in group if (not r.lost_best) == kept_it]
            share = mean_interval(privileged)
            print(f"  share with privilege when it {label} it ({len(privileged)}): {share}")
        planted = mean_interval([r.plants_above for r in group])
        drawn = mean_interval([r.drawn_above for r in group])
        print(f"  plants above its End of Summer card: {planted}, in the others' draws {drawn}")
        for label, test in PARTS:
            part = [r for r in group if test(r)]
            print(
                f"  {label} ({len(part)}): hand value {mean_interval([r.value for r in part])}"
                f", tricks {mean_interval([r.took for r in part])}"
                f", tricks less value {mean_interval([r.took - r.value for r in part])}"
            )


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])

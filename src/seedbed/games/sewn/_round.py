"""One SEWN round as data: the deal, its record, and what follows from the record (the
Fields it built, the cards each seat was dealt, who saw which top card).

The engine keeps the round in play in its own fields and every finished round as a
:class:`RoundRecord`; views, positions and resampling read both through the functions
here, so that each fact (which cards make up a Field, ...) is computed in one place.
"""

from __future__ import annotations

import random
from typing import Final, NamedTuple

from seedbed.core.cards import mask_of
from seedbed.games.sewn._sampler import Draws
from seedbed.games.sewn.rules import SUIT, planter_of, seeder_of

#: A finished trick: (leader, the card of each seat by seat, winner).
Trick = tuple[int, tuple[int, ...], int]


class RoundRecord(NamedTuple):
    """Everything that happened in one round (hidden parts included); -1 (or ``None``,
    ``()``) for what has not happened yet."""

    dealer: int
    seed_tricks: tuple[Trick, ...]
    plants: tuple[tuple[int, ...], ...]
    eos: tuple[int, ...] | None
    season_winner: int
    runner_up: int
    trump_holder: int
    first_picker: int
    trump: int
    picks: tuple[tuple[int, int], ...]
    harvest_tricks: tuple[Trick, ...]
    won: tuple[int, ...]


def empty_record(dealer: int) -> RoundRecord:
    """The record of a round a position skipped (it starts at a later round)."""
    return RoundRecord(dealer, (), ((), (), (), ()), None, -1, -1, -1, -1, -1, (), (), (0, 0, 0, 0))


def with_plants(rec: RoundRecord, plants: tuple[tuple[int, ...], ...]) -> RoundRecord:
    """``rec._replace(plants=plants)`` without the namedtuple's pure-Python methods:
    resampling replaces the plants of every finished round at every draw."""
    fields = (rec.dealer, rec.seed_tricks, plants, *rec[3:])
    return tuple.__new__(RoundRecord, fields)


def is_skipped(rec: RoundRecord) -> bool:
    """Whether ``rec``, a finished round, is one that a position skipped: nothing of it
    is known (a round played has at least one Seed trick)."""
    return not rec.seed_tricks


_DECK: Final = tuple(range(52))


def deal(rng: random.Random, dealer: int, size: int = 13) -> tuple[int, ...]:
    """A uniformly shuffled deck (sorted by random keys: faster than ``shuffle``),
    dealt one card at a time from the player after the dealer, ``size`` cards each
    (13, the whole deck, in the rulebook game; ``rules.deal_size``): each seat's hand.
    The cards not dealt stay out of the round, unseen."""
    r = rng.random
    keys = [r() for _ in _DECK]
    return _dealt(sorted(_DECK, key=keys.__getitem__), dealer, size)


def deal_drawn(draws: Draws, dealer: int, size: int = 13) -> tuple[int, ...]:
    """A deal as :func:`deal` deals it, the deck shuffled with the samplers' draws
    instead (about a tenth of the cost): resampling deals every round to come at
    every determinization. New games keep :func:`deal` (a seed gives its deals)."""
    deck = list(_DECK)
    draws.shuffle(deck)
    return _dealt(deck, dealer, size)


def _dealt(deck: list[int], dealer: int, size: int) -> tuple[int, ...]:
    """The hands of ``deck`` dealt from the player after ``dealer``, ``size`` each."""
    # Card i goes to seat (dealer + 1 + i) mod 4: every fourth card to each seat.
    end = 4 * size
    hands = [0, 0, 0, 0]
    for k in range(4):
        m = 0
        for c in deck[k:end:4]:
            m |= 1 << c
        hands[(dealer + 1 + k) & 3] = m
    return (hands[0], hands[1], hands[2], hands[3])


def deal_game(
    chance: int, rounds: int = 4, size: int = 13
) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """The first dealer and the deals of the ``rounds`` rounds (4, the ``rounds`` knob)
    of ``size`` cards (13; ``rules.deal_size`` of the ``seed_tricks`` knob) that chance
    key ``chance`` gives (a new game's key is its seed; ruling 3: the first dealer comes
    from it). Round r's deal is the same whatever the number of rounds, and a smaller
    deal is the first cards of the larger one (the same shuffle)."""
    rng = random.Random(chance)
    first = rng.randrange(4)
    return first, tuple(deal(rng, (first + r) & 3, size) for r in range(rounds))


def field_seeds(seed_tricks: tuple[Trick, ...], f: int) -> list[int]:
    """The face-up cards of Field ``f`` in order: what its seeder played in Seed tricks."""
    seeder = seeder_of(f)
    return [t[1][seeder] for t in seed_tricks]


def field_mask(seed_tricks: tuple[Trick, ...], plants: tuple[tuple[int, ...], ...], f: int) -> int:
    """All cards of Field ``f``: seeded by its seeder, planted by its planter."""
    return mask_of(field_seeds(seed_tricks, f)) | mask_of(plants[planter_of(f)])


def deal_of(
    seed_tricks: tuple[Trick, ...],
    plants: tuple[tuple[int, ...], ...] | list[tuple[int, ...]],
    eos: tuple[int, ...] | None,
    hands: tuple[int, ...] | list[int],
) -> tuple[int, ...]:
    """The cards each seat was dealt (13 in the rulebook game), from what it seeded,
    planted, kept and holds."""
    out = []
    for q in range(4):
        m = mask_of(plants[q]) | hands[q]
        for t in seed_tricks:
            m |= 1 << t[1][q]
        if eos is not None:
            m |= 1 << eos[q]
        out.append(m)
    return tuple(out)


def peeked_fields(
    p: int, first_picker: int, trump: int, picks: tuple[tuple[int, int], ...]
) -> list[int]:
    """The Fields whose top card seat ``p`` saw at the Pick: those still on the table
    when its turn to pick came (ruling 7). Empty before then; the Pick starts once the
    trump suit is named."""
    if first_picker < 0 or trump < 0:
        return []
    k = (p - first_picker) & 3
    if len(picks) < k:
        return []
    gone = {f for _, f in picks[:k]}
    return [f for f in range(4) if f not in gone]


def record_peeked(p: int, rec: RoundRecord) -> list[int]:
    """:func:`peeked_fields` of a round record."""
    return peeked_fields(p, rec.first_picker, rec.trump, rec.picks)


def seed_voids(
    seed_tricks: tuple[Trick, ...], current: tuple[int, int, tuple[int, ...]] | None
) -> list[list[int]]:
    """For each seat, per suit, the first Seed trick index at which the seat failed to
    follow that suit (7 if never: past the last Seed trick). ``current`` is (index,
    leader, cards) of a Seed trick in progress, if any."""
    first = [[7, 7, 7, 7] for _ in range(4)]
    tricks = [
        (i, t[0], tuple(t[1][(t[0] + k) & 3] for k in range(4))) for i, t in enumerate(seed_tricks)
    ]
    if current is not None:
        tricks.append(current)
    for i, leader, cards in tricks:
        if not cards:
            continue
        led = SUIT[cards[0]]
        for k in range(1, len(cards)):
            q = (leader + k) & 3
            if SUIT[cards[k]] != led and first[q][led] > i:
                first[q][led] = i
    return first


def harvest_void_masks(
    harvest_tricks: tuple[Trick, ...], current: tuple[int, tuple[int, ...]] | None
) -> list[int]:
    """Per seat, a suit mask of the suits it showed void in during the Harvest."""
    voids = [0, 0, 0, 0]
    tricks = [(t[0], tuple(t[1][(t[0] + k) & 3] for k in range(4))) for t in harvest_tricks]
    if current is not None:
        tricks.append(current)
    for leader, cards in tricks:
        if not cards:
            continue
        led = SUIT[cards[0]]
        for k in range(1, len(cards)):
            if SUIT[cards[k]] != led:
                voids[(leader + k) & 3] |= 1 << led
    return voids

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

The sharper form (:func:`choose_sharp`) names trump by what its rivals' Fields hold
too, always takes FIRST PICK, draws trumps it controls and plays second hand low.

It reads the seat's ``compact_view()`` (card sets as bitmasks) through the indices
and action numbers of the game's public vocabulary, :mod:`seedbed.games.sewn.rules`,
not the JSON view: ISMCTS calls it at every move of every playout, and building the
view cost eight times the rest of a decision. Scores are kept in integers (scaled) so
that ties, and so the tie-breaking draws from ``rng``, do not depend on the order of a
sum. Actions are read with the action bases of ``rules`` (``a - PLANT_BASE`` is the
planted card, ``a - TRUMP_BASE`` the suit, ``a - PICK_BASE`` the Field), not with
``rules.decode``: building a NamedTuple (or a call) for each legal move costs several
per cent of a decision, and playouts decide at every move.
"""

from __future__ import annotations

import random
from typing import Final

from seedbed.agents.heuristic.generic import Observation, on_observation, pick_best
from seedbed.core.cards import SUIT_MASKS, cards_of, popcount
from seedbed.core.protocol import Game
from seedbed.games.sewn.rules import (
    CV_END_OF_SUMMER,
    CV_HAND,
    CV_KNOWN,
    CV_LEADER,
    CV_PHASE,
    CV_PLAYED,
    CV_TRICK,
    CV_TRUMP,
    HARVEST,
    HARVEST_TRICKS,
    PICK,
    PICK_BASE,
    PLANT,
    PLANT_BASE,
    POWER,
    PRIVILEGE,
    SEED,
    SUIT,
    SUMMER_KEY,
    TAKE_FIRST_PICK,
    TAKE_TRUMP,
    TRUMP,
    TRUMP_BASE,
)

#: Sort key: power, then suit (the order the cards are considered in).
ORDER: Final = tuple(POWER[c] * 4 + SUIT[c] for c in range(52))
#: The card of each sort key.
BY_ORDER: Final = tuple(sorted(range(52), key=ORDER.__getitem__))
#: High-card points: A 4, K 3, Q 2, J 1.
HCP: Final = tuple(max(0, POWER[c] - 8) for c in range(52))
#: The cards of the same suit that beat card c.
HIGHER: Final = tuple(
    sum(1 << d for d in range(52) if SUIT[d] == SUIT[c] and POWER[d] > POWER[c]) for c in range(52)
)
QUEEN: Final = 10


def _field_value(known: int, trump: int) -> int:
    """High-card points, plus 1.5 + 0.15 * power for each trump; times 20."""
    value = 0
    for c in cards_of(known):
        value += 20 * HCP[c]
        if SUIT[c] == trump:
            value += 30 + 3 * POWER[c]
    return value


def _suit_strength(known: int, s: int) -> int:
    """1 + 0.2 * power for each card of suit ``s``; times 5."""
    return sum(5 + POWER[c] for c in cards_of(known) if SUIT[c] == s)


def choose(obs: Observation, rng: random.Random) -> int:
    return on_observation(choose_compact, obs, rng)


def choose_compact(v: tuple[int, ...], me: int, legal: list[int], rng: random.Random) -> int:
    """:func:`choose` from what it reads: seat ``me``'s compact view ``v`` and its legal
    actions (read, never changed). Searches call this in their playouts
    (``agents.heuristic.compact_policy_for``)."""
    if len(legal) == 1:
        return legal[0]
    phase = v[CV_PHASE]
    if phase in (SEED, PLANT):
        # Low cards go into the Fields (they feed the neighbours); keep the best.
        base = PLANT_BASE if phase == PLANT else 0
        low = legal[0]
        key = SUMMER_KEY[low - base]
        for a in legal:
            if SUMMER_KEY[a - base] < key:
                low, key = a, SUMMER_KEY[a - base]
        return low
    mine = v[CV_KNOWN + me]
    partner = v[CV_KNOWN + ((me + 2) & 3)]
    if phase == PRIVILEGE:
        gap = abs(_field_value(mine, -1) - _field_value(partner, -1))
        return TAKE_FIRST_PICK if gap >= 4 * 20 else TAKE_TRUMP
    if phase == TRUMP:
        known = mine | partner
        return pick_best([(_suit_strength(known, a - TRUMP_BASE), a) for a in legal], rng)
    if phase == PICK:
        trump = v[CV_TRUMP]
        return pick_best(
            [(_field_value(v[CV_KNOWN + a - PICK_BASE], trump), a) for a in legal], rng
        )
    if phase == HARVEST:
        return _harvest_play(v, legal, False)
    return legal[rng.randrange(len(legal))]


def choose_sharp(obs: Observation, rng: random.Random) -> int:
    """The sharper policy (``heuristic:sharp=1``, ``ismcts:sharp=1``): the plain one,
    except that it

    * names as trump the suit strong in the two Fields open to it and weak in the two
      its rivals pick from: every card a seat seeds or plants ends up in a rival's
      hand, so a suit it was dealt many of is one its rivals hold;
    * takes FIRST PICK whenever it holds the choice;
    * in the Harvest, draws trumps when it holds at least as many as are still unseen
      and its best trump cannot be beaten, and plays second hand low (a winner only if
      no unseen card can beat it).

    One against three plain heuristics it takes about 0.4 tricks a game more than
    they do (docs/agents.md)."""
    return on_observation(choose_sharp_compact, obs, rng)


def choose_sharp_compact(v: tuple[int, ...], me: int, legal: list[int], rng: random.Random) -> int:
    """:func:`choose_sharp` from seat ``me``'s compact view and legal actions, as
    :func:`choose_compact` is :func:`choose`."""
    if len(legal) == 1:
        return legal[0]
    phase = v[CV_PHASE]
    if phase == HARVEST:
        return _harvest_play(v, legal, True)
    if phase == PRIVILEGE:
        return TAKE_FIRST_PICK
    if phase == TRUMP:
        # Trump is named before the Pick, so what we know of our rivals' Fields is our
        # own twelve cards and the opposite's face-up seeds; of ours, the rivals' seeds.
        ours = v[CV_KNOWN + me] | v[CV_KNOWN + ((me + 2) & 3)]
        theirs = v[CV_KNOWN + ((me + 1) & 3)] | v[CV_KNOWN + ((me + 3) & 3)]
        return pick_best(
            [
                (
                    _suit_strength(ours, a - TRUMP_BASE) - _suit_strength(theirs, a - TRUMP_BASE),
                    a,
                )
                for a in legal
            ],
            rng,
        )
    return choose_compact(v, me, legal, rng)


def _in_order(legal: list[int]) -> list[int]:
    """``sorted(legal, key=ORDER.__getitem__)`` (power, then suit; each card has its
    own key): the cards' keys as bits of one int, read back lowest first, one step a
    card (the lowest set bit, ``keys & -keys``), not one a key.
    ``sorted`` with a key function was half the cost of a Harvest move."""
    keys = 0
    for c in legal:
        keys |= 1 << ORDER[c]
    cards: list[int] = []
    while keys:
        low = keys & -keys
        cards.append(BY_ORDER[low.bit_length() - 1])
        keys ^= low
    return cards


def _harvest_play(v: tuple[int, ...], legal: list[int], sharp: bool) -> int:
    # Plain loops over tables instead of closures and key lambdas: this runs at most
    # moves of every search playout. ``max``/``min`` keep the first best card of the
    # power order, and so do the loops below (strict comparisons).
    trump = v[CV_TRUMP]
    live = ~(v[CV_HAND] | v[CV_PLAYED] | v[CV_END_OF_SUMMER])  # cards still unseen
    table = [c for c in v[CV_TRICK : CV_TRICK + 3] if c >= 0]
    cards = _in_order(legal)
    if not table:
        if sharp:  # draw the trumps still out when ours are as many and the best
            trumps = [c for c in cards if SUIT[c] == trump]
            out = popcount(live & SUIT_MASKS[trump])
            if out and len(trumps) >= out and HIGHER[trumps[-1]] & live == 0:
                return trumps[-1]
        side = [c for c in cards if SUIT[c] != trump]
        best = -1
        for c in side:  # a master: no unseen card of its suit beats it
            if HIGHER[c] & live == 0 and (best < 0 or POWER[c] > POWER[best]):
                best = c
        if best >= 0:
            return best
        trumps = [c for c in cards if SUIT[c] == trump]
        if len(trumps) >= 2 and HIGHER[trumps[-1]] & live == 0:
            return trumps[-1]
        if side:
            lengths = [0, 0, 0, 0]
            for c in side:
                lengths[SUIT[c]] += 1
            longest = side[0]
            key = lengths[SUIT[longest]] * 16 - POWER[longest]
            for c in side:
                k = lengths[SUIT[c]] * 16 - POWER[c]
                if k > key:
                    longest, key = c, k
            suit = SUIT[longest]
            low = -1
            for c in side:
                if SUIT[c] == suit and (low < 0 or POWER[c] < POWER[low]):
                    low = c
            return low
        return cards[0]
    led = SUIT[table[0]]
    best = -1
    if led != trump:
        for c in table:
            if SUIT[c] == trump and (best < 0 or POWER[c] > POWER[best]):
                best = c
    if best < 0:
        for c in table:
            if SUIT[c] == led and (best < 0 or POWER[c] > POWER[best]):
                best = c
    best_suit = SUIT[best]
    best_power = POWER[best]
    last = len(table) == 3
    if SUIT[cards[0]] == led:  # following suit: every legal card is of the led suit
        # The cards that beat the best so far (same suit and higher, or a trump).
        winners = [
            c
            for c in cards
            if (POWER[c] > best_power if SUIT[c] == best_suit else SUIT[c] == trump)
        ]
        if winners:
            if last:
                return winners[0]
            for c in winners:
                if HIGHER[c] & live == 0:
                    return c
            if sharp and len(table) == 1:  # second hand low
                return cards[0]
            return winners[0] if POWER[winners[0]] >= QUEEN else cards[0]
        return cards[0]
    # Void in the led suit: ruff cheaply if that wins, else throw the lowest card.
    for c in cards:
        if SUIT[c] == trump and (POWER[c] > best_power if best_suit == trump else True):
            return c
    side = [c for c in cards if SUIT[c] != trump] or cards
    low = side[0]
    for c in side:
        if POWER[c] < POWER[low]:
            low = c
    return low


#: The Harvest judge's weights (``ismcts:judge=1``), for the features of
#: :meth:`HarvestJudge.note` in order, then the tricks the seat took in the playout's
#: Harvest, then a constant. A least-squares fit of the tricks that ISMCTS players
#: really took in 39,808 Harvests (2,488 games of four ISMCTS seats at 300 to 1,400
#: iterations: docs/strength.md, eighteenth run) from the four true hands at the
#: Harvest's first trick: one playout of the sharper policy from there predicts them
#: with a mean squared error of 0.88 tricks squared, this fit with 0.68 (fivefold
#: cross-validation). The playout undervalues length in trumps and void side suits,
#: and reads too much into its own single line of play (its weight is half).
JUDGE_WEIGHTS: tuple[float, ...] = (
    0.381,  # trumps
    0.1669,  # high-card points in trumps (A 4, K 3, Q 2, J 1)
    -0.1252,  # the trump Ace and King
    0.1393,  # high-card points in the other suits
    -0.0353,  # Aces in the other suits
    0.0153,  # Kings in the other suits
    0.1894,  # void side suits
    0.078,  # singleton side suits
    -0.0051,  # leads the first trick
    0.5005,  # tricks taken in the playout's Harvest
    -0.6514,  # constant
)
#: The judge's weights for a Harvest played with a random legal move a tenth of the
#: time (``ismcts:noisy=1``), fitted to the mean of eight such playouts from each of
#: 12,928 Harvests (3,232 games of ISMCTS seats, ``tools/measure/sewn_harvest_fit.py
#: --noisy 8``): mean squared error 0.637, where the deterministic playout's fit has
#: 0.686 on the same Harvests (fivefold cross-validation). A search averages its
#: playouts as this mean does, so the noisy playout's tricks get the larger weight.
NOISY_JUDGE_WEIGHTS: tuple[float, ...] = (
    0.2482,  # trumps
    0.1141,  # high-card points in trumps
    -0.0912,  # the trump Ace and King
    0.0924,  # high-card points in the other suits
    -0.0279,  # Aces in the other suits
    0.0072,  # Kings in the other suits
    0.1152,  # void side suits
    0.0236,  # singleton side suits
    0.0024,  # leads the first trick
    0.6918,  # tricks taken in the playout's (noisy) Harvest
    -0.4818,  # constant
)
#: The judge's weights at the end of each of the Harvest's first tricks
#: (``ismcts:inner=K``: row k-1 after k tricks), for the same features of the cards
#: still in hand (the last: leads the next trick) and the tricks the playout takes
#: from there. Least-squares fits of the tricks that searching players really took
#: after that trick in 2,880 Harvests (720 games of four ISMCTS seats at 300
#: iterations, ``tools/measure/sewn_inner_judge.py``): one sharp playout's mean
#: squared error of 0.77 tricks squared after one trick, 0.56 after four, falls to
#: 0.63 and 0.48 (fivefold cross-validation). The playout's weight grows as the
#: Harvest goes on and its line has less left to get wrong.
INNER_JUDGE_WEIGHTS: tuple[tuple[float, ...], ...] = (
    (0.2628, 0.1425, -0.1163, 0.1127, -0.0221, 0.0031, 0.1162, 0.0013, -0.0804, 0.5903, -0.3121),
    (0.2076, 0.1253, -0.1007, 0.1018, -0.0423, -0.0003, 0.0403, 0.0040, -0.0463, 0.6428, -0.2044),
    (0.1796, 0.1094, -0.0973, 0.0928, -0.0357, -0.0082, 0.0110, -0.0132, -0.0211, 0.6817, -0.1389),
    (0.1676, 0.1141, -0.1253, 0.0885, -0.0256, -0.0166, -0.0407, -0.0320, -0.0024, 0.6994, -0.0826),
    (0.1460, 0.0975, -0.1050, 0.0775, -0.0242, -0.0096, -0.0535, -0.0396, 0.0157, 0.7420, -0.0388),
    (0.1301, 0.0789, -0.0999, 0.0607, 0.0023, -0.0148, -0.0614, -0.0397, 0.0301, 0.7808, 0.0109),
)
#: The hand's features in a judge's note, first (the note's last entry: the Harvest
#: tricks played before it, which picks the weights).
HAND_FEATURES: Final = 9
#: The noisy judge's chance of a random move at each decision of the Harvest.
NOISY_LEG: Final = 0.1
ACES: Final = sum(1 << c for c in range(52) if POWER[c] == 12)
KINGS: Final = sum(1 << c for c in range(52) if POWER[c] == 11)


class HarvestJudge:
    """Judges a SEWN playout by each seat's Harvest hand as well as the tricks it took
    (:class:`~seedbed.agents.heuristic.generic.PlayoutJudge`): the playout's tricks
    and the hand's features weighed as :data:`JUDGE_WEIGHTS` say. Made for the
    rulebook's twelve Harvest tricks (the fit's); :func:`playout_judge` offers none
    for other lengths. With ``inner`` it also judges the playouts of decisions in the
    Harvest's first ``inner`` tricks, at the end of the trick in play, by the cards
    still in hand (:data:`INNER_JUDGE_WEIGHTS`)."""

    moves_before_end = 4 * HARVEST_TRICKS
    #: The fit's mean squared error is 0.68 tricks squared a seat; the errors of the
    #: four seats sum to none (as the tricks do), so a difference of two errs by
    #: about sqrt(2 * 0.68 * 4 / 3) tricks.
    error = 1.3

    def __init__(self, noisy: bool = False, inner: int = 0) -> None:
        #: The weights of the features and the playout's tricks: at the Harvest's
        #: first trick, then (``inner``) at the end of each of its first tricks.
        self.weights: list[tuple[float, ...]] = [NOISY_JUDGE_WEIGHTS if noisy else JUDGE_WEIGHTS]
        if not noisy:
            self.weights += INNER_JUDGE_WEIGHTS[: max(0, inner)]
        #: The chance of a random move in the judged Harvest (``PlayoutJudge``).
        self.leg_noise = NOISY_LEG if noisy else 0.0

    def point(self, moves_left: int) -> int:
        if moves_left >= 4 * HARVEST_TRICKS:
            return 4 * HARVEST_TRICKS
        # In the Harvest: the end of the trick in play (now, between two tricks).
        tricks = (4 * HARVEST_TRICKS - moves_left + 3) // 4
        return 4 * (HARVEST_TRICKS - tricks) if tricks < len(self.weights) else -1

    def note(self, views: list[tuple[int, ...]]) -> list[list[float]] | None:
        first = views[0]
        if first[CV_PHASE] != HARVEST:
            return None
        trump = first[CV_TRUMP]
        leader = first[CV_LEADER]
        size = popcount(first[CV_HAND])
        played = HARVEST_TRICKS - size
        if played >= len(self.weights):
            return None  # a point the judge was not fitted at
        notes: list[list[float]] = []
        for seat, v in enumerate(views):
            hand = v[CV_HAND]
            if popcount(hand) != size:  # in the middle of a trick
                return None
            trumps = hand & SUIT_MASKS[trump]
            side = hand & ~SUIT_MASKS[trump]
            trump_points = side_points = 0
            for c in cards_of(hand):
                if SUIT[c] == trump:
                    trump_points += HCP[c]
                else:
                    side_points += HCP[c]
            voids = singletons = 0
            for s in range(4):
                if s != trump:
                    n = popcount(hand & SUIT_MASKS[s])
                    if n == 0:
                        voids += 1
                    elif n == 1:
                        singletons += 1
            notes.append(
                [
                    popcount(trumps),
                    trump_points,
                    popcount(trumps & (ACES | KINGS)),
                    side_points,
                    popcount(side & ACES),
                    popcount(side & KINGS),
                    voids,
                    singletons,
                    1.0 if leader == seat else 0.0,
                    played,
                ]
            )
        return notes

    def values(self, notes: list[list[float]], gains: list[float]) -> list[float]:
        w = self.weights[int(notes[0][HAND_FEATURES])]
        tricks: list[float] = []
        for features, gain in zip(notes, gains, strict=True):
            e = w[HAND_FEATURES + 1] + w[HAND_FEATURES] * gain
            for i in range(HAND_FEATURES):
                e += w[i] * features[i]
            tricks.append(max(0.05, e))  # a share of the tricks, never none
        total = sum(tricks)
        return [t / total for t in tricks]


def playout_judge(game: Game, noisy: bool = False, inner: int = 0) -> HarvestJudge | None:
    """The Harvest judge, for games with the rulebook's six Seed tricks (``noisy``: its
    form for a Harvest played with noise; ``inner``: it also judges the playouts of
    decisions in the Harvest's first ``inner`` tricks, up to six, where not noisy)."""
    return HarvestJudge(noisy, inner) if game.option("seed_tricks") == 6 else None

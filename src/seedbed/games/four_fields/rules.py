"""The public vocabulary of Four Fields: what a policy, a test or a tool may use.

Constants (phases, seasons, cards, counts), the action numbers with a typed
decoder and encoder, the compact view's layout, and the rule helpers a policy needs
(the scoring of a round line by line, the values of a full harvest, the order in
which a move lists its cards). Pure functions and constants only: no state.

An action is one int that packs a whole move, so its meaning (and its notation) never
depends on the state::

    bits   0..5    the played card (0..51); a full harvest puts its turning card here,
                   or NO_CARD (63) when none of its four cards is a season card
    bits   6..7    the field (0..3)
    bits   8..10   the kind: SOW, HARVEST, ADD (adding-up stockpile), MATCH, FULL
    bits  11..14   the value of the stockpile built (ADD, MATCH), else 0
    bits  15..18   Aces counted as 14 in the build, one bit per suit (MATCH only)
    bits  19..70   LOOSE: the loose field cards taken or used (52-bit card mask)
    bits  71..122  STOCK: the cards of the stockpiles taken or used
    bits 123..174  PLAYED: the four cards of a full harvest

>>> from seedbed.core.cards import parse_card
>>> a = encode(Action(SOW, parse_card("QS"), 2))
>>> a, decode(a).kind == SOW, decode(a).field
(139, True, 2)

Cards are the ints of :mod:`seedbed.core.cards` (``suit * 13 + rank``, suits S H D C)
and card sets are bitmasks of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from seedbed.core.cards import (
    CARD_NUMBER,
    CARD_SUIT,
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    SUIT_MASKS,
    cards_of,
)

# Module constants are ``Final`` so that mypyc reads them as C statics, not from the
# module's dict on every use in the hot loops.

# -- phases and counts -------------------------------------------------------------
#: The game has one phase of play; OVER once someone reached TARGET at a round end.
PLAY: Final = 0
OVER: Final = 1
PHASE_NAMES: Final = ("play", "over")
FIELDS: Final = 4
#: The rulebook's hand (the default of the ``hand_size`` knob; a state's own is
#: ``state.hand_size``).
HAND_SIZE: Final = 4
#: The hands the ``hand_size`` knob allows: the player left of the dealer needs a
#: card, and four hands of 10 (one of 9) fit the 40 cards left after the fields.
MIN_HAND: Final = 2
MAX_HAND: Final = 10
#: Cards dealt into each field at the start of a round, and when a field is reseeded.
FIELD_DEAL: Final = 3
#: The game ends after the round in which somebody reaches this total (the rulebook's:
#: the default of the ``target`` knob).
TARGET: Final = 17

# -- seasons -----------------------------------------------------------------------
#: The season of a field is the suit on the edge of the square facing it.
SUMMER: Final = HEARTS
AUTUMN: Final = DIAMONDS
WINTER: Final = SPADES
SPRING: Final = CLUBS
SEASON_NAMES: Final = ("winter", "summer", "autumn", "spring")  # indexed by suit S H D C
#: The square's edges in clockwise order (ruling 1).
SQUARE: Final = (HEARTS, DIAMONDS, SPADES, CLUBS)
#: Position of each suit's edge on the square, indexed by suit.
SQUARE_POS: Final = tuple(SQUARE.index(s) for s in range(4))
#: SEASONS[summer][field]: the season of each field when field ``summer`` is Summer
#: (with the square turned ``summer`` steps, field f faces the edge at position
#: (f - summer) mod 4). At the start of a round field 0 is Summer.
SEASONS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(SQUARE[(f - o) % 4] for f in range(4)) for o in range(4)
)


def turned(field: int, card: int) -> int:
    """The field that is Summer after ``card`` (a season card) is played into ``field``.

    >>> from seedbed.core.cards import parse_card
    >>> turned(0, parse_card("QS"))  # Winter comes to field 0: Summer faces it, field 2
    2
    """
    return (field - SQUARE_POS[SUIT[card]]) % 4


# -- cards -------------------------------------------------------------------------
NUM: Final[tuple[int, ...]] = CARD_NUMBER[:52]
SUIT: Final[tuple[int, ...]] = CARD_SUIT[:52]
#: Jack, Queen, King and Ace turn the seasons when played from hand.
IS_SEASON_CARD: Final = tuple(n == 1 or n >= 11 for n in NUM)
#: The values a card may take: an Ace is 1 or 14.
VALUES: Final[tuple[tuple[int, ...], ...]] = tuple((1, 14) if n == 1 else (n,) for n in NUM)
ACES: Final = sum(1 << (s * 13) for s in range(4))
SPADE_MASK: Final = SUIT_MASKS[SPADES]
HEART_MASK: Final = SUIT_MASKS[HEARTS]
#: Bit ``v`` set for each value a card can stand for (used for "holds a card of value v").
VALUE_BITS: Final[tuple[int, ...]] = tuple(sum(1 << v for v in vals) for vals in VALUES)
#: The rank (1..13) that a stockpile value asks its builder to keep: 14 is an Ace.
RANK_OF_VALUE: Final = (0, *range(1, 14), 1)

#: A stockpile: (cards, value, kind ADD/MATCH, builder, aces_high).
Stockpile = tuple[int, int, int, int, int]

# -- actions -----------------------------------------------------------------------
SOW: Final = 0
HARVEST: Final = 1
ADD: Final = 2
MATCH: Final = 3
FULL: Final = 4
KIND_WORDS: Final = ("sow", "harvest", "add", "match", "full harvest")
NO_CARD: Final = 63
FIELD_SHIFT: Final = 6
KIND_SHIFT: Final = 8
VALUE_SHIFT: Final = 11
ACE_SHIFT: Final = 15
LOOSE_SHIFT: Final = 19
STOCK_SHIFT: Final = 71
PLAYED_SHIFT: Final = 123
MASK52: Final = (1 << 52) - 1


class Action(NamedTuple):
    """One move, unpacked: see the module docstring for the bits.

    ``card`` is the card played (a full harvest: its turning card, or
    :data:`NO_CARD`); ``value`` the stockpile's value (builds only); ``aces_high``
    the suits of the Aces counted 14 in a build (bit per suit); ``loose``, ``stock``
    and ``played`` card masks: the loose cards taken or used, the cards of the
    stockpiles taken or used, and the four cards of a full harvest.
    """

    kind: int
    card: int
    field: int
    value: int = 0
    aces_high: int = 0
    loose: int = 0
    stock: int = 0
    played: int = 0


def decode(action: int) -> Action:
    """The parts of ``action``; ``encode(decode(a)) == a`` for every action number.

    >>> decode(139)
    Action(kind=0, card=11, field=2, value=0, aces_high=0, loose=0, stock=0, played=0)
    """
    card, field, kind, value, high, loose, stock, played = unpack(action)
    return Action(kind, card, field, value, high, loose, stock, played)


def unpack(action: int) -> tuple[int, int, int, int, int, int, int, int]:
    """``(card, field, kind, value, aces_high, loose, stock, played)``: the parts of
    ``action`` in the order of its bits, as a plain tuple (what the notation reads)."""
    return (
        action & 63,
        (action >> FIELD_SHIFT) & 3,
        (action >> KIND_SHIFT) & 7,
        (action >> VALUE_SHIFT) & 15,
        (action >> ACE_SHIFT) & 15,
        (action >> LOOSE_SHIFT) & MASK52,
        (action >> STOCK_SHIFT) & MASK52,
        action >> PLAYED_SHIFT,
    )


def encode(move: Action) -> int:
    """The action number of ``move``; ``decode(encode(m)) == m`` for every move whose
    parts fit their bits."""
    return (
        move.card
        | move.field << FIELD_SHIFT
        | move.kind << KIND_SHIFT
        | move.value << VALUE_SHIFT
        | move.aces_high << ACE_SHIFT
        | move.loose << LOOSE_SHIFT
        | move.stock << STOCK_SHIFT
        | move.played << PLAYED_SHIFT
    )


def num_actions(players: int) -> int:
    """One more than the largest action number (the same for every player count):
    every action is below ``1 << 175``, the bits of the four cards of a full harvest
    being the highest."""
    return 1 << (PLAYED_SHIFT + 52)


#: The size of the fixed action space that learning adapters expose
#: (``Game.num_distinct_actions``): a move's index there is its place among the legal
#: moves in increasing order of action number (``State.action_index``). A whole move
#: is an int of up to 175 bits, far too many to number one by one. The most legal
#: moves seen in 180 random games (60 at each player count) were 290 (``tests/rl``);
#: moves beyond this many have no index. Play that keeps sowing can pile a field high
#: enough for hundreds of thousands of harvests (660,454 after 29 first-legal moves of
#: a 2-player game from seed 5): an adapter then offers the first 1,024 only.
ACTION_SLOTS: Final = 1024


def kind_of(action: int) -> int:
    """The kind of ``action`` (SOW .. FULL), without decoding the rest."""
    return (action >> KIND_SHIFT) & 7


def field_of(action: int) -> int:
    """The field of ``action``, without decoding the rest."""
    return (action >> FIELD_SHIFT) & 3


# -- the compact view ----------------------------------------------------------------
# ``State.compact_view(seat)`` is a tuple of CV_SIZE ints; seats a game does not have
# read 0. Card sets are masks.
#: PLAY or OVER.
CV_PHASE: Final = 0
#: The round, from 1.
CV_ROUND: Final = 1
CV_DEALER: Final = 2
#: The field that is Summer: field f's season is ``SEASONS[v[CV_SUMMER]][f]``.
CV_SUMMER: Final = 3
#: Coins still on the square.
CV_COINS: Final = 4
#: Cards in the draw pile.
CV_PILE: Final = 5
#: The seat's own hand.
CV_HAND: Final = 6
#: ``CV_LOOSE + f``: the loose cards of field f.
CV_LOOSE: Final = 7
#: ``CV_STOCKED + f``: the cards of all stockpiles in field f.
CV_STOCKED: Final = 11
#: ``CV_HARVESTED + q``: seat q's harvest pile.
CV_HARVESTED: Final = 15
#: ``CV_HOLDS + q``: bit v set when seat q is known to hold a card of value v (1..13).
CV_HOLDS: Final = 19
#: ``CV_BUILT + 4 * f + q``: how many stockpiles in field f seat q built last.
CV_BUILT: Final = 23
CV_SIZE: Final = 39


# -- scoring -----------------------------------------------------------------------
#: The lines of a round's score, in the rulebook's order (ruling 7).
SCORE_LINES: Final = ("most cards", "most hearts", "Aces", "coins", "most spades")


def _tie_break(counts: Sequence[int], coins: Sequence[int], more_coins: bool) -> int | None:
    best = max(counts)
    if best == 0:
        return None
    tied = [p for p, k in enumerate(counts) if k == best]
    if len(tied) == 1:
        return tied[0]
    pick = max if more_coins else min
    target = pick(coins[p] for p in tied)
    left = [p for p in tied if coins[p] == target]
    return left[0] if len(left) == 1 else None


def round_breakdown(
    cards: Sequence[int],
    hearts: Sequence[int],
    spades: Sequence[int],
    aces: Sequence[int],
    coins: Sequence[int],
) -> list[list[int]]:
    """Each seat's points of one round, line by line (:data:`SCORE_LINES`): +4 most
    cards, +2 most hearts, +1 per Ace, +1 per coin, -2 most spades. Ties for a "most"
    go to the tied player with more coins (spades: fewer coins), else to nobody; a
    "most" needs at least one card (section "End of a round and scoring", ruling 7).

    The rulebook's example, Anna, Ben and Carla:

    >>> round_breakdown([18, 14, 12], [5, 6, 2], [7, 4, 2], [2, 1, 1], [1, 2, 0])
    [[4, 0, 0], [0, 2, 0], [2, 1, 1], [1, 2, 0], [-2, 0, 0]]
    """
    n = len(cards)
    lines = [[0] * n for _ in SCORE_LINES]
    for line, counts, points, more in ((0, cards, 4, True), (1, hearts, 2, True)):
        w = _tie_break(counts, coins, more_coins=more)
        if w is not None:
            lines[line][w] = points
    lines[2] = list(aces)
    lines[3] = list(coins)
    w = _tie_break(spades, coins, more_coins=False)
    if w is not None:
        lines[4][w] = -2
    return lines


def round_points(
    cards: Sequence[int],
    hearts: Sequence[int],
    spades: Sequence[int],
    aces: Sequence[int],
    coins: Sequence[int],
) -> list[int]:
    """Each seat's points of one round: the sum of :func:`round_breakdown`'s lines.

    >>> round_points([18, 14, 12], [5, 6, 2], [7, 4, 2], [2, 1, 1], [1, 2, 0])
    [5, 5, 1]
    """
    lines = round_breakdown(cards, hearts, spades, aces, coins)
    return [sum(line[p] for line in lines) for p in range(len(cards))]


# -- how a move lists its cards --------------------------------------------------------
def full_harvest_values(hand: int) -> tuple[int, ...]:
    """The values four cards may harvest as in a full harvest (ruling 8): their total
    with each Ace 1 or 14, at most 14 (else the total with Aces as 1).

    >>> from seedbed.core.cards import mask_of, parse_cards
    >>> full_harvest_values(mask_of(parse_cards("AS AH 2C 3D")))
    (7,)
    """
    cards = cards_of(hand)
    low = sum(NUM[c] for c in cards)
    aces = sum(1 for c in cards if NUM[c] == 1)
    return tuple(low + 13 * k for k in range(aces + 1) if low + 13 * k <= 14) or (low,)


def listed(action: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(used, played)``: the field cards ``action`` takes or uses (loose and
    stockpiled) and the cards it plays from hand, each in the order the move's
    notation lists them (a harvest group by group, a matching build's partners first,
    stockpile cards last). A policy that sums over a move's cards in this order gets
    the same floating-point sums whatever the card numbering.

    >>> from seedbed.core.cards import format_cards, parse_cards, mask_of
    >>> a = encode(Action(HARVEST, parse_cards("5D")[0], 2, loose=mask_of(parse_cards("5C 3H 2D"))))
    >>> used, played = listed(a)
    >>> format_cards(used), format_cards(played)
    ('5C 3H 2D', '5D')
    """
    # The notation knows its own order (it imports this module, so not at the top).
    from .notation import listed_cards

    return listed_cards(action)

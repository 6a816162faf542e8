"""Harvest's public vocabulary: what a policy (or any reader) may know of the rules
without touching a state.

Cards are the ints of :mod:`seedbed.core.cards` (``13 * suit + rank``, suits S H D C,
ranks A 2 .. K; the two Jokers 52 and 53 are identical in play) and card sets are int
bitmasks. Everything here is a constant or a pure function, compiled with the engine.

* **Actions** (:class:`Action`, :func:`decode`, :func:`encode`): one number a
  decision, its meaning fixed by the number alone.
* **Phases** of a seat's go: house, village, action (``PHASE_NAMES``).
* **Fields**: the stage a card needs (:data:`REQUIRED_STAGE`), what a player's fields
  accept (:func:`playable_mask`), their stage and value (:func:`field_stage`,
  :func:`field_value`, :func:`field_score`).
* **Passing**: whom a seat passes to (:func:`pass_receiver`).
* **The compact view** (``state.compact_view(seat)``): the ``CV_*`` indices.

>>> from seedbed.core.cards import parse_card
>>> decode(PLAY + parse_card("QS"))
Action(kind=2, card=11)
>>> play_word(parse_card("QS")), play_word(parse_card("3S"))
('harvest', 'plant')
>>> encode(Action(KIND_ASSIST, parse_card("QD")))
248
"""

from __future__ import annotations

from typing import Final, NamedTuple

from seedbed.core.cards import CARD_NUMBER, JOKER_1, JOKER_2, SUIT_MASKS, popcount

# ``Final`` constants are compiled in by mypyc (no module-dict look-up on the hot path).

# -- cards -------------------------------------------------------------------------
NUM_CARDS: Final = 54
#: Every card, the two Jokers included.
ALL_CARDS: Final = (1 << 54) - 1
#: The two Jokers (card 52 and card 53).
JOKERS: Final = (1 << 52) | (1 << 53)
#: The 52 standard cards.
STANDARD: Final = (1 << 52) - 1
#: The card number an action uses for "a Joker" (either one: they play identically).
JOKER: Final = 52
assert JOKERS == (1 << JOKER_1) | (1 << JOKER_2)
#: Face value of a card for scoring (A=1 .. K=13; Jokers 0).
VALUE: Final[tuple[int, ...]] = CARD_NUMBER
#: A completed field worth more than this scores nothing (ruling 9; three cards are
#: worth 28 at most, so the rule never bites).
FIELD_CAP: Final = 91
#: Bitmask of the J, Q and K of each suit (the harvest cards): end (b) of ruling 8.
HARVEST_CARDS: Final[tuple[int, ...]] = tuple((0b111 << 10) << (13 * s) for s in range(4))
#: The bits of one suit within a card mask (a player's field of that suit).
SUIT_BITS: Final = 0x1FFF
#: Cards dealt to each player at the start of the game; later deals are 6, 4 or 2.
FIRST_DEAL: Final = 7
#: The first deals the ``first_deal`` knob allows (odd, so that hands shrinking by
#: two a turn end a round holding one card; 4 hands of 13 fit the 54 cards).
FIRST_DEALS: Final = (3, 5, 7, 9, 11, 13)

# -- actions -----------------------------------------------------------------------
#: ``HOUSE + c`` keeps card ``c`` face down in the house (``c == 52``: a Joker).
HOUSE: Final = 0
#: ``VILLAGE + c`` puts card ``c`` face up into the village (``c == 52``: a Joker).
VILLAGE: Final = 53
#: ``PLAY + c`` plays ``c`` onto the player's own field of its suit: an A-5 plants,
#: a 6-10 tends, a J-K harvests (the rank decides which, so one range serves all three).
PLAY: Final = 106
#: ``DISCARD + c`` discards one more card to the village (``c == 52``: a Joker).
DISCARD: Final = 158
#: ``ASSIST + v``: a Joker from hand to the village, village card ``v`` played at once.
ASSIST: Final = 211
#: Not a move anyone makes: it stands for another seat's house card in the action
#: list of a resampled state (``house ??``).
HIDDEN_HOUSE: Final = 263
#: Legal actions are ``0 .. NUM_ACTIONS - 1`` (``HIDDEN_HOUSE`` lies beyond).
NUM_ACTIONS: Final = 263

#: Action kinds (the first field of :class:`Action`), in the order of their numbers.
KIND_HOUSE: Final = 0
KIND_VILLAGE: Final = 1
KIND_PLAY: Final = 2
KIND_DISCARD: Final = 3
KIND_ASSIST: Final = 4
KIND_HIDDEN_HOUSE: Final = 5
KIND_NAMES: Final = ("house", "village", "play", "discard", "assistant", "hidden house")
#: The first action number of each kind.
KIND_BASE: Final[tuple[int, ...]] = (HOUSE, VILLAGE, PLAY, DISCARD, ASSIST, HIDDEN_HOUSE)


class Action(NamedTuple):
    """One decision: its ``kind`` (``KIND_*``) and the ``card`` it names: the card
    kept, shown, played or discarded (52 for a Joker), for an assistant the village
    card it takes; ``-1`` for a hidden house card."""

    kind: int
    card: int


def decode(action: int) -> Action:
    """The :class:`Action` of an action number; ``ValueError`` for no action.

    >>> decode(53 + 52)
    Action(kind=1, card=52)
    >>> decode(HIDDEN_HOUSE)
    Action(kind=5, card=-1)
    """
    if action < 0 or action > HIDDEN_HOUSE:
        raise ValueError(f"{action!r} is not a Harvest action (0..{NUM_ACTIONS - 1})")
    if action < VILLAGE:
        return Action(KIND_HOUSE, action - HOUSE)
    if action < PLAY:
        return Action(KIND_VILLAGE, action - VILLAGE)
    if action < DISCARD:
        return Action(KIND_PLAY, action - PLAY)
    if action < ASSIST:
        return Action(KIND_DISCARD, action - DISCARD)
    if action < HIDDEN_HOUSE:
        return Action(KIND_ASSIST, action - ASSIST)
    return Action(KIND_HIDDEN_HOUSE, -1)


def encode(action: Action) -> int:
    """The action number of ``action``: ``decode(encode(x)) == x``; ``ValueError`` if
    the card does not fit the kind (only the house, village and discard take a Joker,
    52; a hidden house card has card -1).

    >>> encode(Action(KIND_DISCARD, 52))
    210
    """
    kind, card = action
    if kind == KIND_HIDDEN_HOUSE:
        if card != -1:
            raise ValueError("a hidden house card names no card (-1)")
        return HIDDEN_HOUSE
    if not 0 <= kind < KIND_HIDDEN_HOUSE:
        raise ValueError(f"{kind!r} is not an action kind (0..{KIND_HIDDEN_HOUSE})")
    top = 51 if kind in (KIND_PLAY, KIND_ASSIST) else 52
    if not 0 <= card <= top:
        raise ValueError(f"a {KIND_NAMES[kind]} action takes a card 0..{top}, not {card!r}")
    return KIND_BASE[kind] + card


def num_actions(players: int) -> int:
    """Largest legal action number + 1, at every player count.

    >>> num_actions(4)
    263
    """
    return NUM_ACTIONS


def action_card(a: int) -> int:
    """The card an action names (for an assistant: the village card taken); quicker
    than ``decode(a).card`` for the engine's hot path."""
    if a < VILLAGE:
        return a - HOUSE
    if a < PLAY:
        return a - VILLAGE
    if a < DISCARD:
        return a - PLAY
    if a < ASSIST:
        return a - DISCARD
    return a - ASSIST


def shown_card(a: int) -> int:
    """The card that leaves the mover's hand face up with action ``a``: the card put
    into the village, played or discarded, 52 for the Joker of an assistant (the
    village card it takes was face up already), or -1 for a house card, which the
    other seats do not see."""
    if a < VILLAGE or a >= NUM_ACTIONS:
        return -1
    return 52 if a >= ASSIST else action_card(a)


# -- phases ------------------------------------------------------------------------
#: A seat's go has three steps; ``PH_OVER`` once the game has ended.
PH_HOUSE: Final = 0
PH_VILLAGE: Final = 1
PH_ACTION: Final = 2
PH_OVER: Final = 3
PHASE_NAMES: Final = ("house", "village", "action", "over")

# -- fields ------------------------------------------------------------------------
#: The stage a field must be at for each card to be played on it: A-5 need no field
#: (stage 0), 6-10 a planted field (1), J-K a tended field (2). Jokers: -1.
REQUIRED_STAGE: Final[tuple[int, ...]] = tuple(
    0 if n <= 5 else 1 if n <= 10 else 2 for n in CARD_NUMBER[:52]
) + (-1, -1)
#: The ranks (bits within a suit) a field at each stage accepts; a full field none.
STAGE_RANKS: Final[tuple[int, ...]] = (0b11111, 0b11111 << 5, 0b111 << 10) + (0,) * 11
STAGE_NAMES: Final = ("empty", "planted", "tended", "harvested")
#: What playing a card onto a field is called, by the stage it needs.
PLAY_WORDS: Final = ("plant", "tend", "harvest")


def play_word(card: int) -> str:
    """``"plant"``, ``"tend"`` or ``"harvest"``: what playing ``card`` does."""
    return PLAY_WORDS[REQUIRED_STAGE[card]]


def playable_mask(fields: int) -> int:
    """The cards that may go onto a player's fields ``fields`` (a card bitmask).

    >>> from seedbed.core.cards import format_cards, parse_cards, mask_of
    >>> format_cards(playable_mask(mask_of(parse_cards("AS 6S"))) & 0x1FFF)
    'JS QS KS'
    """
    out = 0
    for s in range(4):
        stage = popcount((fields >> (13 * s)) & SUIT_BITS)
        out |= STAGE_RANKS[stage] << (13 * s)
    return out


def field_stage(fields: int, suit: int) -> int:
    """0 (no field), 1 planted, 2 tended, 3 harvested (complete)."""
    return popcount(fields & SUIT_MASKS[suit])


def field_value(fields: int, suit: int) -> int:
    """The card values of a player's field of ``suit`` (complete or not)."""
    part = fields & SUIT_MASKS[suit]
    v = 0
    while part:
        low = part & -part
        v += VALUE[low.bit_length() - 1]
        part ^= low
    return v


def field_points(value: int) -> int:
    """What a completed field worth ``value`` scores: ``value``, or nothing above
    :data:`FIELD_CAP` (ruling 9).

    >>> field_points(28), field_points(92)
    (28, 0)
    """
    return value if value <= FIELD_CAP else 0


def field_score(fields: int) -> int:
    """Points of a player's fields: the card values of each completed field.

    >>> from seedbed.core.cards import mask_of, parse_cards
    >>> field_score(mask_of(parse_cards("AS 6S JS 5H TH")))
    18
    """
    total = 0
    for s in range(4):
        part = fields & SUIT_MASKS[s]
        if popcount(part) == 3:
            total += field_points(field_value(fields, s))
    return total


def harvest_cards_played(played: int) -> bool:
    """Whether the J, Q and K of one suit all lie in ``played`` (the cards that count
    as played: those on fields, and in the village too under the default option
    ``"table"``), which ends the game when the turn ends (ruling 8 b).

    >>> from seedbed.core.cards import mask_of, parse_cards
    >>> harvest_cards_played(mask_of(parse_cards("JS QS KH"))), harvest_cards_played(
    ...     mask_of(parse_cards("JS QS KS")))
    (False, True)
    """
    return any(played & hc == hc for hc in HARVEST_CARDS)


def deal_size(cards: int, players: int, largest: int = FIRST_DEAL - 1) -> int:
    """How many cards each player is dealt from ``cards`` in the deck (ruling 6):
    6 if there are 6 a player, else 4, else 2; 0 if not even 2 each (the village is
    then shuffled in, and if it is still 0 the game ends). ``largest`` is one less
    than the first deal (the ``first_deal`` knob): the card kept in the house makes
    the hand whole again.

    >>> [deal_size(d, 2) for d in (12, 11, 8, 7, 4, 3)]
    [6, 4, 4, 2, 2, 0]
    >>> [deal_size(d, 2, largest=8) for d in (16, 15, 12)]
    [8, 6, 6]
    """
    k = largest
    while k >= 2:
        if cards >= k * players:
            return k
        k -= 2
    return 0


def deal_sizes(first_deal: int) -> tuple[int, ...]:
    """The sizes of the deals after the first, largest first (ruling 6).

    >>> deal_sizes(7)
    (6, 4, 2)
    """
    return tuple(range(first_deal - 1, 0, -2))


# -- passing -----------------------------------------------------------------------
#: Pass offsets (receiver = passer + offset) cycling over the passes of the whole
#: game (ruling 5): 2 players to the other; 3 left, right; 4 left, right, across.
PASS_CYCLE: Final[dict[int, tuple[int, ...]]] = {2: (1,), 3: (1, 2), 4: (1, 3, 2)}


def pass_offset(players: int, passes: int) -> int:
    """How many seats clockwise the next pass goes after ``passes`` passes."""
    cycle = PASS_CYCLE[players]
    return cycle[passes % len(cycle)]


def pass_receiver(players: int, passes: int, seat: int) -> int:
    """The seat that receives ``seat``'s hand at the next pass, after ``passes``
    passes in the game.

    >>> [pass_receiver(4, k, 0) for k in range(4)]
    [1, 3, 2, 1]
    >>> pass_receiver(2, 5, 1)
    0
    """
    return (seat + pass_offset(players, passes)) % players


def direction_name(players: int, offset: int) -> str:
    """``"left"``, ``"right"`` or ``"across"`` for a pass ``offset`` seats clockwise."""
    if players == 2:
        return "across"
    if offset == 1:
        return "left"
    if offset == players - 1:
        return "right"
    return "across"


def norm_jokers(mask: int) -> int:
    """A mask with its Jokers written canonically (one Joker is always bit 52)."""
    j = mask & JOKERS
    if j == 1 << JOKER_2:
        return (mask ^ j) | (1 << JOKER_1)
    return mask


# -- the compact view ---------------------------------------------------------------
# ``state.compact_view(seat)``: a flat tuple of ints, equal in every state the seat
# cannot tell apart. Card sets are bitmasks with the Jokers written canonically (one
# Joker is bit 52, two are bits 52 and 53).
#: The phase (``PH_*``).
CV_PHASE: Final = 0
#: The seat to move, -1 once the game is over.
CV_TO_MOVE: Final = 1
#: The number of players.
CV_PLAYERS: Final = 2
#: 1 if the village counts for end (b) (option ``harvest_cards_played="table"``), else 0.
CV_VILLAGE_COUNTS: Final = 3
#: Passes made so far in the game (the next receiver is :func:`pass_receiver`).
CV_PASSES: Final = 4
#: The round (1-based) and the turn within it (1-based).
CV_ROUND: Final = 5
CV_TURN: Final = 6
CV_DEALER: Final = 7
#: Cards left in the deck.
CV_DECK: Final = 8
CV_VILLAGE: Final = 9
#: The seat's own hand and house.
CV_HAND: Final = 10
CV_HOUSE: Final = 11
#: ``CV_FIELDS + q``: seat ``q``'s fields (one entry a seat, ``CV_PLAYERS`` of them).
CV_FIELDS: Final = 12

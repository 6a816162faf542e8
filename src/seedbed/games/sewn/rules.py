"""SEWN's public vocabulary: the numbers, names and rule helpers that anyone may use.

A policy (``seedbed.agents.heuristic.sewn``), a user interface or a test reads the game
through this module and the protocol, never through the engine. Everything here is a
constant or a pure function of its arguments.

Seats 0..3 are South, East, North, West in clockwise order (ruling 1). The Field named
X is seeded by seat X+1, planted by seat X-1 and may be picked only by X or X+2 (ruling
2). Cards are the ints of :mod:`seedbed.core.cards` (``13 * suit + rank``, suits S H D
C, ranks A 2 .. K) and card sets are bitmasks.

Actions (disjoint ranges, so that the notation is a function of the number alone):

=========  ==========================  ==================  ===========================
number     move                        notation            ``decode``
=========  ==========================  ==================  ===========================
0..51      play card c                 ``QS``              ``Action("play", card=c)``
52..103    plant card c = number - 52  ``plant QS``        ``Action("plant", card=c)``
104        Season Winner takes TRUMP   ``take trump``      ``Action("take trump")``
105        ... takes FIRST PICK        ``take first pick`` ``Action("take first pick")``
106..109   name trump S H D C          ``trump S``         ``Action("trump", suit=s)``
110..113   pick Field S E N W          ``pick North``      ``Action("pick", field=f)``
=========  ==========================  ==================  ===========================

>>> decode(52 + 11)
Action(kind='plant', card=11, suit=-1, field=-1)
>>> encode(Action(KIND_PICK, field=NORTH))
112
>>> SEAT_NAMES[planter_of(EAST)], SEAT_NAMES[seeder_of(EAST)], pickers_of(EAST)
('South', 'North', (1, 3))
"""

from __future__ import annotations

from typing import Final, NamedTuple

from seedbed.core.cards import CARD_POWER, CARD_SUIT

# -- seats, rounds, phases ----------------------------------------------------------
SEAT_NAMES: Final = ("South", "East", "North", "West")
#: One letter a seat (and a Field, named after the seats): the position format's.
SEAT_LETTERS: Final = "SENW"
SOUTH: Final = 0
EAST: Final = 1
NORTH: Final = 2
WEST: Final = 3
PLAYERS: Final = 4
#: The rulebook's rounds (the default of the ``rounds`` knob; a game's own is
#: ``game.option("rounds")``).
ROUNDS: Final = 4
#: The most rounds the ``rounds`` knob allows (three times round the Harvest leaders).
MAX_ROUNDS: Final = 12
#: The rulebook's Seed tricks a round (the default of the ``seed_tricks`` knob; a
#: game's own is ``game.option("seed_tricks")``, a state's ``state.seed_count``).
SEED_TRICKS: Final = 6
#: The most Seed tricks the knob allows: each seat is dealt two cards a Seed trick and
#: one for End of Summer, and four deals of 2 x 6 + 1 = 13 use the whole deck.
MAX_SEED_TRICKS: Final = 6
#: The rulebook's Harvest tricks a round: a Field (a Harvest hand) holds two cards a
#: Seed trick, one seeded and one planted (:func:`harvest_tricks`).
HARVEST_TRICKS: Final = 12
#: The rulebook's decisions a round: 24 Seed plays, 24 plants, the privilege, the
#: trump, 4 picks and 48 Harvest plays (End of Summer is automatic;
#: :func:`decisions_per_round`).
DECISIONS_PER_ROUND: Final = 102


def deal_size(seed_tricks: int = SEED_TRICKS) -> int:
    """The cards each seat is dealt: one to play and one to plant a Seed trick, and one
    for End of Summer (13 in the rulebook game; the rest of the deck stays undealt).

    >>> deal_size(), deal_size(3)
    (13, 7)
    """
    return 2 * seed_tricks + 1


def harvest_tricks(seed_tricks: int = SEED_TRICKS) -> int:
    """The Harvest tricks of a round, the size of a Field: a seeded and a planted card
    a Seed trick (12 in the rulebook game, 12 points a round).

    >>> harvest_tricks(), harvest_tricks(1)
    (12, 2)
    """
    return 2 * seed_tricks


def decisions_per_round(seed_tricks: int = SEED_TRICKS) -> int:
    """The decisions of every round: four plays and four plants a Seed trick, the
    privilege, the trump, four picks and four plays a Harvest trick.

    >>> decisions_per_round(), decisions_per_round(1)
    (102, 22)
    """
    return 8 * seed_tricks + 6 + 4 * harvest_tricks(seed_tricks)


#: Who leads the first Harvest trick in rounds 1..4 (ruling 8): South, East, West, North.
#: A game of more rounds goes round the table again (:func:`harvest_leader`).
HARVEST_LEADER: Final = (SOUTH, EAST, WEST, NORTH)


def harvest_leader(round_number: int) -> int:
    """The seat that leads the first Harvest trick of round ``round_number`` (from 1):
    South, East, West, North (ruling 8), then again from South in rounds 5 to 8.

    >>> [SEAT_NAMES[harvest_leader(r)] for r in (1, 4, 5)]
    ['South', 'North', 'South']
    """
    return HARVEST_LEADER[(round_number - 1) % 4]


#: The phases (the engine's ``phase``; ``PHASE_NAMES[phase]`` is its ``phase_name()``).
SEED: Final = 0
PLANT: Final = 1
PRIVILEGE: Final = 2
TRUMP: Final = 3
PICK: Final = 4
HARVEST: Final = 5
OVER: Final = 6
PHASE_NAMES: Final = ("seed", "plant", "privilege", "trump", "pick", "harvest", "over")

# -- actions ------------------------------------------------------------------------
PLANT_BASE: Final = 52
TAKE_TRUMP: Final = 104
TAKE_FIRST_PICK: Final = 105
TRUMP_BASE: Final = 106
PICK_BASE: Final = 110
NUM_ACTIONS: Final = 114

#: The kinds of :class:`Action`, one for each row of the table above.
KIND_PLAY: Final = "play"
KIND_PLANT: Final = "plant"
KIND_TAKE_TRUMP: Final = "take trump"
KIND_TAKE_FIRST_PICK: Final = "take first pick"
KIND_TRUMP: Final = "trump"
KIND_PICK: Final = "pick"
KINDS: Final = (KIND_PLAY, KIND_PLANT, KIND_TAKE_TRUMP, KIND_TAKE_FIRST_PICK, KIND_TRUMP, KIND_PICK)


class Action(NamedTuple):
    """An action number taken apart: its ``kind`` (one of :data:`KINDS`) and the card,
    suit or Field it names (-1 where the kind names none)."""

    kind: str
    card: int = -1
    suit: int = -1
    field: int = -1


def num_actions(players: int = PLAYERS) -> int:
    """The largest action number + 1 (SEWN is for 4 players only)."""
    return NUM_ACTIONS


def decode(action: int) -> Action:
    """The :class:`Action` that number ``action`` stands for; ``ValueError`` if none.

    >>> decode(0), decode(105).kind, decode(108).suit
    (Action(kind='play', card=0, suit=-1, field=-1), 'take first pick', 2)
    """
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"{action} is not a SEWN action (0..{NUM_ACTIONS - 1})")
    if action < PLANT_BASE:
        return Action(KIND_PLAY, action, -1, -1)
    if action < TAKE_TRUMP:
        return Action(KIND_PLANT, action - PLANT_BASE, -1, -1)
    if action == TAKE_TRUMP:
        return Action(KIND_TAKE_TRUMP, -1, -1, -1)
    if action == TAKE_FIRST_PICK:
        return Action(KIND_TAKE_FIRST_PICK, -1, -1, -1)
    if action < PICK_BASE:
        return Action(KIND_TRUMP, -1, action - TRUMP_BASE, -1)
    return Action(KIND_PICK, -1, -1, action - PICK_BASE)


def encode(action: Action) -> int:
    """The number of ``action``; ``ValueError`` if it is no SEWN action.

    >>> encode(Action(KIND_PLAY, card=50)), encode(Action(KIND_TRUMP, suit=3))
    (50, 109)
    >>> all(encode(decode(a)) == a for a in range(NUM_ACTIONS))
    True
    """
    kind, card, suit, field = action
    if kind in (KIND_PLAY, KIND_PLANT) and 0 <= card < 52 and suit == field == -1:
        return card if kind == KIND_PLAY else PLANT_BASE + card
    if kind == KIND_TAKE_TRUMP and card == suit == field == -1:
        return TAKE_TRUMP
    if kind == KIND_TAKE_FIRST_PICK and card == suit == field == -1:
        return TAKE_FIRST_PICK
    if kind == KIND_TRUMP and 0 <= suit < 4 and card == field == -1:
        return TRUMP_BASE + suit
    if kind == KIND_PICK and 0 <= field < 4 and card == suit == -1:
        return PICK_BASE + field
    raise ValueError(f"{action!r} is not a SEWN action")


def action_card(action: int) -> int:
    """The card that a play or plant action (0..103) moves (fast: no :class:`Action`).

    >>> action_card(12), action_card(PLANT_BASE + 12)
    (12, 12)
    """
    return action - PLANT_BASE if action >= PLANT_BASE else action


# -- cards and tricks ---------------------------------------------------------------
# Local Final names for the shared card tables: compiled code reads them as statics.
SUIT: Final = CARD_SUIT
#: Trick-taking power within a suit: 2 lowest (0) .. A highest (12).
POWER: Final = CARD_POWER
#: End of Summer strength of each card: rank first (Ace high), then suit S > H > D > C
#: (ruling 5 and the rulings' note on the Ace).
SUMMER_KEY: Final = tuple(POWER[c] * 4 + 3 - SUIT[c] for c in range(52))


def seed_winner(leader: int, cards: tuple[int, ...]) -> int:
    """The winner of a Seed trick (no trump): the highest card of the led suit.
    ``cards`` in play order from ``leader``.

    >>> from seedbed.core.cards import parse_cards
    >>> SEAT_NAMES[seed_winner(EAST, tuple(parse_cards("9S QS 3S KH")))]
    'North'
    """
    led = SUIT[cards[0]]
    best, power = 0, POWER[cards[0]]
    for i in (1, 2, 3):
        c = cards[i]
        if SUIT[c] == led and POWER[c] > power:
            best, power = i, POWER[c]
    return (leader + best) & 3


def harvest_winner(leader: int, cards: tuple[int, ...], trump: int) -> int:
    """The winner of a Harvest trick: the highest trump, else the highest card of the
    led suit. ``cards`` in play order from ``leader``."""
    led = SUIT[cards[0]]
    best, key = 0, -1
    for i in (0, 1, 2, 3):
        c = cards[i]
        s = SUIT[c]
        k = POWER[c] + 13 if s == trump else (POWER[c] if s == led else -1)
        if k > key:
            best, key = i, k
    return (leader + best) & 3


def summer_order(end_of_summer: tuple[int, ...]) -> list[int]:
    """Seats ranked by their End of Summer card, best first (ruling 5): the first is
    the Season Winner, the second the runner-up.

    >>> from seedbed.core.cards import parse_cards
    >>> [SEAT_NAMES[q] for q in summer_order(tuple(parse_cards("3D JS 8C JH")))]
    ['East', 'West', 'North', 'South']
    """
    return sorted(range(4), key=lambda q: -SUMMER_KEY[end_of_summer[q]])


# -- the Fields ---------------------------------------------------------------------
def seeder_of(field: int) -> int:
    """The seat whose Seed-trick cards go face up onto Field ``field`` (ruling 2)."""
    return (field + 1) & 3


def planter_of(field: int) -> int:
    """The seat that plants face down onto Field ``field`` (ruling 2)."""
    return (field - 1) & 3


def seeded_field(seat: int) -> int:
    """The Field ``seat`` seeds: its left Field, named after the seat before it."""
    return (seat - 1) & 3


def planted_field(seat: int) -> int:
    """The Field ``seat`` plants into: its right Field, named after the seat after it."""
    return (seat + 1) & 3


def pickers_of(field: int) -> tuple[int, int]:
    """The two seats that may pick Field ``field``: its namesake and the seat opposite."""
    return (field, (field + 2) & 3)


def may_pick(seat: int, field: int) -> bool:
    """Whether ``seat`` may ever pick Field ``field`` (ruling 2)."""
    return field == seat or field == (seat + 2) & 3


# -- the compact view ---------------------------------------------------------------
# ``state.compact_view(seat)``: 13 ints, what one seat knows that the fast policy needs
# (card sets as bitmasks). Equal in every state the seat cannot tell apart.
#: The phase number (:data:`SEED` .. :data:`OVER`).
CV_PHASE: Final = 0
#: The trump suit (0..3), -1 before it is named.
CV_TRUMP: Final = 1
#: The seat's hand.
CV_HAND: Final = 2
#: The cards played in this round's Harvest so far, the trick in progress included.
CV_PLAYED: Final = 3
#: The End of Summer cards (0 before they are shown).
CV_END_OF_SUMMER: Final = 4
#: ``CV_KNOWN + f``: the cards the seat knows are in Field ``f``: its face-up seeds, the
#: top card the seat saw at the Pick and every card the seat planted into it.
CV_KNOWN: Final = 5
#: The leader of the trick in progress.
CV_LEADER: Final = 9
#: ``CV_TRICK + k``: the k-th card of the trick in progress in play order (k < 3),
#: -1 where not played yet (a trick is finished at four cards).
CV_TRICK: Final = 10
#: The length of the compact view.
CV_SIZE: Final = 13

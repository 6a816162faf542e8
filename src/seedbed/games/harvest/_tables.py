"""Constants, action numbering and notation of Harvest (a function of the action alone)."""

from __future__ import annotations

from typing import Final

from seedbed.core.cards import CARD_NAMES, CARD_NUMBER, JOKER_1, JOKER_2, SUIT_MASKS

# ``Final`` constants are compiled in by mypyc (no module-dict look-up on the hot path).
NUM_CARDS: Final = 54
ALL_CARDS: Final = (1 << 54) - 1
JOKERS: Final = (1 << 52) | (1 << 53)
STANDARD: Final = (1 << 52) - 1
assert JOKERS == (1 << JOKER_1) | (1 << JOKER_2)

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
#: Shown in place of another player's house card in a determinized history.
HIDDEN_HOUSE: Final = 263
NUM_ACTIONS: Final = 263

# -- phases ------------------------------------------------------------------------
PH_HOUSE: Final = 0
PH_VILLAGE: Final = 1
PH_ACTION: Final = 2
PH_OVER: Final = 3
PHASE_NAMES = ("house", "village", "action", "over")

# -- fields ------------------------------------------------------------------------
#: The stage a field must be at for each card to be played on it: A-5 need no field
#: (stage 0), 6-10 a planted field (1), J-K a tended field (2). Jokers: -1.
REQUIRED_STAGE: tuple[int, ...] = tuple(
    0 if n <= 5 else 1 if n <= 10 else 2 for n in CARD_NUMBER[:52]
) + (-1, -1)
#: The ranks (bits within a suit) a field at each stage accepts; a full field none.
STAGE_RANKS: Final[tuple[int, ...]] = (0b11111, 0b11111 << 5, 0b111 << 10) + (0,) * 11
STAGE_NAMES = ("empty", "planted", "tended", "harvested")
#: Face value of a card for scoring (A=1 .. K=13).
VALUE = CARD_NUMBER
FIELD_CAP = 91
#: Bitmask of J, Q, K of each suit (the harvest cards).
HARVEST_CARDS: tuple[int, ...] = tuple((0b111 << 10) << (13 * s) for s in range(4))


def playable_mask(fields: int) -> int:
    """The cards that may go onto a player's fields ``fields`` (a card bitmask)."""
    out = 0
    for s in range(4):
        stage = ((fields >> (13 * s)) & 0x1FFF).bit_count()
        out |= STAGE_RANKS[stage] << (13 * s)
    return out


def field_stage(fields: int, suit: int) -> int:
    """0 (no field), 1 planted, 2 tended, 3 harvested (complete)."""
    return (fields & SUIT_MASKS[suit]).bit_count()


def field_score(fields: int) -> int:
    """Points of a player's fields: the card values of each completed field, a field
    worth more than 91 counting nothing (which three cards can never reach)."""
    total = 0
    for s in range(4):
        part = fields & SUIT_MASKS[s]
        if part.bit_count() == 3:
            v = 0
            while part:
                low = part & -part
                v += VALUE[low.bit_length() - 1]
                part ^= low
            if v <= FIELD_CAP:
                total += v
    return total


#: Pass offsets (receiver = passer + offset) cycling over the whole game.
PASS_CYCLE: dict[int, tuple[int, ...]] = {2: (1,), 3: (1, 2), 4: (1, 3, 2)}


def direction_name(n: int, offset: int) -> str:
    if n == 2:
        return "across"
    if offset == 1:
        return "left"
    if offset == n - 1:
        return "right"
    return "across"


def _kind(c: int) -> str:
    return ("plant", "tend", "harvest")[REQUIRED_STAGE[c]]


def _build_names() -> tuple[str, ...]:
    names: list[str] = []
    for c in range(53):
        names.append(f"house {CARD_NAMES[c]}")
    for c in range(53):
        names.append(f"village {CARD_NAMES[c]}")
    for c in range(52):
        names.append(f"{_kind(c)} {CARD_NAMES[c]}")
    for c in range(53):
        names.append(f"discard {CARD_NAMES[c]}")
    for c in range(52):
        names.append(f"assistant: JK takes {CARD_NAMES[c]} -> {_kind(c)}")
    names.append("house ??")
    return tuple(names)


#: Notation of every action number (``ACTION_NAMES[a]``).
ACTION_NAMES: tuple[str, ...] = _build_names()
assert len(ACTION_NAMES) == NUM_ACTIONS + 1


def action_card(a: int) -> int:
    """The card an action names (for an assistant: the village card taken)."""
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


def norm_jokers(mask: int) -> int:
    """A mask with its Jokers written canonically (one Joker is always bit 52)."""
    j = mask & JOKERS
    if j == 1 << JOKER_2:
        return (mask ^ j) | (1 << JOKER_1)
    return mask


def names_of(mask: int) -> list[str]:
    """Card names of a mask, ascending (Jokers last, as ``JK``)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARD_NAMES[low.bit_length() - 1])
        mask ^= low
    return out

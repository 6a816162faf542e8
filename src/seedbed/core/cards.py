"""Cards as small ints and card sets as int bitmasks, shared by every game.

A standard card is ``suit * 13 + rank_index`` where ``rank_index`` runs
A=0, 2=1, ..., T=9, J=10, Q=11, K=12 and suits are S=0, H=1, D=2, C=3.
So ``0`` is the ace of spades and ``51`` the king of clubs. The two Jokers
some games use are ``52`` and ``53``. A set of cards is an ``int`` with bit
``c`` set for card ``c``; Python ints make that exact for any size, and
``int.bit_count`` is a fast popcount.

Notation is rank then suit, ``"QS"``, ``"TD"``, ``"AH"``; Jokers are ``"JK"``.
Parsing is forgiving about case, ``10``/``T``, suit symbols and suit-first
order (``"h10"``, ``"♥10"``, ``"10♥"`` all read as ``"TH"``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Final

from seedbed.core.errors import NotationError, quote

Card = int
CardSet = int

# Final: compiled code reads these as constants instead of looking each use up by name.
RANKS: Final = "A23456789TJQK"
SUITS: Final = "SHDC"
SUIT_SYMBOLS: Final = "♠♥♦♣"
SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")
SPADES: Final = 0
HEARTS: Final = 1
DIAMONDS: Final = 2
CLUBS: Final = 3
JOKER_1: Final = 52
JOKER_2: Final = 53
NUM_STANDARD: Final = 52

#: Bitmask of each suit's 13 cards.
SUIT_MASKS: Final[tuple[int, ...]] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
#: Bitmask of all 52 standard cards.
FULL_DECK: Final[CardSet] = (1 << 52) - 1
JOKERS_MASK: Final[CardSet] = (1 << JOKER_1) | (1 << JOKER_2)

# Precomputed per-card tables: the hot paths index these instead of doing arithmetic.
CARD_SUIT: Final[tuple[int, ...]] = tuple(c // 13 for c in range(52)) + (-1, -1)
#: Trick-taking power of each card within its suit, Ace high: 2=0 .. K=11, A=12
#: (Jokers -1).
CARD_POWER: Final[tuple[int, ...]] = tuple((c % 13 - 1) % 13 for c in range(52)) + (-1, -1)
#: Face number of each card: A=1, 2..10, J=11, Q=12, K=13 (Jokers 0).
CARD_NUMBER: Final[tuple[int, ...]] = tuple(c % 13 + 1 for c in range(52)) + (0, 0)
CARD_NAMES: Final[tuple[str, ...]] = tuple(RANKS[c % 13] + SUITS[c // 13] for c in range(52)) + (
    "JK",
    "JK",
)

_ALT_SUITS = {
    "♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C",
}  # fmt: skip
_CARD_RE = re.compile(
    r"^(?:(?P<r1>10|[2-9TJQKA1])(?P<s1>[SHDC])|(?P<s2>[SHDC])(?P<r2>10|[2-9TJQKA]))$"
)


def card(rank: str, suit: str) -> Card:
    """The card with rank letter ``rank`` (``A23456789TJQK``) and suit letter ``suit``."""
    return SUITS.index(suit) * 13 + RANKS.index(rank)


def make_card(suit: int, number: int) -> Card:
    """The card of suit index ``suit`` and face number ``number`` (A=1 .. K=13)."""
    return suit * 13 + number - 1


def card_str(c: Card) -> str:
    """Notation of one card: ``"QS"``, ``"TD"``, ``"JK"``."""
    return CARD_NAMES[c]


def card_symbol(c: Card) -> str:
    """A display form with the suit symbol: ``"Q♠"``, ``"10♦"``."""
    if c >= NUM_STANDARD:
        return "Joker"
    rank = RANKS[c % 13]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[c // 13]


def _normalize_token(text: str) -> str:
    out = text.strip().upper()
    for sym, letter in _ALT_SUITS.items():
        out = out.replace(sym, letter)
    return out


def try_parse_card(text: str) -> Card | None:
    """The card ``text`` names, or ``None`` if it names none. See :func:`parse_card`."""
    token = _normalize_token(text)
    if token in ("JK", "JOKER", "JKR", "*"):
        return JOKER_1
    m = _CARD_RE.match(token)
    if m is None:
        return None
    rank = m.group("r1") or m.group("r2")
    suit = m.group("s1") or m.group("s2")
    if rank == "10":
        rank = "T"
    elif rank == "1":
        rank = "A"
    return card(rank, suit)


def parse_card(text: str) -> Card:
    """Read a card: ``"QS"``, ``"qs"``, ``"10h"``, ``"TH"``, ``"H10"``, ``"Q♠"``, ``"JK"``.

    A Joker reads as :data:`JOKER_1`; games with two Jokers decide which one is meant.
    Raises :class:`NotationError` naming the expected form.
    """
    c = try_parse_card(text)
    if c is None:
        raise NotationError(
            f"{quote(text)} is not a card: write rank then suit, e.g. 'QS', 'TD', '10H', 'A♥'"
        )
    return c


def mask_of(cards: Iterable[Card]) -> CardSet:
    """The bitmask holding ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: CardSet) -> list[Card]:
    """The cards in ``mask`` in ascending order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def iter_cards(mask: CardSet) -> Iterator[Card]:
    """Iterate the cards of ``mask`` in ascending order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def count(mask: CardSet) -> int:
    """Number of cards in ``mask``."""
    return mask.bit_count()


def format_cards(cards: Iterable[Card] | CardSet, sep: str = " ") -> str:
    """Notation of several cards, ``"QS TD 2C"``; accepts a mask or an iterable."""
    seq = cards_of(cards) if isinstance(cards, int) else list(cards)
    return sep.join(CARD_NAMES[c] for c in seq)


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces, commas or ``+``: ``"QS, 10h + 2C"``."""
    tokens = [t for t in re.split(r"[\s,+]+", text.strip()) if t]
    return [parse_card(t) for t in tokens]


#: Text longer than this is no move of any game (the longest notation there can be, a
#: Four Fields harvest of every loose card, stays under 400 characters). It is refused
#: before it is read, so that a megabyte of hostile text costs nothing.
MAX_MOVE_TEXT: Final = 500


def check_move_text(text: object) -> str:
    """``text`` if it may be a move's notation; else :class:`NotationError`.

    Every reader of user-typed moves calls this first (``canonical_card_tokens`` does):
    text longer than :data:`MAX_MOVE_TEXT` is refused at once. What is not a ``str``
    is a caller's bug, not a user's mistake: ``TypeError``, as the compiled build's own
    check of the ``str`` annotation raises before any code runs.
    """
    if not isinstance(text, str):
        raise TypeError(f"a move's notation is a str, not {type(text).__name__}")
    if len(text) > MAX_MOVE_TEXT:
        raise NotationError(
            f"{quote(text)} is too long to be a move (at most {MAX_MOVE_TEXT} characters)"
        )
    return text


def canonical_card_tokens(text: str) -> str:
    """Rewrite every card-like token of ``text`` in canonical ``"QS"`` form, lower-casing
    everything else and normalising spaces, so that notation can be compared forgivingly.

    ``"Harvest f2: 10h + 3♥"`` becomes ``"harvest f2 : TH + 3H"``.
    """
    spaced = re.sub(r"([:+,()\[\]=>]|->)", r" \1 ", check_move_text(text))
    out = []
    for tok in spaced.split():
        c = try_parse_card(tok)
        out.append(CARD_NAMES[c] if c is not None else tok.lower())
    return " ".join(out)

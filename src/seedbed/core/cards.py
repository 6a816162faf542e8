"""Cards as small ints and card sets as int bitmasks, shared by every game.

A standard card is ``suit * 13 + rank_index`` where ``rank_index`` runs
A=0, 2=1, ..., T=9, J=10, Q=11, K=12 and suits are S=0, H=1, D=2, C=3.
So ``0`` is the ace of spades and ``51`` the king of clubs. The two Jokers
some games use are ``52`` and ``53``. A set of cards is an ``int`` with bit
``c`` set for card ``c``; Python ints make that exact for any size, and
``int.bit_count`` is a fast popcount.

Notation is rank then suit, ``"QS"``, ``"TD"``, ``"AH"``; Jokers are ``"JK"``.
Parsing is forgiving about case, ``10``/``T``, suit symbols and suit-first
order (``"h10"``, ``"♥10"``, ``"10♥"`` all read as ``"TH"``). People see one display
form everywhere, ``"10♦"`` (:func:`display_card`, :func:`display_notation`).
"""

from __future__ import annotations

import random
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


def display_card(c: Card | str) -> str:
    """How people see a card in every interface (terminal, web page, logs): the rank
    with ``10`` spelled out and the suit symbol, ``"10♦"``, ``"Q♠"``, ``"Joker"``.

    Takes a card number or its notation (``"TD"``). This is the one display form;
    the notation (``"TD"``) stays what records and the protocol use, and parsing
    accepts both."""
    if isinstance(c, str):
        return display_notation(c)
    return card_symbol(c)


# A card token inside a move's notation: rank and suit letters (or the Joker's
# ``JK``) not glued to other letters or digits, so ``f1`` or ``AC=14``'s ``14`` stay.
_NOTATION_CARD_RE = re.compile(r"(?<![A-Za-z0-9])(?:(10|[2-9TJQKA])([SHDC])|JK)(?![A-Za-z0-9])")


def _display_match(m: re.Match[str]) -> str:
    rank = m.group(1)
    if rank is None:
        return "Joker"
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[SUITS.index(m.group(2))]


def display_notation(text: str) -> str:
    """A move's notation with every card in the display form of :func:`display_card`:
    ``"TS match f3: [6S AS] = 10"`` reads ``"10♠ match f3: [6♠ A♠] = 10"``. Everything
    else is left as it is, and the result still parses as the same move."""
    return _NOTATION_CARD_RE.sub(_display_match, text)


def n_cards(n: int) -> str:
    """``"1 card"``, ``"0 cards"``, ``"12 cards"``."""
    return f"{n} card" if n == 1 else f"{n} cards"


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


#: Byte masks for :func:`popcount` (56 bits: every card mask fits, and mypyc keeps
#: the arithmetic on unboxed machine ints).
_M1: Final = 0x55555555555555
_M2: Final = 0x33333333333333
_M4: Final = 0x0F0F0F0F0F0F0F


def popcount(x: int) -> int:
    """``x.bit_count()``, for compiled hot paths: mypyc calls ``int.bit_count`` as a
    Python method (boxing ``x``), while this stays in C for a card mask
    (``0 <= x < 2**56``); any other int gets the exact count all the same.

    >>> popcount(0b1011), popcount((1 << 54) - 1), popcount(-5)
    (3, 54, 2)
    """
    if x >> 56:  # not a card mask (negative or too wide): the library's count
        return x.bit_count()
    x = x - ((x >> 1) & _M1)
    x = (x & _M2) + ((x >> 2) & _M2)
    x = (x + (x >> 4)) & _M4
    x = x + (x >> 8)
    x = x + (x >> 16)
    x = x + (x >> 32)
    return x & 0x7F


def randbelow(rng: random.Random, size: int) -> int:
    """Exactly ``rng.randrange(size)`` for a plain ``random.Random`` and ``size > 0``
    (CPython's ``_randbelow``: draw ``size.bit_length()`` bits until below ``size``),
    without the interpreted frames of ``random.py``.

    >>> randbelow(random.Random(3), 10) == random.Random(3).randrange(10)
    True
    """
    k = size.bit_length()
    r: int = rng.getrandbits(k)
    while r >= size:
        r = rng.getrandbits(k)
    return r


def shuffle(rng: random.Random, x: list[int]) -> None:
    """Exactly ``rng.shuffle(x)`` for a plain ``random.Random`` (CPython's
    Fisher-Yates with :func:`randbelow`), several times quicker from compiled code:
    deals that must match a seed's ``random.shuffle`` can use it.

    >>> a, b = list(range(10)), list(range(10))
    >>> shuffle(random.Random(5), a); random.Random(5).shuffle(b); a == b
    True
    """
    i = len(x) - 1
    while i > 0:
        j = randbelow(rng, i + 1)
        x[i], x[j] = x[j], x[i]
        i -= 1


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

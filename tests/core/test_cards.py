"""Card notation and bitmask helpers shared by every game."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seedbed.core.cards import (
    CARD_NAMES,
    JOKER_1,
    canonical_card_tokens,
    card,
    card_str,
    card_symbol,
    cards_of,
    format_cards,
    mask_of,
    parse_card,
    parse_cards,
    popcount,
    randbelow,
    shuffle,
)
from seedbed.core.errors import NotationError


def test_card_numbering_is_suit_major_ace_low() -> None:
    assert card("A", "S") == 0
    assert card("K", "C") == 51
    assert card_str(card("Q", "S")) == "QS"
    assert card_str(card("T", "D")) == "TD"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("QS", "QS"),
        ("qs", "QS"),
        ("10h", "TH"),
        ("TH", "TH"),
        ("H10", "TH"),
        ("h10", "TH"),
        ("Q♠", "QS"),
        ("10♥", "TH"),
        ("♦7", "7D"),
        (" ac ", "AC"),
    ],
)
def test_parse_card_is_forgiving(text: str, name: str) -> None:
    assert card_str(parse_card(text)) == name


@pytest.mark.parametrize("text", ["", "Q", "1X", "11S", "QSS", "zz"])
def test_parse_card_rejects_nonsense_with_a_hint(text: str) -> None:
    with pytest.raises(NotationError, match="rank then suit"):
        parse_card(text)


def test_jokers_read_and_print_as_jk() -> None:
    assert parse_card("JK") == JOKER_1
    assert parse_card("joker") == JOKER_1
    assert card_str(52) == card_str(53) == "JK"


def test_symbol_form() -> None:
    assert card_symbol(card("T", "H")) == "10♥"
    assert card_symbol(card("Q", "S")) == "Q♠"


@given(st.sets(st.integers(min_value=0, max_value=51)))
def test_masks_round_trip(cards: set[int]) -> None:
    m = mask_of(cards)
    assert cards_of(m) == sorted(cards)
    assert m.bit_count() == len(cards)
    assert parse_cards(format_cards(m)) == sorted(cards)


@given(st.integers(min_value=0, max_value=51))
def test_every_card_name_parses_back(c: int) -> None:
    assert parse_card(CARD_NAMES[c]) == c
    assert parse_card(CARD_NAMES[c].lower()) == c
    assert parse_card(card_symbol(c)) == c


def test_canonical_tokens_make_notation_comparable() -> None:
    assert canonical_card_tokens("5D Harvest f2: 5c + 3♥ 2D") == canonical_card_tokens(
        "5d harvest F2 : 5C+3H 2d"
    )
    assert canonical_card_tokens("plant 10h") == "plant TH"


def test_shuffle_is_random_shuffle() -> None:
    """The compiled deal shuffle gives exactly ``random.shuffle``'s order and leaves the
    generator where ``random.shuffle`` leaves it (seeded deals depend on it)."""
    for seed in [0, 1, 2**31 - 1, (2**62 - 1) * 1009 + 7, *range(2, 40)]:
        for size in [0, 1, 2, 3, 5, 17, 54, 60]:
            mine = list(range(size))
            theirs = list(range(size))
            a = random.Random(seed)
            b = random.Random(seed)
            shuffle(a, mine)
            b.shuffle(theirs)
            assert mine == theirs
            assert a.getstate() == b.getstate()


def test_randbelow_is_randrange() -> None:
    for seed in range(50):
        a = random.Random(seed)
        b = random.Random(seed)
        for size in (1, 2, 3, 4, 7, 100, 2**40 + 3):
            assert randbelow(a, size) == b.randrange(size)
        assert a.getstate() == b.getstate()


def test_popcount_is_bit_count() -> None:
    rng = random.Random(5)
    values = [0, 1, (1 << 54) - 1, (1 << 56) - 1, 1 << 56, (1 << 70) - 1, -1, -(1 << 60)]
    values += [rng.getrandbits(rng.randrange(1, 60)) for _ in range(2000)]
    for x in values:
        assert popcount(x) == x.bit_count()

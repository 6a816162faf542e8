"""Four Fields notation: written from the number alone, read forgivingly (ruling 4:
the grouping of taken cards is not part of the move)."""

from __future__ import annotations

import pytest

import seedbed
from seedbed.core.errors import NotationError
from seedbed.core.protocol import State
from seedbed.testing.helpers import from_position


def pos(text: str, full: bool = False) -> State:
    return from_position("four_fields", text, players=2, full_harvest=full)


HARVEST_POS = "fields - | - | 5C 3H 2D 9S | - / hands 5D 7C | 4C 6C / summer f2"


@pytest.mark.parametrize(
    "text",
    [
        "5D harvest f2: 5C + 3H 2D",
        "5d harvest f2: 2d 3h + 5c",
        "5♦ HARVEST F2: 3♥ + 2♦ + 5♣",
        "5D harvest f2: 2D 3H 5C",
        "5D harvest field2: 5C, 3H, 2D".replace(",", ""),
    ],
)
def test_any_grouping_and_spelling(text: str) -> None:
    """Ruling 4: groupings of the same taken set are one move; case, suit symbols and
    order do not matter."""
    s = pos(HARVEST_POS)
    a = s.string_to_action(text)
    assert s.action_to_string(a) == "5D harvest f2: 5C + 3H 2D"


def test_notation_is_a_function_of_the_number() -> None:
    """Protocol: ``action_to_string`` needs no state."""
    s = pos(HARVEST_POS)
    other = seedbed.load("four_fields", players=3, full_harvest=True).new_state(1)
    for a in s.legal_actions():
        assert other.action_to_string(a) == s.action_to_string(a)


def test_every_kind_round_trips() -> None:
    """Each kind of move prints and parses back."""
    s = pos("fields 5H 2H 5S AH KD [4H 4D add 8 by 1] | 7D | - | - / hands AS 8D 5D 3C | 2C")
    legal = s.legal_actions()
    kinds = set()
    for a in legal:
        text = s.action_to_string(a)
        kinds.add(text.split()[1])
        assert s.string_to_action(text) == a
        assert s.string_to_action(text.lower()) == a
    assert kinds == {"sow", "harvest", "add", "match"}


def test_full_harvest_notation() -> None:
    """Ruling 8: the four played cards, the field, the taken cards, the turning card."""
    s = pos("fields 7C 5D 2H | - | - | - / hands AS AH 2C 3D | 6C", full=True)
    a = s.string_to_action("AS AH 2C 3D full harvest f0: 5D 2H 7C, AH turns")
    assert s.action_to_string(a) == "3D 2C AS AH full harvest f0: 7C + 5D 2H, AH turns"


def test_bad_notation_is_a_notation_error() -> None:
    """Unreadable or illegal notation raises NotationError saying what is legal."""
    s = pos(HARVEST_POS)
    with pytest.raises(NotationError, match="legal"):
        s.string_to_action("5D harvest f2: 9S")
    with pytest.raises(NotationError):
        s.string_to_action("zz-not-a-move")
    with pytest.raises(NotationError):
        s.string_to_action("5D add f2: 5C = x")


def test_ambiguous_aces_need_naming() -> None:
    """Rulings 3 and 5: two matching builds that differ only in the Aces counted as 14
    are two moves; a text naming none picks the one with no Ace counted 14, if any."""
    s = pos("fields KD AH | - | - | - / hands AS AD 2C | 4C 6C")
    one = s.string_to_action("AS match f0: KD AH = 14, AS=14")
    two = s.string_to_action("AS match f0: KD AH = 14, AH=14")
    assert one != two
    with pytest.raises(NotationError, match="ambiguous"):
        s.string_to_action("AS match f0: KD AH = 14")


def test_illegal_action_numbers() -> None:
    """Garbage numbers are illegal moves with a reason, and leave the state as it was."""
    s = pos(HARVEST_POS)
    before = s.to_json()
    for bad in (-1, 7 << 8, 1 << 200):
        with pytest.raises(ValueError):
            s.apply_action(bad)
    assert s.to_json() == before


def test_stockpile_word_and_missing_value() -> None:
    """The word "stockpile" reads as either kind of build, and "= value" may be left out
    when the cards decide it."""
    s = pos("fields 5H 2H 5S | - | - | - / hands 3C 8D 5D | 4C 6C")
    assert s.action_to_string(s.string_to_action("3C stockpile f0: 5H")) == "3C add f0: 5H = 8"
    assert (
        s.action_to_string(s.string_to_action("3c stockpile f0: 2h 5s"))
        == "3C match f0: 2H + 5S = 5"
    )

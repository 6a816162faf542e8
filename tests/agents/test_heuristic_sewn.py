"""The SEWN heuristic's card play, on hand-made compact views (docs/rules/sewn.md)."""

from __future__ import annotations

import random

from seedbed.agents.heuristic.sewn import choose
from seedbed.core.cards import mask_of, parse_card, parse_cards

HARVEST = 5
PICK = 4
PRIVILEGE = 2
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)


class Seat:
    """An observation with nothing but what the policy reads."""

    def __init__(self, player: int, legal: list[int], compact: tuple[int, ...]) -> None:
        self.player = player
        self._legal = legal
        self._compact = compact

    def legal_actions(self) -> list[int]:
        return list(self._legal)

    def compact_view(self) -> tuple[int, ...]:
        return self._compact


def harvest_seat(
    hand: str, legal: str, trump: int, leader: int, trick: str, played: str = ""
) -> Seat:
    cards = [parse_card(x) for x in trick.split()]
    slots = (cards + [-1, -1, -1])[:3]
    played_mask = mask_of(parse_cards(played)) | mask_of(cards)
    hand_mask = mask_of(parse_cards(hand))
    compact = (HARVEST, trump, hand_mask, played_mask, 0, 0, 0, 0, 0, leader, *slots)
    return Seat((leader + len(cards)) & 3, sorted(parse_cards(legal)), compact)


def test_the_led_suit_is_the_leaders_card() -> None:
    """West led 6H, then South played 5S and East 3S. North, void in hearts and
    without trumps, throws its lowest card: spades were not led (the compact view
    gives the trick in play order; an earlier version read it by seat)."""
    seat = harvest_seat("AS 4S 7S QS", "AS 4S 7S QS", CLUBS, 3, "6H 5S 3S")
    assert choose(seat, random.Random(0)) == parse_card("4S")


def test_last_to_play_wins_as_cheaply_as_it_can() -> None:
    seat = harvest_seat("2S 8S TS KS", "2S 8S TS KS", HEARTS, 1, "9S 3S 4S")
    assert choose(seat, random.Random(0)) == parse_card("TS")


def test_second_hand_ducks_without_a_master() -> None:
    seat = harvest_seat("2S 8S TS", "2S 8S TS", HEARTS, 3, "9S")
    assert choose(seat, random.Random(0)) == parse_card("2S")


def test_void_ruffs_with_the_cheapest_winning_trump() -> None:
    seat = harvest_seat("3H 9H 5D", "3H 9H 5D", HEARTS, 2, "AS 4H")
    assert choose(seat, random.Random(0)) == parse_card("9H")


def test_leader_cashes_a_master_card() -> None:
    """The KD is a master once the AD has been played."""
    seat = harvest_seat("KD 4C 5C 2D", "KD 4C 5C 2D", SPADES, 0, "", played="AD 3D 6D 7D")
    assert choose(seat, random.Random(0)) == parse_card("KD")


def test_leader_without_masters_leads_low_from_the_longest_side_suit() -> None:
    seat = harvest_seat("KD 4C 9C 2H", "KD 4C 9C 2H", SPADES, 0, "")
    assert choose(seat, random.Random(0)) == parse_card("4C")


def test_privilege_takes_first_pick_when_the_fields_differ() -> None:
    south = mask_of(parse_cards("AS KH QD"))  # 9 high-card points
    north = mask_of(parse_cards("2S 3H 4D"))  # none
    compact = (PRIVILEGE, -1, 0, 0, 0, south, 0, north, 0, 0, -1, -1, -1)
    assert choose(Seat(0, [104, 105], compact), random.Random(0)) == 105
    even = (PRIVILEGE, -1, 0, 0, 0, south, 0, south, 0, 0, -1, -1, -1)
    assert choose(Seat(0, [104, 105], even), random.Random(0)) == 104


def test_pick_takes_the_field_strongest_in_trump() -> None:
    south = mask_of(parse_cards("AS KS"))
    north = mask_of(parse_cards("4H 5H 9H TH"))
    compact = (PICK, HEARTS, 0, 0, 0, south, 0, north, 0, 0, -1, -1, -1)
    # South: 4 + 3 high-card points = 7; North: four trumps at 1.5 + 0.15 * power = 9.
    assert choose(Seat(0, [110, 112], compact), random.Random(0)) == 112

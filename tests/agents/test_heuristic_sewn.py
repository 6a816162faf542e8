"""The SEWN heuristic's decisions, on hand-made compact views (the layout of the
``CV_`` indices in seedbed.games.sewn.rules)."""

from __future__ import annotations

import random

import pytest

import seedbed
from seedbed.agents.heuristic import playout_judge_for
from seedbed.agents.heuristic.sewn import (
    INNER_JUDGE_WEIGHTS,
    JUDGE_WEIGHTS,
    NOISY_JUDGE_WEIGHTS,
    NOISY_LEG,
    HarvestJudge,
    choose,
    choose_sharp,
)
from seedbed.core.cards import mask_of, parse_card, parse_cards
from seedbed.games.sewn import rules as R

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)


def compact(**entries: int) -> tuple[int, ...]:
    """A compact view with the named ``CV_`` entries set (the rest 0, the trick -1)."""
    view = [0] * R.CV_SIZE
    view[R.CV_TRUMP] = -1
    view[R.CV_TRICK : R.CV_TRICK + 3] = [-1, -1, -1]
    for name, value in entries.items():
        view[getattr(R, f"CV_{name.upper()}")] = value
    return tuple(view)


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
    view = list(
        compact(
            phase=R.HARVEST,
            trump=trump,
            hand=mask_of(parse_cards(hand)),
            played=mask_of(parse_cards(played)) | mask_of(cards),
            leader=leader,
        )
    )
    view[R.CV_TRICK : R.CV_TRICK + len(cards)] = cards
    return Seat((leader + len(cards)) & 3, sorted(parse_cards(legal)), tuple(view))


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
    privilege = [R.TAKE_TRUMP, R.TAKE_FIRST_PICK]
    view = list(compact(phase=R.PRIVILEGE))
    view[R.CV_KNOWN + R.SOUTH], view[R.CV_KNOWN + R.NORTH] = south, north
    assert choose(Seat(R.SOUTH, privilege, tuple(view)), random.Random(0)) == R.TAKE_FIRST_PICK
    view[R.CV_KNOWN + R.NORTH] = south
    assert choose(Seat(R.SOUTH, privilege, tuple(view)), random.Random(0)) == R.TAKE_TRUMP


def test_pick_takes_the_field_strongest_in_trump() -> None:
    view = list(compact(phase=R.PICK, trump=HEARTS))
    view[R.CV_KNOWN + R.SOUTH] = mask_of(parse_cards("AS KS"))
    view[R.CV_KNOWN + R.NORTH] = mask_of(parse_cards("4H 5H 9H TH"))
    fields = [R.encode(R.Action(R.KIND_PICK, field=f)) for f in (R.SOUTH, R.NORTH)]
    # South: 4 + 3 high-card points = 7; North: four trumps at 1.5 + 0.15 * power = 9.
    assert choose(Seat(R.SOUTH, fields, tuple(view)), random.Random(0)) == fields[1]


def test_seed_phase_keeps_the_strongest_card_for_end_of_summer() -> None:
    """Plays and plants go low (End of Summer order: rank, then S > H > D > C)."""
    hand = parse_cards("AS 2H 2C KD")
    view = compact(phase=R.SEED, hand=mask_of(hand))
    assert choose(Seat(R.SOUTH, sorted(hand), view), random.Random(0)) == parse_card("2C")
    plants = sorted(R.PLANT_BASE + c for c in hand)
    view = compact(phase=R.PLANT, hand=mask_of(hand))
    assert choose(Seat(R.SOUTH, plants, view), random.Random(0)) == R.PLANT_BASE + parse_card("2C")


# -- the sharper policy (heuristic:sharp=1, ismcts:sharp=1) ----------------------


def test_sharp_names_the_trump_its_rivals_fields_lack() -> None:
    """Spades are longest in South's two Fields, but South dealt five spades into its
    rivals' Fields; hearts are a little weaker for South and absent from theirs. The
    plain policy names spades, the sharp one hearts."""
    view = list(compact(phase=R.TRUMP))
    view[R.CV_KNOWN + R.SOUTH] = mask_of(parse_cards("AS KS 9S 4H 9H"))
    view[R.CV_KNOWN + R.NORTH] = mask_of(parse_cards("3S 7H TH"))
    view[R.CV_KNOWN + R.EAST] = mask_of(parse_cards("QS JS 8S 2D"))
    view[R.CV_KNOWN + R.WEST] = mask_of(parse_cards("TS 7S 3D 4C"))
    suits = [R.TRUMP_BASE + s for s in range(4)]
    seat = Seat(R.SOUTH, suits, tuple(view))
    assert choose(seat, random.Random(0)) == R.TRUMP_BASE + SPADES
    assert choose_sharp(seat, random.Random(0)) == R.TRUMP_BASE + HEARTS


def test_sharp_always_takes_first_pick() -> None:
    same = mask_of(parse_cards("AS KH QD"))
    view = list(compact(phase=R.PRIVILEGE))
    view[R.CV_KNOWN + R.SOUTH] = view[R.CV_KNOWN + R.NORTH] = same
    seat = Seat(R.SOUTH, [R.TAKE_TRUMP, R.TAKE_FIRST_PICK], tuple(view))
    assert choose(seat, random.Random(0)) == R.TAKE_TRUMP
    assert choose_sharp(seat, random.Random(0)) == R.TAKE_FIRST_PICK


def test_sharp_draws_the_last_trump_before_cashing_a_side_ace() -> None:
    """Hearts are trump and only the KH is still out. The plain policy cashes the AS
    first (and may see it ruffed); the sharp one draws the KH with its AH."""
    hearts_gone = "QH JH TH 9H 8H 7H 6H 5H 4H 3H"
    seat = harvest_seat("AH 2H AS 3C", "AH 2H AS 3C", HEARTS, 0, "", played=hearts_gone)
    assert choose(seat, random.Random(0)) == parse_card("AS")
    assert choose_sharp(seat, random.Random(0)) == parse_card("AH")
    # With two trumps out against our two it still draws; against three it does not.
    seat = harvest_seat("AH 2H AS 3C", "AH 2H AS 3C", HEARTS, 0, "", played=hearts_gone[3:])
    assert choose_sharp(seat, random.Random(0)) == parse_card("AH")
    seat = harvest_seat("AH 2H AS 3C", "AH 2H AS 3C", HEARTS, 0, "", played=hearts_gone[6:])
    assert choose_sharp(seat, random.Random(0)) == parse_card("AS")


def test_sharp_plays_second_hand_low_without_a_master() -> None:
    """West led 9S; the AS and KS are unseen. The plain policy puts up its QS, the
    sharp one keeps it and plays low (it still wins with a master: the AS)."""
    seat = harvest_seat("2S QS 5D", "2S QS", HEARTS, 3, "9S")
    assert choose(seat, random.Random(0)) == parse_card("QS")
    assert choose_sharp(seat, random.Random(0)) == parse_card("2S")
    seat = harvest_seat("2S AS 5D", "2S AS", HEARTS, 3, "9S")
    assert choose_sharp(seat, random.Random(0)) == parse_card("AS")


def test_the_judge_notes_each_seats_harvest_hand() -> None:
    """At the Harvest's first trick the judge notes, for each seat, its trumps, their
    high-card points, its trump Ace and King, the other suits' points, Aces and Kings,
    its void and singleton side suits, and whether it leads."""
    hands = [
        "AS KS 2S 3S AH KH QH JH 2D 3D 4D 5D",  # South: hearts are trumps
        "5S 6S 7S 8S 9S TS 2H 3H 6D 7D 8D 9D",
        "JS QS 4H 5H 6H 7H 8H 9H TD JD QD KD",
        "4S TH AD 2C 3C 4C 5C 6C 7C 8C 9C TC",
    ]
    views = [
        compact(phase=R.HARVEST, trump=HEARTS, hand=mask_of(parse_cards(h)), leader=R.EAST)
        for h in hands
    ]
    notes = HarvestJudge().note(views)
    assert notes is not None
    # The last note: the Harvest tricks played before the point (none here).
    assert notes[R.SOUTH] == [4, 10, 2, 7, 1, 1, 1, 0, 0.0, 0]
    assert notes[R.EAST] == [2, 0, 0, 0, 0, 0, 1, 0, 1.0, 0]
    assert notes[R.NORTH] == [6, 0, 0, 9, 0, 1, 1, 0, 0.0, 0]
    assert notes[R.WEST][:3] == [1, 0, 0]  # TH
    assert notes[R.WEST][6:8] == [0, 2]  # a spade and a diamond alone


def test_the_judge_notes_only_the_harvests_first_trick() -> None:
    full = mask_of(parse_cards("AS KS 2S 3S AH KH QH JH 2D 3D 4D 5D"))
    seed_phase = [compact(phase=R.SEED, trump=HEARTS, hand=full) for _ in range(4)]
    assert HarvestJudge().note(seed_phase) is None
    short = mask_of(parse_cards("AS KS 2S 3S AH KH QH JH 2D 3D 4D"))
    later = [compact(phase=R.HARVEST, trump=HEARTS, hand=h) for h in (full, short, full, full)]
    assert HarvestJudge().note(later) is None
    # Between the first two tricks: only a judge of the Harvest's first tricks notes.
    between = [compact(phase=R.HARVEST, trump=HEARTS, hand=short) for _ in range(4)]
    assert HarvestJudge().note(between) is None
    assert HarvestJudge(inner=6).note(later) is None  # in the middle of a trick
    notes = HarvestJudge(inner=6).note(between)
    assert notes is not None and [n[9] for n in notes] == [1, 1, 1, 1]
    assert notes[0][:2] == [4, 10]


def test_the_judges_points_in_the_round() -> None:
    """A playout notes the seats at the Harvest's first trick if it starts before it;
    a judge of the Harvest's first tricks (``inner``) also notes, from inside them, at
    the end of the trick in play (a point named in moves before the round's end)."""
    start = 4 * R.HARVEST_TRICKS
    plain, inner = HarvestJudge(), HarvestJudge(inner=3)
    assert [plain.point(left) for left in (100, start, start - 1, 5)] == [start, start, -1, -1]
    points = [inner.point(left) for left in (100, start, start - 1, start - 4, start - 5)]
    assert points == [start, start, start - 4, start - 4, start - 8]
    assert inner.point(start - 12) == start - 12  # between the third and fourth tricks
    assert inner.point(start - 13) == -1  # in the fourth: not judged
    # Its weights: one row a trick, of the same length, the playout's weight growing.
    assert len(inner.weights) == 4 and len(HarvestJudge(inner=99).weights) == 7
    assert [len(w) for w in INNER_JUDGE_WEIGHTS] == [len(JUDGE_WEIGHTS)] * 6
    assert [w[9] for w in inner.weights] == sorted(w[9] for w in inner.weights)
    # The noisy judge was fitted at the Harvest's first trick only.
    assert HarvestJudge(noisy=True, inner=3).point(start - 1) == -1


def test_the_judge_values_are_shares_led_by_the_stronger_hand() -> None:
    """Equal playouts, one hand long in trumps: that seat gets the largest share, and
    the shares add up to one. A seat the fit gives no tricks still gets a little."""
    judge = HarvestJudge()
    plain = [2.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    long_trumps = [6.0, 3.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]
    values = judge.values([long_trumps, plain, plain, plain], [3.0, 3.0, 3.0, 3.0])
    assert sum(values) == pytest.approx(1.0)
    assert values[0] > values[1] == values[2] == values[3]
    empty = [0.0] * 10
    values = judge.values([empty, plain, plain, plain], [0.0, 4.0, 4.0, 4.0])
    assert 0.0 < values[0] < 0.01
    assert len(JUDGE_WEIGHTS) == 11


def test_the_noisy_judge_plays_its_harvest_with_noise_and_its_own_weights() -> None:
    """The noisy form (``ismcts:noisy=1``) asks for a random move a tenth of the time
    in the Harvest and weighs the playout's tricks more (they are the mean of many
    noisy lines in a search); the plain form asks for none."""
    plain = playout_judge_for(seedbed.load("sewn"))
    noisy = playout_judge_for(seedbed.load("sewn"), noisy=True)
    assert isinstance(plain, HarvestJudge) and isinstance(noisy, HarvestJudge)
    assert plain.leg_noise == 0.0 and noisy.leg_noise == NOISY_LEG == 0.1
    assert noisy.weights == [NOISY_JUDGE_WEIGHTS] and plain.weights == [JUDGE_WEIGHTS]
    assert len(NOISY_JUDGE_WEIGHTS) == len(JUDGE_WEIGHTS)
    assert NOISY_JUDGE_WEIGHTS[9] > JUDGE_WEIGHTS[9]
    hand = [6.0, 3.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]
    notes = [hand] * 4
    assert noisy.values(notes, [3.0] * 4) == pytest.approx([0.25] * 4)
    # The same playout lead counts for more in the noisy judge's shares.
    lead = [6.0, 2.0, 2.0, 2.0]
    assert noisy.values(notes, lead)[0] > plain.values(notes, lead)[0]


def test_the_judge_is_for_the_rulebooks_harvest_only() -> None:
    assert isinstance(playout_judge_for(seedbed.load("sewn")), HarvestJudge)
    assert playout_judge_for(seedbed.load("sewn", seed_tricks=3)) is None
    assert playout_judge_for(seedbed.load("sewn", rounds=2)) is not None
    assert playout_judge_for(seedbed.load("sow", players=2)) is None

"""Four Fields rules: every rulebook example and one test per rule and ruling, each set
up from a position (the format is on the rules page).

Sections refer to the Four Fields rulebook; "ruling N" to the numbered rulings of
``docs/rules/four_fields.md``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import seedbed
from seedbed.core.errors import IllegalMoveError
from seedbed.core.protocol import JSON, State
from seedbed.games.four_fields import rules
from seedbed.testing.conformance import random_moves
from seedbed.testing.helpers import from_position, legal_notation, play


def pos(text: str, players: int = 2, full_harvest: bool = False) -> State:
    return from_position("four_fields", text, players=players, full_harvest=full_harvest)


def table(s: State, seat: int | None = None) -> JSON:
    return s.view(seat)["table"]


def seasons(s: State) -> list[str]:
    return [f["season"] for f in table(s)["fields"]]


def stockpiles(s: State, field: int) -> list[dict[str, Any]]:
    return list(table(s)["fields"][field]["stockpiles"])


def sheet_lines(s: State, round_index: int = 0) -> dict[str, list[int]]:
    entry = s.score_sheet(None)["rounds"][round_index]
    return {line["label"]: line["points"] for line in entry["lines"]}


# -- rulebook examples -----------------------------------------------------------------
def test_example_season_turning() -> None:
    """Section "The season square", example: Q of spades sown into the Summer field makes
    it Winter, the opposite field Summer, and swaps Spring and Autumn on the sides."""
    s = pos("hands QS 2C 3C | 4C 5C 6C 7C")
    assert seasons(s) == ["summer", "autumn", "winter", "spring"]
    play(s, "QS sow f0")
    assert seasons(s) == ["winter", "spring", "summer", "autumn"]


def test_example_harvest() -> None:
    """Section "Harvest", example: 5D takes 5C and the group 3H + 2D; 9S stays."""
    s = pos("fields - | - | 5C 3H 2D 9S | - / hands 5D 7C | 4C 6C / summer f2")
    assert "5D harvest f2: 5C + 3H 2D" in legal_notation(s)
    play(s, "5D harvest f2: 5C + 3H 2D")
    assert table(s)["fields"][2]["cards"] == ["9S"]
    assert sorted(table(s)["players"][0]["harvest"]) == ["2D", "3H", "5C", "5D"]


def test_example_stockpile_adding_up() -> None:
    """Section "Stockpile", adding up: holding 3C and 8D, 3C onto 5H is a stockpile of 8."""
    s = pos("fields 5H | - | - | - / hands 3C 8D | 4C 6C")
    assert "3C add f0: 5H = 8" in legal_notation(s)
    play(s, "3C add f0: 5H = 8")
    assert stockpiles(s, 0) == [
        {"cards": ["5H", "3C"], "value": 8, "kind": "adding", "builder": 0, "aces_high": []}
    ]
    assert table(s)["players"][0]["holds_values"] == [8]


def test_example_stockpile_matching() -> None:
    """Section "Stockpile", matching: holding 3C and 5D, 3C with 2H onto 5S makes a
    stockpile of two 5s, value 5."""
    s = pos("fields 2H 5S | - | - | - / hands 3C 5D | 4C 6C")
    assert "3C match f0: 2H + 5S = 5" in legal_notation(s)
    play(s, "3C match f0: 2H + 5S = 5")
    (st,) = stockpiles(s, 0)
    assert st["value"] == 5 and st["kind"] == "matching" and st["builder"] == 0
    assert sorted(st["cards"]) == ["2H", "3C", "5S"]
    assert table(s)["fields"][0]["cards"] == []


def test_example_scoring_three_players() -> None:
    """Section "End of a round and scoring", example: Anna 5, Ben 5, Carla 1."""
    counts = dict(cards=[18, 14, 12], hearts=[5, 6, 2], spades=[7, 4, 2], aces=[2, 1, 1])
    assert rules.round_points(**counts, coins=[1, 2, 0]) == [5, 5, 1]


def test_example_scoring_through_a_round_end() -> None:
    """The scoring example played out: the last card of the round triggers scoring, and
    the score sheet shows the rulebook's breakdown (Carla sows her last card, so she
    ends with 11 cards: still third)."""
    anna = "AS AH 2S 3S 4S 5S 6S KS 2H 3H 4H 5H 2D 3D 4D 5D 6D 7D"
    ben = "AD 7S 8S 9S TS 6H 7H 8H 9H TH JH 9D TD JD"
    carla = "AC JS QS QH KH QD KD 2C 3C 4C 5C"
    s = pos(
        f"fields 7C | - | - | - / hands - | - | 6C / harvests {anna} | {ben} | {carla}"
        " / coins 1 2 0 / rest aside / turn 2",
        players=3,
    )
    play(s, "6C sow f0")  # the round ends; cards left in fields are put aside
    assert sheet_lines(s) == {
        "most cards": [4, 0, 0],
        "most hearts": [0, 2, 0],
        "Aces": [2, 1, 1],
        "coins": [1, 2, 0],
        "most spades": [-2, 0, 0],
        "frost: not below 0": [0, 0, 0],
    }
    assert s.score_sheet(None)["rounds"][0]["points"] == [5, 5, 1]
    assert s.scores() == [5.0, 5.0, 1.0]


# -- the season square (section "The season square", rulings 1 and 2) -------------------
def test_start_seasons_ruling_1() -> None:
    """Ruling 1: at the start of a round field 0 (the dealer's) is Summer, then Autumn,
    Winter, Spring clockwise."""
    s = seedbed.load("four_fields", players=3).new_state(4)
    assert seasons(s) == ["summer", "autumn", "winter", "spring"]


@pytest.mark.parametrize("card", ["JH", "QD", "KS", "AC"])
def test_season_cards_turn_whatever_the_play(card: str) -> None:
    """Ruling 2: a J, Q, K or A played into field f turns that card's suit to f."""
    suit_season = {"H": "summer", "D": "autumn", "S": "winter", "C": "spring"}
    s = pos(f"hands {card} 2C | 4C 6C")
    play(s, f"{card} sow f3")
    assert seasons(s)[3] == suit_season[card[1]]


def test_number_cards_do_not_turn() -> None:
    """Section "The season square": only J, Q, K and A turn the seasons."""
    s = pos("hands 9S 2C | 4C 6C")
    play(s, "9S sow f0")
    assert seasons(s) == ["summer", "autumn", "winter", "spring"]


def test_turn_after_harvest_and_stockpile() -> None:
    """Ruling 2: the turn happens after the play, whatever the play (harvest too)."""
    s = pos("fields KH | - | - | - / hands KS 2C | 4C 6C")
    play(s, "KS harvest f0: KH")
    assert seasons(s)[0] == "winter"
    s = pos("fields 2H | - | - | - / hands JD KC | 4C 6C")
    play(s, "JD add f0: 2H = 13")
    assert seasons(s)[0] == "autumn"


def test_season_before_the_turn_decides() -> None:
    """Ruling 2: the season before the turn counts. KS may harvest in a Summer field
    (it becomes Winter only after); KH may not harvest in a Winter field."""
    m = legal_notation(pos("fields KD | - | KC | - / hands KS KH | 4C 6C"))
    assert "KS harvest f0: KD" in m
    assert "KH harvest f2: KC" not in m


def test_season_cards_dealt_from_pile_do_not_turn() -> None:
    """Section "The season square": a season card dealt into a field from the draw pile
    (reseeding) turns nothing."""
    s = pos("fields 5C | - | - | - / hands 5D 7C | 4C 6C / pile 2S 3S 4S KH QS JD 8C")
    play(s, "5D harvest f0: 5C")
    # Drew 2S 3S 4S, then reseeded KH QS JD.
    assert sorted(table(s)["fields"][0]["cards"]) == ["JD", "KH", "QS"]
    assert seasons(s) == ["summer", "autumn", "winter", "spring"]


# -- the three plays (section "Playing a turn") ----------------------------------------
def test_no_sowing_in_autumn() -> None:
    """Section "Sow": not allowed in Autumn (field 1 at the start)."""
    m = legal_notation(pos("hands 5D 7C | 4C 6C"))
    assert "5D sow f1" not in m
    assert {"5D sow f0", "5D sow f2", "5D sow f3"} <= set(m)


def test_no_harvest_in_winter() -> None:
    """Section "Harvest": not allowed in Winter."""
    m = legal_notation(pos("fields 5C | 5H | 5S | 7S / hands 5D 7C | 4C 6C"))
    assert "5D harvest f2: 5S" not in m
    assert {"5D harvest f0: 5C", "5D harvest f1: 5H", "7C harvest f3: 7S"} <= set(m)


def test_no_stockpile_in_spring() -> None:
    """Section "Stockpile": not allowed in Spring."""
    m = legal_notation(pos("fields 5H | - | 5S | 5D / hands 3C 8D | 4C 6C"))
    assert "3C add f3: 5D = 8" not in m
    assert {"3C add f0: 5H = 8", "3C add f2: 5S = 8"} <= set(m)


def test_always_a_legal_play() -> None:
    """Section "Every turn is possible": sowing is possible in three fields."""
    assert len([m for m in legal_notation(pos("hands 5D | 4C 6C")) if "sow" in m]) == 3


def test_harvest_any_selection_ruling_4() -> None:
    """Ruling 4: any non-empty selection of equal cards and groups, each card once;
    groupings of one set are one move."""
    s = pos("fields 5C 3H 2D 9S 4S AH | - | - | - / hands 5D 7C | 4C 6C")
    m = {x for x in legal_notation(s) if x.startswith("5D harvest")}
    taken = {frozenset(x.split(": ")[1].replace("+ ", "").split()) for x in m}
    assert len(taken) == len(m)  # one move per taken set
    assert frozenset({"5C"}) in taken
    assert frozenset({"3H", "2D"}) in taken
    assert frozenset({"4S", "AH"}) in taken
    assert frozenset({"5C", "3H", "2D", "4S", "AH"}) in taken
    assert frozenset({"5C", "3H", "2D"}) in taken
    assert not any("9S" in t for t in taken)
    # 3H 2D and 4S AH are both groups of 5: five cards, three groups.
    assert len(taken) == 7


def test_harvest_must_take_something() -> None:
    """Ruling 4: a harvest takes at least one card or stockpile."""
    s = pos("fields 9S | - | - | - / hands 5D 7C | 4C 6C")
    assert not [m for m in legal_notation(s) if "harvest" in m]


def test_stockpile_taken_whole_by_equal_card_only() -> None:
    """Section "Harvest" and ruling 4: a stockpile is harvested only whole, alone, by a
    card of exactly its value; it is never part of a sum group."""
    s = pos("fields 2S [5H 3C add 8 by 1] | - | - | - / hands 8D TC 2H | 4C 6C")
    m = legal_notation(s)
    assert "8D harvest f0: [5H 3C]" in m
    assert not any(x.startswith("TC harvest") for x in m)  # 8 + 2 is not a group of 10
    assert "2H harvest f0: 2S" in m
    play(s, "8D harvest f0: [5H 3C]")
    assert stockpiles(s, 0) == []
    assert sorted(table(s)["players"][0]["harvest"]) == ["3C", "5H", "8D"]


def test_harvest_stockpile_and_loose_together() -> None:
    """Ruling 4: loose cards and a stockpile of the value may be taken together."""
    s = pos("fields 8S 6H 2D [5H 3C add 8 by 1] | - | - | - / hands 8D 2C | 4C 6C")
    assert "8D harvest f0: 8S + 6H 2D + [5H 3C]" in legal_notation(s)


def test_ace_harvests_as_1_or_14() -> None:
    """Section "The cards" and ruling 3: an Ace harvests as 1 or as 14, and a loose Ace
    counts 1 or 14."""
    m = legal_notation(pos("fields AH 9C 5D KD | - | - | - / hands AS 2C | 4C 6C"))
    assert "AS harvest f0: AH" in m  # 1 takes 1 (or 14 takes 14)
    assert "AS harvest f0: 9C 5D" in m  # as 14
    assert "AS harvest f0: KD AH" in m  # as 14, with the loose Ace counting 1
    assert "AS harvest f0: AH + 9C 5D" in m  # as 14: AH alone counts 14
    assert "9S harvest f0: 8H AD" in legal_notation(
        pos("fields 8H AD | - | - | - / hands 9S 2C | 4C 6C")
    )


# -- stockpiles (section "Stockpile", ruling 5) -----------------------------------------
def test_stockpile_needs_a_kept_card() -> None:
    """Ruling 5: the builder keeps a card of the stockpile's value after playing."""
    m = legal_notation(pos("fields 5H | - | - | - / hands 3C 7D | 4C 6C"))
    assert not [x for x in m if " add " in x or " match " in x]
    # The played card itself does not count as the kept card.
    assert "8C match f0: 8H = 8" not in legal_notation(
        pos("fields 8H | - | - | - / hands 8C 2D | 4C 6C")
    )
    assert "8C match f0: 8H = 8" in legal_notation(
        pos("fields 8H | - | - | - / hands 8C 8D | 4C 6C")
    )


def test_stockpile_value_at_most_14_and_ace_kept_as_14() -> None:
    """Ruling 5: values never exceed 14; a kept Ace counts 1 or 14."""
    m = legal_notation(pos("fields 5H 6H | - | - | - / hands 9C AD KS | 4C 6C"))
    assert "9C add f0: 5H = 14" in m
    assert not any("= 15" in x or "= 20" in x for x in m)
    assert "KS add f0: 6H = 19" not in m


def test_adding_up_needs_a_field_card() -> None:
    """Ruling 5, adding up: the played card plus at least one loose field card."""
    assert not [m for m in legal_notation(pos("hands 3C 3D | 4C 6C")) if " add " in m]


def test_raise_adding_up_stockpile() -> None:
    """Section "Stockpile" and ruling 5: an adding-up stockpile may be raised to a value
    the builder holds, by a card and possibly more loose cards; anybody may raise it."""
    s = pos("fields 2D [5H 3C add 8 by 1] | - | - | - / hands 2S TC QD | 4C 6C")
    m = legal_notation(s)
    assert "2S add f0: [5H 3C] = 10" in m
    assert "2S add f0: [5H 3C] 2D = 12" in m
    play(s, "2S add f0: [5H 3C] 2D = 12")
    (st,) = stockpiles(s, 0)
    assert st["value"] == 12 and st["builder"] == 0 and st["kind"] == "adding"
    assert table(s)["fields"][0]["cards"] == []


def test_matching_stockpile_cannot_be_raised() -> None:
    """Section "Stockpile" and ruling 5: a matching stockpile can never be raised."""
    s = pos("fields [5H 5C match 5 by 1] | - | - | - / hands 2S TC | 4C 6C")
    assert not [m for m in legal_notation(s) if " add " in m]


def test_add_to_matching_stockpile() -> None:
    """Ruling 5: adding a card or group of its value to a matching stockpile is a
    matching build."""
    s = pos("fields 2D [5H 5C match 5 by 1] | - | - | - / hands 5S 5D 3C | 4C 6C")
    m = legal_notation(s)
    assert "5S match f0: [5H 5C] = 5" in m
    assert "3C match f0: 2D + [5H 5C] = 5" in m
    play(s, "3C match f0: 2D + [5H 5C] = 5")
    (st,) = stockpiles(s, 0)
    assert st["value"] == 5 and st["builder"] == 0 and len(st["cards"]) == 4


def test_two_stockpiles_never_merge_into_adding_up() -> None:
    """Ruling 5: two existing stockpiles are never merged into an adding-up stockpile."""
    s = pos("fields [2H 2C add 4 by 1] [2D AC add 3 by 1] | - | - | - / hands 2S 9C 6D | 4C 6C")
    m = [x for x in legal_notation(s) if " add " in x]
    # 6D raises [2D AC] to 9 and 2S raises [2H 2C] to 6, but 2S never makes 4 + 3 + 2.
    assert sorted(m) == ["2S add f0: [2H 2C] = 6", "6D add f0: [2D AC] = 9"]


def test_matching_needs_another_item() -> None:
    """Ruling 5, matching: the played group is put with at least one more item."""
    s = pos("fields 2H | - | - | - / hands 3C 5D | 4C 6C")
    assert not [m for m in legal_notation(s) if " match " in m]


def test_stockpile_remembers_aces() -> None:
    """Rulings 3 and 5: whoever builds with an Ace chooses 1 or 14, per Ace, and the
    stockpile remembers it."""
    s = pos("fields KD AH | - | - | - / hands AS AD 2C | 4C 6C")
    m = legal_notation(s)
    assert "AS match f0: KD AH = 14, AS=14" in m  # AS alone counts 14
    assert "AS match f0: KD + AH = 14, AH=14" in m  # AS with KD, AH alone counts 14
    play(s, "AS match f0: KD AH = 14, AS=14")
    (st,) = stockpiles(s, 0)
    assert st["aces_high"] == ["AS"] and st["value"] == 14
    assert "[AS AH KD match 14 by 0 AS=14]" in s.position()


def test_stockpile_kind_and_builder() -> None:
    """Ruling 5 and our ruling 13: a stockpile records its kind (adding or matching) and
    its builder, the last player who built on it."""
    s = pos("fields 5H 2H 5S | - | - | - / hands 3C 8D 5D | 4C 6C 8C")
    play(s, "3C add f0: 5H = 8")
    assert [(st["kind"], st["builder"]) for st in stockpiles(s, 0)] == [("adding", 0)]
    s = pos("fields 5H 2H 5S | - | - | - / hands 3C 8D 5D | 4C 6C")
    play(s, "3C match f0: 2H + 5S = 5")
    assert [(st["kind"], st["builder"]) for st in stockpiles(s, 0)] == [("matching", 0)]
    s = pos("fields 2D [5H 3C add 8 by 0] | - | - | - / hands 9C | 2S TC / turn 1")
    play(s, "2S add f0: [5H 3C] = 10")
    assert [(st["kind"], st["builder"]) for st in stockpiles(s, 0)] == [("adding", 1)]


# -- drawing and turns (section "Drawing up", "Setup") ----------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_uneven_first_deal(players: int) -> None:
    """Section "Setup": 3 cards in each field, 4 per hand but 3 for the player left of
    the dealer, who plays first; one coin per player; the rest is the draw pile."""
    s = seedbed.load("four_fields", players=players).new_state(11)
    v = table(s)
    first = (v["dealer"] + 1) % players
    assert s.current_player() == first
    assert all(len(f["cards"]) == 3 for f in v["fields"])
    sizes = [p["hand_size"] for p in v["players"]]
    assert sizes[first] == 3 and sum(sizes) == 4 * players - 1
    assert v["draw_pile"] == 52 - 12 - (4 * players - 1)
    assert v["coins_on_square"] == players


def test_draw_up_to_four() -> None:
    """Section "Drawing up": after the play, draw until holding 4 again."""
    s = pos("hands 5D 7C 9C | 4C 6C 8C 2S / pile KC QC JC TC")
    pile = table(s)["draw_pile"]
    play(s, "5D sow f0")
    assert sorted(table(s, 0)["hand"]) == ["7C", "9C", "KC", "QC"]
    assert table(s)["draw_pile"] == pile - 2


def test_empty_pile_keep_playing_and_skip_empty_hands() -> None:
    """Section "Drawing up": when the pile is out, keep playing your cards; a player with
    no card left is passed over (the round ends when all hands are empty)."""
    s = pos("hands 5D 7C | 4C | 6C 8C / rest aside", players=3)
    for card, next_seat in (("5D", 1), ("4C", 2), ("6C", 0), ("7C", 2)):  # seat 1 is out
        play(s, f"{card} sow f0")
        assert s.current_player() == next_seat
    assert table(s)["round"] == 1
    play(s, "8C sow f0")
    assert table(s)["round"] == 2  # everybody has played all cards: a new round was dealt
    assert s.actors() == [0, 1, 2, 0, 2]


# -- clearing a field (section "Clearing a field", ruling 6) ----------------------------
def test_clearing_draw_then_coin_then_reseed() -> None:
    """Ruling 6: draw up first, take a coin, then reseed 3 cards from the pile."""
    s = pos("fields 5C | - | - | - / hands 5D 7C | 4C 6C / pile 2S 3S 4S 9H 9D 9C 8S")
    play(s, "5D harvest f0: 5C")
    assert sorted(table(s, 0)["hand"]) == ["2S", "3S", "4S", "7C"]
    assert table(s)["players"][0]["coins"] == 1
    assert table(s)["coins_on_square"] == 1
    assert sorted(table(s)["fields"][0]["cards"]) == ["9C", "9D", "9H"]


def test_clearing_without_coin_at_start_does_not_reseed() -> None:
    """Ruling 6: no coin on the square at the turn's start: no coin and no reseeding."""
    s = pos("fields 5C | - | - | - / hands 5D 7C | 4C 6C / coins 1 1")
    play(s, "5D harvest f0: 5C")
    assert table(s)["players"][0]["coins"] == 1
    assert table(s)["fields"][0]["cards"] == []


def test_clearing_with_short_pile_takes_coin_only() -> None:
    """Ruling 6: a coin is taken, but fewer than 3 cards in the pile after drawing up
    means the field stays empty."""
    s = pos("fields 5C | - | - | - / hands 5D | 4C 6C / pile 2S 3S 4S 9H 9D 8S / rest aside")
    play(s, "5D harvest f0: 5C")
    assert table(s)["players"][0]["coins"] == 1
    assert table(s)["fields"][0]["cards"] == []
    assert table(s)["draw_pile"] == 2


def test_not_cleared_while_a_stockpile_remains() -> None:
    """Section "Clearing a field": the field is cleared only when its last card is taken;
    a stockpile left there is a card (cards) still in the field."""
    s = pos("fields 5C [5H 3C add 8 by 1] | - | - | - / hands 5D 7C | 4C 6C")
    play(s, "5D harvest f0: 5C")
    assert table(s)["players"][0]["coins"] == 0


# -- scoring and the game end (section "End of a round", "Winning", ruling 7) -----------
def test_scoring_ties_go_to_more_coins() -> None:
    """Ruling 7: ties for most cards / hearts go to the tied player with more coins."""
    assert rules.round_points([10, 10], [3, 3], [0, 0], [0, 0], [1, 0]) == [1 + 4 + 2, 0]


def test_scoring_spade_tie_hits_fewer_coins() -> None:
    """Ruling 7: a tie for most spades costs the tied player with fewer coins 2."""
    assert rules.round_points([10, 9], [0, 0], [4, 4], [0, 0], [1, 0]) == [1 + 4, -2]


def test_scoring_ties_with_tied_coins_score_nothing() -> None:
    """Ruling 7: tied counts and tied coins: nobody gets (or loses) those points."""
    assert rules.round_points([10, 10, 5], [2, 2, 0], [3, 3, 0], [1, 0, 0], [1, 1, 0]) == [2, 1, 0]


def test_scoring_a_count_of_zero_wins_nothing() -> None:
    """Our ruling 11: "most hearts" or "most spades" needs at least one such card."""
    assert rules.round_points([5, 5], [0, 0], [0, 0], [0, 0], [2, 0]) == [2 + 4, 0]


def test_frost_never_below_zero() -> None:
    """Ruling 7: frost never takes a running total below 0; the score sheet shows what
    it could not take."""
    s = pos("hands - | 5C / harvests 2S 3S 4S | 2H 3H 4H 5H AD / scores 1 0 / turn 1 / rest aside")
    play(s, "5C sow f0")
    lines = sheet_lines(s)
    assert lines["most spades"] == [-2, 0]
    assert lines["frost: not below 0"] == [1, 0]
    assert s.score_sheet(None)["rounds"][0]["points"] == [-1, 1 + 4 + 2]
    assert s.scores()[0] == 0.0


def test_next_round_dealer_and_reset() -> None:
    """Section "End of a round": the player left of the dealer deals next; coins go back
    and the square turns Summer to the new dealer's field (field 0)."""
    s = pos("hands - | KS / harvests 2S | 2H / coins 1 0 / turn 1 / dealer 0 / rest aside")
    play(s, "KS sow f0")  # turns the square; then the round ends
    v = table(s)
    assert v["dealer"] == 1 and v["round"] == 2
    assert s.current_player() == 0
    assert v["coins_on_square"] == 2
    assert seasons(s) == ["summer", "autumn", "winter", "spring"]


def test_game_ends_at_17() -> None:
    """Ruling 7: the game ends after the round in which somebody reaches 17."""
    # seat 0: 3 Aces + most cards 4 - most spades 2 = 5 -> 17 (hearts tie: nobody)
    s = pos("hands - | 5C / harvests AS AH AD | 2H / scores 12 3 / turn 1 / rest aside")
    play(s, "5C sow f0")
    assert s.is_terminal() and s.phase_name() == "over"
    assert s.scores() == [17.0, 3.0]
    assert s.winners() == [0]
    assert s.returns() == [1.0, 0.0]
    with pytest.raises(IllegalMoveError):
        s.apply_action(0)


def test_game_continues_below_17() -> None:
    """Ruling 7: below 17 a new round starts."""
    s = pos("hands - | 5C / harvests AS | 2H / scores 10 3 / turn 1 / rest aside")
    play(s, "5C sow f0")
    assert not s.is_terminal() and s.phase_name() == "play"


def _final(scores: str, coins: str, harvests: str) -> State:
    """Seat 1 sows its last card; then the round is scored."""
    text = f"hands - | 5C / harvests {harvests} / coins {coins} / scores {scores} / turn 1"
    return pos(text + " / rest aside")


def test_winner_tie_break_more_coins() -> None:
    """Section "Winning the game": tied totals: more coins in the last round wins."""
    # seat 0: 2 coins -> 17; seat 1: most cards 4 -> 17.
    s = _final("15 13", "2 0", "2D | 3D 4D")
    play(s, "5C sow f0")
    assert s.scores() == [17.0, 17.0]
    assert s.winners() == [0]


def test_winner_tie_break_more_aces() -> None:
    """Section "Winning the game": totals and coins tied: more Aces in the last round."""
    # seat 0: Ace 1 + coin 1 + most hearts 2 -> 17 (cards tie, coins tie: nobody);
    # seat 1: coin 1 -> 17.
    s = _final("13 16", "1 1", "AH 2D | 3D 4D")
    play(s, "5C sow f0")
    assert s.scores() == [17.0, 17.0]
    assert s.winners() == [0]


def test_winner_shared() -> None:
    """Section "Winning the game": still tied: the victory is shared."""
    s = _final("16 16", "1 1", "2D | 3D")
    play(s, "5C sow f0")
    assert s.scores() == [17.0, 17.0]
    assert s.winners() == [0, 1]
    assert s.returns() == [0.5, 0.5]


@pytest.mark.parametrize(
    ("coins", "harvests", "winners"),
    [("0 1", "AS AH AD | -", [1]), ("1 1", "AS | -", [0]), ("1 1", "2S | 2H", [0, 1])],
)
def test_winners_of_a_finished_position(coins: str, harvests: str, winners: list[int]) -> None:
    """Section "Winning the game": the tie-break reads the last round's coins, then its
    Aces, still on the table when the game is over."""
    s = pos(
        f"hands - | - / harvests {harvests} / coins {coins} / scores 20 20 / turn - / rest aside"
    )
    assert s.is_terminal()
    assert s.winners() == winners


# -- the full harvest variant (section "Variants", ruling 8) ----------------------------
def test_full_harvest_off_by_default() -> None:
    """Ruling 8: the variant is an option, off by default."""
    assert seedbed.load("four_fields").option("full_harvest") is False
    s = pos("fields TS 9C | - | - | - / hands 2C 3D 4H 5S | 6C")
    assert not [m for m in legal_notation(s) if "full" in m]


def test_full_harvest_whole_hand_matches_a_loose_card() -> None:
    """Ruling 8: four cards totalling the value of one loose card harvest as one card
    of that total."""
    s = pos(
        "fields KS 9C 5C 4D 8H 6S | - | - | - / hands 2C 3D 2H 2S | 6C / pile 7C 7D 7H 7S",
        full_harvest=True,
    )
    m = legal_notation(s)
    assert "3D 2S 2H 2C full harvest f0: 9C + 5C 4D" in m
    assert "3D 2S 2H 2C full harvest f0: 9C" in m
    assert not any("full harvest f0: KS" in x for x in m)
    play(s, "3D 2S 2H 2C full harvest f0: 9C + 5C 4D")
    assert len(table(s, 0)["players"][0]["harvest"]) == 7
    assert sorted(table(s, 0)["hand"]) == ["7C", "7D", "7H", "7S"]


def test_full_harvest_needs_a_loose_card_of_the_total() -> None:
    """Ruling 8: the total must equal the value of a loose card in the field."""
    s = pos("fields 8H 6S | - | - | - / hands 2C 3D 4H 5S | 6C", full_harvest=True)
    assert not [m for m in legal_notation(s) if "full" in m]


def test_full_harvest_only_with_four_cards_not_in_winter() -> None:
    """Ruling 8: exactly four cards (the whole hand); not in Winter."""
    s = pos("fields 9C | - | - | - / hands 2C 3D 4H | 6C", full_harvest=True)
    assert not [m for m in legal_notation(s) if "full" in m]
    s = pos("fields - | - | 9C 5C 4D | - / hands 2C 3D 4H 5S | 6C", full_harvest=True)
    assert not [m for m in legal_notation(s) if "full" in m]


def test_full_harvest_aces_and_turning_card() -> None:
    """Ruling 8: Aces count 1 or 14 in the total; with several season cards, the player
    names the one that turns the seasons."""
    # 1 + 2 + 3 + 12 = 18 (or 31 with the Ace as 14): no loose card has that value.
    s = pos("fields AD 9C | - | - | - / hands AS 2C 3D QH | 6C", full_harvest=True)
    assert not [x for x in legal_notation(s) if "full" in x]
    # A + 2 + 3 + 8 = 14 with the Ace as 1; a loose Ace counts 14.
    s = pos("fields AD | - | - | - / hands AS 2C 3D 8D | 6C", full_harvest=True)
    assert "8D 3D 2C AS full harvest f0: AD, AS turns" in legal_notation(s)
    s = pos("fields 7C 5D 2H | - | - | - / hands AS AH 2C 3D | 6C", full_harvest=True)
    m = {x for x in legal_notation(s) if "full" in x}
    assert "3D 2C AS AH full harvest f0: 7C + 5D 2H, AS turns" in m
    assert "3D 2C AS AH full harvest f0: 7C + 5D 2H, AH turns" in m
    play(s, "3D 2C AS AH full harvest f0: 7C, AS turns")
    assert seasons(s)[0] == "winter"


# -- designers' statistics ---------------------------------------------------------------
def test_rule_counts_follow_the_moves() -> None:
    """Designers' statistics: every move is counted once by kind, season turns by the
    J/Q/K/A played, and coins taken match the coins of the score sheet."""
    state = seedbed.load("four_fields", players=3).new_state(11)
    random_moves(state, random.Random(2))
    counts = state.rule_counts()
    kinds = ("sow", "harvest", "add", "match", "full harvest")
    assert sum(counts[k] for k in kinds) == state.move_number()
    turns = sum(1 for m in state.history() if m[0] in "JQKA")
    assert counts["season turn"] == turns
    rounds = state.score_sheet(None)["rounds"]
    assert counts["rounds"] == len(rounds)
    coins = [line for r in rounds for line in r["lines"] if line["label"] == "coins"]
    assert counts["coin taken"] == sum(sum(line["points"]) for line in coins)
    # A reseed needs a coin on the square at the start of the turn, so a coin was taken.
    assert counts["reseed"] <= counts["coin taken"]

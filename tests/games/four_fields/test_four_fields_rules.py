"""Four Fields rules: every rulebook example and one test per rule and ruling.

Sections refer to ``four-fields.txt``; "ruling N" to the Four Fields part of RULINGS.md.
"""

from __future__ import annotations

from typing import Any

import pytest

import seedbed
from seedbed.core.errors import IllegalMoveError
from seedbed.games.four_fields import FourFieldsGame, FourFieldsState, round_points
from seedbed.games.four_fields._tables import ADD, MATCH
from seedbed.testing.conformance import random_moves


def pos(players: int = 2, full_harvest: bool = False, **kw: Any) -> FourFieldsState:
    game = seedbed.load("four_fields", players=players, full_harvest=full_harvest)
    assert isinstance(game, FourFieldsGame)
    return FourFieldsState.from_position(game, **kw)


def moves(s: FourFieldsState) -> set[str]:
    return {s.action_to_string(a) for a in s.legal_actions()}


def play(s: FourFieldsState, text: str) -> None:
    s.apply_action(s.string_to_action(text))


def seasons(s: FourFieldsState) -> list[str]:
    return [f["season"] for f in s.view(None)["fields"]]


# -- rulebook examples -----------------------------------------------------------------
def test_example_season_turning() -> None:
    """Section "The season square", example: Q of spades sown into the Summer field makes
    it Winter, the opposite field Summer, and swaps Spring and Autumn on the sides."""
    s = pos(hands=["QS 2C 3C", "4C 5C 6C 7C"], summer=0)
    assert seasons(s) == ["summer", "autumn", "winter", "spring"]
    play(s, "QS sow f0")
    assert seasons(s) == ["winter", "spring", "summer", "autumn"]


def test_example_harvest() -> None:
    """Section "Harvest", example: 5D takes 5C and the group 3H + 2D; 9S stays."""
    s = pos(hands=["5D 7C", "4C 6C"], fields=["", "", "5C 3H 2D 9S", ""], summer=2)
    assert "5D harvest f2: 5C + 3H 2D" in moves(s)
    play(s, "5D harvest f2: 5C + 3H 2D")
    v = s.view(0)
    assert v["fields"][2]["cards"] == ["9S"]
    assert sorted(v["players"][0]["harvest"]) == sorted(["5D", "5C", "3H", "2D"])
    assert v["players"][0]["harvest_size"] == 4


def test_example_stockpile_adding_up() -> None:
    """Section "Stockpile", adding up: holding 3C and 8D, 3C onto 5H is a stockpile of 8."""
    s = pos(hands=["3C 8D", "4C 6C"], fields=["5H", "", "", ""])
    assert "3C add f0: 5H = 8" in moves(s)
    play(s, "3C add f0: 5H = 8")
    (st,) = s.view(None)["fields"][0]["stockpiles"]
    assert st == {
        "cards": ["5H", "3C"],
        "value": 8,
        "kind": "adding",
        "builder": 0,
        "aces_high": [],
    }
    assert s.view(None)["players"][0]["holds_values"] == [8]


def test_example_stockpile_matching() -> None:
    """Section "Stockpile", matching: holding 3C and 5D, 3C with 2H onto 5S makes a
    stockpile of two 5s, value 5."""
    s = pos(hands=["3C 5D", "4C 6C"], fields=["2H 5S", "", "", ""])
    assert "3C match f0: 2H + 5S = 5" in moves(s)
    play(s, "3C match f0: 2H + 5S = 5")
    (st,) = s.view(None)["fields"][0]["stockpiles"]
    assert st["value"] == 5 and st["kind"] == "matching"
    assert sorted(st["cards"]) == ["2H", "3C", "5S"]
    assert s.view(None)["fields"][0]["cards"] == []


def test_example_scoring_three_players() -> None:
    """Section "End of a round and scoring", example: Anna 5, Ben 5, Carla 1."""
    pts = round_points(
        cards=[18, 14, 12], hearts=[5, 6, 2], spades=[7, 4, 2], aces=[2, 1, 1], coins=[1, 2, 0]
    )
    assert pts == [5, 5, 1]


def test_example_scoring_through_a_round_end() -> None:
    """The scoring example played out: the last card of the round triggers scoring."""
    # Anna: 18 cards, 5 hearts, 7 spades, 2 Aces; Ben: 14, 6 hearts, 4 spades, 1 Ace;
    # Carla: 12, 2 hearts, 2 spades, 1 Ace. Carla's last card is sown to end the round.
    anna = "AS AH 2S 3S 4S 5S 6S KS 2H 3H 4H 5H 2D 3D 4D 5D 6D 7D"
    ben = "AD 7S 8S 9S TS 6H 7H 8H 9H TH JH 9D TD JD"
    carla = "AC JS QS QH KH QD KD 2C 3C 4C 5C"  # 11 + the 6C she will harvest
    s = pos(
        players=3,
        hands=["", "", "6C"],
        fields=["7C", "", "", ""],
        harvested=[anna, ben, carla],
        coins=[1, 2, 0],
        to_play=2,
        pile="",
    )
    play(s, "6C sow f0")  # the round ends; cards left in fields are put aside
    rnd = s.view(None)["rounds"][0]["players"]
    assert [r["cards"] for r in rnd] == [18, 14, 11]
    assert [r["points"] for r in rnd] == [5, 5, 1]


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
    s = pos(hands=[f"{card} 2C", "4C 6C"], fields=["", "", "", ""], summer=0)
    play(s, f"{card} sow f3")
    assert seasons(s)[3] == suit_season[card[1]]


def test_number_cards_do_not_turn() -> None:
    """Section "The season square": only J, Q, K and A turn the seasons."""
    s = pos(hands=["9S 2C", "4C 6C"], fields=["", "", "", ""], summer=0)
    play(s, "9S sow f0")
    assert seasons(s) == ["summer", "autumn", "winter", "spring"]


def test_turn_after_harvest_and_stockpile() -> None:
    """Ruling 2: the turn happens after the play, whatever the play (harvest too)."""
    s = pos(hands=["KS 2C", "4C 6C"], fields=["KH", "", "", ""], summer=0)
    play(s, "KS harvest f0: KH")
    assert seasons(s)[0] == "winter"
    s = pos(hands=["JD KC", "4C 6C"], fields=["2H", "", "", ""], summer=0)
    play(s, "JD add f0: 2H = 13")
    assert seasons(s)[0] == "autumn"


def test_season_before_the_turn_decides() -> None:
    """Ruling 2: the season before the turn counts. KS may harvest in a Summer field
    (it becomes Winter only after); KH may not harvest in a Winter field."""
    s = pos(hands=["KS KH", "4C 6C"], fields=["KD", "", "KC", ""], summer=0)
    m = moves(s)
    assert "KS harvest f0: KD" in m
    assert "KH harvest f2: KC" not in m


def test_season_cards_dealt_from_pile_do_not_turn() -> None:
    """Section "The season square": a season card dealt into a field from the draw pile
    (reseeding) turns nothing."""
    s = pos(hands=["5D 7C", "4C 6C"], fields=["5C", "", "", ""], pile="2S 3S 4S KH QS JD 8C")
    play(s, "5D harvest f0: 5C")
    # Drew 2S 3S 4S, then reseeded KH QS JD.
    assert sorted(s.view(None)["fields"][0]["cards"]) == ["JD", "KH", "QS"]
    assert seasons(s) == ["summer", "autumn", "winter", "spring"]


# -- the three plays (section "Playing a turn") ----------------------------------------
def test_no_sowing_in_autumn() -> None:
    """Section "Sow": not allowed in Autumn (field 1 at the start)."""
    s = pos(hands=["5D 7C", "4C 6C"])
    m = moves(s)
    assert "5D sow f1" not in m
    assert {"5D sow f0", "5D sow f2", "5D sow f3"} <= m


def test_no_harvest_in_winter() -> None:
    """Section "Harvest": not allowed in Winter."""
    s = pos(hands=["5D 7C", "4C 6C"], fields=["5C", "5H", "5S", "7S"])
    m = moves(s)
    assert "5D harvest f2: 5S" not in m
    assert {"5D harvest f0: 5C", "5D harvest f1: 5H", "7C harvest f3: 7S"} <= m


def test_no_stockpile_in_spring() -> None:
    """Section "Stockpile": not allowed in Spring."""
    s = pos(hands=["3C 8D", "4C 6C"], fields=["5H", "", "5S", "5D"])
    m = moves(s)
    assert "3C add f3: 5D = 8" not in m
    assert {"3C add f0: 5H = 8", "3C add f2: 5S = 8"} <= m


def test_always_a_legal_play() -> None:
    """Section "Every turn is possible": sowing is possible in three fields."""
    s = pos(hands=["5D", "4C 6C"])
    assert len([m for m in moves(s) if "sow" in m]) == 3


def test_harvest_any_selection_ruling_4() -> None:
    """Ruling 4: any non-empty selection of equal cards and groups, each card once;
    groupings of one set are one move."""
    s = pos(hands=["5D 7C", "4C 6C"], fields=["5C 3H 2D 9S 4S AH", "", "", ""])
    m = {x for x in moves(s) if x.startswith("5D harvest")}
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
    s = pos(hands=["5D 7C", "4C 6C"], fields=["9S", "", "", ""])
    assert not [m for m in moves(s) if "harvest" in m]


def test_stockpile_taken_whole_by_equal_card_only() -> None:
    """Section "Harvest" and ruling 4: a stockpile is harvested only whole, alone, by a
    card of exactly its value; it is never part of a sum group."""
    s = pos(
        hands=["8D TC 2H", "4C 6C"],
        fields=["2S", "", "", ""],
        stockpiles=[(0, "5H 3C", 8, "add", 1)],
    )
    m = moves(s)
    assert "8D harvest f0: [5H 3C]" in m
    assert not any(x.startswith("TC harvest") for x in m)  # 8 + 2 is not a group of 10
    assert "2H harvest f0: 2S" in m
    play(s, "8D harvest f0: [5H 3C]")
    assert s.view(None)["fields"][0]["stockpiles"] == []
    assert sorted(s.view(None)["players"][0]["harvest"]) == ["3C", "5H", "8D"]


def test_harvest_stockpile_and_loose_together() -> None:
    """Ruling 4: loose cards and a stockpile of the value may be taken together."""
    s = pos(
        hands=["8D 2C", "4C 6C"],
        fields=["8S 6H 2D", "", "", ""],
        stockpiles=[(0, "5H 3C", 8, "add", 1)],
    )
    assert "8D harvest f0: 8S + 6H 2D + [5H 3C]" in moves(s)


def test_ace_harvests_as_1_or_14() -> None:
    """Section "The cards" and ruling 3: an Ace harvests as 1 or as 14, and a loose Ace
    counts 1 or 14."""
    s = pos(hands=["AS 2C", "4C 6C"], fields=["AH 9C 5D KD", "", "", ""])
    m = moves(s)
    assert "AS harvest f0: AH" in m  # 1 takes 1 (or 14 takes 14)
    assert "AS harvest f0: 9C 5D" in m  # as 14
    assert "AS harvest f0: KD AH" in m  # as 14, with the loose Ace counting 1
    assert "AS harvest f0: AH + 9C 5D" in m  # as 14: AH alone counts 14
    s = pos(hands=["9S 2C", "4C 6C"], fields=["8H AD", "", "", ""])
    assert "9S harvest f0: 8H AD" in moves(s)


# -- stockpiles (section "Stockpile", ruling 5) -----------------------------------------
def test_stockpile_needs_a_kept_card() -> None:
    """Ruling 5: the builder keeps a card of the stockpile's value after playing."""
    s = pos(hands=["3C 7D", "4C 6C"], fields=["5H", "", "", ""])
    assert not [m for m in moves(s) if " add " in m or " match " in m]
    # The played card itself does not count as the kept card.
    s = pos(hands=["8C 2D", "4C 6C"], fields=["8H", "", "", ""])
    assert "8C match f0: 8H = 8" not in moves(s)
    s = pos(hands=["8C 8D", "4C 6C"], fields=["8H", "", "", ""])
    assert "8C match f0: 8H = 8" in moves(s)


def test_stockpile_value_at_most_14_and_ace_kept_as_14() -> None:
    """Ruling 5: values never exceed 14; a kept Ace counts 1 or 14."""
    s = pos(hands=["9C AD KS", "4C 6C"], fields=["5H 6H", "", "", ""])
    m = moves(s)
    assert "9C add f0: 5H = 14" in m
    assert not any("= 15" in x or "= 20" in x for x in m)
    assert "KS add f0: 6H = 19" not in m


def test_adding_up_needs_a_field_card() -> None:
    """Ruling 5, adding up: the played card plus at least one loose field card."""
    s = pos(hands=["3C 3D", "4C 6C"], fields=["", "", "", ""])
    assert not [m for m in moves(s) if " add " in m]


def test_raise_adding_up_stockpile() -> None:
    """Section "Stockpile" and ruling 5: an adding-up stockpile may be raised to a value
    the builder holds, by a card and possibly more loose cards; anybody may raise it."""
    s = pos(
        hands=["2S TC QD", "4C 6C"],
        fields=["2D", "", "", ""],
        stockpiles=[(0, "5H 3C", 8, "add", 1)],
    )
    m = moves(s)
    assert "2S add f0: [5H 3C] = 10" in m
    assert "2S add f0: [5H 3C] 2D = 12" in m
    play(s, "2S add f0: [5H 3C] 2D = 12")
    (st,) = s.view(None)["fields"][0]["stockpiles"]
    assert st["value"] == 12 and st["builder"] == 0 and st["kind"] == "adding"
    assert s.view(None)["fields"][0]["cards"] == []


def test_matching_stockpile_cannot_be_raised() -> None:
    """Section "Stockpile" and ruling 5: a matching stockpile can never be raised."""
    s = pos(
        hands=["2S TC", "4C 6C"],
        fields=["", "", "", ""],
        stockpiles=[(0, "5H 5C", 5, "match", 1)],
    )
    assert not [m for m in moves(s) if " add " in m]


def test_add_to_matching_stockpile() -> None:
    """Ruling 5: adding a card or group of its value to a matching stockpile is a
    matching build."""
    s = pos(
        hands=["5S 5D 3C", "4C 6C"],
        fields=["2D", "", "", ""],
        stockpiles=[(0, "5H 5C", 5, "match", 1)],
    )
    m = moves(s)
    assert "5S match f0: [5H 5C] = 5" in m
    assert "3C match f0: 2D + [5H 5C] = 5" in m
    play(s, "3C match f0: 2D + [5H 5C] = 5")
    (st,) = s.view(None)["fields"][0]["stockpiles"]
    assert st["value"] == 5 and st["builder"] == 0 and len(st["cards"]) == 4


def test_two_stockpiles_never_merge_into_adding_up() -> None:
    """Ruling 5: two existing stockpiles are never merged into an adding-up stockpile."""
    s = pos(
        hands=["2S 9C", "4C 6C"],
        fields=["", "", "", ""],
        stockpiles=[(0, "2H 2C", 4, "add", 1), (0, "2D AC", 3, "add", 1)],
    )
    m = [x for x in moves(s) if " add " in x]
    assert all(x.count("[") == 1 for x in m)
    assert "2S add f0: [2H 2C] [2D AC] = 9" not in m


def test_matching_needs_another_item() -> None:
    """Ruling 5, matching: the played group is put with at least one more item."""
    s = pos(hands=["3C 5D", "4C 6C"], fields=["2H", "", "", ""])
    assert not [m for m in moves(s) if " match " in m]


def test_stockpile_remembers_aces() -> None:
    """Rulings 3 and 5: whoever builds with an Ace chooses 1 or 14, per Ace, and the
    stockpile remembers it."""
    s = pos(hands=["AS AD 2C", "4C 6C"], fields=["KD AH", "", "", ""])
    m = moves(s)
    assert "AS match f0: KD AH = 14, AS=14" in m  # AS alone counts 14
    assert "AS match f0: KD + AH = 14, AH=14" in m  # AS with KD, AH alone counts 14
    play(s, "AS match f0: KD AH = 14, AS=14")
    (st,) = s.view(None)["fields"][0]["stockpiles"]
    assert st["aces_high"] == ["AS"] and st["value"] == 14
    s.check_invariants()


def test_stockpile_kinds_in_state() -> None:
    """The stockpile tuple records its kind (adding or matching) and builder."""
    s = pos(hands=["3C 8D 5D", "4C 6C"], fields=["5H 2H 5S", "", "", ""])
    play(s, "3C add f0: 5H = 8")
    assert s._stocks[0][0][2] == ADD and s._stocks[0][0][3] == 0
    s = pos(hands=["3C 8D 5D", "4C 6C"], fields=["5H 2H 5S", "", "", ""])
    play(s, "3C match f0: 2H + 5S = 5")
    assert s._stocks[0][0][2] == MATCH


# -- drawing and turns (section "Drawing up", "Setup") ----------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_uneven_first_deal(players: int) -> None:
    """Section "Setup": 3 cards in each field, 4 per hand but 3 for the player left of
    the dealer, who plays first; one coin per player; the rest is the draw pile."""
    s = seedbed.load("four_fields", players=players).new_state(11)
    v = s.view(None)
    first = (v["dealer"] + 1) % players
    assert v["to_play"] == first
    assert all(len(f["cards"]) == 3 for f in v["fields"])
    sizes = [p["hand_size"] for p in v["players"]]
    assert sizes[first] == 3 and sum(sizes) == 4 * players - 1
    assert v["draw_pile"] == 52 - 12 - (4 * players - 1)
    assert v["coins_on_square"] == players


def test_draw_up_to_four() -> None:
    """Section "Drawing up": after the play, draw until holding 4 again."""
    s = pos(hands=["5D 7C 9C", "4C 6C 8C 2S"], pile="KC QC JC TC")
    play(s, "5D sow f0")
    assert sorted(s.view(0)["hand"]) == ["7C", "9C", "KC", "QC"]
    assert s.view(None)["draw_pile"] == 2


def test_empty_pile_keep_playing_and_skip_empty_hands() -> None:
    """Section "Drawing up": when the pile is out, keep playing your cards; a player with
    no card left is passed over (the round ends when all hands are empty)."""
    s = pos(players=3, hands=["5D 7C", "4C", "6C 8C"], pile="")
    play(s, "5D sow f0")
    assert s.current_player() == 1
    play(s, "4C sow f0")
    assert s.current_player() == 2
    play(s, "6C sow f0")
    assert s.current_player() == 0
    play(s, "7C sow f0")
    assert s.current_player() == 2  # seat 1 has no card
    assert s._round == 0
    play(s, "8C sow f0")
    assert s._round == 1  # everybody has played all cards: a new round was dealt


# -- clearing a field (section "Clearing a field", ruling 6) ----------------------------
def test_clearing_draw_then_coin_then_reseed() -> None:
    """Ruling 6: draw up first, take a coin, then reseed 3 cards from the pile."""
    s = pos(hands=["5D 7C", "4C 6C"], fields=["5C", "", "", ""], pile="2S 3S 4S 9H 9D 9C 8S")
    play(s, "5D harvest f0: 5C")
    assert sorted(s.view(0)["hand"]) == ["2S", "3S", "4S", "7C"]
    assert s.view(None)["players"][0]["coins"] == 1
    assert s.view(None)["coins_on_square"] == 1
    assert sorted(s.view(None)["fields"][0]["cards"]) == ["9C", "9D", "9H"]


def test_clearing_without_coin_at_start_does_not_reseed() -> None:
    """Ruling 6: no coin on the square at the turn's start: no coin and no reseeding."""
    s = pos(hands=["5D 7C", "4C 6C"], fields=["5C", "", "", ""], coins=[1, 1])
    play(s, "5D harvest f0: 5C")
    assert s.view(None)["players"][0]["coins"] == 1
    assert s.view(None)["fields"][0]["cards"] == []


def test_clearing_with_short_pile_takes_coin_only() -> None:
    """Ruling 6: a coin is taken, but fewer than 3 cards in the pile after drawing up
    means the field stays empty."""
    s = pos(hands=["5D 7C", "4C 6C"], fields=["5C", "", "", ""], pile="2S 3S 4S 9H 9D")
    play(s, "5D harvest f0: 5C")
    assert s.view(None)["players"][0]["coins"] == 1
    assert s.view(None)["fields"][0]["cards"] == []
    assert s.view(None)["draw_pile"] == 2


def test_not_cleared_while_a_stockpile_remains() -> None:
    """Section "Clearing a field": the field is cleared only when its last card is taken;
    a stockpile left there is a card (cards) still in the field."""
    s = pos(
        hands=["5D 7C", "4C 6C"],
        fields=["5C", "", "", ""],
        stockpiles=[(0, "5H 3C", 8, "add", 1)],
    )
    play(s, "5D harvest f0: 5C")
    assert s.view(None)["players"][0]["coins"] == 0


# -- scoring and the game end (section "End of a round", "Winning", ruling 7) -----------
def test_scoring_ties_go_to_more_coins() -> None:
    """Ruling 7: ties for most cards / hearts go to the tied player with more coins."""
    assert round_points([10, 10], [3, 3], [0, 0], [0, 0], [1, 0]) == [1 + 4 + 2, 0]


def test_scoring_spade_tie_hits_fewer_coins() -> None:
    """Ruling 7: a tie for most spades costs the tied player with fewer coins 2."""
    assert round_points([10, 9], [0, 0], [4, 4], [0, 0], [1, 0]) == [1 + 4, -2]


def test_scoring_ties_with_tied_coins_score_nothing() -> None:
    """Ruling 7: tied counts and tied coins: nobody gets (or loses) those points."""
    assert round_points([10, 10, 5], [2, 2, 0], [3, 3, 0], [1, 0, 0], [1, 1, 0]) == [2, 1, 0]


def test_scoring_a_count_of_zero_wins_nothing() -> None:
    """Our ruling: "most hearts" or "most spades" needs at least one such card."""
    assert round_points([5, 5], [0, 0], [0, 0], [0, 0], [2, 0]) == [2 + 4, 0]


def test_frost_never_below_zero() -> None:
    """Ruling 7: frost never takes a running total below 0."""
    s = pos(
        hands=["", "5C"],
        fields=["", "", "", ""],
        harvested=["2S 3S 4S", "2H 3H 4H 5H AD"],
        to_play=1,
        pile="",
        totals=[1, 0],
    )
    play(s, "5C sow f0")
    rnd = s.view(None)["rounds"][0]["players"]
    assert rnd[0]["points"] == -2
    assert s.scores()[0] == 0.0


def test_next_round_dealer_and_reset() -> None:
    """Section "End of a round": the player left of the dealer deals next; coins go back
    and the square turns Summer to the new dealer's field (field 0)."""
    s = pos(
        hands=["", "KS"],
        fields=["", "", "", ""],
        harvested=["2S", "2H"],
        coins=[1, 0],
        to_play=1,
        dealer=0,
        pile="",
    )
    play(s, "KS sow f0")  # turns the square; then the round ends
    v = s.view(None)
    assert v["dealer"] == 1 and v["round"] == 2
    assert v["to_play"] == 0
    assert v["coins_on_square"] == 2
    assert seasons(s) == ["summer", "autumn", "winter", "spring"]


def test_game_ends_at_17() -> None:
    """Ruling 7: the game ends after the round in which somebody reaches 17."""
    s = pos(hands=["", "5C"], harvested=["AS AH AD", "2H"], to_play=1, pile="", totals=[12, 3])
    # seat 0: 3 Aces + most cards 4 - most spades 2 = 5 -> 17 (hearts tie: nobody)
    play(s, "5C sow f0")
    assert s.is_terminal()
    assert s.scores() == [17.0, 3.0]
    assert s.winners() == [0]
    assert s.returns() == [1.0, 0.0]
    with pytest.raises(IllegalMoveError):
        s.apply_action(0)


def test_game_continues_below_17() -> None:
    """Ruling 7: below 17 a new round starts."""
    s = pos(hands=["", "5C"], harvested=["AS", "2H"], to_play=1, pile="", totals=[10, 3])
    play(s, "5C sow f0")
    assert not s.is_terminal()


def _final(totals: list[int], coins: list[int], harvested: list[str]) -> FourFieldsState:
    """Seat 1 sows its last card; then the round is scored."""
    return pos(
        hands=["", "5C"],
        harvested=harvested,
        coins=coins,
        coins_on_square=0,
        to_play=1,
        pile="",
        totals=totals,
    )


def test_winner_tie_break_more_coins() -> None:
    """Section "Winning the game": tied totals: more coins in the last round wins."""
    # seat 0: 2 coins -> 17; seat 1: most cards 4 -> 17.
    s = _final([15, 13], [2, 0], ["2D", "3D 4D"])
    play(s, "5C sow f0")
    assert s.scores() == [17.0, 17.0]
    assert s.winners() == [0]


def test_winner_tie_break_more_aces() -> None:
    """Section "Winning the game": totals and coins tied: more Aces in the last round."""
    # seat 0: Ace 1 + coin 1 + most hearts 2 -> 17 (cards tie, coins tie: nobody);
    # seat 1: coin 1 -> 17.
    s = _final([13, 16], [1, 1], ["AH 2D", "3D 4D"])
    play(s, "5C sow f0")
    assert s.scores() == [17.0, 17.0]
    assert s.winners() == [0]


def test_winner_shared() -> None:
    """Section "Winning the game": still tied: the victory is shared."""
    s = _final([16, 16], [1, 1], ["2D", "3D"])
    play(s, "5C sow f0")
    assert s.scores() == [17.0, 17.0]
    assert s.winners() == [0, 1]
    assert s.returns() == [0.5, 0.5]


def test_winners_tie_break_helper() -> None:
    """Section "Winning the game": the tie-break reads the last round's coins and Aces."""
    s = _final([13, 14], [1, 2], ["AS AH AD", ""])
    play(s, "5C sow f0")
    # seat 0: 3 aces + 1 coin + 4 (most cards 4 vs 1) = 8 -> 21; seat 1: 2 -> 16
    assert s.winners() == [0]
    s._totals = [20, 20]
    assert s.winners() == [1]  # more coins in the last round (2 vs 1)
    s._rounds = (s._rounds[0][:1] + ((4, 0, 0, 3, 1, 8, 20), (1, 0, 0, 0, 1, 2, 20)),)
    assert s.winners() == [0]  # coins tied, more Aces
    s._rounds = (s._rounds[0][:1] + ((4, 0, 0, 0, 1, 8, 20), (1, 0, 0, 0, 1, 2, 20)),)
    assert s.winners() == [0, 1]  # shared
    assert s.returns() == [0.5, 0.5]


# -- the full harvest variant (section "Variants", ruling 8) ----------------------------
def test_full_harvest_off_by_default() -> None:
    """Ruling 8: the variant is an option, off by default."""
    assert seedbed.load("four_fields").option("full_harvest") is False
    s = pos(hands=["2C 3D 4H 5S", "6C"], fields=["TS 9C", "", "", ""])
    assert not [m for m in moves(s) if "full" in m]


def test_full_harvest_whole_hand_matches_a_loose_card() -> None:
    """Ruling 8: four cards totalling the value of one loose card harvest as one card
    of that total."""
    s = pos(
        full_harvest=True,
        hands=["2C 3D 2H 2S", "6C"],
        fields=["KS 9C 5C 4D 8H 6S", "", "", ""],
        pile="7C 7D 7H 7S",
    )
    m = moves(s)
    assert "3D 2S 2H 2C full harvest f0: 9C + 5C 4D" in m
    assert "3D 2S 2H 2C full harvest f0: 9C" in m
    assert not any("full harvest f0: KS" in x for x in m)
    play(s, "3D 2S 2H 2C full harvest f0: 9C + 5C 4D")
    assert len(s.view(0)["players"][0]["harvest"]) == 7
    assert sorted(s.view(0)["hand"]) == ["7C", "7D", "7H", "7S"]


def test_full_harvest_needs_a_loose_card_of_the_total() -> None:
    """Ruling 8: the total must equal the value of a loose card in the field."""
    s = pos(full_harvest=True, hands=["2C 3D 4H 5S", "6C"], fields=["8H 6S", "", "", ""])
    assert not [m for m in moves(s) if "full" in m]


def test_full_harvest_only_with_four_cards_not_in_winter() -> None:
    """Ruling 8: exactly four cards (the whole hand); not in Winter."""
    s = pos(full_harvest=True, hands=["2C 3D 4H", "6C"], fields=["9C", "", "", ""])
    assert not [m for m in moves(s) if "full" in m]
    s = pos(full_harvest=True, hands=["2C 3D 4H 5S", "6C"], fields=["", "", "9C 5C 4D", ""])
    assert not [m for m in moves(s) if "full" in m]


def test_full_harvest_aces_and_turning_card() -> None:
    """Ruling 8: Aces count 1 or 14 in the total; with several season cards, the player
    names the one that turns the seasons."""
    # 1 + 2 + 3 + 12 = 18 (or 31 with the Ace as 14): no loose card has that value.
    s = pos(full_harvest=True, hands=["AS 2C 3D QH", "6C"], fields=["AD 9C", "", "", ""])
    assert not [x for x in moves(s) if "full" in x]
    # A + 2 + 3 + 8 = 14 with the Ace as 1; a loose Ace counts 14.
    s = pos(full_harvest=True, hands=["AS 2C 3D 8D", "6C"], fields=["AD", "", "", ""])
    assert "8D 3D 2C AS full harvest f0: AD, AS turns" in moves(s)
    s = pos(full_harvest=True, hands=["AS AH 2C 3D", "6C"], fields=["7C 5D 2H", "", "", ""])
    m = {x for x in moves(s) if "full" in x}
    assert "3D 2C AS AH full harvest f0: 7C + 5D 2H, AS turns" in m
    assert "3D 2C AS AH full harvest f0: 7C + 5D 2H, AH turns" in m
    play(s, "3D 2C AS AH full harvest f0: 7C, AS turns")
    assert seasons(s)[0] == "winter"


def test_rule_counts_follow_the_moves() -> None:
    """Designers' statistics: every move is counted once by kind, season turns by the
    J/Q/K/A played, and coins taken match the coins won in the rounds."""
    import random

    import seedbed

    state = seedbed.load("four_fields", players=3).new_state(11)
    rng = random.Random(2)
    random_moves(state, rng)
    counts = state.rule_counts()
    kinds = ("sow", "harvest", "add", "match", "full harvest")
    assert sum(counts[k] for k in kinds) == state.move_number()
    turns = sum(1 for m in state.history() if m[0] in "JQKA")
    assert counts["season turn"] == turns
    rounds = state.view(None)["rounds"]
    assert counts["rounds"] == len(rounds)
    assert counts["coin taken"] == sum(q["coins"] for r in rounds for q in r["players"])
    # A reseed needs a coin on the square at the start of the turn, so a coin was taken.
    assert counts["reseed"] <= counts["coin taken"]

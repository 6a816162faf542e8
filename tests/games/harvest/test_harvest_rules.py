"""Harvest rules, one test per rule, each set up from a position: the rulebook's
sections and the Harvest rulings 1-9 (docs/rules/harvest.md), cited in each docstring."""

from __future__ import annotations

import pytest
from harvest_cases import cards, harvest, parts, play, position, seat_cards

import seedbed
from seedbed.core.cards import mask_of, parse_card, parse_cards
from seedbed.games.harvest import rules
from seedbed.testing.helpers import legal_notation, table

# A seat in its action step: it kept 2C and has five cards left; seat 1 has not acted.
ACTION = "dealer=1 phase=action hands={hand}/3D,4D,5D,6D,8D,9D,TD houses=2C/- fields={fields}/-"
# The first go of a round: seat 0 acts first.
START = "dealer=1 hands=7H,KC,3S,4D,9C,QD,5H/2D,3D,4S,6D,8D,9D,TD"


def action_position(hand: str, fields: str = "-", village: str = "7C") -> seedbed.State:
    return position(ACTION.format(hand=hand, fields=fields) + f" village={village}")


def plays(state: seedbed.State) -> list[str]:
    return [m for m in legal_notation(state) if m.split()[0] in rules.PLAY_WORDS]


# -- the cards and the deal ---------------------------------------------------------


def test_deck_is_52_cards_and_two_jokers() -> None:
    """Ruling 1 / "The cards & the deal": 54 cards, two Jokers; seven dealt to each."""
    for n in (2, 3, 4):
        s = harvest(n).new_state(3)
        hands = seat_cards(s, "hands")
        assert [len(h) for h in hands] == [7] * n
        deck = cards(s, "deck")
        assert len(deck) == 54 - 7 * n
        everything = [c for h in hands for c in h] + deck
        assert len(everything) == 54 and everything.count("JK") == 2
        assert len(set(everything)) == 53  # the two Jokers look alike


def test_card_values() -> None:
    """Ruling 1 / "Scoring": A=1, 2-10 face value, J=11, Q=12, K=13; Jokers no value."""
    values = [rules.VALUE[parse_card(c)] for c in ["AS", "2H", "9D", "TC", "JS", "QH", "KD"]]
    assert values == [1, 2, 9, 10, 11, 12, 13]
    assert rules.VALUE[52] == rules.VALUE[53] == 0


# -- fields ---------------------------------------------------------------------------


def test_field_stages_accept_their_ranks() -> None:
    """Ruling 2 / "The play" 1-3: an A-5 plants a new field, a 6-10 tends a planted
    field, a J-K harvests a tended field of the same suit."""
    s = action_position("3S,8S,QS,9H,KD", fields="4H")
    assert plays(s) == ["plant 3S", "tend 9H"]
    s = action_position("3S,8S,QS,9H,KD", fields="4H,7H,5S")
    assert plays(s) == ["tend 8S"]
    s = action_position("3S,8S,QS,9H,KH", fields="4H,7H,5S,6S")
    assert plays(s) == ["harvest QS", "harvest KH"]


def test_harvested_field_takes_nothing_more() -> None:
    """Ruling 2: a field takes exactly one planting, one tending, one harvest card."""
    s = action_position("3S,8S,QS,9H,KH", fields="2S,7S,JS")
    assert plays(s) == []
    with pytest.raises(seedbed.IllegalMoveError, match="field"):
        s.apply_action(rules.encode(rules.Action(rules.KIND_PLAY, parse_card("3S"))))


def test_one_field_per_suit() -> None:
    """Ruling 2: at most one field per suit, so an A-5 of a planted suit cannot plant."""
    s = action_position("3S,8C,QS,9H,KD", fields="AS")
    assert "plant 3S" not in legal_notation(s)
    with pytest.raises(seedbed.IllegalMoveError, match="already"):
        s.apply_action(rules.PLAY + parse_card("3S"))


def test_players_build_only_their_own_fields() -> None:
    """Ruling 2: another player's planted field does not let you tend."""
    s = position(
        "dealer=1 phase=action hands=3C,8S,QS,9H,KD/2D,3D,4D,6D,8D,9D,TD houses=2C/-"
        " fields=-/4S village=7C"
    )
    assert "tend 8S" not in legal_notation(s)
    play(s, "plant 3C")
    assert seat_cards(s, "fields") == [["3C"], ["4S"]]


# -- a turn --------------------------------------------------------------------------


def go(s: seedbed.State) -> None:
    """One seat's go: keep its first card, show the next, discard the next."""
    play(s, legal_notation(s)[0])
    play(s, legal_notation(s)[0])
    play(s, next(m for m in legal_notation(s) if m.startswith("discard")))


def test_turn_order_starts_after_the_dealer() -> None:
    """Ruling 3: players act one at a time, clockwise from the player after the dealer."""
    s = position(
        "dealer=2 hands=AS,2S,3S,4S,5S,6S,7S/AH,2H,3H,4H,5H,6H,7H/AD,2D,3D,4D,5D,6D,7D",
        players=3,
    )
    order = []
    for _ in range(3):
        order.append(s.current_player())
        go(s)
    assert order == [0, 1, 2]
    assert s.current_player() == 0 and table(s, None)["turn"] == 2


def test_each_player_keeps_shows_and_acts() -> None:
    """Ruling 3 / "The play": house card face down, village card face up, then an action."""
    s = position(START)
    assert all(m.startswith("house ") for m in legal_notation(s))
    play(s, "house 7H")
    assert table(s, 0)["house"] == ["7H"] and s.current_player() == 0
    assert all(m.startswith("village ") for m in legal_notation(s))
    play(s, "village KC")
    assert table(s, 0)["village"] == ["KC"] and s.current_player() == 0
    assert "discard 4D" in legal_notation(s) and "plant 3S" in legal_notation(s)
    play(s, "plant 3S")
    assert s.current_player() == 1


def test_later_players_see_earlier_village_cards_and_plays() -> None:
    """Ruling 3: later players see the village cards and actions of earlier players;
    the house card stays hidden."""
    s = play(position(START), "house 7H", "village KC", "plant 3S")
    v = s.view(1)
    assert v["table"]["village"] == ["KC"]
    assert v["table"]["fields"][0][0] == ["3S"]
    assert v["table"]["house_sizes"][0] == 1 and "7H" not in str(v)
    assert v["moves"] == [[0, "house ??"], [0, "village KC"], [0, "plant 3S"]]


def test_discard_one_more_card() -> None:
    """ "The play" 5 / ruling 3: the action may be one more card to the village."""
    s = play(position(START), "house 7H", "village KC", "discard 4D")
    assert table(s, None)["village"] == ["4D", "KC"]


def test_discard_is_always_possible() -> None:
    """Ruling 3: every player can always act (a discard needs only a card)."""
    s = action_position("8S,QS,9C,KD,JD")
    assert [m for m in legal_notation(s) if m.startswith("discard")] == [
        "discard 8S",
        "discard QS",
        "discard JD",
        "discard KD",
        "discard 9C",
    ]


def test_jokers_are_one_action() -> None:
    """Ruling 1: the two Jokers are identical in play: one action ``JK``."""
    s = position("dealer=1 hands=JK,JK,3S,4D,9C,QD,5H/2D,3D,4S,6D,8D,9D,TD")
    assert legal_notation(s).count("house JK") == 1
    play(s, "house JK", "village JK")
    assert table(s, 0)["house"] == ["JK"] and table(s, 0)["village"] == ["JK"]
    assert "JK" not in table(s, 0)["hand"]


# -- the assistant ---------------------------------------------------------------------


def test_assistant_takes_a_village_card_and_plays_it() -> None:
    """Ruling 4 / "The play" 4: a Joker goes to the village, a village card is taken
    and played at once onto the player's own field."""
    s = action_position("JK,8S,QS,9C,KH", fields="2D,7D", village="QD,4C")
    assert [m for m in legal_notation(s) if m.startswith("assistant")] == [
        "assistant: JK takes QD -> harvest",
        "assistant: JK takes 4C -> plant",
    ]
    play(s, "assistant: JK takes QD -> harvest")
    assert seat_cards(s, "fields")[0] == ["2D", "7D", "QD"]
    assert cards(s, "village") == ["4C", "JK"]
    assert seat_cards(s, "hands")[0] == ["8S", "QS", "KH", "9C"]


def test_assistant_needs_a_playable_village_card() -> None:
    """Ruling 4: not allowed if no village card could be played onto own fields; a
    Joker in the village is never taken."""
    s = action_position("JK,8S,QS,9C,KH", fields="2D", village="QH,JK")
    assert not [m for m in legal_notation(s) if m.startswith("assistant")]
    with pytest.raises(seedbed.IllegalMoveError):
        s.apply_action(rules.ASSIST + parse_card("QH"))


def test_assistant_needs_a_joker() -> None:
    """Ruling 4: the assistant is a Joker from hand."""
    s = action_position("8S,QS,9C,KH,3H", fields="2D,7D", village="QD")
    assert not [m for m in legal_notation(s) if m.startswith("assistant")]
    with pytest.raises(seedbed.IllegalMoveError, match="Joker"):
        s.apply_action(rules.ASSIST + parse_card("QD"))


def test_assistant_may_take_the_card_just_shown() -> None:
    """Ruling 4 ("any one non-Joker village card"): the player's own village card too."""
    s = position("dealer=1 hands=JK,3S,4D,9C,QD,5H,8H/2D,3D,4S,6D,8D,9D,TD")
    play(s, "house 9C", "village 3S")
    assert "assistant: JK takes 3S -> plant" in legal_notation(s)


# -- passing -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "receivers"),
    [(2, [1, 1, 1, 1]), (3, [1, 2, 1, 2]), (4, [1, 3, 2, 1])],
)
def test_pass_direction_cycles_over_the_game(players: int, receivers: list[int]) -> None:
    """Ruling 5: 2 players pass to the other; 3: left, right, ...; 4: left, right,
    across, ... (left = clockwise = seat + 1), cycling over every pass of the game."""
    hands = "/".join(",".join(f"{r}{s}" for r in "A2345") for s in "SHDC"[:players])
    for passes, receiver in enumerate(receivers):
        s = position(f"passes={passes} dealer={players - 1} hands={hands}", players=players)
        assert table(s, None)["pass_to"][0] == receiver
        assert rules.pass_receiver(players, passes, 0) == receiver
        for _ in range(players):
            go(s)
        # seat 0 kept AS, showed 2S, discarded 3S and passed 4S 5S to the receiver
        assert {"4S", "5S"} <= set(table(s, receiver)["hand"])
        assert table(s, None)["passes_made"] == passes + 1


def test_passed_cards_join_the_house_and_become_the_hand() -> None:
    """Ruling 5: the rest of the hand goes to the receiver's house; each player then
    picks up the whole house (their own kept card included); the passer remembers."""
    s = position("dealer=1 hands=7H,KC,3S,4D,9C/2D,3D,4S,6D,8D")
    play(s, "house 7H", "village KC", "discard 3S")
    play(s, "house 2D", "village 3D", "discard 4S")
    assert seat_cards(s, "hands") == [["7H", "6D", "8D"], ["2D", "4D", "9C"]]
    assert seat_cards(s, "houses") == [[], []]
    assert table(s, 0)["tracked"] == [["4D", [1]], ["9C", [1]]]


# -- rounds and deals -----------------------------------------------------------------------


def test_hands_shrink_7_5_3_1_through_a_round() -> None:
    """Ruling 6 / "The play": hands hold 7, 5, 3 cards at the turns of a round, then
    only the house card is left, which joins the next deal of 6 (7 cards again)."""
    for n in (2, 3, 4):
        s = harvest(n, "fields").new_state(21)
        sizes = []
        houses: list[list[str]] = []
        while table(s, None)["round"] == 1:
            t = table(s, None)
            if s.phase_name() == "house" and s.current_player() == (t["dealer"] + 1) % n:
                sizes.append(t["hand_sizes"])
            houses = seat_cards(s, "houses")
            # no plant or tend, so that nothing can end the game in this round
            play(s, next(m for m in legal_notation(s) if not m.startswith(("plant", "tend"))))
        assert sizes == [[7] * n, [5] * n, [3] * n]
        assert table(s, None)["hand_sizes"] == [7] * n
        hands = seat_cards(s, "hands")
        assert all(set(house) <= set(hand) for house, hand in zip(houses, hands, strict=True))
        assert [len(h) for h in houses] == [1] * n


def _last_turn(players: int = 2, deck: str = "-", village: str = "rest") -> seedbed.State:
    """The last turn of round 1 (one go each, 3 cards in hand); the cards in no hand
    and not in the deck lie in the village (so option "fields": the village holds whole
    suits)."""
    hands = ["7H,KC,JK", "2D,3D,JK", "5C,6C,8C", "2H,3H,4H"][:players]
    return position(
        f"dealer={players - 1} hands={'/'.join(hands)} village={village} deck={deck}",
        players,
        "fields",
    )


LAST_TURN = ["house JK", "village KC", "discard 7H", "house JK", "village 3D", "discard 2D"]
DECK_12 = "AS,2S,4C,5S,6S,7S,8S,9S,TS,JS,QS,KS"


def _finish_turn(s: seedbed.State) -> None:
    """Everyone still to act keeps a Joker if they can, shows and discards their lowest."""
    start = (table(s, None)["round"], table(s, None)["turn"])
    while (table(s, None)["round"], table(s, None)["turn"]) == start and not s.is_terminal():
        moves = legal_notation(s)
        if s.phase_name() == "house" and "house JK" in moves:
            play(s, "house JK")
        elif s.phase_name() == "action":
            play(s, next(m for m in moves if m.startswith("discard")))
        else:
            play(s, moves[0])


def test_last_card_stays_for_the_next_deal() -> None:
    """Ruling 6: at one card each the round ends; that card stays and joins the deal."""
    s = play(_last_turn(deck=DECK_12), *LAST_TURN)
    assert table(s, None)["round"] == 2
    assert [len(h) for h in seat_cards(s, "hands")] == [7, 7]
    assert "JK" in table(s, 0)["hand"] and "JK" in table(s, 1)["hand"]


@pytest.mark.parametrize(("deck_size", "dealt"), [(12, 6), (11, 4), (8, 4), (7, 2), (4, 2)])
def test_deal_of_6_4_or_2(deck_size: int, dealt: int) -> None:
    """Ruling 6 / "The play": the next deal is 6 each if the deck holds 6 per player,
    else 4, else 2."""
    s = _last_turn(deck=",".join(DECK_12.split(",")[:deck_size]))
    _finish_turn(s)
    assert [len(h) for h in seat_cards(s, "hands")] == [dealt + 1] * 2
    assert table(s, None)["deck"] == deck_size - 2 * dealt
    assert rules.deal_size(deck_size, 2) == dealt


def test_village_joins_the_deck_when_two_each_cannot_be_dealt() -> None:
    """Ruling 6: if not even 2 each can be dealt, the village is shuffled into the deck
    first, then the deal is made by the new deck size."""
    s = _last_turn(deck="AS,2S,4C")
    village_before = len(cards(s, "village"))
    _finish_turn(s)
    assert not s.is_terminal()
    assert table(s, None)["village"] == []
    total = 3 + village_before + 4  # plus the four cards put down this turn
    dealt = rules.deal_size(total, 2)
    assert [len(h) for h in seat_cards(s, "hands")] == [dealt + 1] * 2
    assert table(s, None)["deck"] == total - 2 * dealt
    assert s.rule_counts()["village_reshuffle_for_deal"] == 1


def test_deal_passes_clockwise() -> None:
    """Ruling 6: the deal passes clockwise; the player after the new dealer starts."""
    s = _last_turn(players=3, deck=DECK_12)
    assert table(s, None)["dealer"] == 2 and s.current_player() == 0
    _finish_turn(s)
    assert table(s, None)["dealer"] == 0 and s.current_player() == 1


def test_first_dealer_comes_from_the_seed() -> None:
    """Ruling 6 and the shared conventions: all chance, the first dealer too, from the
    seed."""
    g = harvest(4)
    assert {int(parts(g.new_state(seed))["dealer"]) for seed in range(30)} == {0, 1, 2, 3}
    assert g.new_state(8).position() == g.new_state(8).position()


def test_no_deal_possible_ends_the_game() -> None:
    """Ruling 6 and 8 (c): fewer than 2 cards a player, even with the village shuffled
    in, end the game. No game reaches it: at a round's end the deck and the village
    hold 54 cards less those on fields and one a player, so with 2 or 3 players the
    fields would need more cards than they can hold, and with 4 some 43 cards on
    fields, eleven completed fields without a player completing four: then the J, Q
    and K of three suits lie on fields and end (b) came first. So the rule is the
    deal size: nothing to deal is the end."""
    assert [rules.deal_size(d, 4) for d in (24, 23, 16, 15, 8, 7, 0)] == [6, 4, 4, 2, 2, 0, 0]


# -- Jokers in the village ------------------------------------------------------------------


def test_joker_in_the_village_sends_it_back_to_the_deck() -> None:
    """Ruling 7 / "Jokers": a Joker put into the village during a round sends the
    whole village back into the deck at the round's end."""
    s = position(f"dealer=1 hands=7H,KC,JK/2D,3D,JK village=rest deck={DECK_12}", 2, "fields")
    before = len(cards(s, "village"))
    play(s, "house 7H", "village JK", "discard KC", "house JK", "village 3D", "discard 2D")
    assert table(s, None)["village"] == []
    assert table(s, None)["deck"] == 12 + before + 4 - 12
    assert s.rule_counts()["joker_village_reshuffle"] == 1


def test_village_stays_without_a_joker() -> None:
    """Ruling 7: without a Joker put into the village, the village stays."""
    s = _last_turn(deck=DECK_12)
    before = cards(s, "village")
    play(s, *LAST_TURN)
    after = cards(s, "village")
    assert set(after) == {*before, "KC", "7H", "3D", "2D"}
    assert s.rule_counts()["joker_village_reshuffle"] == 0


# -- the end ----------------------------------------------------------------------------------


def test_game_ends_when_a_player_completes_four_fields() -> None:
    """Ruling 8 (a) / "Ending the game": four harvested fields end the game, checked
    once every player has acted in the turn."""
    s = position(
        "dealer=1 hands=KC,9H,2H,4H,5H/2D,4D,5D,8D,9D fields=AS,6S,JS,3D,7D,QD,AC,6C,AH,6H,JH/-"
    )
    play(s, "house 9H", "village 2H", "harvest KC")
    assert len(seat_cards(s, "fields")[0]) == 12
    assert not s.is_terminal() and s.current_player() == 1  # the turn goes on
    play(s, "house 2D", "village 4D", "discard 5D")
    assert s.is_terminal() and table(s, None)["end"] == "four fields"
    assert s.winners() == [0]
    assert s.scores()[0] == 18 + 22 + 20 + 18


@pytest.mark.parametrize(("option", "ends"), [("table", True), ("fields", False)])
def test_game_ends_when_a_suits_harvest_cards_are_played(option: str, ends: bool) -> None:
    """Ruling 8 (b) and its option: J, Q, K of one suit all face up end the game: on a
    field or in the village ("table", default) or on fields only ("fields")."""
    s = position(
        "dealer=2 hands=KS,9H,2H,4H,5H/2D,3D,4D,6D,8D/2C,3C,4C,5C,6C fields=-/AS,6S,JS/2S,7S,QS",
        3,
        option,
    )
    play(s, "house 9H", "village KS", "discard 2H")
    play(s, "house 2D", "village 3D", "discard 4D")
    assert not s.is_terminal()  # checked only after everyone acted
    play(s, "house 2C", "village 3C", "discard 4C")
    assert s.is_terminal() is ends
    if ends:
        assert table(s, None)["end"] == "harvest cards"


def test_harvest_cards_on_fields_end_the_game_under_both_options() -> None:
    """Ruling 8 (b): J, Q and K of a suit on fields end the game with either option."""
    for option in ("table", "fields"):
        s = position(
            "dealer=3 hands=KS,9H,2H/2D,3D,4D/2C,3C,4C/TC,TH,TD fields=3S,8S/AS,6S,JS/2S,7S,QS/-"
            " deck=AD,5D,7D,9D,JD,QD,KD,AC,5C,7C,9C,JC,QC,KC,4S,5S village=rest",
            4,
            option,
        )
        play(s, "house 9H", "village 2H", "harvest KS")
        _finish_turn(s)
        assert table(s, None)["end"] == "harvest cards"


# -- scoring -------------------------------------------------------------------------------


def test_only_completed_fields_score_their_card_values() -> None:
    """Ruling 9 / "Scoring": completed fields score the values of their cards,
    incomplete fields nothing."""
    s = position("dealer=1 hands=7H,KC,3S/2D,3D,4S fields=AS,6S,JS,5H,TH,KH,4D,9D/2C,8C,QC,AD")
    assert s.scores() == [18 + 28, 22]
    assert rules.field_score(mask_of(parse_cards("AS 6S JS 5H TH KH 4D 9D"))) == 18 + 28


def test_field_worth_more_than_91_scores_nothing() -> None:
    """Ruling 9 / "Scoring": a completed field worth more than 91 is removed from
    scoring (three cards are worth 28 at most, so no field ever is)."""
    assert rules.FIELD_CAP == 91
    assert rules.field_points(91) == 91 and rules.field_points(92) == 0
    assert rules.field_score(mask_of(parse_cards("5S TS KS"))) == 28


def _tie_position(fields1: str) -> seedbed.State:
    return position(
        f"dealer=2 hands=KS,9H,2H/2D,3D,4D/2C,3C,4C fields=AS,6S,JS/{fields1}/-"
        " deck=AD,5D,7D,9D,JD,QD,KD,AC village=rest",
        3,
    )


def test_highest_total_wins_and_ties_share() -> None:
    """Ruling 9 / "Winning": the highest total wins; ties share the victory."""
    s = _tie_position("AH,8H,KH")
    play(s, "house 9H", "village KS", "discard 2H")
    _finish_turn(s)
    assert s.is_terminal() and table(s, None)["end"] == "harvest cards"
    assert s.scores() == [18.0, 22.0, 0.0]
    assert s.winners() == [1]
    t = _tie_position("AH,6H,JH")
    play(t, "house 9H", "village KS", "discard 2H")
    _finish_turn(t)
    assert t.scores() == [18.0, 18.0, 0.0]
    assert t.winners() == [0, 1] and t.returns() == [0.5, 0.5, 0.0]


# -- notation ---------------------------------------------------------------------------------


def test_notation_names_every_move() -> None:
    """ "The play": moves are written with card notation, a function of the number."""
    s = position(START)
    card = parse_card
    assert s.action_to_string(rules.HOUSE + card("7H")) == "house 7H"
    assert s.action_to_string(rules.VILLAGE + card("KC")) == "village KC"
    assert s.action_to_string(rules.PLAY + card("3S")) == "plant 3S"
    assert s.action_to_string(rules.PLAY + card("8S")) == "tend 8S"
    assert s.action_to_string(rules.PLAY + card("QS")) == "harvest QS"
    assert s.action_to_string(rules.DISCARD + card("4D")) == "discard 4D"
    assert s.action_to_string(rules.DISCARD + 52) == "discard JK"
    assert s.action_to_string(rules.ASSIST + card("QD")) == "assistant: JK takes QD -> harvest"
    assert s.action_to_string(rules.HIDDEN_HOUSE) == "house ??"
    names = [s.action_to_string(a) for a in range(rules.num_actions(2) + 1)]
    assert len(set(names)) == len(names)


def test_notation_is_read_forgivingly() -> None:
    """Moves may be typed loosely: case, 10/T, suit symbols, a bare card when it names
    one move, or a keyword with the card."""
    s = position(START)
    assert s.string_to_action("House 7♥") == rules.HOUSE + parse_card("7H")
    assert s.string_to_action("7h") == rules.HOUSE + parse_card("7H")
    assert s.string_to_action("keep 7H") == rules.HOUSE + parse_card("7H")
    with pytest.raises(seedbed.NotationError):
        s.string_to_action("village 7H")  # not the village step yet
    play(s, "house 7H", "village KC")
    assert s.string_to_action("PLANT s3") == rules.PLAY + parse_card("3S")
    assert s.string_to_action("discard 4♦") == rules.DISCARD + parse_card("4D")
    with pytest.raises(seedbed.NotationError, match="ambiguous"):
        s.string_to_action("3S")  # plant or discard
    with pytest.raises(seedbed.NotationError):
        s.string_to_action("tend 7H")
    with pytest.raises(seedbed.NotationError):
        s.string_to_action("harvest 3S")  # a 3 plants
    t = action_position("JK,8S,QS,9C,KH", fields="2D,7D", village="QD,4C")
    assert t.string_to_action("assistant qd") == rules.ASSIST + parse_card("QD")
    assert t.string_to_action("joker takes 4C") == rules.ASSIST + parse_card("4C")
    assert t.string_to_action("assistant JK QD harvest") == rules.ASSIST + parse_card("QD")
    with pytest.raises(seedbed.NotationError):
        t.string_to_action("assistant QD plant")


def test_actions_decode_and_encode() -> None:
    """The action numbers (docs/rules/harvest.md, "For developers"): every number has
    one meaning, and decoding then encoding gives it back."""
    for a in range(rules.HIDDEN_HOUSE + 1):
        assert rules.encode(rules.decode(a)) == a
    assert rules.decode(rules.ASSIST + parse_card("QD")) == (rules.KIND_ASSIST, parse_card("QD"))
    for bad in (-1, rules.HIDDEN_HOUSE + 1):
        with pytest.raises(ValueError):
            rules.decode(bad)
    with pytest.raises(ValueError):
        rules.encode(rules.Action(rules.KIND_PLAY, 52))  # a Joker is never played

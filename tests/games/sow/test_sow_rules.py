"""SOW rules: the rulebook's examples first, then one test per rule and ruling.

Every position is set up with ``game.from_position`` (the format is on the rules
page, docs/rules/sow.md): ``rN=`` the cards of row N (``R/Y`` a Flower, centre/outer;
``r/y`` a face-down Seed, hidden centre r, outer y; ``windmill``, ``gopher``, ``can``),
rows not named are empty, cards named nowhere count as removed by the Gopher.
"""

from __future__ import annotations

import random

import pytest

import seedbed
from seedbed.core.errors import IllegalMoveError
from seedbed.core.protocol import State
from seedbed.games.sow import SowGame
from seedbed.testing.conformance import random_moves
from seedbed.testing.helpers import legal_notation, play


def table(state: State) -> dict:
    return state.view(None)["table"]


# -- the rulebook's examples ---------------------------------------------------------
def test_example_player_a_last_seed_flips_all_red_seeds() -> None:
    """Turn Examples, Player A: 3 cards from a row, placed clockwise; the last card is a
    red Seed, which flips with every red Seed of that row."""
    s = SowGame(4).from_position("r0=y/b,r/g,b/r r3=y/r,g/r,r/b,R/Y r5=windmill r11=gopher")
    play(s, "take 0", "place seed B", "place seed G", "place seed R")
    assert s.row_cards(1) == ["y/b"] and s.row_cards(2) == ["r/g"]
    assert s.row_cards(3) == ["B/R", "G/R", "R/Y", "Y/R", "r/b"]
    assert s.current_player() == 1  # no choice, no Garden action: next player


def test_example_player_b_flower_in_wheelbarrow_and_windmill() -> None:
    """Turn Examples, Player B: the last card is a red/yellow Flower in a wheelbarrow's
    row; B chooses red and that wheelbarrow's controller (not B) takes every Flower
    showing red; a Garden card met the other, B uses the Windmill and play turns
    counter-clockwise."""
    s = SowGame(4).from_position(
        "to_move=1 r4=gopher,y/b,R/Y r5=windmill r7=G/R,R/B,Y/B,b/r r0=g/y,b/g"
    )
    play(s, "take 4", "place gopher", "place seed B", "place flower R/Y")
    assert s.phase_name() == "choose"
    assert legal_notation(s) == ["choose R", "choose Y"]
    play(s, "choose R")
    assert s.bouquet_cards(2) == ["G/R", "R/B", "R/Y"]  # row 7 lies under wheelbarrow 2
    assert s.bouquet_cards(1) == []
    assert s.row_cards(7) == ["Y/B", "b/r"]  # a Seed is not a Flower, even if red outside
    assert "windmill" in legal_notation(s) and "gopher 0" in legal_notation(s)
    play(s, "windmill")
    assert table(s)["direction"] == "counter-clockwise"
    assert table(s)["garden_actions"] == ["windmill", "gopher"]
    assert s.current_player() == 2
    play(s, "take 0", "place seed Y")
    assert s.row_cards(11) == ["g/y"]  # counter-clockwise: row 0 -> 11 -> 10


def test_example_scoring_blue_scores_14() -> None:
    """Scoring example: Favourite Colour blue, 2 blue centres (6), 3 blue outers (6),
    2 Flowers without blue (2): 14 points."""
    s = SowGame(4).from_position(
        "r2=windmill r8=gopher favourites=BRYG bouquets=B/R,B/Y,R/B,Y/B,G/B,R/Y,G/Y|||"
    )
    assert s.is_terminal()
    assert s.scores()[0] == 14


# -- ruling 1: the cards ---------------------------------------------------------------
def test_ruling1_cards_every_ordered_pair_twice() -> None:
    """Ruling 1: 24 Seed/Flower cards, each ordered pair (centre, outer) of different
    colours twice; four Favourite Colours, one each; one Windmill, one Gopher."""
    s = SowGame(4).new_state(11)
    cards = [c for r in range(12) for c in s.row_cards(r)]
    seeds = sorted(c for c in cards if "/" in c)
    pairs = sorted(f"{a}/{b}" for a in "rybg" for b in "rybg" if a != b)
    assert seeds == sorted(pairs * 2)
    assert cards.count("windmill") == 1 and cards.count("gopher") == 1
    assert sorted(s.favourite_colours()) == sorted("RYBG")


# -- ruling 2: the garden --------------------------------------------------------------
@pytest.mark.parametrize("seed", range(12))
def test_ruling2_setup(seed: int) -> None:
    """Ruling 2 / Setup: 2 Seeds per row; Windmill (clockwise) in a diagonal row, the
    Gopher (Gopher side up) in the opposite diagonal row."""
    s = SowGame(4).new_state(seed)
    garden = {}
    for r in range(12):
        cards = s.row_cards(r)
        assert sum(1 for c in cards if c.islower() and "/" in c) == 2
        for c in cards:
            if "/" not in c:
                garden[c] = r
    assert garden["windmill"] in (2, 5, 8, 11)
    assert garden["gopher"] == (garden["windmill"] + 6) % 12
    assert table(s)["direction"] == "clockwise"
    assert table(s)["garden_actions"] == ["windmill", "gopher"]


def test_ruling2_deal_varies_with_seed_and_repeats() -> None:
    """Ruling 2 and the conventions: the seed decides the deal, and the same seed deals
    the same garden."""
    g = SowGame(4)
    assert g.new_state(3).position() == g.new_state(3).position()
    spots = {tuple(g.new_state(k).row_cards(2)) for k in range(20)}
    assert len(spots) > 1


def test_deal_reaches_every_colour_order_and_windmill_row() -> None:
    """Setup 2, 4, 5: the seed draws the Windmill's diagonal row and the Favourite
    Colours; every possibility occurs."""
    g = SowGame(4)
    states = [g.new_state(k) for k in range(600)]
    assert len({s.favourite_colours() for s in states}) == 24
    mills = {r for s in states for r in (2, 5, 8, 11) if "windmill" in s.row_cards(r)}
    assert mills == {2, 5, 8, 11}


# -- ruling 3: seats, controllers, start player ---------------------------------------
def _wheelbarrow_pick(n: int, row: int, active: int) -> list[list[str]]:
    """The active player ends on a red/yellow Flower in ``row`` and chooses red."""
    take = (row - 2) % 12
    busy = {take, (row - 1) % 12, row}
    free = [r for r in (2, 5, 8, 11) if r not in busy]
    given = {take: "g/y,R/Y", row: "R/B", free[0]: "windmill", free[1]: "gopher"}
    text = " ".join(f"r{r}={cards}" for r, cards in given.items())
    s = SowGame(n).from_position(f"to_move={active} {text}")
    play(s, f"take {take}", "place seed Y", "place flower R/Y", "choose R")
    return [s.bouquet_cards(p) for p in range(n)]


def test_ruling3_four_players_each_controls_own_wheelbarrow() -> None:
    """Ruling 3: with 4 players seat s controls wheelbarrow s (rows 3s and 3s+1)."""
    for w in range(4):
        for row in (3 * w, 3 * w + 1):
            got = _wheelbarrow_pick(4, row, active=(w + 1) % 4)
            assert got[w] == ["R/B", "R/Y"]
            assert sum(len(b) for b in got) == 2


def test_ruling3_two_players_control_two_wheelbarrows() -> None:
    """Ruling 3: with 2 players seat 0 controls wheelbarrows 0 and 3, seat 1 (at
    wheelbarrow 2) controls 2 and 1."""
    owner = {0: 0, 1: 1, 2: 1, 3: 0}
    for w in range(4):
        got = _wheelbarrow_pick(2, 3 * w + 1, active=0)
        assert got[owner[w]] == ["R/B", "R/Y"]


def test_ruling3_three_players_unowned_wheelbarrow_goes_to_active_player() -> None:
    """Ruling 3 / rule 1: with 3 players wheelbarrow 3 has no owner; the active player
    controls it."""
    for active in range(3):
        got = _wheelbarrow_pick(3, 9, active=active)
        assert got[active] == ["R/B", "R/Y"]
    assert _wheelbarrow_pick(3, 4, active=0)[1] == ["R/B", "R/Y"]


def test_ruling3_start_player() -> None:
    """Ruling 3 / Setup 6: the start player is the seat after the dealer (the dealer
    drawn from the seed); with 3 players the seat at wheelbarrow 1 starts."""
    assert {SowGame(3).new_state(k).current_player() for k in range(30)} == {1}
    for n in (2, 4):
        assert {SowGame(n).new_state(k).current_player() for k in range(60)} == set(range(n))
    t = table(SowGame(3).new_state(0))
    assert t["wheelbarrows"] == [0, 1, 2] and t["controllers"] == [0, 1, 2, None]
    assert table(SowGame(2).new_state(0))["wheelbarrows"] == [0, 2]


def test_turns_pass_clockwise() -> None:
    """Playing the Game: players take turns in clockwise order (seat + 1), whatever
    the Windmill shows."""
    s = SowGame(3).new_state(4)
    seen = []
    rng = random.Random(0)
    while not s.is_terminal() and len(seen) < 8:
        if s.phase_name() == "take":
            seen.append(s.current_player())
        legal = s.legal_actions()
        s.apply_action(legal[rng.randrange(len(legal))])
    assert seen == [1, 2, 0, 1, 2, 0, 1, 2]


# -- ruling 4: the turn -----------------------------------------------------------------
def test_ruling4_take_only_rows_of_two_or_more() -> None:
    """Turn Sequence A / ruling 4: a row of 2 or more cards, never just 1."""
    s = SowGame(4).from_position("r0=r/y r1=r/b,y/b r2=windmill,gopher")
    assert legal_notation(s) == ["take 1", "take 2"]
    with pytest.raises(IllegalMoveError, match="fewer than 2"):
        s.apply_action(0)
    with pytest.raises(IllegalMoveError):
        s.apply_action(3)


def test_ruling4_one_card_per_row_wrapping_and_refilling_the_taken_row() -> None:
    """Turn Sequence B / ruling 4: one card per row in the Windmill's direction, from
    the next row, wrapping the ring; the emptied row gets a card when reached again."""
    s = SowGame(4).from_position(
        "r6=r/y,r/y,y/r,y/r,b/r,b/r,g/r,g/r,r/b,r/b,y/b,y/b,b/y r0=windmill r1=gopher"
    )
    play(s, "take 6")
    for _ in range(13):
        s.apply_action(s.legal_actions()[0])
    counts = [len(s.row_cards(r)) for r in range(12)]
    assert counts == [2, 2, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1]  # rows 7..11, 0..6, then 7
    assert s.row_cards(6) != []


def test_ruling4_counter_clockwise_goes_down() -> None:
    """Turn Sequence B: with the Windmill counter-clockwise, placing runs to lower rows."""
    s = SowGame(4).from_position("direction=ccw r1=r/y,b/g,y/r r5=windmill r11=gopher")
    play(s, "take 1", "place seed Y", "place seed G", "place seed R")
    assert [s.row_cards(r) for r in (0, 11)] == [["r/y"], ["b/g", "gopher"]]
    assert s.row_cards(10) == ["Y/R"]


def test_ruling4_player_chooses_the_order() -> None:
    """Turn Sequence B: the cards are placed in the order of the player's choice; each
    distinct-looking card in hand is a legal next card."""
    s = SowGame(4).from_position("r0=r/y,b/g,Y/R,windmill r5=gopher")
    play(s, "take 0")
    assert legal_notation(s) == [
        "place seed Y",
        "place seed G",
        "place flower Y/R",
        "place windmill",
    ]
    play(s, "place windmill", "place flower Y/R")
    assert s.row_cards(1) == ["windmill"] and s.row_cards(2) == ["Y/R"]


def test_ruling4_identical_looking_cards_are_one_action() -> None:
    """Ruling 4: a Seed is known only by its outer colour, so two Seeds with the same
    outer colour are one action however their centres differ."""
    s = SowGame(4).from_position("r0=r/y,b/y r5=windmill r11=gopher")
    play(s, "take 0")
    assert legal_notation(s) == ["place seed Y"]


def test_reading10_the_first_alike_card_in_hand_goes_first() -> None:
    """Reading 10 (docs/rules/sow.md): of several alike-looking Seeds the first in the
    hand (the order they lay in the row) is placed first."""
    s = SowGame(4).from_position("r0=r/y,b/y,g/y r5=windmill r11=gopher")
    play(s, "take 0", "place seed Y")
    assert s.row_cards(1) == ["r/y"]
    s = SowGame(4).from_position("r0=b/y,r/y,g/y r5=windmill r11=gopher")
    play(s, "take 0", "place seed Y")
    assert s.row_cards(1) == ["b/y"]


def test_ruling4_cards_keep_their_side_except_the_last() -> None:
    """Turn Sequence B: all cards are placed with the side up they were taken with,
    except the last Seed."""
    s = SowGame(4).from_position("r0=r/y,b/g,G/B r1=g/y r5=windmill r11=gopher")
    play(s, "take 0", "place seed Y", "place flower G/B", "place seed G")
    assert s.row_cards(1) == ["g/y", "r/y"]  # the same colour, but not the last card
    assert s.row_cards(2) == ["G/B"]
    assert s.row_cards(3) == ["B/G"]


# -- ruling 5: the last card ------------------------------------------------------------
def test_ruling5_seed_flips_only_its_colour_in_that_row() -> None:
    """Rule 1) Seeds / ruling 5: the last Seed flips and so does every Seed of the same
    outer colour in that row; other colours and other rows do not."""
    s = SowGame(4).from_position("r0=b/g,y/r r1=g/r,y/g r2=b/r r5=windmill r11=gopher")
    play(s, "take 0", "place seed G", "place seed R")
    assert s.row_cards(2) == ["B/R", "Y/R"]
    assert s.row_cards(1) == ["b/g", "g/r", "y/g"]


def test_ruling5_flower_in_diagonal_row_does_nothing() -> None:
    """Rule 1) Flower / ruling 5: a Flower that ends in a diagonal row does nothing."""
    s = SowGame(4).from_position("r0=b/g,R/Y r2=R/B r5=windmill r11=gopher")
    play(s, "take 0", "place seed G", "place flower R/Y")
    assert s.phase_name() == "take" and s.current_player() == 1
    assert s.row_cards(2) == ["R/B", "R/Y"]


def test_ruling5_flower_chosen_colour_centre_or_outer() -> None:
    """Rule 1) Flower: every Flower in the row with the chosen colour, in the centre or
    outside, goes to the controller's bouquet, the last card included."""
    s = SowGame(4).from_position(
        "to_move=3 r10=b/g,Y/B r0=B/R,G/Y,R/G,Y/R,b/y r5=windmill r4=gopher"
    )
    play(s, "take 10", "place seed G", "place flower Y/B", "choose Y")
    assert s.bouquet_cards(0) == ["G/Y", "Y/B", "Y/R"]
    assert s.row_cards(0) == ["B/R", "R/G", "b/y"]


def test_reading11_the_colour_choice_is_always_a_decision() -> None:
    """Reading 11: both colours are offered even when they would pick the same
    Flowers."""
    s = SowGame(4).from_position("r10=b/g,Y/B r0=b/y r5=windmill r4=gopher")
    play(s, "take 10", "place seed G", "place flower Y/B")
    assert legal_notation(s) == ["choose Y", "choose B"]


def test_ruling5_garden_card_last_does_nothing() -> None:
    """Rule 2) / ruling 5: a Garden card placed last without meeting the other does
    nothing."""
    s = SowGame(4).from_position("r0=b/g,windmill r8=gopher r3=r/y,y/r")
    play(s, "take 0", "place seed G", "place windmill")
    assert s.phase_name() == "take" and s.current_player() == 1


# -- ruling 6: Garden actions -------------------------------------------------------------
def test_ruling6_no_meeting_no_garden_action() -> None:
    """Rule 2): without the Garden cards meeting there is no Garden action."""
    s = SowGame(4).from_position("r0=b/g,gopher r3=windmill,r/y")
    play(s, "take 0", "place gopher", "place seed G")
    assert s.phase_name() == "take"


def test_ruling6_meeting_need_not_be_the_last_card() -> None:
    """Rule 2): the Garden card that meets the other need not be the last card; the
    last-card action comes first, then the optional Garden action."""
    s = SowGame(4).from_position("r0=gopher,b/g r1=windmill r2=r/g")
    play(s, "take 0", "place gopher", "place seed G")
    assert s.row_cards(2) == ["B/G", "R/G"]
    assert s.phase_name() == "garden" and s.current_player() == 0
    names = legal_notation(s)
    assert names[0] == "windmill" and names[-1] == "no garden action"
    assert [f"gopher {r}" for r in range(12)] == names[1:-1]


def test_ruling6_garden_action_is_optional() -> None:
    """Rule 2): the active player *may* perform a Garden action; passing flips nothing."""
    s = SowGame(4).from_position("r0=gopher,b/g r1=windmill r2=r/g")
    play(s, "take 0", "place gopher", "place seed G", "no garden action")
    assert table(s)["garden_actions"] == ["windmill", "gopher"]
    assert table(s)["direction"] == "clockwise"
    assert s.current_player() == 1


def test_ruling6_gopher_removes_every_flower_of_a_row_and_flips() -> None:
    """Rule 2) Gopher: remove all Flowers of any row from the game; then the card shows
    the Watering Can."""
    s = SowGame(4).from_position("r0=gopher,b/g r1=windmill r2=r/g r7=R/Y,Y/B,r/b,B/G")
    removed_before = len(s.removed_cards())
    play(s, "take 0", "place gopher", "place seed G", "gopher 7")
    assert s.row_cards(7) == ["r/b"]
    assert len(s.removed_cards()) == removed_before + 3
    assert table(s)["garden_actions"] == ["windmill", "watering can"]
    assert "can" in s.row_cards(1)


def test_reading12_gopher_on_a_row_without_flowers_still_flips() -> None:
    """Ruling 6 and reading 12: ANY row may be chosen, also one without Flowers;
    nothing is removed but the card still flips."""
    s = SowGame(4).from_position("r0=gopher,b/g r1=windmill r2=r/g r7=r/b")
    play(s, "take 0", "place gopher", "place seed G", "gopher 7")
    assert s.row_cards(7) == ["r/b"]
    assert table(s)["garden_actions"] == ["windmill", "watering can"]


def test_ruling6_watering_can_takes_one_flower_to_the_active_player() -> None:
    """Rule 2) Watering Can: one Flower from any row into the active player's bouquet;
    then the card shows the Gopher again."""
    s = SowGame(4).from_position("to_move=2 r0=can,b/g r1=windmill r2=r/g r7=R/Y,R/Y,Y/B")
    play(s, "take 0", "place watering can", "place seed G")
    names = legal_notation(s)
    assert "water 7 R/Y" in names and "water 7 Y/B" in names and "water 2 B/G" in names
    assert not any(n.startswith("gopher") for n in names)
    play(s, "water 7 R/Y")
    assert s.bouquet_cards(2) == ["R/Y"]
    assert s.row_cards(7) == ["R/Y", "Y/B"]
    assert table(s)["garden_actions"] == ["windmill", "gopher"]


def test_reading13_watering_can_needs_a_flower() -> None:
    """Reading 13: with no Flower in the garden the Watering Can cannot be used."""
    s = SowGame(4).from_position("r0=b/g,can r2=windmill r5=y/b")
    play(s, "take 0", "place seed G", "place watering can")
    assert legal_notation(s) == ["windmill", "no garden action"]


def test_ruling6_windmill_reverses_direction_both_ways() -> None:
    """Rule 2) Windmill: change the direction of every later redistribution."""
    s = SowGame(4).from_position("direction=ccw r0=gopher,b/g r1=windmill r2=r/g r9=r/y,y/r")
    play(s, "take 0", "place gopher")
    # counter-clockwise: row 0 -> 11, so the Gopher does not meet the Windmill
    assert s.row_cards(11) == ["gopher"]
    s = SowGame(4).from_position("direction=ccw r0=gopher,b/g r11=windmill r10=g/b r3=r/y,y/r")
    play(s, "take 0", "place gopher", "place seed G", "windmill")
    assert table(s)["direction"] == "clockwise"
    play(s, "take 3", "place seed Y", "place seed R")
    assert s.row_cards(4) == ["r/y"] and s.row_cards(5) == ["Y/R"]


def test_ruling6_face_down_action_is_not_offered() -> None:
    """Rule 2): only the 2 face-up Garden actions can be chosen."""
    s = SowGame(4).from_position("r0=can,b/g r1=windmill r2=r/g r7=R/Y")
    play(s, "take 0", "place watering can", "place seed G")
    with pytest.raises(IllegalMoveError, match="Watering Can is up"):
        s.apply_action(s.legal_actions()[0] + 1)  # "gopher 0"


def test_ruling6_at_most_one_garden_action_per_turn() -> None:
    """Ruling 6: one Garden action at most; after it the turn ends."""
    s = SowGame(4).from_position("r0=gopher,b/g r1=windmill r2=r/g r7=R/Y")
    play(s, "take 0", "place gopher", "place seed G", "windmill")
    assert s.phase_name() == "take" and s.current_player() == 1


def test_reading14_both_garden_cards_in_hand_meet_after_a_full_lap() -> None:
    """Reading 14: the Garden cards meet when one lands in the row holding the other,
    also when both came from the taken row (13 cards: a full lap)."""
    s = SowGame(4).from_position(
        "r0=windmill,gopher,r/y,r/y,y/r,y/r,b/r,b/r,g/r,g/r,r/b,r/b,y/b r5=y/b,g/b"
    )
    play(s, "take 0", "place windmill")
    for _ in range(11):
        names = legal_notation(s)
        play(s, "place seed R" if "place seed R" in names else names[0])
    assert legal_notation(s) == ["place gopher"]
    play(s, "place gopher")  # lands in row 1, on the Windmill
    assert s.phase_name() == "garden"


def test_reading14_garden_cards_lying_together_give_nothing() -> None:
    """Reading 14: only placing a Garden card onto the other counts; Garden cards that
    already share a row give no action."""
    s = SowGame(4).from_position("r3=r/y,b/g r5=windmill,gopher r9=y/b,r/b")
    play(s, "take 3", "place seed Y", "place seed G")
    assert s.phase_name() == "take" and s.current_player() == 1


# -- ruling 7: the end ----------------------------------------------------------------
def test_ruling7_game_ends_when_no_row_holds_two_cards() -> None:
    """Game End / ruling 7: the game ends when every row holds 0 or 1 card."""
    s = SowGame(4).from_position("r0=r/y,b/g r3=windmill r7=gopher")
    play(s, "take 0", "place seed Y", "place seed G")
    assert s.is_terminal() and s.legal_actions() == []
    assert s.phase_name() == "over"


def test_ruling7_sixty_idle_turns_end_the_game() -> None:
    """Ruling 7: 60 turns in a row without a Seed flipping or a Flower leaving the
    garden end the game."""
    start = "r0=R/Y,Y/B r5=windmill r9=r/b,y/b r11=gopher"
    s = SowGame(4).from_position(start + " idle=59")
    play(s, "take 0", "place flower R/Y", "place flower Y/B")  # ends in a diagonal row
    assert s.is_terminal()
    assert s.rule_counts()["ended by idle rule"] == 1
    s = SowGame(4).from_position(start + " idle=58")
    play(s, "take 0", "place flower R/Y", "place flower Y/B")
    assert not s.is_terminal() and table(s)["idle_turns"] == 59


def test_ruling7_progress_resets_the_idle_count() -> None:
    """Ruling 7: a Seed flipping (or a Flower leaving) resets the count."""
    s = SowGame(4).from_position("idle=59 r0=r/y,b/g r3=R/Y,Y/B r5=windmill r11=gopher")
    play(s, "take 0", "place seed Y", "place seed G")
    assert not s.is_terminal() and table(s)["idle_turns"] == 0


@pytest.mark.parametrize(
    ("action", "idle_after"), [("windmill", 6), ("gopher 7", 6), ("gopher 1", 0)]
)
def test_reading15_what_counts_as_progress(action: str, idle_after: int) -> None:
    """Reading 15 / ruling 7: reversing the Windmill or a Gopher on a row without
    Flowers is no progress; the Gopher removing a Flower is."""
    s = SowGame(4).from_position("idle=5 r0=R/Y,gopher r2=windmill r9=y/b,r/b")
    play(s, "take 0", "place flower R/Y", "place gopher", action)
    assert table(s)["idle_turns"] == idle_after


def test_random_games_end() -> None:
    """Ruling 7 guarantees that every game ends."""
    rng = random.Random(3)
    for n in (2, 3, 4):
        s = seedbed.load("sow", players=n).new_state(rng.randrange(1000))
        assert random_moves(s, rng, 20_000) < 20_000
        assert s.is_terminal()


# -- ruling 8: scoring and tie-break -------------------------------------------------
def test_ruling8_points_3_2_1() -> None:
    """Scoring / ruling 8: 3 for the Favourite Colour in the centre, 2 outside, else 1."""
    s = SowGame(4).from_position("r2=windmill r8=gopher favourites=RYBG bouquets=R/Y|R/Y|G/R|Y/R")
    assert s.scores() == [3, 2, 1, 1]


def test_ruling8_two_players_score_only_front_wheelbarrow_colour() -> None:
    """Rule 1) / ruling 8: with 2 players only the wheelbarrow in front counts (seat 0:
    wheelbarrow 0, seat 1: wheelbarrow 2), not the second controlled one."""
    s = SowGame(2).from_position("r2=windmill r8=gopher favourites=RYBG bouquets=Y/G,R/G|Y/B,G/R")
    assert s.scores() == [4, 3]  # seat 0 red: 1 + 3; seat 1 blue: 1 + 2


def test_ruling8_three_players_use_their_own_wheelbarrow() -> None:
    """Ruling 8: with 3 players each seat scores by its own wheelbarrow's colour."""
    s = SowGame(3).from_position("r2=windmill r8=gopher favourites=GBRY bouquets=G/R|G/R|B/R")
    assert s.scores() == [3, 1, 2]


def test_ruling8_tie_break_points_from_favourite_colour() -> None:
    """Scoring / ruling 8: tied players: more points from Flowers showing the
    Favourite Colour wins."""
    s = SowGame(2).from_position(
        "r2=windmill r8=gopher favourites=RYBG bouquets=Y/G,B/G,B/Y,Y/B|B/R"
    )  # 4 points, none red; 3 points from blue
    assert s.scores() == [4, 3]
    s = SowGame(2).from_position("r2=windmill r8=gopher favourites=RYBG bouquets=Y/G,B/G,B/Y|B/R")
    assert s.scores() == [3, 3]
    assert s.winners() == [1] and s.returns() == [0.0, 1.0]


def test_ruling8_full_tie_is_shared() -> None:
    """Ruling 8: still tied after the tie-break: the victory is shared."""
    s = SowGame(2).from_position("r2=windmill r8=gopher favourites=RYBG bouquets=R/Y|B/Y")
    assert s.winners() == [0, 1] and s.returns() == [0.5, 0.5]


def test_winners_empty_before_the_end() -> None:
    """The protocol: no winners while the game goes on."""
    assert SowGame(4).new_state(0).winners() == []


# -- designers' statistics ---------------------------------------------------------------
def test_rule_counts_add_up() -> None:
    """Designers' statistics: one turn per take, every Flower is a flipped Seed, and
    the Flowers picked are exactly the bouquets."""
    state = seedbed.load("sow", players=3).new_state(4)
    random_moves(state, random.Random(4))
    counts = state.rule_counts()
    history = state.history()
    assert counts["turn"] == sum(1 for m in history if m.startswith("take"))
    assert counts["colour chosen"] == sum(1 for m in history if m.startswith("choose"))
    assert (
        counts["seed flipped"] >= counts["flower to bouquet"] + counts["flower removed by gopher"]
    )
    assert counts["seed flipped"] <= 24
    assert counts["flower to bouquet"] == sum(len(b) for b in table(state)["bouquets"])

"""What each seat sees (``view``, ``compact_view``, the score sheet) and the
determinizations (``resample_from_infostate``): ruling 5, "the passer remembers what
they passed", and the house card kept face down ("The play")."""

from __future__ import annotations

import json
import random
from collections import Counter

from harvest_cases import harvest, parts, play, position, seat_cards

import seedbed
from seedbed.core.cards import CARD_NAMES, mask_of, parse_cards
from seedbed.games.harvest import rules
from seedbed.testing.conformance import random_moves
from seedbed.testing.helpers import legal_notation, table

FOUR = (
    "dealer=3 hands=AS,2S,3S,4S,5S,6S,7S/AH,2H,3H,4H,5H,6H,7H/AD,2D,3D,4D,5D,6D,7D/"
    "AC,2C,3C,4C,5C,6C,7C"
)


def midgame(players: int, seed: int, moves: int) -> seedbed.State:
    s = harvest(players).new_state(seed)
    random_moves(s, random.Random(seed), moves)
    return s


def everyone_discards(s: seedbed.State) -> None:
    """One turn: each seat keeps its lowest card, shows and discards the next ones."""
    for _ in range(len(s.scores())):
        play(s, legal_notation(s)[0])
        play(s, legal_notation(s)[0])
        play(s, next(m for m in legal_notation(s) if m.startswith("discard")))


def holder(state: seedbed.State, card: str) -> int:
    """The seat whose hand or house holds ``card`` (read from the position)."""
    hands, houses = seat_cards(state, "hands"), seat_cards(state, "houses")
    return next(q for q in range(len(hands)) if card in hands[q] + houses[q])


# -- views ----------------------------------------------------------------------------------


def test_view_shows_own_cards_and_hides_other_hands() -> None:
    """A seat sees its own hand and house; other hands, houses and the deck are hidden."""
    s = midgame(3, 4, 4)
    v = s.view(0)
    assert v["table"]["hand"] == seat_cards(s, "hands")[0]
    text = json.dumps(v)
    for q in (1, 2):
        for card in seat_cards(s, "hands")[q] + seat_cards(s, "houses")[q]:
            if card != "JK":
                assert f'"{card}"' not in text
    spectator = table(s, None)
    assert not {"hand", "house", "tracked"} & set(spectator)
    assert spectator["hand_sizes"] == [len(h) for h in seat_cards(s, "hands")]


def test_view_carries_what_the_table_shows() -> None:
    """Every field as its cards, the village, deck size, pass direction, scores and the
    moves as this seat was told them."""
    s = play(position(FOUR, 4, "fields"), "house 7S", "village 6S", "plant AS")
    v = s.view(2)
    assert v["table"]["fields"][0] == [["AS"], [], [], []]
    assert v["table"]["field_values"][0] == [1, 0, 0, 0]
    assert v["table"]["village"] == ["6S"]
    assert v["table"]["deck"] == 54 - 28
    assert v["table"]["pass_direction"] == "left" and v["table"]["pass_to"] == [1, 2, 3, 0]
    assert v["scores"] == [0, 0, 0, 0]
    assert v["moves"] == [[0, "house ??"], [0, "village 6S"], [0, "plant AS"]]
    assert s.view(0)["moves"] == [[0, "house 7S"], [0, "village 6S"], [0, "plant AS"]]


def test_passer_remembers_passed_cards_until_seen() -> None:
    """Ruling 5: the cards a seat passed and to whom stay known (with the receiver)
    until seen played."""
    s = position(FOUR, 4, "fields")
    everyone_discards(s)
    # seat 0 kept AS, showed 2S, discarded 3S and passed 4S-7S to seat 1 (left)
    assert table(s, 0)["tracked"] == [["4S", [1]], ["5S", [1]], ["6S", [1]], ["7S", [1]]]
    assert set(table(s, 0)["hand"]) == {"AS", "4C", "5C", "6C", "7C"}
    # seat 1 acts: keeps 4S, shows 5S, discards 6S: those are seen.
    play(s, "house 4C", "village 5C", "discard 6C")
    play(s, "house 4S", "village 5S", "discard 6S")
    assert table(s, 0)["tracked"] == [["4S", [1]], ["7S", [1]]]


def test_tracked_cards_follow_onward_passes() -> None:
    """Ruling 5: with 4 players a card passed right may travel on across: the passer
    knows it is with the receiver or with whoever the receiver passed to."""
    s = position("passes=1 " + FOUR, 4, "fields")  # this pass goes right, the next across
    everyone_discards(s)
    assert table(s, 0)["tracked"] == [[c, [3]] for c in ("4S", "5S", "6S", "7S")]
    everyone_discards(s)
    # seat 3 kept 4S, showed 5S, discarded 6S and passed AC 7S across to seat 1; seat 0
    # saw 5S and 6S, and passed 6H 7H to seat 2 in its turn
    assert table(s, 0)["tracked"] == [["4S", [1, 3]], ["7S", [1, 3]], ["6H", [2]], ["7H", [2]]]
    assert holder(s, "4S") == 3 and holder(s, "7S") == 1


def test_cards_passed_back_are_no_longer_tracked() -> None:
    """Ruling 5: with 2 players the hand comes back: what returns is in one's own hand,
    what stays behind is the receiver's house card."""
    s = position("dealer=1 hands=AS,2S,3S,4S,5S,6S,7S/AH,2H,3H,4H,5H,6H,7H", 2, "fields")
    everyone_discards(s)
    assert [c for c, _ in table(s, 0)["tracked"]] == ["4S", "5S", "6S", "7S"]
    everyone_discards(s)
    # seat 1 held 4S..7S + AH, kept 4S, showed 5S, discarded 6S, passed 7S AH back;
    # seat 0 then passed 6H 7H.
    assert table(s, 0)["tracked"] == [["4S", [1]], ["6H", [1]], ["7H", [1]]]
    assert {"7S", "AH"} <= set(table(s, 0)["hand"]) and holder(s, "4S") == 1


def test_records_are_the_same_however_rarely_they_are_read() -> None:
    """The records of passed cards are brought up to date when read: reading them after
    every move, now and then, or only at the end (also through clones and JSON) gives
    the same views and positions."""
    for players, option in ((2, "table"), (3, "fields"), (4, "fields"), (4, "table")):
        game = harvest(players, option)
        for seed in range(4):
            every = game.new_state(seed)
            rare = game.new_state(seed)
            rng = random.Random(seed)
            moves = 0
            while not every.is_terminal():
                for p in range(players):
                    every.view(p)
                legal = every.legal_actions()
                a = legal[rng.randrange(len(legal))]
                every.apply_action(a)
                rare.apply_action(a)
                moves += 1
                if moves % 37 == 0:
                    copy = rare.clone()
                    loaded = game.state_from_json(rare.to_json())
                    assert copy.position() == loaded.position() == every.position()
                if moves % 53 == 0:
                    p = moves % players
                    assert rare.information_state_string(p) == every.information_state_string(p)
                    assert rare.view(p) == every.view(p)
            assert rare.to_json() == every.to_json()


def test_other_seats_are_told_house_unknown() -> None:
    """The house card is face down ("The play"): the mover sees its name, everyone else,
    spectators included, only ``house ??``."""
    state = harvest(3).new_state(8)
    actor = state.current_player()
    assert actor is not None
    action = state.legal_actions()[0]
    assert state.notation_for(action, actor, actor) == state.action_to_string(action)
    for viewer in [*(p for p in range(3) if p != actor), None]:
        assert state.notation_for(action, actor, viewer) == "house ??"


def test_compact_view_says_what_the_view_says() -> None:
    """The compact view (docs/rules/harvest.md, "For developers") holds, as ints, what
    the view says: every entry is read off the JSON view here."""
    for players in (2, 3, 4):
        for seed in range(3):
            s = midgame(players, seed, 17 * seed + 5)
            for p in range(players):
                cv = s.compact_view(p)
                v = s.view(p)
                t = v["table"]
                assert len(cv) == rules.CV_FIELDS + players
                assert rules.PHASE_NAMES[cv[rules.CV_PHASE]] == v["phase"]
                assert cv[rules.CV_TO_MOVE] == (-1 if v["to_move"] is None else v["to_move"])
                assert cv[rules.CV_PLAYERS] == players
                assert cv[rules.CV_VILLAGE_COUNTS] == 1  # the default option, "table"
                assert cv[rules.CV_PASSES] == t["passes_made"]
                assert (cv[rules.CV_ROUND], cv[rules.CV_TURN]) == (t["round"], t["turn"])
                assert cv[rules.CV_DEALER] == t["dealer"]
                assert cv[rules.CV_DECK] == t["deck"]
                assert cv[rules.CV_VILLAGE] == _mask(t["village"])
                assert cv[rules.CV_HAND] == _mask(t["hand"])
                assert cv[rules.CV_HOUSE] == _mask(t["house"])
                for q in range(players):
                    field = [c for suit in t["fields"][q] for c in suit]
                    assert cv[rules.CV_FIELDS + q] == _mask(field)
                    assert rules.pass_receiver(players, cv[rules.CV_PASSES], q) == t["pass_to"][q]


def _mask(names: list[str]) -> int:
    """A list of card names as a mask, Jokers written canonically (52, then 53)."""
    jokers = names.count("JK")
    return mask_of(parse_cards(" ".join(c for c in names if c != "JK"))) | (
        ((1 << 52) | (1 << 53)) if jokers == 2 else (1 << 52) if jokers else 0
    )


def test_score_sheet_scores_each_field_in_the_round_it_was_completed() -> None:
    """Ruling 9: a completed field scores its cards; the sheet says which field, its
    cards and the round, one entry for each round that has ended."""
    s = position(
        "dealer=1 phase=action hands=QS/4D,5D,6D houses=9C/- fields=AS,6S/-"
        " deck=AC,2C,3C,4C,5C,6C,7C,8C,9D,TD,JD,QD village=rest",
        2,
        "fields",
    )
    assert s.score_sheet(0) == {"rounds": [], "total": [0.0, 0.0]}
    play(s, "harvest QS", "house 4D", "village 5D", "discard 6D")
    sheet = s.score_sheet(1)
    assert sheet["rounds"] == [
        {
            "label": "Round 1",
            "lines": [{"label": "spades field AS 6S QS", "points": [19, 0]}],
            "points": [19, 0],
        }
    ]
    assert sheet["total"] == [19.0, 0.0]
    assert table(s, None)["round"] == 2


def test_score_sheet_of_a_position_counts_earlier_fields_apart() -> None:
    """A position has no history: the fields complete in it come first, as one entry."""
    s = position("dealer=1 hands=7H,KC,3S/2D,3D,4S fields=AS,6S,JS/2C,8C,QC")
    sheet = s.score_sheet(None)
    assert sheet["rounds"] == [
        {
            "label": "Before this position",
            "lines": [
                {"label": "spades field AS 6S JS", "points": [18, 0]},
                {"label": "clubs field 2C 8C QC", "points": [0, 22]},
            ],
            "points": [18, 22],
        }
    ]


# -- resampling -------------------------------------------------------------------------------


def test_resample_is_a_function_of_the_information_set() -> None:
    """Two states seat 0 cannot tell apart (other seats' hidden cards exchanged, the
    Jokers with other seats) resample to the same state."""
    a = position("dealer=2 hands=AS,2S,3S,4S,5S,6S,7S/AH,2H,3H,4H,JK,6H,7H/AD,2D,3D,4D,5D,6D,7D", 3)
    b = position("dealer=2 hands=AS,2S,3S,4S,5S,6S,7S/AD,2D,3D,4D,5D,6D,7D/AH,2H,3H,4H,JK,6H,7H", 3)
    for s in (a, b):
        play(s, "house 7S", "village 6S", "plant AS")
    assert a.view(0) == b.view(0) and a.compact_view(0) == b.compact_view(0)
    r1 = a.resample_from_infostate(0, random.Random(11))
    r2 = b.resample_from_infostate(0, random.Random(11))
    assert r1.to_json() == r2.to_json()
    assert a.to_json() != b.to_json()


def test_resample_hides_other_seats_house_decisions() -> None:
    """The resampled action list is rebuilt from what the player knows: other seats'
    house cards read ``house ??``."""
    s = position(FOUR, 4, "fields")
    everyone_discards(s)
    r = s.resample_from_infostate(2, random.Random(1))
    assert r.history()[0::3] == ["house ??", "house ??", "house AD", "house ??"]
    assert r.actions()[0] == rules.HIDDEN_HOUSE
    assert r.history()[1::3] == s.history()[1::3]


def test_resample_puts_passed_cards_with_the_receiver() -> None:
    """Ruling 5: passed cards stay with the receiver until seen played."""
    s = position(FOUR, 4, "fields")
    everyone_discards(s)
    for i in range(50):
        r = s.resample_from_infostate(0, random.Random(i))
        assert {"4S", "5S", "6S", "7S"} <= set(seat_cards(r, "hands")[1])
        assert seat_cards(r, "hands")[0] == seat_cards(s, "hands")[0]


def _onward_worlds(s: seedbed.State, trials: int = 600) -> Counter[tuple[int, int]]:
    where: Counter[tuple[int, int]] = Counter()
    for i in range(trials):
        r = s.resample_from_infostate(0, random.Random(i))
        r.check_invariants()  # type: ignore[attr-defined]
        where[(holder(r, "4S"), holder(r, "7S"))] += 1
    return where


def test_resample_onward_cards_respect_one_kept_card_per_turn() -> None:
    """Ruling 5: a card that may have travelled on is placed only with seats that may
    hold it, and a seat keeps one card per turn, so two cards passed to seat 3 cannot
    both have stayed there. Worlds (4S, 7S): (1,1), (1,3), (3,1), weighted by the
    placements each allows (6, 9, 9 out of 24)."""
    s = position("passes=1 " + FOUR, 4, "fields")
    everyone_discards(s)
    everyone_discards(s)
    where = _onward_worlds(s)
    assert set(where) == {(1, 1), (1, 3), (3, 1)}
    assert abs(where[(1, 1)] - 600 * 6 / 24) < 4 * (600 * 6 / 24 * 18 / 24) ** 0.5


def test_a_position_keeps_what_each_seat_knows_of_its_passed_cards() -> None:
    """Ruling 5 and the position format: set up from its position, the same state
    resamples within the same worlds (the position writes them: the tracked seats alone
    would allow 4S and 7S both with seat 3)."""
    s = position("passes=1 " + FOUR, 4, "fields")
    everyone_discards(s)
    everyone_discards(s)
    back = harvest(4, "fields").from_position(s.position())
    assert parts(back)["worlds"].split("/")[0] == "4S.7S.6H.7H:1122,1322,3122"
    assert set(_onward_worlds(back, 200)) == {(1, 1), (1, 3), (3, 1)}
    loaded = harvest(4, "fields").state_from_json(back.to_json())
    assert loaded.position() == back.position()


def test_passed_jokers_are_tracked_as_a_joker() -> None:
    """Rulings 1 and 5: a passed Joker is tracked as "a Joker"; seen leaving the
    receiver, it may have been that one or the other (hidden) Joker."""
    s = position(
        "dealer=2 hands=AS,2S,3S,4S,5S,6S,JK/AH,2H,3H,4H,5H,6H,7H/AD,2D,3D,4D,5D,6D,7D",
        3,
        "fields",
    )
    everyone_discards(s)  # seat 0 passes 4S 5S 6S JK to seat 1
    assert ["JK", [1]] in table(s, 0)["tracked"]
    for i in range(30):
        r = s.resample_from_infostate(0, random.Random(i))
        assert "JK" in seat_cards(r, "hands")[1] + seat_cards(r, "houses")[1]
    play(s, "house AS", "village 4D", "discard 5D")
    play(s, "house 4S", "village JK")  # seat 1 shows a Joker: maybe the passed one
    assert "JK" not in [c for c, _ in table(s, 0)["tracked"]]
    hidden_joker: Counter[bool] = Counter()
    for i in range(200):
        r = s.resample_from_infostate(0, random.Random(i))
        r.check_invariants()  # type: ignore[attr-defined]
        hidden_joker["JK" in seat_cards(r, "hands")[1] + seat_cards(r, "houses")[1]] += 1
    assert hidden_joker[True] and hidden_joker[False]


def test_resample_is_uniform_over_unknown_cards() -> None:
    """With nothing passed yet, every card the player cannot see is equally likely in
    each hidden place (frequency proportional to the place's size)."""
    s = harvest(2).new_state(17)
    mine = set(seat_cards(s, "hands")[0])
    card = next(c for c in CARD_NAMES[:52] if c not in mine)
    in_hand = 0
    trials = 1500
    for i in range(trials):
        r = s.resample_from_infostate(0, random.Random(i))
        in_hand += card in seat_cards(r, "hands")[1]
        assert seat_cards(r, "hands")[0] == seat_cards(s, "hands")[0]
    expected = trials * 7 / 47
    assert abs(in_hand - expected) < 4 * (expected * (1 - 7 / 47)) ** 0.5

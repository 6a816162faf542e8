"""SEWN rules: the rulebook's examples first, then one test per rule and ruling.

Every test sets up its table with ``game.from_position`` (the position format of
docs/rules/sewn.md) and asserts what the rulebook, or the SEWN ruling it names, says.
"""

from __future__ import annotations

import random

import pytest

import seedbed
from seedbed.core.cards import parse_card
from seedbed.core.errors import IllegalMoveError, NotationError
from seedbed.core.protocol import State
from seedbed.games.sewn import SewnGame
from seedbed.games.sewn import rules as R
from seedbed.testing.helpers import play

S, E, N, W = R.SOUTH, R.EAST, R.NORTH, R.WEST
GAME = SewnGame()

# Example 1 (one Seed trick): Alice South (no spades), Ben East, Carol North, Dave West.
EXAMPLE1 = (
    "deal:AH2H3H4H5H6H7H8H9HTHJHQHKH/9S2S4S2D3D4D5D6D7D8D9DTDJD/"
    "QSKSAS5S6SQDKDAD2C3C4C5C6C/3S7S8STSJS7C8C9CTCJCQCKCAC"
)
# Example 2 (End of Summer): each seat holds a whole suit and keeps one card back.
EXAMPLE2 = (
    "deal:AD2D3D4D5D6D7D8D9DTDJDQDKD/AS2S3S4S5S6S7S8S9STSJSQSKS/"
    "AC2C3C4C5C6C7C8C9CTCJCQCKC/AH2H3H4H5H6H7H8H9HTHJHQHKH"
)
EXAMPLE2_KEEP = ("3D", "JS", "8C", "JH")


def table(state: State, seat: int | None = None) -> dict:
    """The game's own part of the seat's view."""
    return state.view(seat)["table"]


def this_round(state: State, seat: int | None = None) -> dict:
    return table(state, seat)["rounds"][-1]


def legal_names(state: State) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def seed_phase_keeping(state: State, keep: tuple[str, str, str, str]) -> None:
    """Play the Seed Phase with the lowest legal card that is not the seat's kept one."""
    while state.phase_name() in ("seed", "plant"):
        seat = state.current_player()
        assert seat is not None
        choice = next(
            a for a in state.legal_actions() if R.action_card(a) != parse_card(keep[seat])
        )
        state.apply_action(choice)


def random_until(state: State, phase: str, rng: random.Random) -> None:
    while state.phase_name() != phase:
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])


# -- the rulebook's examples -----------------------------------------------------------
def test_example1_one_seed_trick() -> None:
    """Rulebook Example 1: Ben (East) leads 9S, Carol QS, Dave 3S, Alice (no spades)
    KH; Carol wins. Each seeds the card onto the Field to the left (KH West, 9S South,
    QS East, 3S North), plants onto the Field to the right (ruling 2); only Alice knows
    the card she planted on the East Field; Carol leads the next trick."""
    st = GAME.from_position(f"round:1 dealer:S {EXAMPLE1}")
    assert st.current_player() == E
    play(st, "9S", "QS", "3S", "KH")
    assert st.phase_name() == "plant" and st.current_player() == N
    fields = {f["name"]: f for f in table(st)["fields"]}
    assert fields["West"]["seeded"] == ["KH"] and fields["South"]["seeded"] == ["9S"]
    assert fields["East"]["seeded"] == ["QS"] and fields["North"]["seeded"] == ["3S"]
    assert all(f["top_face"] == "up" for f in fields.values())
    play(st, "plant 2C", "plant 7C", "plant 2H", "plant 2D")  # North, West, South, East
    for p in range(4):
        east = table(st, p)["fields"][E]
        assert east["top_face"] == "down" and east["size"] == 2
        assert (east["top"] == "2H") == (p == S)
        assert ("2H" in str(st.view(p))) == (p == S)
    assert table(st, S)["fields"][E]["planted"] == ["2H"]  # Alice planted on East
    assert table(st, N)["fields"][W]["planted"] == ["2C"]  # Carol on West
    assert st.phase_name() == "seed" and st.current_player() == N


def test_example2_end_of_summer_and_split_power() -> None:
    """Rulebook Example 2: the last cards are 3D, JS, 8C, JH; the Jacks tie and spades
    beat hearts, so Ben (East) is Season Winner and Dave (West) runner-up; Ben takes
    FIRST PICK, Dave gets TRUMP and names diamonds; the four cards are out of play."""
    st = GAME.from_position(f"round:1 dealer:S {EXAMPLE2}")
    seed_phase_keeping(st, EXAMPLE2_KEEP)
    now = this_round(st)
    assert now["end_of_summer"] == ["3D", "JS", "8C", "JH"]
    assert (now["season_winner"], now["runner_up"]) == (E, W)
    assert st.phase_name() == "privilege" and st.current_player() == E
    play(st, "take first pick")
    assert st.current_player() == W
    play(st, "trump D")
    now = this_round(st, S)
    assert now["first_pick"] == E and now["trump_holder"] == W and now["trump"] == "D"
    assert st.phase_name() == "pick" and st.current_player() == E
    for f in table(st)["fields"]:
        assert f["size"] == 12 and not set(f["seeded"]) & set(EXAMPLE2_KEEP)


# -- rules and rulings -----------------------------------------------------------------
def test_ruling1_seating_is_clockwise_south_east_north_west() -> None:
    """Ruling 1: seats clockwise South, East, North, West; play passes to the next."""
    st = GAME.from_position(f"round:1 dealer:W {EXAMPLE1}")
    assert st.current_player() == S
    order = []
    for card in ("2H", "9D", "2C", "7C"):
        order.append(st.current_player())
        play(st, card)
    assert order == [S, E, N, W]
    assert [GAME.seat_name(q) for q in range(4)] == ["South", "East", "North", "West"]


def test_ruling2_fields_are_seeded_from_the_right_and_picked_across() -> None:
    """Ruling 2: the Field named X is seeded by X+1, planted by X-1, and only X or the
    seat opposite X may pick it."""
    st = GAME.from_position(f"round:1 dealer:S {EXAMPLE1} seed:9SQS3SKH plant:2H/2D/2C/7C")
    for f in table(st)["fields"]:
        x = R.SEAT_NAMES.index(f["name"])
        assert f["seeded_by"] == (x + 1) % 4 == R.seeder_of(x)
        assert f["planted_by"] == (x - 1) % 4 == R.planter_of(x)
        assert R.pickers_of(x) == (x, (x + 2) % 4)
    assert [R.may_pick(S, f) for f in range(4)] == [True, False, True, False]
    st = GAME.from_position(f"round:1 dealer:S {EXAMPLE2}")
    seed_phase_keeping(st, EXAMPLE2_KEEP)
    play(st, "take trump", "trump S")
    while st.phase_name() == "pick":
        seat = st.current_player()
        assert seat is not None
        fields = {R.decode(a).field for a in st.legal_actions()}
        assert fields <= {seat, (seat + 2) % 4}
        st.apply_action(st.legal_actions()[-1])
    for pick in this_round(st)["picks"]:
        assert R.may_pick(pick["seat"], pick["field"])


def test_ruling3_dealer_from_the_seed_then_clockwise() -> None:
    """Ruling 3: round 1's dealer comes from the game's seed, then the deal passes
    clockwise; the player after the dealer leads the first Seed trick."""
    dealers = set()
    rng = random.Random(0)
    for seed in range(5):
        st = GAME.new_state(seed)
        first = this_round(st)["dealer"]
        dealers.add(first)
        assert GAME.new_state(seed).position() == st.position()
        for r in range(4):
            assert table(st)["round"] == r + 1
            assert this_round(st)["dealer"] == (first + r) % 4
            assert st.current_player() == (first + r + 1) % 4
            while table(st)["round"] == r + 1 and not st.is_terminal():
                legal = st.legal_actions()
                st.apply_action(legal[rng.randrange(len(legal))])
    assert len(dealers) > 1


def test_rule_thirteen_cards_each_from_one_deck() -> None:
    """Setup: deal 13 cards to each player: the whole deck."""
    st = GAME.new_state(5)
    hands = [table(st, p)["hand"] for p in range(4)]
    assert [len(h) for h in hands] == [13, 13, 13, 13]
    assert len({c for h in hands for c in h}) == 52
    assert table(st)["hand_sizes"] == [13, 13, 13, 13]


def test_rule_follow_suit_in_a_seed_trick() -> None:
    """Standard Trick Rules: follow suit if able; an illegal card changes nothing."""
    st = GAME.from_position(f"round:1 dealer:S {EXAMPLE1} seed:9S")
    before = st.position()
    with pytest.raises(IllegalMoveError, match="follow suit"):
        st.apply_action(parse_card("QD"))  # North holds spades
    assert st.position() == before
    assert sorted(legal_names(st)) == sorted(["AS", "5S", "6S", "QS", "KS"])


def test_rule_any_card_when_void() -> None:
    """Standard Trick Rules: a player who cannot follow suit may play any card."""
    st = GAME.from_position(f"round:1 dealer:S {EXAMPLE1} seed:9SQS3S")
    assert st.current_player() == S and len(st.legal_actions()) == 13


def test_rule_seed_trick_has_no_trump_highest_of_the_led_suit_wins() -> None:
    """Seed Phase: no trump; the highest card of the led suit wins (Ace high), and the
    winner is asked to plant first (ruling 4) and leads the next trick."""
    st = GAME.from_position(f"round:1 dealer:S {EXAMPLE1} seed:2SAS3SKH")
    assert this_round(st)["seed_tricks"][-1]["winner"] == N
    assert st.current_player() == N
    assert (
        R.seed_winner(E, (parse_card("2S"), parse_card("AS"), parse_card("3S"), parse_card("KH")))
        == N
    )


def test_ruling4_plants_one_at_a_time_clockwise_from_the_winner() -> None:
    """Ruling 4: after a Seed trick every player plants one card, asked one at a time
    clockwise from the trick's winner; only plants are legal then; after six tricks
    each player has one card left."""
    st = GAME.from_position(f"round:1 dealer:S {EXAMPLE1} seed:9SQS3SKH")
    order = []
    while st.phase_name() == "plant":
        order.append(st.current_player())
        assert all(R.decode(a).kind == R.KIND_PLANT for a in st.legal_actions())
        with pytest.raises(IllegalMoveError):
            st.apply_action(R.action_card(st.legal_actions()[0]))  # a play, not a plant
        st.apply_action(st.legal_actions()[0])
    assert order == [N, W, S, E]
    seed_phase_keeping(st, ("QH", "JD", "6C", "AC"))
    assert table(st)["hand_sizes"] == [0, 0, 0, 0]
    assert this_round(st)["plant_counts"] == [6, 6, 6, 6]
    assert this_round(st)["end_of_summer"] == ["QH", "JD", "6C", "AC"]


def test_ruling5_end_of_summer_is_automatic_rank_then_suit() -> None:
    """Ruling 5: the last cards are played by themselves; rank first (Ace high), then
    S > H > D > C; the four cards leave play and everyone sees them."""
    st = GAME.from_position(f"round:1 dealer:S {EXAMPLE2}")
    seed_phase_keeping(st, ("AD", "KS", "AC", "2H"))
    assert st.move_number() == 48  # 24 plays and 24 plants: no decision for the 7th trick
    now = this_round(st)
    assert (now["season_winner"], now["runner_up"]) == (S, N)  # AD beats AC on suit
    for p in [None, 0, 1, 2, 3]:
        assert this_round(st, p)["end_of_summer"] == ["AD", "KS", "AC", "2H"]
    for f in table(st)["fields"]:
        assert not {"AD", "KS", "AC", "2H"} & set(f["seeded"])


def test_ruling6_privilege_then_trump_then_the_pick() -> None:
    """Ruling 6: the Season Winner takes TRUMP or FIRST PICK, the runner-up the other;
    the TRUMP holder names any suit; then the Pick starts with FIRST PICK."""
    st = GAME.from_position(f"round:1 dealer:S {EXAMPLE2}")
    seed_phase_keeping(st, EXAMPLE2_KEEP)
    assert legal_names(st) == ["take trump", "take first pick"]
    play(st, "take trump")
    now = this_round(st)
    assert (now["trump_holder"], now["first_pick"]) == (E, W)
    assert st.phase_name() == "trump" and st.current_player() == E
    assert legal_names(st) == ["trump S", "trump H", "trump D", "trump C"]
    play(st, "trump C")
    assert st.phase_name() == "pick" and st.current_player() == W


def test_ruling7_pick_order_peeks_and_the_forced_pick() -> None:
    """Ruling 7: FIRST PICK picks, then clockwise; each picker sees the top card of every
    Field still on the table when its turn comes; a forced pick is the only legal move
    and stays in the record."""
    st = GAME.from_position(f"round:1 dealer:S {EXAMPLE2}")
    seed_phase_keeping(st, EXAMPLE2_KEEP)
    play(st, "take first pick")  # East picks first, West names trump
    assert this_round(st, E)["peeked"] == {}  # the Pick starts after the trump
    play(st, "trump D")
    # The top of each Field is its planter's last plant: the planter knows it.
    fields = table(st)["fields"]
    tops = {f["name"]: table(st, f["planted_by"])["fields"][i]["top"] for i, f in enumerate(fields)}
    assert this_round(st, E)["peeked"] == tops
    assert this_round(st, S)["peeked"] == {}  # not South's turn yet
    assert legal_names(st) == ["pick East", "pick West"]
    play(st, "pick West")
    assert st.current_player() == N and legal_names(st) == ["pick South", "pick North"]
    assert set(this_round(st, N)["peeked"]) == {"South", "East", "North"}
    play(st, "pick North")
    assert legal_names(st) == ["pick East"]  # forced: East took West, so West gets East
    play(st, "pick East")
    assert legal_names(st) == ["pick South"]
    assert set(this_round(st, S)["peeked"]) == {"South"}
    play(st, "pick South")
    assert st.history()[-4:] == ["pick West", "pick North", "pick East", "pick South"]
    assert st.phase_name() == "harvest"
    # Each player's Harvest hand is the twelve cards of the Field they picked.
    fields = table(st)["fields"]
    for pick in this_round(st)["picks"]:
        field = fields[pick["field"]]
        planted = this_round(st, field["planted_by"])["planted"]
        assert set(table(st, pick["seat"])["hand"]) == set(field["seeded"]) | set(planted)
        assert field["taken_by"] == pick["seat"]


@pytest.mark.parametrize(("round_number", "leader"), [(1, S), (2, E), (3, W), (4, N)])
def test_ruling8_first_harvest_lead_by_round(round_number: int, leader: int) -> None:
    """Ruling 8: the first Harvest trick is led by South, East, West, North in rounds
    1, 2, 3, 4."""
    scores = "" if round_number == 1 else f"scores:{12 * (round_number - 1)},0,0,0 "
    st = GAME.from_position(f"{scores}round:{round_number} dealer:N {EXAMPLE2}")
    seed_phase_keeping(st, EXAMPLE2_KEEP)
    random_until(st, "harvest", random.Random(round_number))
    assert st.current_player() == leader == R.HARVEST_LEADER[round_number - 1]


def test_rule_harvest_highest_trump_wins_and_the_winner_leads() -> None:
    """Harvest: trump is active; the highest trump wins, else the highest card of the
    led suit; the winner leads the next trick and earns one point."""
    st = GAME.from_position(f"round:1 dealer:S {EXAMPLE2} ")
    seed_phase_keeping(st, EXAMPLE2_KEEP)
    play(st, "take first pick", "trump H")
    rng = random.Random(1)
    random_until(st, "harvest", rng)
    while st.phase_name() == "harvest":
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
        done = this_round(st)["harvest_tricks"] if st.phase_name() == "harvest" else []
        if done and not any(table(st)["trick"]["cards"]):
            trick = done[-1]
            led = trick["cards"][trick["leader"]][1]
            trumps = [q for q in range(4) if trick["cards"][q][1] == "H"]
            pool = trumps or [q for q in range(4) if trick["cards"][q][1] == led]
            best = max(pool, key=lambda q: "23456789TJQKA".index(trick["cards"][q][0]))
            assert trick["winner"] == best and st.current_player() == best
    first = table(st)["rounds"][0]
    assert sum(first["won"]) == 12 and st.scores() == [float(x) for x in first["won"]]


def test_rule_harvest_follow_suit() -> None:
    """Harvest: players must follow the led suit when they can."""
    st = GAME.from_position(f"round:1 dealer:E {EXAMPLE1}")
    rng = random.Random(2)
    random_until(st, "harvest", rng)
    while st.phase_name() == "harvest":
        trick = table(st)["trick"]
        seat = st.current_player()
        hand = table(st, seat)["hand"]
        if any(trick["cards"]):
            led = trick["cards"][trick["leader"]][1]
            suited = sorted(c for c in hand if c[1] == led)
            if suited:
                assert sorted(legal_names(st)) == suited
        else:
            assert sorted(legal_names(st)) == sorted(hand)
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])


def test_rule_every_round_has_the_same_102_decisions() -> None:
    """A round: 24 Seed plays, 24 plants, the privilege, the trump, 4 picks and 48
    Harvest plays (End of Summer is automatic); four rounds end the game."""
    rng = random.Random(5)
    st = GAME.new_state(rng.randrange(2**31))
    while not st.is_terminal():
        assert table(st)["round"] == st.move_number() // R.DECISIONS_PER_ROUND + 1
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    assert st.move_number() == R.ROUNDS * R.DECISIONS_PER_ROUND == 408


def test_ruling9_memory_is_perfect_recall() -> None:
    """Ruling 9: what a player saw stays in its view, earlier rounds included."""
    st = GAME.new_state(8)
    rng = random.Random(6)
    while table(st)["round"] < 2:
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    past = table(st, N)["rounds"][0]
    assert len(past["seed_tricks"]) == 6 and len(past["harvest_tricks"]) == 12
    assert len(past["planted"]) == 6 and len(past["dealt"]) == 13
    assert len(past["peeked"]) >= 1 and past["end_of_summer"] is not None


def test_ruling10_one_point_a_trick_over_four_rounds_and_ties_share() -> None:
    """Ruling 10: one point a Harvest trick; totals over four rounds; ties share."""
    st = GAME.from_position(f"scores:12,12,12,0 round:4 dealer:S {EXAMPLE2}")
    assert st.scores() == [12.0, 12.0, 12.0, 0.0]
    seed_phase_keeping(st, EXAMPLE2_KEEP)
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    won = table(st)["rounds"][-1]["won"]
    final = [12 + won[0], 12 + won[1], 12 + won[2], won[3]]
    assert sum(won) == 12 and st.scores() == [float(x) for x in final]
    best = max(final)
    assert st.winners() == [q for q in range(4) if final[q] == best]
    share = 1 / len(st.winners())
    assert st.returns() == [share if q in st.winners() else 0.0 for q in range(4)]


def test_game_facts() -> None:
    """Four players only; no rulebook options (the one knob, rounds, is implied at its
    default); registered as 'sewn'."""
    game = seedbed.load("sewn")
    assert isinstance(game, SewnGame) and game.num_players == 4 and game.params == {"players": 4}
    with pytest.raises(ValueError, match="4 players"):
        seedbed.load("sewn", players=3)
    assert R.num_actions(4) == R.NUM_ACTIONS == 114


# -- notation --------------------------------------------------------------------------
def test_notation_of_every_action() -> None:
    """Notation: a card, ``plant QS``, ``take trump``, ``take first pick``, ``trump S``,
    ``pick North``; a function of the number alone, one name a number."""
    st = GAME.new_state(0)
    assert st.action_to_string(0) == "AS" and st.action_to_string(51) == "KC"
    assert st.action_to_string(R.PLANT_BASE + 35) == "plant TD"
    assert st.action_to_string(R.TAKE_TRUMP) == "take trump"
    assert st.action_to_string(R.TAKE_FIRST_PICK) == "take first pick"
    assert st.action_to_string(R.TRUMP_BASE + 2) == "trump D"
    assert st.action_to_string(R.PICK_BASE + N) == "pick North"
    names = [st.action_to_string(a) for a in range(R.NUM_ACTIONS)]
    assert len(set(names)) == R.NUM_ACTIONS
    with pytest.raises(ValueError):
        st.action_to_string(R.NUM_ACTIONS)


def test_actions_decode_and_encode() -> None:
    """rules.decode/encode: every action number is one typed Action and back."""
    for a in range(R.NUM_ACTIONS):
        assert R.encode(R.decode(a)) == a
    assert R.decode(R.PICK_BASE + W) == R.Action(R.KIND_PICK, field=W)
    assert R.decode(R.TRUMP_BASE + 1) == R.Action(R.KIND_TRUMP, suit=1)
    with pytest.raises(ValueError):
        R.decode(R.NUM_ACTIONS)
    with pytest.raises(ValueError):
        R.encode(R.Action(R.KIND_PICK, field=4))
    with pytest.raises(ValueError):
        R.encode(R.Action("harvest", card=3))


def test_notation_is_forgiving() -> None:
    """Notation: case, 10/T, suit symbols, ``play``, a bare card while planting, suit
    words for the trump, a Field by its first letter."""
    st = GAME.from_position(f"round:1 dealer:S {EXAMPLE1}")
    assert st.string_to_action("9s") == st.string_to_action("play 9♠") == parse_card("9S")
    st = GAME.from_position(f"round:1 dealer:S {EXAMPLE1} seed:9SQS3SKH")
    assert st.string_to_action("plant 2c") == st.string_to_action("2c") == 52 + parse_card("2C")
    with pytest.raises(NotationError):
        st.string_to_action("plant 2H")  # not North's card
    st = GAME.from_position(f"round:1 dealer:S {EXAMPLE2}")
    seed_phase_keeping(st, EXAMPLE2_KEEP)
    assert st.string_to_action("First Pick") == R.TAKE_FIRST_PICK
    assert st.string_to_action("TAKE TRUMP") == R.TAKE_TRUMP
    play(st, "take trump")
    assert st.string_to_action("trump hearts") == R.TRUMP_BASE + 1
    assert st.string_to_action("trump ♣") == R.TRUMP_BASE + 3
    assert st.string_to_action("spades") == R.TRUMP_BASE
    play(st, "trump H")
    assert st.string_to_action("pick w") == R.PICK_BASE + W
    assert st.string_to_action("east") == R.PICK_BASE + E
    with pytest.raises(NotationError):
        st.string_to_action("pick South")  # West picks first: South is not for West


def test_rule_counts_for_designers() -> None:
    """rule_counts: privilege choices, off-suit plays, trumped tricks, suit tie-breaks."""
    st = GAME.from_position(f"round:1 dealer:S {EXAMPLE2}")
    seed_phase_keeping(st, EXAMPLE2_KEEP)
    play(st, "take first pick", "trump D")
    counts = st.rule_counts()
    assert counts["rounds"] == 1
    assert counts["took_first_pick"] == 1 and counts["took_trump"] == 0
    assert counts["summer_suit_tiebreak"] == 1  # JS and JH
    assert counts["seed_off_suit"] == 6 * 3  # each seat holds one suit
    full = GAME.new_state(3)
    rng = random.Random(3)
    while not full.is_terminal():
        legal = full.legal_actions()
        full.apply_action(legal[rng.randrange(len(legal))])
    c = full.rule_counts()
    assert c["rounds"] == 4 and c["took_trump"] + c["took_first_pick"] == 4
    assert 0 <= c["harvest_trumped"] <= 48

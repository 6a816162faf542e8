"""SEWN rules: the rulebook examples and one test per rule and ruling.

Rulebook: /work/shared/rules/sewn.txt; rulings: RULINGS.md, section SEWN (they win).
"""

from __future__ import annotations

import random

import pytest

import seedbed
from seedbed.core.cards import mask_of, parse_cards
from seedbed.core.errors import IllegalMoveError, NotationError
from seedbed.games.sewn import SewnGame, SewnState
from seedbed.games.sewn.engine import (
    HARVEST,
    PICK,
    PLANT,
    PRIVILEGE,
    SEED,
    TRUMP,
    field_mask,
)
from seedbed.testing.conformance import random_moves

S, E, N, W = range(4)
GAME = SewnGame()

# Example 1 (Seed trick): Alice South (no spades), Ben East, Carol North, Dave West.
EXAMPLE1_HANDS = {
    "South": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    "East": "9S 2S 4S 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
    "North": "QS KS AS 5S 6S QD KD AD 2C 3C 4C 5C 6C",
    "West": "3S 7S 8S TS JS 7C 8C 9C TC JC QC KC AC",
}
# Example 2 (End of Summer): each seat holds a whole suit and keeps one card back.
EXAMPLE2_HANDS = {
    "South": "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "East": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
    "North": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
    "West": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
}
EXAMPLE2_KEEP = {S: "3D", E: "JS", N: "8C", W: "JH"}


def play(state: SewnState, moves: str) -> None:
    """Apply moves written in notation, separated by commas."""
    for text in moves.split(","):
        state.apply_action(state.string_to_action(text.strip()))


def card(text: str) -> int:
    return parse_cards(text)[0]


def cards(text: str) -> int:
    return mask_of(parse_cards(text))


def seed_phase_keeping(state: SewnState, keep: dict[int, str]) -> None:
    """Play the Seed Phase choosing the lowest legal card that is not kept back."""
    kept = {q: card(c) for q, c in keep.items()}
    while state.phase in (SEED, PLANT):
        q = state.current_player()
        assert q is not None
        legal = state.legal_actions()
        choice = next(a for a in legal if a % 52 != kept[q])
        state.apply_action(choice)


def through_pick(state: SewnState) -> None:
    """Play privilege, trump and picks with the first legal option each time."""
    while state.phase in (PRIVILEGE, TRUMP, PICK):
        state.apply_action(state.legal_actions()[0])


def random_until(state: SewnState, phase: int, rng: random.Random) -> None:
    while state.phase != phase:
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])


# -- Rulebook examples ---------------------------------------------------------------
def test_example1_one_seed_trick() -> None:
    """Rulebook Example 1: East leads 9S, North QS, West 3S, South (void) KH; North wins,
    the seeding goes left and the planting right (ruling 2), North leads next."""
    st = GAME.position(EXAMPLE1_HANDS, dealer="South")
    assert st.current_player() == E
    play(st, "9S, QS, 3S, KH")
    assert st.phase == PLANT and st.current_player() == N
    fields = {f["name"]: f for f in st.view(None)["current"]["fields"]}
    assert fields["West"]["seeded"] == ["KH"]
    assert fields["South"]["seeded"] == ["9S"]
    assert fields["East"]["seeded"] == ["QS"]
    assert fields["North"]["seeded"] == ["3S"]
    assert all(f["top_face"] == "up" for f in fields.values())
    # Plants, clockwise from the winner (ruling 4): North, West, South, East.
    play(st, "plant 2C, plant 7C, plant 2H, plant 2D")
    assert st.plants == [(card("2H"),), (card("2D"),), (card("2C"),), (card("7C"),)]
    assert field_mask(st.seed_tricks, tuple(st.plants), 1) == cards("QS 2H")  # East Field
    assert field_mask(st.seed_tricks, tuple(st.plants), 3) == cards("KH 2C")  # West Field
    assert field_mask(st.seed_tricks, tuple(st.plants), 0) == cards("9S 7C")  # South Field
    assert field_mask(st.seed_tricks, tuple(st.plants), 2) == cards("3S 2D")  # North Field
    # Only Alice knows the card she planted on the East Field.
    for p in range(4):
        east = st.view(p)["current"]["fields"][1]
        assert east["top_face"] == "down"
        assert (east["top"] == "2H") == (p == S)
        assert ("2H" in str(st.view(p))) == (p == S)
    # Carol leads the next Seed trick.
    assert st.phase == SEED and st.current_player() == N


def test_example2_end_of_summer_and_split_power() -> None:
    """Rulebook Example 2: 3D, JS, 8C, JH; the Jacks tie and spades beat hearts, so East
    is Season Winner and West runner-up; East takes FIRST PICK, West gets TRUMP and
    names diamonds; the four cards are out of play."""
    st = GAME.position(EXAMPLE2_HANDS, dealer="South")
    seed_phase_keeping(st, EXAMPLE2_KEEP)
    assert st.eos == (card("3D"), card("JS"), card("8C"), card("JH"))
    assert st.phase == PRIVILEGE
    assert (st.season_winner, st.runner_up) == (E, W)
    assert st.current_player() == E
    play(st, "take first pick")
    assert (st.first_picker, st.trump_holder) == (E, W)
    assert st.current_player() == W
    play(st, "trump D")
    assert st.trump == 2
    assert st.phase == PICK and st.current_player() == E
    eos = cards("3D JS 8C JH")
    for f in range(4):
        assert not field_mask(st.seed_tricks, tuple(st.plants), f) & eos
    view = st.view(S)["current"]
    assert view["end_of_summer"] == ["3D", "JS", "8C", "JH"]
    assert view["first_pick"] == E and view["trump_holder"] == W and view["trump"] == "D"


# -- Rules and rulings ----------------------------------------------------------------
def test_ruling1_seating_clockwise_south_east_north_west() -> None:
    """Ruling 1: seats clockwise South, East, North, West; play passes to the next seat."""
    st = GAME.position(EXAMPLE1_HANDS, dealer="West")
    assert st.current_player() == S
    play(st, "2H")
    assert st.current_player() == E
    play(st, "9D")
    assert st.current_player() == N
    play(st, "2C")
    assert st.current_player() == W


def test_ruling2_field_naming_and_pick_rights() -> None:
    """Ruling 2: Field X is seeded by X+1, planted by X-1, and only X or X+2 may pick it."""
    rng = random.Random(3)
    st = GAME.new_state(11)
    random_until(st, PICK, rng)
    for f in range(4):
        seeds = [t[1][(f + 1) % 4] for t in st.seed_tricks]
        assert field_mask(st.seed_tricks, tuple(st.plants), f) == (
            mask_of(seeds) | mask_of(st.plants[(f - 1) % 4])
        )
    while st.phase == PICK:
        q = st.current_player()
        assert q is not None
        fields = {a - 110 for a in st.legal_actions()}
        assert fields <= {q, (q + 2) % 4}
        assert (q - 1) % 4 not in fields and (q + 1) % 4 not in fields
        st.apply_action(st.legal_actions()[-1])
    owners = {f: q for q, f in st.picks}
    assert all(owners[f] in (f, (f + 2) % 4) for f in range(4))


def test_ruling3_dealer_from_seed_and_passes_clockwise() -> None:
    """Ruling 3: round 1's dealer comes from the seed, then passes clockwise; the
    player after the dealer leads the first Seed trick."""
    dealers = set()
    for seed in range(20):
        st = GAME.new_state(seed)
        assert st.current_player() == (st.dealer + 1) % 4
        assert GAME.new_state(seed).dealer == st.dealer
        dealers.add(st.dealer)
        rng = random.Random(seed)
        first = st.dealer
        for r in range(1, 4):
            while st.rnd < r:
                legal = st.legal_actions()
                st.apply_action(legal[rng.randrange(len(legal))])
            assert st.dealer == (first + r) % 4
            assert st.current_player() == (st.dealer + 1) % 4
        if seed > 3:
            break
    assert len(dealers) > 1


def test_rule_deal_13_cards_each() -> None:
    """Setup: 13 cards to each player, the whole deck."""
    st = GAME.new_state(5)
    assert [h.bit_count() for h in st.hands] == [13, 13, 13, 13]
    assert st.hands[0] | st.hands[1] | st.hands[2] | st.hands[3] == (1 << 52) - 1


def test_rule_follow_suit_in_seed_phase() -> None:
    """Standard Trick Rules: follow suit if able; an illegal card leaves the state as is."""
    st = GAME.position(EXAMPLE1_HANDS, dealer="South")
    play(st, "9S")
    before = st.to_json()
    with pytest.raises(IllegalMoveError, match="follow suit"):
        st.apply_action(card("QD"))  # North holds spades
    assert st.to_json() == before
    assert set(st.legal_actions()) == {card(c) for c in ["QS", "KS", "AS", "5S", "6S"]}


def test_rule_any_card_when_void() -> None:
    """Standard Trick Rules: a player who cannot follow may play any card."""
    st = GAME.position(EXAMPLE1_HANDS, dealer="South")
    play(st, "9S, QS, 3S")
    assert len(st.legal_actions()) == 13  # South has no spades


def test_rule_seed_trick_no_trump_highest_of_led_suit() -> None:
    """Seed Phase: no trump; the highest card of the led suit wins, Ace high."""
    st = GAME.position(EXAMPLE1_HANDS, dealer="South")
    play(st, "2S, AS, 3S, KH")
    assert st.seed_tricks[-1][2] == N


def test_ruling4_plant_one_at_a_time_clockwise_from_winner() -> None:
    """Ruling 4: every player plants one card, asked clockwise from the trick's winner;
    only plants are legal then; after 6 Seed tricks each player has one card."""
    st = GAME.position(EXAMPLE1_HANDS, dealer="South")
    play(st, "9S, QS, 3S, KH")
    order = []
    while st.phase == PLANT:
        order.append(st.current_player())
        assert all(52 <= a < 104 for a in st.legal_actions())
        with pytest.raises(IllegalMoveError):
            st.apply_action(st.legal_actions()[0] - 52)
        st.apply_action(st.legal_actions()[0])
    assert order == [N, W, S, E]
    seed_phase_keeping(st, {S: "KH", E: "JD", N: "6C", W: "AC"})
    assert st.eos is not None and all(h == 0 for h in st.hands)
    assert [len(p) for p in st.plants] == [6, 6, 6, 6]


def test_ruling5_end_of_summer_is_automatic_rank_then_suit() -> None:
    """Ruling 5: the last cards are played automatically; rank first (Ace high), then
    S > H > D > C; the four cards leave play and are public."""
    st = GAME.position(EXAMPLE2_HANDS, dealer="South")
    n_before = st.move_number()
    seed_phase_keeping(st, {S: "AD", E: "KS", N: "AC", W: "2H"})
    assert st.move_number() - n_before == 48  # no decision for End of Summer
    assert (st.season_winner, st.runner_up) == (S, N)  # AD beats AC on suit, both beat KS
    for p in [None, 0, 1, 2, 3]:
        assert st.view(p)["current"]["end_of_summer"] == ["AD", "KS", "AC", "2H"]


def test_ruling6_trump_choice_gives_runner_up_first_pick() -> None:
    """Ruling 6: the Season Winner takes TRUMP, so the runner-up gets FIRST PICK; the
    TRUMP holder names any suit, then the Pick starts with FIRST PICK."""
    st = GAME.position(EXAMPLE2_HANDS, dealer="South")
    seed_phase_keeping(st, EXAMPLE2_KEEP)
    assert st.legal_actions() == [104, 105]
    play(st, "take trump")
    assert (st.trump_holder, st.first_picker) == (E, W)
    assert st.current_player() == E and st.phase == TRUMP
    assert [st.action_to_string(a) for a in st.legal_actions()] == [
        "trump S",
        "trump H",
        "trump D",
        "trump C",
    ]
    play(st, "trump C")
    assert st.phase == PICK and st.current_player() == W


def test_ruling7_pick_order_peek_and_forced_pick() -> None:
    """Ruling 7: FIRST PICK picks, then clockwise; each picker sees the top card of every
    Field still on the table; the last two picks are forced, offered as one legal move
    and visible in the record."""
    st = GAME.position(EXAMPLE2_HANDS, dealer="South")
    seed_phase_keeping(st, EXAMPLE2_KEEP)
    play(st, "take first pick")  # East picks first, West names trump
    assert st.view(E)["current"]["peeked"] == {}  # the Pick starts after the trump
    play(st, "trump D")
    tops = {f: st.plants[(f - 1) % 4][-1] for f in range(4)}
    names = ("South", "East", "North", "West")
    peek = st.view(E)["current"]["peeked"]
    assert peek == {names[f]: st.action_to_string(tops[f]) for f in range(4)}
    assert st.view(S)["current"]["peeked"] == {}  # not South's turn yet
    assert st.legal_actions() == [111, 113]  # East or West Field
    play(st, "pick West")
    assert st.current_player() == N
    assert st.legal_actions() == [110, 112]
    peek_n = st.view(N)["current"]["peeked"]
    assert set(peek_n) == {"South", "East", "North"}
    play(st, "pick North")
    assert st.current_player() == W
    assert st.legal_actions() == [111]  # forced: East took West, so West gets East
    play(st, "pick East")
    assert st.legal_actions() == [110]
    assert set(st.view(S)["current"]["peeked"]) == {"South"}
    play(st, "pick South")
    assert st.history()[-4:] == ["pick West", "pick North", "pick East", "pick South"]
    assert st.phase == HARVEST
    # Each player's Harvest hand is the 12 cards of the Field they picked.
    for q, f in st.picks:
        assert st.hands[q] == field_mask(st.seed_tricks, tuple(st.plants), f)
        assert st.hands[q].bit_count() == 12


@pytest.mark.parametrize(("rnd", "leader"), [(1, S), (2, E), (3, W), (4, N)])
def test_ruling8_harvest_first_leader_by_round(rnd: int, leader: int) -> None:
    """Ruling 8: the first Harvest trick is led by South, East, West, North in rounds
    1, 2, 3, 4."""
    st = GAME.position(EXAMPLE2_HANDS, dealer="North", round=rnd)
    rng = random.Random(rnd)
    random_until(st, HARVEST, rng)
    assert st.current_player() == leader


def test_rule_harvest_trump_wins_and_winner_leads() -> None:
    """Harvest: trump is active; highest trump wins, else highest of the led suit; the
    winner leads the next trick and earns one point."""
    st = GAME.position(EXAMPLE2_HANDS, dealer="South")
    seed_phase_keeping(st, EXAMPLE2_KEEP)
    play(st, "take first pick, trump H")
    through_pick(st)
    rng = random.Random(1)
    while st.phase == HARVEST:
        before = list(st.won)
        n = len(st.harvest_tricks)
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
        if len(st.harvest_tricks) > n:
            leader, by_seat, w = st.harvest_tricks[-1]
            led = by_seat[leader] // 13
            trumps = [q for q in range(4) if by_seat[q] // 13 == 1]
            pool = trumps or [q for q in range(4) if by_seat[q] // 13 == led]
            best = max(pool, key=lambda q: (by_seat[q] % 13 - 1) % 13)
            assert w == best
            assert st.won[w] == before[w] + 1
            if st.phase == HARVEST:
                assert st.current_player() == w
    assert st.rnd == 1


def test_rule_harvest_follow_suit() -> None:
    """Harvest: players must follow suit when able."""
    rng = random.Random(2)
    for seed in range(3):
        st = GAME.new_state(seed)
        random_until(st, HARVEST, rng)
        while st.phase == HARVEST:
            legal = st.legal_actions()
            if st.trick:
                led = st.trick[0] // 13
                q = st.current_player()
                assert q is not None
                has = [c for c in range(52) if st.hands[q] >> c & 1 and c // 13 == led]
                if has:
                    assert legal == has
            st.apply_action(legal[rng.randrange(len(legal))])


def test_ruling10_score_is_tricks_over_four_rounds_and_ties_share() -> None:
    """Ruling 10: one point per Harvest trick; totals over 4 rounds; ties share."""
    rng = random.Random(4)
    st = GAME.new_state(21)
    random_moves(st, rng)
    assert sum(st.scores()) == 48
    assert st.scores() == [float(sum(r.won[q] for r in st.past)) for q in range(4)]
    st.totals = [12, 12, 10, 14]
    assert st.winners() == [3]
    st.totals = [14, 12, 14, 8]
    assert st.winners() == [0, 2]
    assert st.returns() == [0.5, 0.0, 0.5, 0.0]


def test_ruling9_perfect_recall_keeps_past_rounds() -> None:
    """Ruling 9: what a player saw stays in its view (earlier rounds included)."""
    rng = random.Random(6)
    st = GAME.new_state(8)
    while st.rnd < 1:
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    v = st.view(2)
    assert len(v["past_rounds"]) == 1
    past = v["past_rounds"][0]
    assert len(past["seed_tricks"]) == 6 and len(past["harvest_tricks"]) == 12
    assert len(past["planted"]) == 6 and len(past["peeked"]) >= 1


def test_game_facts() -> None:
    """Four players only; registered as 'sewn'."""
    g = seedbed.load("sewn")
    assert isinstance(g, SewnGame) and g.num_players == 4
    with pytest.raises(ValueError):
        seedbed.load("sewn", players=3)


# -- notation -------------------------------------------------------------------------
def test_notation_of_every_action() -> None:
    """Notation: a card, 'plant QS', 'take trump', 'take first pick', 'trump S',
    'pick North'; a function of the number alone."""
    st = GAME.new_state(0)
    assert st.action_to_string(0) == "AS"
    assert st.action_to_string(51) == "KC"
    assert st.action_to_string(52 + 35) == "plant TD"
    assert st.action_to_string(104) == "take trump"
    assert st.action_to_string(105) == "take first pick"
    assert st.action_to_string(108) == "trump D"
    assert st.action_to_string(112) == "pick North"
    names = [st.action_to_string(a) for a in range(114)]
    assert len(set(names)) == 114
    with pytest.raises(ValueError):
        st.action_to_string(114)


def test_notation_is_forgiving() -> None:
    """Notation: case, 10/T, suit symbols, 'play', bare cards for plants, suit words."""
    st = GAME.position(EXAMPLE1_HANDS, dealer="South")
    assert st.string_to_action("9s") == card("9S")
    assert st.string_to_action("play 9♠") == card("9S")
    play(st, "9S, QS, 3S, KH")
    assert st.string_to_action("plant 2c") == 52 + card("2C")
    assert st.string_to_action("2c") == 52 + card("2C")
    with pytest.raises(NotationError):
        st.string_to_action("plant 2H")  # not North's card
    st2 = GAME.position(EXAMPLE2_HANDS, dealer="South")
    seed_phase_keeping(st2, EXAMPLE2_KEEP)
    assert st2.string_to_action("First Pick") == 105
    assert st2.string_to_action("TAKE TRUMP") == 104
    play(st2, "take trump")
    assert st2.string_to_action("trump hearts") == 107
    assert st2.string_to_action("trump ♣") == 109
    assert st2.string_to_action("spades") == 106
    play(st2, "trump H")
    assert st2.string_to_action("pick w") == 113
    assert st2.string_to_action("east") == 111
    with pytest.raises(NotationError):
        st2.string_to_action("pick South")  # West picks first: South Field is not theirs


def test_rule_counts_for_designers() -> None:
    """rule_counts: privilege choices, off-suit plays, trumped tricks, suit tie-breaks."""
    st = GAME.position(EXAMPLE2_HANDS, dealer="South")
    seed_phase_keeping(st, EXAMPLE2_KEEP)
    play(st, "take first pick, trump D")
    counts = st.rule_counts()
    assert counts["rounds"] == 1
    assert counts["took_first_pick"] == 1 and counts["took_trump"] == 0
    assert counts["summer_suit_tiebreak"] == 1  # JS and JH
    assert counts["seed_off_suit"] == 6 * 3  # each seat holds one suit
    rng = random.Random(3)
    full = GAME.new_state(3)
    random_moves(full, rng)
    c = full.rule_counts()
    assert c["rounds"] == 4 and c["took_trump"] + c["took_first_pick"] == 4
    assert 0 <= c["harvest_trumped"] <= 48

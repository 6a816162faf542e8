"""Harvest (Kyle King, 2021) as read by the Harvest rulings 1-9: the rules.

The :class:`HarvestState` holds a position and plays it: the legal moves and
:meth:`~HarvestState.apply_action`, one function for each step of a seat's go
(house, village, action), then the end of the turn: the end checks, the pass, the
round's end and the next deal. What a seat sees lives in :mod:`.views`, positions and
saved states in :mod:`.positions`, notation in :mod:`.notation`, the records of
passed cards in :mod:`._knowledge`; the State's methods delegate to them.

Choices where the rules are silent (``docs/rules/harvest.md``):

* Round 1's dealer is drawn from the seed; the deal then passes clockwise.
* A pass happens only when there are cards to pass (after the last turn of a round
  nobody holds anything but the house card), so the pass direction cycles over the
  passes actually made.
* The village card a player has just put down may be the one taken by their own
  assistant ("any one non-Joker village card").
* End condition (b) looks at where the J, Q and K of a suit are when the turn ends
  (on a field, or in the village too under the default option "table").

Cards are the ints of :mod:`seedbed.core.cards` (two Jokers, 52 and 53, identical in
play: an action naming ``JK`` uses the lowest Joker held); card sets are int bitmasks.
"""

from __future__ import annotations

import random
from typing import Any, Final

from seedbed.core.cards import CARD_NAMES, CARD_SUIT, cards_of, popcount, randbelow, shuffle
from seedbed.core.errors import NotationError
from seedbed.core.protocol import JSON, Game, State
from seedbed.games.harvest import _knowledge, notation, observation, positions, views
from seedbed.games.harvest._knowledge import DEALT, PASSED
from seedbed.games.harvest.rules import (
    ALL_CARDS,
    ASSIST,
    DISCARD,
    HOUSE,
    JOKERS,
    NUM_ACTIONS,
    PH_ACTION,
    PH_HOUSE,
    PH_OVER,
    PH_VILLAGE,
    PHASE_NAMES,
    PLAY,
    PLAY_WORDS,
    REQUIRED_STAGE,
    STAGE_NAMES,
    STAGE_RANKS,
    STANDARD,
    SUIT_BITS,
    VILLAGE,
    deal_size,
    deal_sizes,
    field_score,
    field_stage,
    harvest_cards_played,
    norm_jokers,
    pass_offset,
    playable_mask,
)

#: Bit offset of each card's suit in a card mask.
CARD_SHIFT: Final[tuple[int, ...]] = tuple(13 * (c // 13) for c in range(52))
# Literals (not ``1 << JOKER_1``) so that mypyc compiles them in.
J1: Final = 1 << 52
J2: Final = 1 << 53
#: Why the game ended (ruling 8 a, b, c).
END_FOUR_FIELDS: Final = "four fields"
END_HARVEST_CARDS: Final = "harvest cards"
END_NO_DEAL: Final = "no deal"
END_NAMES: Final = (END_FOUR_FIELDS, END_HARVEST_CARDS, END_NO_DEAL)


class HarvestState(State):
    """A Harvest position. Mutable; :meth:`clone` is cheap (ints and small lists)."""

    __slots__ = (
        "_known",
        "_track",
        "_track_at",
        "_track_log",
        "acted",
        "chance",
        "cur",
        "dealer",
        "deals",
        "deck",
        "end",
        "fields",
        "first_deal",
        "first_dealer",
        "hands",
        "houses",
        "log",
        "movers",
        "n",
        "passes",
        "phase",
        "playable",
        "reshuffles",
        "round",
        "table_counts_village",
        "turn",
        "village",
    )

    n: int
    #: Cards each seat is dealt in round 1 (the ``first_deal`` knob; 7).
    first_deal: int
    dealer: int
    first_dealer: int
    #: The seat whose go it is (the last to act once the game is over).
    cur: int
    #: ``PH_HOUSE``, ``PH_VILLAGE``, ``PH_ACTION`` (the step of ``cur``'s go) or ``PH_OVER``.
    phase: int
    #: How many seats have finished their go this turn.
    acted: int
    #: The round and the turn within it, both from 1.
    round: int
    turn: int
    #: Passes made so far in the game (they set the next direction).
    passes: int
    hands: list[int]
    houses: list[int]
    fields: list[int]
    #: For each seat, the cards its fields accept now (kept with ``fields``).
    playable: list[int]
    village: int
    #: The deck, dealt from the end of the list.
    deck: list[int]
    #: The key the village reshuffles are drawn from.
    chance: int
    #: The deals and passes: ``(DEALT, seat, round index, mask, at)`` and ``(PASSED,
    #: from, to, mask, at)``, ``at`` being the number of actions made before it and the
    #: round index 0-based.
    log: list[tuple[int, int, int, int, int]]
    #: What each seat knows of the cards it passed (see :attr:`track`), as of the first
    #: ``_track_at`` actions and ``_track_log`` log entries.
    _track: list[dict[int, int]]
    _track_at: int
    _track_log: int
    #: For a state set up from a position: what each seat knew then of the cards it had
    #: passed (``_knowledge.Known``), the start of its records; ``None`` otherwise.
    _known: list[_knowledge.Known | None] | None
    deals: list[int]
    #: The seat of every action, in the order of the actions.
    movers: list[int]
    #: How often the village went back to the deck: for a Joker, for a deal.
    reshuffles: list[int]
    end: str | None
    table_counts_village: bool

    # -- construction ----------------------------------------------------------------
    def __init__(self, game: Game, seed: int | None) -> None:
        # Cheap on purpose: clone() copies every field itself.
        self._init_base(game, seed)

    @classmethod
    def blank(cls, game: Any, seed: int | None) -> HarvestState:
        """A state with every field set and no card anywhere (for the constructors)."""
        s = cls(game, seed)
        n = game.num_players
        s.n = n
        s.table_counts_village = game.option("harvest_cards_played") == "table"
        s.first_deal = int(game.option("first_deal"))
        s.hands = [0] * n
        s.houses = [0] * n
        s.fields = [0] * n
        s.playable = [playable_mask(0)] * n
        s.village = 0
        s.deck = []
        s.log = []
        s._track = [{} for _ in range(n)]
        s._track_at = 0
        s._track_log = 0
        s._known = None
        s.deals = []
        s.movers = []
        s.reshuffles = [0, 0]
        s.end = None
        s.passes = 0
        s.round = 1
        s.turn = 1
        s.acted = 0
        s.phase = PH_HOUSE
        s.chance = 0
        s.dealer = s.first_dealer = s.cur = 0
        return s

    @classmethod
    def new(cls, game: Any, seed: int) -> HarvestState:
        """The start of a game: every chance event comes from ``seed``."""
        s = cls.blank(game, seed)
        rng = random.Random(seed)
        deck = list(range(54))
        shuffle(rng, deck)
        s.deck = deck
        s.first_dealer = s.dealer = randbelow(rng, s.n)
        s.chance = rng.getrandbits(62)
        s.cur = (s.dealer + 1) % s.n
        s._deal(s.first_deal)
        return s

    def clone(self) -> HarvestState:
        s = HarvestState(self.game, self.seed)
        s._actions = self._actions[:]
        s.n = self.n
        s.first_deal = self.first_deal
        s.dealer = self.dealer
        s.first_dealer = self.first_dealer
        s.cur = self.cur
        s.phase = self.phase
        s.acted = self.acted
        s.round = self.round
        s.turn = self.turn
        s.passes = self.passes
        s.hands = self.hands[:]
        s.houses = self.houses[:]
        s.fields = self.fields[:]
        s.playable = self.playable[:]
        s.village = self.village
        s.deck = self.deck[:]
        s.chance = self.chance
        s.log = self.log[:]
        s._track = [t.copy() if t else {} for t in self._track]
        s._track_at = self._track_at
        s._track_log = self._track_log
        s._known = self._known  # never changed in place
        s.deals = self.deals[:]
        s.movers = self.movers[:]
        s.reshuffles = self.reshuffles[:]
        s.end = self.end
        s.table_counts_village = self.table_counts_village
        return s

    # -- queries -----------------------------------------------------------------------
    def current_player(self) -> int | None:
        return None if self.phase == PH_OVER else self.cur

    def is_terminal(self) -> bool:
        return self.phase == PH_OVER

    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def actors(self) -> list[int]:
        return self.movers[:]

    def scores(self) -> list[float]:
        return [float(field_score(f)) for f in self.fields]

    def legal_actions(self) -> list[int]:
        # Ascending: standard cards, then one action for the Jokers (card 52).
        phase = self.phase
        if phase == PH_ACTION:
            return self._legal_action()
        if phase == PH_HOUSE:
            return self._legal_house()
        if phase == PH_VILLAGE:
            return self._legal_village()
        return []

    def _legal_house(self) -> list[int]:
        """Ruling 3: any card of the hand goes face down into the house."""
        return self._hand_cards(HOUSE)

    def _legal_village(self) -> list[int]:
        """Ruling 3: any card of the hand goes face up into the village."""
        return self._hand_cards(VILLAGE)

    def _hand_cards(self, base: int) -> list[int]:
        out: list[int] = []
        hand: int = self.hands[self.cur]
        base -= 1
        m = hand & STANDARD
        while m:
            low = m & -m
            out.append(base + low.bit_length())
            m ^= low
        if hand & JOKERS:
            out.append(base + 53)
        return out

    def _legal_action(self) -> list[int]:
        """Rulings 2-4 and "the play" 1-5: plant, tend or harvest a card onto one's own
        fields, discard any card, or send a Joker to fetch a playable village card."""
        out: list[int] = []
        p = self.cur
        hand: int = self.hands[p]
        pm: int = self.playable[p]
        m = hand & pm
        while m:
            low = m & -m
            out.append(PLAY - 1 + low.bit_length())
            m ^= low
        m = hand & STANDARD
        while m:
            low = m & -m
            out.append(DISCARD - 1 + low.bit_length())
            m ^= low
        if hand & JOKERS:
            out.append(DISCARD + 52)
            m = self.village & pm
            while m:
                low = m & -m
                out.append(ASSIST - 1 + low.bit_length())
                m ^= low
        return out

    def rule_counts(self) -> dict[str, int]:
        """How often each move kind and each round-end rule has happened so far."""
        counts = {"plant": 0, "tend": 0, "harvest": 0, "assistant": 0, "discard": 0}
        for a in self._actions:
            if PLAY <= a < DISCARD:
                counts[PLAY_WORDS[REQUIRED_STAGE[a - PLAY]]] += 1
            elif DISCARD <= a < ASSIST:
                counts["discard"] += 1
            elif ASSIST <= a < NUM_ACTIONS:
                counts["assistant"] += 1
        counts["rounds"] = self.round
        for k in deal_sizes(self.first_deal):
            counts[f"deal_{k}"] = self.deals[1:].count(k)
        counts["joker_village_reshuffle"] = self.reshuffles[0]
        counts["village_reshuffle_for_deal"] = self.reshuffles[1]
        return counts

    # -- playing -----------------------------------------------------------------------
    def apply_action(self, action: int) -> None:
        phase = self.phase
        if phase == PH_OVER:
            raise self._illegal(action, "the game is over")
        if type(action) is not int:  # a bool, or not a number (pure Python)
            if isinstance(action, bool) or not isinstance(action, int):
                raise self._illegal(-1, f"{action!r} is not an action number")
            action = int(action)
        if phase == PH_ACTION:
            self._apply_action(action)
        elif phase == PH_HOUSE:
            self._apply_house(action)
        else:
            self._apply_village(action)

    def _take(self, action: int, base: int) -> int:
        """The card of a house or village action leaves the hand: its bit (a Joker: the
        lowest held). Raises if it is not a card in the hand."""
        p = self.cur
        hand: int = self.hands[p]
        c = action - base
        if c < 0 or c > 52:
            raise self._illegal(action, f"choose a card for your {PHASE_NAMES[self.phase]}")
        bit: int = (J1 if hand & J1 else hand & J2) if c == 52 else hand & 1 << c
        if not bit:
            raise self._illegal(action, "that card is not in your hand")
        self.hands[p] = hand ^ bit
        self.movers.append(p)
        self._actions.append(action)
        return bit

    def _apply_house(self, action: int) -> None:
        """Ruling 3: one card face down into the house."""
        bit = self._take(action, HOUSE)
        houses = self.houses
        p = self.cur
        house: int = houses[p]
        houses[p] = house | bit
        self.phase = PH_VILLAGE

    def _apply_village(self, action: int) -> None:
        """Ruling 3: one card face up into the village."""
        self.village |= self._take(action, VILLAGE)
        self.phase = PH_ACTION

    def _apply_action(self, action: int) -> None:
        """Rulings 2-4: plant, tend, harvest, an assistant or one more discard; then
        the next seat's go, or the end of the turn."""
        p = self.cur
        hands = self.hands
        hand: int = hands[p]
        bit: int
        if PLAY <= action < DISCARD:
            c = action - PLAY
            bit = 1 << c
            if not hand & bit:
                raise self._illegal(action, "that card is not in your hand")
            if not self.playable[p] & bit:
                raise self._illegal(action, self._why_not_playable(p, c))
            hands[p] = hand ^ bit
            self._to_field(p, c)
        elif DISCARD <= action < ASSIST:
            c = action - DISCARD
            bit = (J1 if hand & J1 else hand & J2) if c == 52 else hand & 1 << c
            if not bit:
                raise self._illegal(action, "that card is not in your hand")
            hands[p] = hand ^ bit
            self.village |= bit
        elif ASSIST <= action < NUM_ACTIONS:
            c = action - ASSIST
            taken = 1 << c
            bit = J1 if hand & J1 else hand & J2
            if not bit:
                raise self._illegal(action, "an assistant needs a Joker in your hand")
            if not self.village & taken:
                raise self._illegal(action, f"{CARD_NAMES[c]} is not in the village")
            if not self.playable[p] & taken:
                raise self._illegal(action, self._why_not_playable(p, c))
            hands[p] = hand ^ bit
            self.village = (self.village | bit) ^ taken
            self._to_field(p, c)
        else:
            raise self._illegal(action, "choose your action (plant, tend, harvest, ...)")
        self._actions.append(action)
        self.movers.append(p)
        acted = self.acted + 1
        self.acted = acted
        n = self.n
        if acted < n:
            self.cur = (p + 1) % n
            self.phase = PH_HOUSE
        else:
            self._end_of_turn()

    def _why_not_playable(self, p: int, c: int) -> str:
        suit = CARD_SUIT[c]
        stage = field_stage(self.fields[p], suit)
        need = REQUIRED_STAGE[c]
        if need == 0:
            return f"you already have a field of that suit ({STAGE_NAMES[stage]})"
        want = ("planted", "tended")[need - 1]
        return f"{CARD_NAMES[c]} needs a {want} field of its suit; yours is {STAGE_NAMES[stage]}"

    def _to_field(self, p: int, c: int) -> None:
        f = self.fields[p] | (1 << c)
        self.fields[p] = f
        shift = CARD_SHIFT[c]
        stage = popcount((f >> shift) & SUIT_BITS)
        self.playable[p] = (self.playable[p] & ~(SUIT_BITS << shift)) | (
            STAGE_RANKS[stage] << shift
        )

    # -- the end of a turn and of a round -------------------------------------------------
    def _end_of_turn(self) -> None:
        n = self.n
        # Ruling 8 (a), (b): checked once every player has acted in the turn.
        table = 0
        for f in self.fields:
            if popcount(f) == 12:
                self._finish(END_FOUR_FIELDS)
                return
            table |= f
        if self.table_counts_village:
            table |= self.village
        if harvest_cards_played(table):
            self._finish(END_HARVEST_CARDS)
            return
        self.acted = 0
        self.phase = PH_HOUSE
        self.cur = (self.dealer + 1) % n
        if self.hands[0]:
            self._pass()
            self.turn += 1
            return
        self._end_of_round()

    def _end_of_round(self) -> None:
        """Rulings 6 and 7: the house card stays for the next hand; a Joker in the
        village sends the village back to the deck; the deal moves on; 6, 4 or 2 cards
        each, the village shuffled in first if not even 2 each can be dealt."""
        n = self.n
        hands = self.hands
        houses = self.houses
        for q in range(n):
            hands[q] = houses[q]
            houses[q] = 0
        if self.village & JOKERS:
            self.reshuffles[0] += 1
            self._village_to_deck()
        self.dealer = (self.dealer + 1) % n
        self.cur = (self.dealer + 1) % n
        self.round += 1
        self.turn = 1
        largest = self.first_deal - 1
        k = deal_size(len(self.deck), n, largest)
        if not k and self.village:
            self.reshuffles[1] += 1
            self._village_to_deck()
            k = deal_size(len(self.deck), n, largest)
        if not k:
            self._finish(END_NO_DEAL)
            return
        self._deal(k)

    def _finish(self, why: str) -> None:
        self.end = why
        self.phase = PH_OVER

    def _village_to_deck(self) -> None:
        self.deck.extend(cards_of(self.village))
        self.village = 0
        # Seeded by the round index (0-based) as it stood when the village went back.
        shuffle(random.Random(self.chance * 1009 + self.round - 1), self.deck)

    def _deal(self, k: int) -> None:
        n = self.n
        deck = self.deck
        dealer = self.dealer
        hands = self.hands
        log = self.log
        round_index = self.round - 1
        at = len(self._actions)
        top = len(deck)
        for q in range(n):
            # One card at a time from the end of the deck, starting left of the dealer:
            # the seat ``i`` places after the dealer gets deck[-i], deck[-i - n], ...
            idx = top - ((q - dealer - 1) % n + 1)
            got = 0
            for _ in range(k):
                c: int = deck[idx]
                got |= 1 << c
                idx -= n
            hands[q] |= got
            log.append((DEALT, q, round_index, norm_jokers(got), at))
        del deck[top - k * n :]
        self.deals.append(k)

    def _pass(self) -> None:
        """Ruling 5: every hand goes to the receiver's house; houses become hands."""
        n = self.n
        off = pass_offset(n, self.passes)
        hands = self.hands
        houses = self.houses
        log = self.log
        at = len(self._actions)
        sent = hands[:]
        for q in range(n):
            r = (q + off) % n
            hands[r] = houses[r] | sent[q]
            houses[r] = 0
            log.append((PASSED, q, r, norm_jokers(sent[q]), at))
        self.passes += 1

    # -- what each seat knows of the cards it passed ---------------------------------------
    @property
    def track(self) -> list[dict[int, int]]:
        """For each seat, the cards it passed and has not seen since: card (Jokers 52 and
        53, anonymous) -> bitmask of the seats that may hold it now (see
        :mod:`._knowledge`). Brought up to date when read."""
        _knowledge.sync_track(self)
        return self._track

    # -- the other modules' parts of the protocol ----------------------------------------
    def action_to_string(self, action: int) -> str:
        return notation.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        """Reads the notation forgivingly (:func:`.notation.loose_action`)."""
        try:
            return super().string_to_action(text)
        except NotationError as exc:
            if self.is_terminal():
                raise
            return notation.loose_action(self, text, exc)

    def notation_for(self, action: int, actor: int, viewer: int | None) -> str:
        return notation.notation_for(action, actor, viewer)

    def _view(self, player: int | None) -> JSON:
        return views.table_view(self, player)

    def observation(self, player: int) -> list[float]:
        return observation.encode(self, player)

    def compact_view(self, player: int) -> tuple[int, ...]:
        return views.compact_view(self, player)

    def information_state_string(self, player: int) -> str:
        return views.information_state_string(self, player)

    def score_sheet(self, viewer: int | None) -> JSON:
        return views.score_sheet(self, viewer)

    def resample_from_infostate(self, player: int, rng: random.Random) -> HarvestState:
        return views.resample(self, player, rng)

    def position(self) -> str:
        return positions.position(self)

    def _to_dict(self) -> JSON:
        return positions.to_dict(self)

    # -- checks ----------------------------------------------------------------------------
    def check_invariants(self) -> None:
        n = self.n
        seen = 0
        total = 0
        deck = 0
        for c in self.deck:
            deck |= 1 << c
        assert len(self.deck) == deck.bit_count(), "a card twice in the deck"
        for m in [*self.hands, *self.houses, *self.fields, self.village, deck]:
            assert seen & m == 0, "a card in two places"
            seen |= m
            total += m.bit_count()
        assert seen == ALL_CARDS and total == 54, "every one of the 54 cards in one place"
        for q in range(n):
            f = self.fields[q]
            assert f & JOKERS == 0, "a Joker on a field"
            for s_ in range(4):
                part = (f >> (13 * s_)) & SUIT_BITS
                stage = part.bit_count()
                assert stage <= 3, "a field with more than three cards"
                for k in range(stage):
                    assert (part & STAGE_RANKS[k]).bit_count() == 1, "field stages out of order"
            assert self.playable[q] == playable_mask(f)
        if self.phase != PH_OVER:
            start = self.hands[self.cur].bit_count() + self.phase
            assert start % 2 == 1 and 3 <= start <= self.first_deal, (
                "hands start a turn with 7 (the first deal), 5 or 3 cards"
            )
            for q in range(n):
                done = (q - self.dealer - 1) % n < self.acted
                want = start - 3 if done else start - self.phase if q == self.cur else start
                assert self.hands[q].bit_count() == want, "hand sizes follow the turn"
                hz = 1 if done or (q == self.cur and self.phase) else 0
                assert self.houses[q].bit_count() == hz, "one house card once a seat kept one"
            for q in range(n):
                for x, h in self.track[q].items():
                    assert h and not h >> q & 1, "tracked cards are with others"
                    where = 0
                    for r in cards_of(h):
                        where |= self.hands[r] | self.houses[r]
                    want_bit = JOKERS if x >= 52 else 1 << x
                    assert where & want_bit, f"seat {q} tracks {CARD_NAMES[x]} wrongly"


__all__ = ["END_NAMES", "HarvestState"]

"""Harvest (Kyle King, 2021) as read by ``RULINGS.md`` (Harvest rulings 1-9).

Source: ``harvest.txt`` and the Harvest section of ``RULINGS.md`` (the rulings win).
Choices the rulebook and rulings leave open (documented in ``docs/rules/harvest.md``):

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

from seedbed.core.cards import (
    CARD_NAMES,
    CARD_SUIT,
    JOKER_1,
    JOKER_2,
    canonical_card_tokens,
    cards_of,
    parse_cards,
    try_parse_card,
)
from seedbed.core.errors import NotationError
from seedbed.core.protocol import JSON, Game, State

from ._knowledge import falling, passed_card_worlds
from ._tables import (
    ACTION_NAMES,
    ALL_CARDS,
    ASSIST,
    DISCARD,
    HARVEST_CARDS,
    HIDDEN_HOUSE,
    HOUSE,
    JOKERS,
    NUM_ACTIONS,
    PASS_CYCLE,
    PH_ACTION,
    PH_HOUSE,
    PH_OVER,
    PH_VILLAGE,
    PHASE_NAMES,
    PLAY,
    REQUIRED_STAGE,
    STAGE_NAMES,
    STAGE_RANKS,
    STANDARD,
    VILLAGE,
    action_card,
    direction_name,
    field_score,
    field_stage,
    names_of,
    norm_jokers,
    playable_mask,
    shown_card,
)

#: Bit offset of each card's suit in a card mask.
CARD_SHIFT: Final[tuple[int, ...]] = tuple(13 * (c // 13) for c in range(52))
# Literals (not ``1 << JOKER_1``) so that mypyc compiles them in; checked below.
J1: Final = 1 << 52
J2: Final = 1 << 53
assert J1 == 1 << JOKER_1 and J2 == 1 << JOKER_2
DEAL_FIRST: Final = 7
#: Log entry kinds: ``(DEALT, seat, round, mask, at)`` and ``(PASSED, from, to, mask, at)``,
#: ``at`` being the number of actions made before the deal or pass.
DEALT: Final = 0
PASSED: Final = 1
END_FOUR_FIELDS: Final = "four fields"
END_HARVEST_CARDS: Final = "harvest cards"
END_NO_DEAL: Final = "no deal"
#: Byte masks for :func:`_popcount` (56 bits: every card mask fits, and mypyc keeps
#: the arithmetic on unboxed machine ints).
_M1: Final = 0x55555555555555
_M2: Final = 0x33333333333333
_M4: Final = 0x0F0F0F0F0F0F0F


def _popcount(x: int) -> int:
    """``x.bit_count()`` for a card mask (``0 <= x < 2**56``). mypyc calls
    ``int.bit_count`` as a Python method (boxing ``x``); this stays in C."""
    if x >> 56:  # not a card mask (a corrupt state): the exact count all the same
        return x.bit_count()
    x = x - ((x >> 1) & _M1)
    x = (x & _M2) + ((x >> 2) & _M2)
    x = (x + (x >> 4)) & _M4
    x = x + (x >> 8)
    x = x + (x >> 16)
    x = x + (x >> 32)
    return x & 0x7F


def _shuffle(rng: random.Random, x: list[int]) -> None:
    """Exactly ``rng.shuffle(x)`` for a plain ``random.Random`` (CPython's Fisher-Yates,
    ``_randbelow`` drawing from ``getrandbits``), without the interpreted frames of
    ``random.py`` for each card; ``test_shuffle_is_random_shuffle`` pins the equality."""
    i = len(x) - 1
    while i > 0:
        j = _randbelow(rng, i + 1)
        x[i], x[j] = x[j], x[i]
        i -= 1


def _randbelow(rng: random.Random, size: int) -> int:
    """Exactly ``rng.randrange(size)`` for a plain ``random.Random`` and ``size > 0``."""
    k = size.bit_length()
    r: int = rng.getrandbits(k)
    while r >= size:
        r = rng.getrandbits(k)
    return r


class HarvestState(State):
    """A Harvest position. Mutable; :meth:`clone` is cheap (ints and small lists)."""

    __slots__ = (
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
        "round_no",
        "table_counts_village",
        "turn",
        "village",
    )

    n: int
    dealer: int
    first_dealer: int
    cur: int
    phase: int
    acted: int
    round_no: int
    turn: int
    passes: int
    hands: list[int]
    houses: list[int]
    fields: list[int]
    playable: list[int]
    village: int
    deck: list[int]
    chance: int
    log: list[tuple[int, int, int, int, int]]
    #: What each seat knows of the cards it passed (see :attr:`track`), as of the first
    #: ``_track_at`` actions and ``_track_log`` log entries.
    _track: list[dict[int, int]]
    _track_at: int
    _track_log: int
    deals: list[int]
    movers: list[int]
    reshuffles: list[int]
    end: str | None
    table_counts_village: bool

    # -- construction ----------------------------------------------------------------
    def __init__(self, game: Game, seed: int | None) -> None:
        # Cheap on purpose: clone() copies every field itself.
        self._init_base(game, seed)

    @classmethod
    def _blank(cls, game: Any, seed: int | None) -> HarvestState:
        s = cls(game, seed)
        n = game.num_players
        s.n = n
        s.table_counts_village = game.option("harvest_cards_played") == "table"
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
        s.deals = []
        s.movers = []
        s.reshuffles = [0, 0]
        s.end = None
        s.passes = 0
        s.round_no = 0
        s.turn = 0
        s.acted = 0
        s.phase = PH_HOUSE
        s.chance = 0
        return s

    @classmethod
    def new(cls, game: Any, seed: int) -> HarvestState:
        s = cls._blank(game, seed)
        rng = random.Random(seed)
        deck = list(range(54))
        _shuffle(rng, deck)
        s.deck = deck
        s.first_dealer = s.dealer = _randbelow(rng, s.n)
        s.chance = rng.getrandbits(62)
        s.cur = (s.dealer + 1) % s.n
        s._deal(DEAL_FIRST)
        return s

    @classmethod
    def from_position(
        cls,
        game: Any,
        *,
        hands: dict[int, str] | None = None,
        houses: dict[int, str] | None = None,
        fields: dict[int, str] | None = None,
        village: str = "",
        deck: str | None = None,
        dealer: int = 0,
        current: int | None = None,
        phase: str = "house",
        acted: int | None = None,
        passes: int = 0,
        round_no: int = 0,
        deals: list[int] | None = None,
        chance: int = 0,
    ) -> HarvestState:
        """A position for tests, cards in notation (``"QS 7H JK"``; ``"JK JK"`` is both
        Jokers). Cards not placed anywhere go to the deck (ascending, dealt from the
        end); if ``deck`` is given, the rest go to the village instead. ``current``
        defaults to the player after the dealer; ``acted`` to the number of players
        between them."""
        s = cls._blank(game, None)
        n = s.n
        used = 0

        def take(text: str) -> int:
            nonlocal used
            m = 0
            for c in parse_cards(text):
                if c == JOKER_1 and (used | m) & J1:
                    c = JOKER_2
                bit = 1 << c
                if (used | m) & bit:
                    raise ValueError(f"card {CARD_NAMES[c]} placed twice")
                m |= bit
            used |= m
            return m

        for p, text in (hands or {}).items():
            s.hands[p] = take(text)
        for p, text in (houses or {}).items():
            s.houses[p] = take(text)
        for p, text in (fields or {}).items():
            s.fields[p] = take(text)
            s.playable[p] = playable_mask(s.fields[p])
        s.village = take(village)
        rest = ALL_CARDS & ~used
        if deck is None:
            s.deck = cards_of(rest)
        else:
            d = take(deck)
            s.deck = cards_of(d)
            s.village |= rest & ~d
        s.dealer = s.first_dealer = dealer
        s.cur = (dealer + 1) % n if current is None else current
        s.acted = (s.cur - dealer - 1) % n if acted is None else acted
        s.phase = PHASE_NAMES.index(phase)
        s.passes = passes
        s.round_no = round_no
        s.deals = list(deals) if deals is not None else []
        s.chance = chance
        return s

    def clone(self) -> HarvestState:
        s = HarvestState(self.game, self.seed)
        s._actions = self._actions[:]
        s.n = self.n
        s.dealer = self.dealer
        s.first_dealer = self.first_dealer
        s.cur = self.cur
        s.phase = self.phase
        s.acted = self.acted
        s.round_no = self.round_no
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

    def legal_actions(self) -> list[int]:
        # Ascending: standard cards, then one action for the Jokers (card 52).
        phase = self.phase
        out: list[int] = []
        if phase == PH_OVER:
            return out
        p = self.cur
        hand: int = self.hands[p]
        if phase == PH_ACTION:
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
        base = HOUSE - 1 if phase == PH_HOUSE else VILLAGE - 1
        m = hand & STANDARD
        while m:
            low = m & -m
            out.append(base + low.bit_length())
            m ^= low
        if hand & JOKERS:
            out.append(base + 53)
        return out

    def action_to_string(self, action: int) -> str:
        if not isinstance(action, int) or not 0 <= action <= NUM_ACTIONS:
            raise ValueError(f"{action!r} is not a Harvest action (0..{NUM_ACTIONS - 1})")
        return ACTION_NAMES[action]

    def notation_for(self, action: int, actor: int, viewer: int | None) -> str:
        """A house card is kept face down: other seats (and spectators) see ``house ??``."""
        if action < VILLAGE and viewer != actor:
            return ACTION_NAMES[HIDDEN_HOUSE]
        return self.action_to_string(action)

    def scores(self) -> list[float]:
        return [float(field_score(f)) for f in self.fields]

    def string_to_action(self, text: str) -> int:
        """Reads the notation forgivingly; also a bare card (``"7H"``) or a keyword
        with a card (``"keep 7H"``, ``"assistant QD"``, ``"joker QD"``) when that names
        exactly one legal move."""
        try:
            return super().string_to_action(text)
        except NotationError as exc:
            if self.is_terminal():
                raise
            tokens = canonical_card_tokens(text).split()
            cards = [t for t in tokens if try_parse_card(t) is not None]
            words = {t for t in tokens if try_parse_card(t) is None} - _FILLER
            if not cards or not words <= set(_KEYWORDS) or len(cards) > 2:
                raise
            wanted = {_KEYWORDS[w] for w in words}
            matches = []
            for a in self.legal_actions():
                card, kinds = _action_card_and_kinds(a)
                extra = cards[:-1]
                if CARD_NAMES[card] != cards[-1] or not wanted <= kinds:
                    continue
                if extra and (a < ASSIST or extra != ["JK"]):
                    continue
                matches.append(a)
            if len(matches) == 1:
                return matches[0]
            if len(matches) > 1:
                shown = ", ".join(ACTION_NAMES[a] for a in matches)
                raise NotationError(f"{text!r} is ambiguous: it could be {shown}") from exc
            raise

    def rule_counts(self) -> dict[str, int]:
        """How often each move kind and each round-end rule has happened so far."""
        counts = {"plant": 0, "tend": 0, "harvest": 0, "assistant": 0, "discard": 0}
        kinds = ("plant", "tend", "harvest")
        for a in self._actions:
            if PLAY <= a < DISCARD:
                counts[kinds[REQUIRED_STAGE[a - PLAY]]] += 1
            elif DISCARD <= a < ASSIST:
                counts["discard"] += 1
            elif ASSIST <= a < NUM_ACTIONS:
                counts["assistant"] += 1
        counts["rounds"] = self.round_no + 1
        for k in (6, 4, 2):
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
        p = self.cur
        hands = self.hands
        hand: int = hands[p]
        bit: int
        if phase != PH_ACTION:
            c = action - (HOUSE if phase == PH_HOUSE else VILLAGE)
            if c < 0 or c > 52:
                raise self._illegal(action, f"choose a card for your {PHASE_NAMES[phase]}")
            bit = (J1 if hand & J1 else hand & J2) if c == 52 else hand & 1 << c
            if not bit:
                raise self._illegal(action, "that card is not in your hand")
            hands[p] = hand ^ bit
            self.movers.append(p)
            self._actions.append(action)
            if phase == PH_HOUSE:
                houses = self.houses
                house: int = houses[p]
                houses[p] = house | bit
                self.phase = PH_VILLAGE
            else:
                self.village |= bit
                self.phase = PH_ACTION
            return
        # the action
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
        stage = _popcount((f >> shift) & 0x1FFF)
        self.playable[p] = (self.playable[p] & ~(0x1FFF << shift)) | (STAGE_RANKS[stage] << shift)

    def _seen(self, p: int, bit: int) -> None:
        """Card ``bit`` was played face up by ``p``: nobody tracks it any more."""
        track = self._track
        if bit & JOKERS:
            for q in range(self.n):
                if q != p and track[q]:
                    _drop_joker(track[q], p)
            return
        c = bit.bit_length() - 1
        for t in track:
            if t and c in t:
                del t[c]

    def _end_of_turn(self) -> None:
        n = self.n
        # Ruling 8 (a), (b): checked once every player has acted in the turn.
        table = 0
        for f in self.fields:
            if _popcount(f) == 12:
                self._finish(END_FOUR_FIELDS)
                return
            table |= f
        if self.table_counts_village:
            table |= self.village
        for hc in HARVEST_CARDS:
            if table & hc == hc:
                self._finish(END_HARVEST_CARDS)
                return
        self.acted = 0
        self.phase = PH_HOUSE
        self.cur = (self.dealer + 1) % n
        if self.hands[0]:
            self._pass()
            self.turn += 1
            return
        # Ruling 6: the round ends; the house card stays for the next hand.
        hands = self.hands
        houses = self.houses
        for q in range(n):
            hands[q] = houses[q]
            houses[q] = 0
        # Ruling 7: a Joker in the village sends the whole village back to the deck.
        if self.village & JOKERS:
            self.reshuffles[0] += 1
            self._village_to_deck()
        self.dealer = (self.dealer + 1) % n
        self.cur = (self.dealer + 1) % n
        self.round_no += 1
        self.turn = 0
        d = len(self.deck)
        if d < 2 * n and self.village:
            self.reshuffles[1] += 1
            self._village_to_deck()
            d = len(self.deck)
        if d < 2 * n:
            self._finish(END_NO_DEAL)
            return
        self._deal(6 if d >= 6 * n else 4 if d >= 4 * n else 2)

    def _finish(self, why: str) -> None:
        self.end = why
        self.phase = PH_OVER

    def _village_to_deck(self) -> None:
        self.deck.extend(cards_of(self.village))
        self.village = 0
        _shuffle(random.Random(self.chance * 1009 + self.round_no), self.deck)

    def _deal(self, k: int) -> None:
        n = self.n
        deck = self.deck
        dealer = self.dealer
        hands = self.hands
        log = self.log
        round_no = self.round_no
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
            log.append((DEALT, q, round_no, norm_jokers(got), at))
        del deck[top - k * n :]
        self.deals.append(k)

    def _pass(self) -> None:
        """Ruling 5: every hand goes to the receiver's house; houses become hands."""
        n = self.n
        off = PASS_CYCLE[n][self.passes % len(PASS_CYCLE[n])]
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

    # -- what each seat knows of the cards it passed -------------------------------------
    @property
    def track(self) -> list[dict[int, int]]:
        """For each seat, the cards it passed and has not seen since: card (Jokers 52 and
        53, anonymous) -> bitmask of the seats that may hold it now (see
        :meth:`resample_from_infostate`). Brought up to date when read."""
        self._sync_track()
        return self._track

    def _sync_track(self) -> None:
        """Replay into ``_track`` the passes and face-up cards since the last update.

        Only views, information states, resampling, invariant checks and JSON read these
        records, so instead of on every move they are replayed here from what the state
        keeps anyway: the passes in ``log`` and the moves in ``_actions`` (with
        ``movers``), in the order they happened (a pass logged ``at == i`` came after
        action ``i - 1`` and before action ``i``). The result is what updating them on
        every move gave."""
        movers = self.movers
        end = len(movers)
        log = self.log
        nlog = len(log)
        i = self._track_at
        li = self._track_log
        if i == end and li == nlog:
            return
        actions = self._actions
        shift = len(actions) - end  # 0 unless a hand-made state's lists disagree
        while True:
            while li < nlog and log[li][4] <= i:
                if log[li][0] == PASSED:
                    li += self._track_pass(li)
                else:
                    li += 1
            if i >= end:
                break
            c = shown_card(actions[i + shift])
            if c >= 0:
                self._seen(movers[i], J1 if c == 52 else 1 << c)
            i += 1
        self._track_at = end
        self._track_log = li

    def _track_pass(self, li: int) -> int:
        """Update the records for the pass logged from ``log[li]`` on (one entry a seat);
        returns the number of entries read."""
        n = self.n
        log = self.log
        first = log[li]
        at = first[4]
        off = (first[2] - first[1]) % n
        sent = [0] * n
        j = li
        while j < len(log) and j - li < n and log[j][0] == PASSED and log[j][4] == at:
            # Logged with the Jokers written canonically: only their number matters here.
            sent[log[j][1]] = log[j][3]
            j += 1
        track = self._track
        for p in range(n):
            t = track[p]
            if t:
                for x, holders in t.items():
                    grow = holders
                    h = holders
                    while h:
                        low = h & -h
                        r = ((low.bit_length() - 1) + off) % n
                        if r != p:
                            grow |= 1 << r
                        h ^= low
                    t[x] = grow
                src = (p - off) % n
                got = sent[src]
                if got & JOKERS:
                    for _ in range(_popcount(got & JOKERS)):
                        _drop_joker(t, src)
                got &= STANDARD
                if got:
                    for x in list(t):
                        if x < 52 and got >> x & 1:
                            del t[x]
            mine = sent[p]
            if mine:
                r_bit = 1 << ((p + off) % n)
                for x in cards_of(mine & STANDARD):
                    t[x] = r_bit
                for _ in range(_popcount(mine & JOKERS)):
                    t[JOKER_2 if JOKER_1 in t else JOKER_1] = r_bit
        return j - li

    # -- information -------------------------------------------------------------------
    def _public_moves(self, player: int | None) -> list[int]:
        """The actions with every house card but ``player``'s own replaced by
        :data:`HIDDEN_HOUSE` (``movers`` holds the seat of each decision)."""
        movers = self.movers
        return [
            HIDDEN_HOUSE if (a < VILLAGE or a == HIDDEN_HOUSE) and movers[i] != player else a
            for i, a in enumerate(self._actions)
        ]

    def view(self, player: int | None) -> JSON:
        n = self.n
        over = self.phase == PH_OVER
        off = PASS_CYCLE[n][self.passes % len(PASS_CYCLE[n])]
        v: JSON = {
            "game": "harvest",
            "players": n,
            "seat": player,
            "round": self.round_no + 1,
            "turn": self.turn + 1,
            "dealer": self.dealer,
            "to_move": None if over else self.cur,
            "phase": PHASE_NAMES[self.phase],
            "pass_direction": direction_name(n, off),
            "passes_made": self.passes,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "house_sizes": [h.bit_count() for h in self.houses],
            "fields": [[names_of(f & (0x1FFF << (13 * s))) for s in range(4)] for f in self.fields],
            "village": names_of(self.village),
            "deck": len(self.deck),
            "deals": self.deals[:],
            "scores": [field_score(f) for f in self.fields],
            "moves": [ACTION_NAMES[a] for a in self._public_moves(player)],
            "over": over,
            "end": self.end,
            "winners": self.winners() if over else [],
        }
        if player is not None:
            v["hand"] = names_of(self.hands[player])
            v["house"] = names_of(self.houses[player])
            dealt, passed, received = [], [], []
            for kind, a, b, m, _at in self.log:
                if kind == DEALT:
                    if a == player:
                        dealt.append(names_of(m))
                elif a == player:
                    passed.append({"to": b, "cards": names_of(m)})
                elif b == player:
                    received.append({"from": a, "cards": names_of(m)})
            v["dealt"] = dealt
            v["passed"] = passed
            v["received"] = received
            v["tracked"] = [
                [CARD_NAMES[x], cards_of(h)] for x, h in sorted(self.track[player].items())
            ]
        return v

    def information_state_string(self, player: int) -> str:
        """Equal exactly when ``view(player)`` is equal (the view is a one-to-one
        function of these parts), but much quicker to build than the view's JSON."""
        p = player
        nj = norm_jokers
        log = tuple(e[:4] for e in self.log if (e[1] == p if e[0] == DEALT else p in (e[1], e[2])))
        return repr(
            (
                p,
                self.phase,
                self.cur,
                self.dealer,
                self.round_no,
                self.turn,
                self.passes,
                self.end,
                [h.bit_count() for h in self.hands],
                [h.bit_count() for h in self.houses],
                self.fields,
                nj(self.village),
                len(self.deck),
                self.deals,
                nj(self.hands[p]),
                nj(self.houses[p]),
                self._public_moves(p),
                log,
                sorted(self.track[p].items()),
            )
        )

    def resample_from_infostate(self, player: int, rng: random.Random) -> HarvestState:
        """Deal every card ``player`` cannot see (other hands and houses, the deck)
        afresh, uniformly among the placements consistent with what ``player`` knows:
        the public hand, house and deck sizes, and each card ``player`` passed and has
        not seen since, which lies with a seat it may have travelled to, jointly
        consistent with every seat keeping one card per turn (see :mod:`._knowledge`).
        Other seats' private records are reduced to what ``player`` saw."""
        p = player
        n = self.n
        s = self.clone()
        s.seed = None
        known = self.hands[p] | self.houses[p] | self.village
        for f in self.fields:
            known |= f
        pool = ALL_CARDS & ~known
        free = [0] * n
        for q in range(n):
            if q != p:
                free[q] = (self.hands[q] | self.houses[q]).bit_count()
        holding = [0] * n
        # The cards p passed and has not seen since: draw one consistent world, each
        # weighted by the number of placements it allows, and seat them there.
        items, worlds = passed_card_worlds(n, p, self._actions, self.movers, self.log)
        if items:
            weights = []
            for w in worlds:
                k = [0] * n
                for seat in w:
                    if seat >= 0:
                        k[seat] += 1
                weight = 1
                for q in range(n):
                    if k[q]:
                        weight *= falling(free[q], k[q])
                weights.append(weight)
            pick = rng.randrange(sum(weights))
            at = 0
            while pick >= weights[at]:
                pick -= weights[at]
                at += 1
            world = worlds[at]
            jokers = cards_of(pool & JOKERS)
            for c, seat in zip(items, world, strict=True):
                if seat < 0:
                    continue
                if c >= 52:
                    c = jokers.pop(0)
                pool &= ~(1 << c)
                holding[seat] |= 1 << c
                free[seat] -= 1
        rest = cards_of(pool)
        rng.shuffle(rest)
        i = 0
        for q in range(n):
            if q != p and free[q]:
                for c in rest[i : i + free[q]]:
                    holding[q] |= 1 << c
                i += free[q]
        deck = rest[i:]
        for q in range(n):
            if q == p:
                continue
            cards = cards_of(holding[q])
            rng.shuffle(cards)
            house_size = self.houses[q].bit_count()
            house = 0
            for c in cards[:house_size]:
                house |= 1 << c
            s.houses[q] = house
            s.hands[q] = holding[q] ^ house
        s.deck = deck
        s.chance = rng.getrandbits(62)
        s._canonical_jokers(p)
        s._actions = self._public_moves(p)
        s.log = [e for e in self.log if (e[1] == p if e[0] == DEALT else p in (e[1], e[2]))]
        s._track = [{} for _ in range(n)]
        s._track[p] = dict(self.track[p])
        s._track_at = len(s.movers)
        s._track_log = len(s.log)
        return s

    def _canonical_jokers(self, p: int) -> None:
        """Renumber the Jokers so that the first one met (own hand, own house, village,
        other seats' hands and houses, deck) is 52: identical cards, canonical ids."""
        places: list[int] = [self.hands[p], self.houses[p], self.village]
        for q in range(self.n):
            if q != p:
                places.append(self.hands[q])
                places.append(self.houses[q])
        first = -1
        for i, m in enumerate(places):
            if m & JOKERS:
                first = i
                break
        if first == -1:
            if JOKER_2 in self.deck and JOKER_1 in self.deck:
                a, b = self.deck.index(JOKER_1), self.deck.index(JOKER_2)
                if b < a:
                    self.deck[a], self.deck[b] = JOKER_2, JOKER_1
            elif JOKER_2 in self.deck:
                self.deck[self.deck.index(JOKER_2)] = JOKER_1
            return
        if places[first] & J1:
            return

        # Swap the two Joker ids everywhere.
        def swap(m: int) -> int:
            j = m & JOKERS
            if j in (J1, J2):
                return m ^ JOKERS
            return m

        self.hands = [swap(m) for m in self.hands]
        self.houses = [swap(m) for m in self.houses]
        self.village = swap(self.village)
        self.deck = [JOKER_2 if c == JOKER_1 else JOKER_1 if c == JOKER_2 else c for c in self.deck]

    # -- checks and serialisation ------------------------------------------------------
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
                part = (f >> (13 * s_)) & 0x1FFF
                stage = part.bit_count()
                assert stage <= 3, "a field with more than three cards"
                for k in range(stage):
                    assert (part & STAGE_RANKS[k]).bit_count() == 1, "field stages out of order"
            assert self.playable[q] == playable_mask(f)
        if self.phase != PH_OVER:
            start = self.hands[self.cur].bit_count() + self.phase
            assert start % 2 == 1 and 3 <= start <= 7, "hands start a turn with 7, 5 or 3"
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

    def _to_dict(self) -> JSON:
        return {
            "dealer": self.dealer,
            "first_dealer": self.first_dealer,
            "to_move": self.cur,
            "phase": PHASE_NAMES[self.phase],
            "acted": self.acted,
            "round": self.round_no,
            "turn": self.turn,
            "passes": self.passes,
            "hands": self.hands[:],
            "houses": self.houses[:],
            "fields": self.fields[:],
            "village": self.village,
            "deck": self.deck[:],
            "chance": self.chance,
            "log": [list(e) for e in self.log],
            "track": [sorted([x, h] for x, h in t.items()) for t in self.track],
            "deals": self.deals[:],
            "movers": self.movers[:],
            "reshuffles": self.reshuffles[:],
            "end": self.end,
        }

    @classmethod
    def from_dict(cls, game: Any, d: JSON) -> HarvestState:
        s = cls._blank(game, None)
        n = s.n
        s.dealer = int(d["dealer"])
        s.first_dealer = int(d["first_dealer"])
        s.cur = int(d["to_move"])
        s.phase = PHASE_NAMES.index(d["phase"])
        s.acted = int(d["acted"])
        s.round_no = int(d["round"])
        s.turn = int(d["turn"])
        s.passes = int(d["passes"])
        s.hands = [int(x) for x in d["hands"]]
        s.houses = [int(x) for x in d["houses"]]
        s.fields = [int(x) for x in d["fields"]]
        if not len(s.hands) == len(s.houses) == len(s.fields) == n:
            raise ValueError("wrong number of seats")
        s.playable = [playable_mask(f) for f in s.fields]
        s.village = int(d["village"])
        s.deck = [int(x) for x in d["deck"]]
        s.chance = int(d["chance"])
        s.log = [(int(a), int(b), int(c), int(m), int(t)) for a, b, c, m, t in d["log"]]
        s._track = [{int(x): int(h) for x, h in t} for t in d["track"]]
        s.deals = [int(x) for x in d["deals"]]
        s.movers = [int(x) for x in d["movers"]]
        s.reshuffles = [int(x) for x in d["reshuffles"]]
        s.end = d["end"]
        s._track_at = len(s.movers)
        s._track_log = len(s.log)
        return s


def _drop_joker(t: dict[int, int], seat: int) -> None:
    """A Joker was seen leaving ``seat``: forget one tracked Joker that may have been
    it (both may: forget one and let the other be with either's seats)."""
    a = t.get(JOKER_1, 0)
    b = t.get(JOKER_2, 0)
    in_a = a >> seat & 1
    in_b = b >> seat & 1
    if not (in_a or in_b):
        return
    if b:
        if in_a and in_b:
            t[JOKER_1] = a | b
        elif in_a:
            t[JOKER_1] = b
        del t[JOKER_2]
    else:
        del t[JOKER_1]


_FILLER = frozenset({":", "->", "-", ">", "a", "the", "with", "to", "and"})
#: Words accepted in loose move input, and the move kind each names.
_KEYWORDS = {
    "house": "house",
    "keep": "house",
    "village": "village",
    "show": "village",
    "plant": "plant",
    "tend": "tend",
    "harvest": "harvest",
    "play": "play",
    "discard": "discard",
    "assistant": "assistant",
    "assist": "assistant",
    "joker": "assistant",
    "takes": "assistant",
    "take": "assistant",
}
_RANK_KIND = ("plant", "tend", "harvest")


def _action_card_and_kinds(a: int) -> tuple[int, frozenset[str]]:
    """The card an action names and the keywords that describe it."""
    c = action_card(a)
    if a < VILLAGE:
        return c, frozenset({"house"})
    if a < PLAY:
        return c, frozenset({"village"})
    if a < DISCARD:
        return c, frozenset({"play", _RANK_KIND[REQUIRED_STAGE[c]]})
    if a < ASSIST:
        return c, frozenset({"discard"})
    return c, frozenset({"assistant", _RANK_KIND[REQUIRED_STAGE[c]]})

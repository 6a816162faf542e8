"""The Four Fields state: exact move generation, the play, rounds and scoring.

Rules source: ``four-fields.txt`` with the Four Fields rulings 1-9 of ``RULINGS.md``;
our own readings where both are silent (rulings 10-16 of ``docs/rules/four_fields.md``):

* the first dealer is drawn from the seed; fields are numbered from the dealer each round;
* "most cards / hearts / spades" needs at least one such card (nobody wins a bonus, or
  loses to frost, for a count of zero);
* a matching build may gather any number of existing stockpiles of its value;
* a stockpile's builder is the last player who built on it;
* a full harvest needs a loose card of the total's value in the field but need not take it;
* raising may use the played card alone; a new adding-up stockpile needs a loose card;
* a field is cleared when a harvest leaves no loose card and no stockpile in it.

The game has one phase of play (``PLAY``) until it is ``OVER``. Card sets are 52-bit
ints; a stockpile is a tuple ``(cards, value, kind, builder, aces_high)``; actions are
packed ints (:mod:`.rules`). Views and resampling live in :mod:`.views`, positions and
JSON in :mod:`.positions`, notation in :mod:`.notation`; the methods here delegate.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from typing import TYPE_CHECKING, Final

from seedbed.core.cards import CARD_NAMES, CARD_SUIT, FULL_DECK, cards_of, mask_of
from seedbed.core.errors import IllegalMoveError
from seedbed.core.protocol import JSON, Game, State

from . import notation, observation, positions, views
from ._tables import HARVEST_BITS, FieldMoves
from .rules import (
    ACE_SHIFT,
    ACES,
    ACTION_SLOTS,
    ADD,
    AUTUMN,
    FIELD_DEAL,
    FIELD_SHIFT,
    FIELDS,
    FULL,
    HARVEST,
    HEART_MASK,
    IS_SEASON_CARD,
    KIND_SHIFT,
    KIND_WORDS,
    LOOSE_SHIFT,
    MASK52,
    MATCH,
    NO_CARD,
    NUM,
    OVER,
    PHASE_NAMES,
    PLAY,
    PLAYED_SHIFT,
    RANK_OF_VALUE,
    SEASON_NAMES,
    SEASONS,
    SOW,
    SPADE_MASK,
    SPRING,
    STOCK_SHIFT,
    VALUE_BITS,
    VALUE_SHIFT,
    WINTER,
    Stockpile,
    decode,
    kind_of,
    round_points,
    turned,
)

if TYPE_CHECKING:
    from .game import FourFieldsGame

KIND_SHIFTED: Final = tuple(k << 8 for k in range(5))
#: The bits of an action below its card sets: card, field, kind, value and Aces.
LOW_BITS: Final = (1 << LOOSE_SHIFT) - 1
#: Placeholder for a field not analysed yet: its loose cards (-1) match no field.
_NO_FIELD: Final = FieldMoves(0, ())
_NO_FIELD.loose = -1
#: The draw pile at the start of a round, after the fields and hands are dealt.
_PILE_AT_DEAL: Final = 52 - FIELDS * FIELD_DEAL + 1

#: Where a state was set up from a position (rather than from a seed), what the move
#: log needs to know of that moment: the rounds scored by then, the seat to move, the
#: draw pile's size, each seat's hand size and total (see :meth:`FourFieldsState.actors`).
Origin = tuple[int, int, int, tuple[int, ...], tuple[int, ...]]


class FourFieldsState(State):
    """A position of Four Fields (mutable; :meth:`clone` is cheap)."""

    __slots__ = (
        "_fms",
        "_legal",
        "_origin",
        "aside",
        "chance",
        "coins",
        "coins_on_square",
        "cur",
        "dealer",
        "deals",
        "full",
        "hand_size",
        "hands",
        "harvested",
        "holds",
        "loose",
        "n",
        "phase",
        "pile",
        "results",
        "round",
        "stockpiles",
        "summer",
        "target",
        "totals",
    )

    #: Per field, the move tables of its contents (shared with clones).
    _fms: list[FieldMoves]
    #: The legal actions, once generated (None: not yet).
    _legal: list[int] | None
    _origin: Origin | None
    #: Cards out of play until the next deal ("put aside"): none in a game dealt from
    #: a seed, where the leftovers of a round go back into the next deal at once; a
    #: position may put cards there.
    aside: int
    #: The key of the chance to come: round r is dealt from ``chance * 64 + r - 1``.
    chance: int
    #: Coins each seat took this round.
    coins: list[int]
    coins_on_square: int
    #: The seat to move (None once the game is over).
    cur: int | None
    dealer: int
    #: Every deal of cards into a field: (moves made before it, field, cards).
    deals: tuple[tuple[int, int, int], ...]
    #: The full harvest variant (ruling 8) is on.
    full: bool
    #: The cards a hand is dealt and drawn up to (the ``hand_size`` knob; 4).
    hand_size: int
    hands: list[int]
    #: Each seat's harvest pile this round.
    harvested: list[int]
    #: Per seat, bit r set for each rank r (1..13) it is known to hold, because it
    #: built a stockpile of that value and no card of the rank has left its hand.
    holds: list[int]
    #: The loose cards of each field.
    loose: list[int]
    n: int
    phase: int
    #: The draw pile; its top is the last card.
    pile: list[int]
    #: Each scored round: ((dealer,), then per seat (cards, hearts, spades, aces,
    #: coins, points, total)).
    results: tuple[tuple[tuple[int, ...], ...], ...]
    #: The round, from 1.
    round: int
    #: The stockpiles of each field, sorted.
    stockpiles: list[tuple[Stockpile, ...]]
    #: The field that is Summer: the square's orientation (:data:`.rules.SEASONS`).
    summer: int
    #: The total that ends the game at a round's end (the ``target`` knob; 17).
    target: int
    #: Each seat's running total.
    totals: list[int]

    # -- construction ----------------------------------------------------------------
    def __init__(self, game: Game, seed: int | None) -> None:
        # Cheap on purpose: clone() copies every field itself; blank() sets a start.
        self._init_base(game, seed)

    @classmethod
    def blank(cls, game: FourFieldsGame, seed: int | None) -> FourFieldsState:
        """A state before any deal: no cards anywhere, every count at zero."""
        s = cls(game, seed)
        n = game.num_players
        s.n = n
        s.full = bool(game.option("full_harvest"))
        s.hand_size = int(game.option("hand_size"))
        s.target = int(game.option("target"))
        s.phase = PLAY
        s.totals = [0] * n
        s.results = ()
        s.deals = ()
        s._legal = None
        s._origin = None
        s.aside = 0
        s.round = 1
        s.chance = 0 if seed is None else seed
        s.dealer = 0
        s.cur = None
        s.summer = 0
        s.hands = [0] * n
        s.harvested = [0] * n
        s.coins = [0] * n
        s.holds = [0] * n
        s.coins_on_square = n
        s.loose = [0, 0, 0, 0]
        s.stockpiles = [(), (), (), ()]
        s.pile = []
        s._fms = [_NO_FIELD, _NO_FIELD, _NO_FIELD, _NO_FIELD]
        return s

    @classmethod
    def new(cls, game: FourFieldsGame, seed: int) -> FourFieldsState:
        """The start of a game: the first dealer is drawn from the seed, then round 1."""
        state = cls.blank(game, seed)
        state.dealer = random.Random(seed).randrange(game.num_players)
        state._start_round()
        return state

    def _start_round(self) -> None:
        """Setup: square with Summer on field 0, a coin per player, 3 cards per field,
        4 cards per hand (``hand_size``) but 3 for the player left of the dealer, the
        rest the pile."""
        n = self.n
        deck = list(range(52))
        random.Random(self.chance * 64 + self.round - 1).shuffle(deck)
        self.summer = 0
        self.aside = 0
        self.coins_on_square = n
        self.coins = [0] * n
        self.harvested = [0] * n
        self.holds = [0] * n
        self.stockpiles = [(), (), (), ()]
        pos = 0
        deals = []
        for f in range(FIELDS):
            m = mask_of(deck[pos : pos + FIELD_DEAL])
            self.loose[f] = m
            deals.append((len(self._actions), f, m))
            pos += FIELD_DEAL
        first = (self.dealer + 1) % n
        hand_size = self.hand_size
        for k in range(n):
            size = hand_size - 1 if k == 0 else hand_size
            self.hands[(first + k) % n] = mask_of(deck[pos : pos + size])
            pos += size
        self.pile = deck[pos:]
        self.deals = (*self.deals, *deals)
        self.cur = first
        self._legal = None

    def clone(self) -> FourFieldsState:
        s = FourFieldsState(self.game, self.seed)
        s._actions = self._actions.copy()
        s.n = self.n
        s.full = self.full
        s.hand_size = self.hand_size
        s.target = self.target
        s.phase = self.phase
        s.totals = self.totals.copy()
        s.results = self.results
        s.deals = self.deals
        s._legal = self._legal
        s._origin = self._origin
        s.aside = self.aside
        s.round = self.round
        s.chance = self.chance
        s.dealer = self.dealer
        s.cur = self.cur
        s.summer = self.summer
        s.hands = self.hands.copy()
        s.harvested = self.harvested.copy()
        s.coins = self.coins.copy()
        s.holds = self.holds.copy()
        s.coins_on_square = self.coins_on_square
        s.loose = self.loose.copy()
        s.stockpiles = self.stockpiles.copy()
        s.pile = self.pile.copy()
        s._fms = self._fms.copy()
        return s

    # -- queries ---------------------------------------------------------------------
    def current_player(self) -> int | None:
        return self.cur

    def is_terminal(self) -> bool:
        return self.cur is None

    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def season(self, field: int) -> int:
        """The season (as its suit: H Summer, D Autumn, S Winter, C Spring) of ``field``."""
        return SEASONS[self.summer][field]

    def legal_actions(self) -> list[int]:
        if self.phase == OVER:
            return []
        if self._legal is None:
            self._legal = self._legal_play()
        return self._legal.copy()

    def apply_action(self, action: int) -> None:
        if self.phase == OVER:
            raise self._illegal(action, "the game is over")
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_play()
        # The legal actions are in increasing order: a binary search, not a scan.
        i = bisect_left(legal, action)
        if i == len(legal) or legal[i] != action:
            raise self._illegal(action, self._why_illegal(action))
        self._apply_play(action)

    def action_index(self, action: int) -> int:
        """The place of legal ``action`` among the legal moves (``rules.ACTION_SLOTS``)."""
        legal = self.legal_actions()
        i = bisect_left(legal, action)
        if i == len(legal) or legal[i] != action:
            raise self._illegal(action, "not a legal move now: it has no index")
        if i >= ACTION_SLOTS:
            raise self._illegal(
                action, f"it is legal move {i + 1}, past the {ACTION_SLOTS} indices"
            )
        return i

    def index_action(self, index: int) -> int:
        """The legal move at place ``index`` (in increasing order of action number)."""
        legal = self.legal_actions()
        if not 0 <= index < min(len(legal), ACTION_SLOTS):
            raise IllegalMoveError(
                f"index {index} names no move: there are {len(legal)} legal moves now"
            )
        return legal[index]

    # -- the play: legal moves -------------------------------------------------------
    def _legal_play(self) -> list[int]:
        """Every legal move, exactly (rulebook "Playing a turn", rulings 2-5 and 8).

        The moves of a card in a field come from that field's :class:`FieldMoves`
        (kept per state and checked against the field's contents, so only a field
        that changed is analysed again): a card's harvests are the cached harvests of
        its value with its card bits added; its builds are emitted from cached groups.
        """
        p = self.cur
        assert p is not None
        hand = self.hands[p]
        hcards: list[int] = []
        vb: list[int] = []
        m = hand
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            hcards.append(c)
            vb.append(VALUE_BITS[c])
        # Values kept in hand when each card is played (the stockpile requirement).
        nh = len(hcards)
        kept: list[int] = []
        for i in range(nh):
            k = 0
            for j in range(nh):
                if j != i:
                    k |= vb[j]
            kept.append(k)
        # Ruling 8 needs the whole hand of four (``hand_size``) cards worth at most 14
        # (Aces counted 1): most hands are worth more, so check once here rather than
        # in every field.
        full = self.full and nh == self.hand_size
        if full:
            total = 0
            for c in hcards:
                total += NUM[c]
            full = total <= 14
        seasons = SEASONS[self.summer]
        # Sows are the smallest actions (card and field bits only; every other move
        # takes or uses a field card) and come out in order (field, then card), so only
        # the other moves need sorting; comparing big ints is much of the cost.
        sows: list[int] = []
        out: list[int] = []
        loose_all = self.loose
        stocks_all = self.stockpiles
        fms = self._fms
        for f in range(4):
            season = seasons[f]
            loose = loose_all[f]
            stocks = stocks_all[f]
            fm = fms[f]
            if fm.loose != loose or (fm.stocks is not stocks and fm.stocks != stocks):
                # Not cached across states on purpose: a random playout rarely meets
                # a field's contents twice, and a process-wide cache keeps thousands
                # of objects alive, so the garbage collector cost more than the moves.
                fm = FieldMoves(loose, stocks)
                fms[f] = fm
            fbase = f << 6
            spring = season == SPRING
            sow = season != AUTUMN
            takes = 0 if season == WINTER else fm.takes_any
            for i in range(nh):
                c = hcards[i]
                cb = c | fbase
                if sow:
                    sows.append(cb)
                num = NUM[c]
                if takes & vb[i]:
                    hb = cb | HARVEST_BITS
                    for t in fm.takes(0 if num == 1 else num):
                        out.append(hb | t)
                if spring:
                    continue
                rel = kept[i] & fm.buildable(num)
                while rel:
                    low = rel & -rel
                    rel ^= low
                    fm.add_builds(out, cb, c, low.bit_length() - 1)
            if full and season != WINTER:
                self._full_harvests(out, f, hand, hcards, fm)
        out.sort()
        sows += out
        return sows

    def _full_harvests(
        self, out: list[int], f: int, hand: int, hcards: list[int], fm: FieldMoves
    ) -> None:
        """Ruling 8: the whole hand of four, totalling the value of a loose card."""
        low = sum(NUM[c] for c in hcards)
        n_aces = sum(1 for c in hcards if NUM[c] == 1)
        present = 0
        for c in cards_of(fm.loose):
            present |= VALUE_BITS[c]
        turners = [c for c in hcards if IS_SEASON_CARD[c]] or [NO_CARD]
        for k in range(n_aces + 1):
            v = low + 13 * k
            if v > 14 or not present >> v & 1:
                continue
            found = fm.takes(v)
            for t in turners:
                b = t | f << 6 | KIND_SHIFTED[FULL] | hand << PLAYED_SHIFT
                out.extend(b | x for x in found)

    def _why_illegal(self, action: int) -> str:
        if not isinstance(action, int) or action < 0:
            return "not a Four Fields action"
        kind, card, field, *_rest, played = decode(action)
        p = self.cur
        assert p is not None
        if kind > FULL:
            return "not a Four Fields action"
        hand = self.hands[p]
        if kind == FULL:
            if not self.full:
                return "full harvest is a variant that is off in this game"
            if played != hand:
                return "a full harvest plays your whole hand of four cards"
        elif card >= 52 or not hand >> card & 1:
            return f"seat {p} does not hold that card"
        season = SEASON_NAMES[self.season(field)]
        forbidden = {SOW: AUTUMN, HARVEST: WINTER, FULL: WINTER, ADD: SPRING, MATCH: SPRING}
        if forbidden[kind] == self.season(field):
            return f"field {field} is in {season}"
        return "those cards do not make a legal move in that field"

    # -- the play: a move ------------------------------------------------------------
    def _apply_play(self, action: int) -> None:
        """Play a legal move: the play, the season turn, drawing up, clearing (ruling 6),
        then the next seat with cards, or the round's end."""
        # Most actions are big ints, and every operation on one allocates: take the
        # small fields from one masked copy, and the card sets only when there are some.
        head = action & LOW_BITS
        card = head & 63
        f = (head >> FIELD_SHIFT) & 3
        kind = (head >> KIND_SHIFT) & 7
        loose = stock = 0
        if action != head:
            loose = (action >> LOOSE_SHIFT) & MASK52
            above = action >> STOCK_SHIFT
            if above:
                stock = above & MASK52
        p = self.cur
        assert p is not None
        coin_at_start = self.coins_on_square > 0
        played = action >> PLAYED_SHIFT if kind == FULL else 1 << card
        hand = self.hands[p] & ~played
        holds = self.holds[p]
        m = played
        while m:
            low = m & -m
            holds &= ~(1 << NUM[low.bit_length() - 1])
            m ^= low
        cleared = False
        if kind == SOW:
            self.loose[f] |= played
        elif kind in (HARVEST, FULL):
            self.loose[f] &= ~loose
            if stock:
                self.stockpiles[f] = tuple(st for st in self.stockpiles[f] if not st[0] & stock)
            self.harvested[p] |= played | loose | stock
            cleared = not self.loose[f] and not self.stockpiles[f]
        else:
            value = (head >> VALUE_SHIFT) & 15
            high = (head >> ACE_SHIFT) & 15
            keep: list[Stockpile] = []
            for st in self.stockpiles[f]:
                if st[0] & stock:
                    high |= st[4]
                else:
                    keep.append(st)
            keep.append((played | loose | stock, value, kind, p, high))
            keep.sort()
            self.stockpiles[f] = tuple(keep)
            self.loose[f] &= ~loose
            holds |= 1 << RANK_OF_VALUE[value]
        self.holds[p] = holds
        if card != NO_CARD and IS_SEASON_CARD[card]:
            self.summer = turned(f, card)
        pile = self.pile
        need = self.hand_size - hand.bit_count()
        while need > 0 and pile:
            hand |= 1 << pile.pop()
            need -= 1
        self.hands[p] = hand
        self._actions.append(action)
        if cleared:
            if self.coins_on_square:
                self.coins_on_square -= 1
                self.coins[p] += 1
            if coin_at_start and len(pile) >= 3:
                m = 1 << pile.pop() | 1 << pile.pop() | 1 << pile.pop()
                self.loose[f] = m
                self.deals = (*self.deals, (len(self._actions), f, m))
        self._legal = None
        n = self.n
        for k in range(1, n + 1):
            q = (p + k) % n
            if self.hands[q]:
                self.cur = q
                return
        self._end_round()

    def _end_round(self) -> None:
        """Score the round (ruling 7), then deal the next one or end the game."""
        n = self.n
        piles = self.harvested
        cards = [m.bit_count() for m in piles]
        hearts = [(m & HEART_MASK).bit_count() for m in piles]
        spades = [(m & SPADE_MASK).bit_count() for m in piles]
        aces = [(m & ACES).bit_count() for m in piles]
        coins = list(self.coins)
        pts = round_points(cards, hearts, spades, aces, coins)
        self.totals = [max(0, t + d) for t, d in zip(self.totals, pts, strict=True)]
        record = tuple(
            (cards[p], hearts[p], spades[p], aces[p], coins[p], pts[p], self.totals[p])
            for p in range(n)
        )
        self.results = (*self.results, ((self.dealer,), *record))
        if max(self.totals) >= self.target:
            self.cur = None
            self.phase = OVER
            return
        self.round += 1
        self.dealer = (self.dealer + 1) % n
        self._start_round()

    # -- scores ----------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(t) for t in self.totals]

    def winners(self) -> list[int]:
        """Highest total; ties: more coins in the last round, then more Aces in the last
        round, else shared (section "Winning the game", ruling 7). The last round's
        coins and harvest piles are still on the table when the game ends."""
        if self.cur is not None:
            return []
        best = max(self.totals)
        tied = [p for p, t in enumerate(self.totals) if t == best]
        aces = [(m & ACES).bit_count() for m in self.harvested]
        for last in (self.coins, aces):
            if len(tied) > 1:
                top = max(last[p] for p in tied)
                tied = [p for p in tied if last[p] == top]
        return tied

    # -- who moved -------------------------------------------------------------------
    def actors(self) -> list[int]:
        """The seat of every move, from the turn order alone: clockwise from the
        dealer's left, passing over empty hands; each seat draws up to four
        (``hand_size``) while the pile lasts, and a reseeded field (one of
        :attr:`deals`) takes three from it. A state set up from a position counts
        from that position (its origin)."""
        n = self.n
        hand_size = self.hand_size
        dealt = {d[0] for d in self.deals}
        dealers = [rec[0][0] for rec in self.results] + [self.dealer]
        sizes: list[int] = []
        r = cur = pile = 0
        if self._origin is not None:
            r, cur, pile, start, _totals = self._origin
            sizes = list(start)
        out: list[int] = []
        for i, action in enumerate(self._actions):
            if not sizes:  # a round is dealt
                cur = (dealers[r] + 1) % n
                sizes = [hand_size] * n
                sizes[cur] = hand_size - 1
                pile = _PILE_AT_DEAL - hand_size * n
            out.append(cur)
            held = sizes[cur] - (hand_size if kind_of(action) == FULL else 1)
            draw = min(hand_size - held, pile)
            sizes[cur] = held + draw
            pile -= draw
            nxt = [q for q in (*range(cur + 1, n), *range(cur + 1)) if sizes[q]]
            if not nxt:
                r += 1
                sizes = []
                continue
            if i + 1 in dealt:
                pile -= FIELD_DEAL
            cur = nxt[0]
        return out

    # -- what the seats know (views.py) ----------------------------------------------
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

    def resample_from_infostate(self, player: int, rng: random.Random) -> FourFieldsState:
        return views.resample(self, player, rng)

    # -- positions and JSON (positions.py) --------------------------------------------
    def position(self) -> str:
        return positions.position(self)

    def _to_dict(self) -> JSON:
        return positions.to_dict(self)

    # -- notation (notation.py) ------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        return notation.action_text(action)

    def string_to_action(self, text: str) -> int:
        return notation.string_to_action(self, text)

    # -- designers' statistics and checks ---------------------------------------------
    def rule_counts(self) -> dict[str, int]:
        """How often each rule fired, derived from the moves (nothing is counted on the
        hot path): kinds of play, season turns, stockpile raises and harvests, Aces taken
        high, field clearings with a coin, reseeds, and the rounds played."""
        counts = dict.fromkeys(
            ("sow", "harvest", "add", "match", "full harvest", "season turn",
             "stockpile raised", "stockpile harvested", "ace as 14"),
            0,
        )  # fmt: skip
        for action in self._actions:
            kind, card, _f, _value, high, _loose, stock, _played = decode(action)
            counts[KIND_WORDS[kind]] += 1
            if card != NO_CARD and IS_SEASON_CARD[card]:
                counts["season turn"] += 1
            if stock and kind == ADD:
                counts["stockpile raised"] += 1
            elif stock and kind in (HARVEST, FULL):
                counts["stockpile harvested"] += 1
            counts["ace as 14"] += high.bit_count()
        rounds = len(self.results) + (0 if self.cur is None else 1)
        counts["rounds"] = rounds
        counts["reseed"] = max(0, len(self.deals) - 4 * rounds)
        counts["coin taken"] = sum(r[p][4] for r in self.results for p in range(1, len(r))) + (
            sum(self.coins) if self.cur is not None else 0
        )
        return counts

    def check_invariants(self) -> None:
        """Every card in exactly one place; hands of at most 4 (``hand_size``);
        stockpile values equal their cards' values as chosen; coins conserved; known
        holdings really held."""
        problem = self.invariant_problem()
        assert problem is None, problem

    def invariant_problem(self) -> str | None:
        """What breaks the rules' invariants in this position, or ``None``: a card in
        two places or in none, a hand of more than ``hand_size``, a stockpile not worth its
        value, coins not adding up, a known holding not held, nobody to move."""
        places = [*self.hands, *self.loose, *self.harvested, self.aside]
        for fs in self.stockpiles:
            for m, v, k, b, high in fs:
                places.append(m)
                if not 1 <= v <= 14:
                    return f"stockpile value {v} is out of range"
                if k not in (ADD, MATCH) or not 0 <= b < self.n:
                    return "a stockpile of no kind or builder"
                aces = [c for c in cards_of(m) if NUM[c] == 1]
                if high & ~sum(1 << CARD_SUIT[c] for c in aces):
                    return "a stockpile counts 14 for an Ace it does not hold"
                total = sum(NUM[c] for c in cards_of(m)) + 13 * high.bit_count()
                if k == ADD and total != v:
                    return f"an adding-up stockpile worth {total} is marked {v}"
                if k == MATCH and not (total % v == 0 and total >= 2 * v):
                    return f"a matching stockpile worth {total} cannot be of value {v}"
        for c in self.pile:
            places.append(1 << c)
        seen = 0
        for m in places:
            if seen & m:
                return f"a card is in two places: {' '.join(_names(seen & m))}"
            seen |= m
        if seen != FULL_DECK:
            return f"cards are missing: {' '.join(_names(FULL_DECK & ~seen))}"
        if any(h.bit_count() > self.hand_size for h in self.hands):
            return f"a hand holds more than {self.hand_size} cards"
        if self.coins_on_square + sum(self.coins) != self.n or min(self.coins) < 0:
            return f"coins do not add up to {self.n}"
        if any(t < 0 for t in self.totals):
            return "a total below zero"
        for q in range(self.n):
            held = 0
            for c in cards_of(self.hands[q]):
                held |= 1 << NUM[c]
            if self.holds[q] & ~held:
                return f"seat {q} is known to hold a value it does not hold"
        if self.cur is not None and not self.hands[self.cur]:
            return "the player to move has no card"
        return None


def _names(mask: int) -> list[str]:
    return [CARD_NAMES[c] for c in cards_of(mask)]

"""The Four Fields engine: state, exact move generation, rounds and scoring.

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

Card sets are 52-bit ints; a stockpile is a tuple ``(cards, value, kind, builder,
aces_high)``; actions are packed ints (see :mod:`._tables`).
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from math import comb
from typing import TYPE_CHECKING, Any, Final

from seedbed.core.cards import (
    CARD_NAMES,
    CARD_SUIT,
    FULL_DECK,
    SUIT_MASKS,
    cards_of,
    check_move_text,
    parse_cards,
)
from seedbed.core.errors import NotationError
from seedbed.core.protocol import JSON, Game, State

from ._tables import (
    ACE_SHIFT,
    ACES,
    ADD,
    AUTUMN,
    FIELD_SHIFT,
    FULL,
    HARVEST,
    HARVEST_BITS,
    IS_SEASON_CARD,
    KIND_SHIFT,
    KIND_WORDS,
    LOOSE_SHIFT,
    MASK52,
    MATCH,
    NO_CARD,
    NUM,
    PLAYED_SHIFT,
    RANK_OF_VALUE,
    SEASON_NAMES,
    SEASONS,
    SOW,
    SPRING,
    STOCK_SHIFT,
    VALUE_BITS,
    VALUE_SHIFT,
    WINTER,
    FieldMoves,
    Stockpile,
    turned,
    unpack,
)
from .notation import action_text, matches, parse

if TYPE_CHECKING:
    from . import FourFieldsGame

HAND_SIZE: Final = 4
TARGET: Final = 17
KIND_SHIFTED: Final = tuple(k << 8 for k in range(5))
#: The bits of an action below its card sets: card, field, kind, value and Aces.
LOW_BITS: Final = (1 << LOOSE_SHIFT) - 1
SPADE_MASK: Final = SUIT_MASKS[0]
HEART_MASK: Final = SUIT_MASKS[1]
#: Placeholder for a field not analysed yet: its loose cards (-1) match no field.
_NO_FIELD: Final = FieldMoves(0, ())
_NO_FIELD.loose = -1


def round_points(
    cards: Sequence[int],
    hearts: Sequence[int],
    spades: Sequence[int],
    aces: Sequence[int],
    coins: Sequence[int],
) -> list[int]:
    """Points of one round (section "End of a round and scoring", ruling 7): +4 most
    cards, +2 most hearts, +1 per Ace, +1 per coin, -2 most spades; ties go to the tied
    player with more coins (spades: fewer coins), else to nobody."""
    pts = [a + c for a, c in zip(aces, coins, strict=True)]
    w = _tie_break(cards, coins, more_coins=True)
    if w is not None:
        pts[w] += 4
    w = _tie_break(hearts, coins, more_coins=True)
    if w is not None:
        pts[w] += 2
    w = _tie_break(spades, coins, more_coins=False)
    if w is not None:
        pts[w] -= 2
    return pts


def _tie_break(counts: Sequence[int], coins: Sequence[int], more_coins: bool) -> int | None:
    best = max(counts)
    if best == 0:
        return None
    tied = [p for p, k in enumerate(counts) if k == best]
    if len(tied) == 1:
        return tied[0]
    pick = max if more_coins else min
    target = pick(coins[p] for p in tied)
    left = [p for p in tied if coins[p] == target]
    return left[0] if len(left) == 1 else None


def _mask_names(mask: int) -> list[str]:
    return [CARD_NAMES[c] for c in cards_of(mask)]


def _aces_of(high: int) -> list[str]:
    return [CARD_NAMES[s * 13] for s in range(4) if high >> s & 1]


class FourFieldsState(State):
    """A position of Four Fields (mutable; :meth:`clone` is cheap)."""

    __slots__ = (
        "_coins",
        "_coins_left",
        "_cur",
        "_deal_key",
        "_dealer",
        "_deals",
        "_fms",
        "_full",
        "_hands",
        "_harvested",
        "_legal",
        "_loose",
        "_n",
        "_orient",
        "_pile",
        "_promises",
        "_round",
        "_rounds",
        "_stocks",
        "_totals",
    )

    _coins: list[int]
    _coins_left: int
    _cur: int | None
    _deal_key: int
    _dealer: int
    _deals: tuple[tuple[int, int, int], ...]
    _fms: list[FieldMoves]
    _full: bool
    _hands: list[int]
    _harvested: list[int]
    _legal: list[int] | None
    _loose: list[int]
    _n: int
    _orient: int
    _pile: list[int]
    _promises: list[int]
    _round: int
    _rounds: tuple[tuple[tuple[int, ...], ...], ...]
    _stocks: list[tuple[Stockpile, ...]]
    _totals: list[int]

    # -- construction ----------------------------------------------------------------
    def __init__(self, game: Game, seed: int | None) -> None:
        # Cheap on purpose: clone() copies every field itself; _blank() sets a start.
        self._init_base(game, seed)

    @classmethod
    def _blank(cls, game: FourFieldsGame, seed: int | None) -> FourFieldsState:
        s = cls(game, seed)
        s._setup()
        return s

    def _setup(self) -> None:
        game = self.game
        seed = self.seed
        n = game.num_players
        self._n = n
        self._full = bool(game.option("full_harvest"))
        self._totals = [0] * n
        self._rounds = ()
        self._deals = ()
        self._legal = None
        self._round = 0
        self._deal_key = 0 if seed is None else seed
        self._dealer = 0
        self._cur = None
        self._orient = 0
        self._hands = [0] * n
        self._harvested = [0] * n
        self._coins = [0] * n
        self._promises = [0] * n
        self._coins_left = n
        self._loose = [0, 0, 0, 0]
        self._stocks = [(), (), (), ()]
        self._pile = []
        self._fms = [_NO_FIELD, _NO_FIELD, _NO_FIELD, _NO_FIELD]

    @classmethod
    def new(cls, game: FourFieldsGame, seed: int) -> FourFieldsState:
        """The start of a game: the first dealer is drawn from the seed, then round 1."""
        state = cls._blank(game, seed)
        state._dealer = random.Random(seed).randrange(game.num_players)
        state._start_round()
        return state

    def _start_round(self) -> None:
        """Setup: square with Summer on field 0, a coin per player, 3 cards per field,
        4 cards per hand but 3 for the player left of the dealer, the rest the pile."""
        n = self._n
        deck = list(range(52))
        random.Random(self._deal_key * 64 + self._round).shuffle(deck)
        self._orient = 0
        self._coins_left = n
        self._coins = [0] * n
        self._harvested = [0] * n
        self._promises = [0] * n
        self._stocks = [(), (), (), ()]
        pos = 0
        deals = []
        for f in range(4):
            m = 0
            for c in deck[pos : pos + 3]:
                m |= 1 << c
            self._loose[f] = m
            deals.append((len(self._actions), f, m))
            pos += 3
        first = (self._dealer + 1) % n
        for k in range(n):
            p = (first + k) % n
            size = 3 if k == 0 else HAND_SIZE
            m = 0
            for c in deck[pos : pos + size]:
                m |= 1 << c
            self._hands[p] = m
            pos += size
        self._pile = deck[pos:]
        self._deals = (*self._deals, *deals)
        self._cur = first
        self._legal = None

    @classmethod
    def from_position(
        cls,
        game: FourFieldsGame,
        *,
        hands: Sequence[str],
        fields: Sequence[str] = ("", "", "", ""),
        stockpiles: Iterable[tuple[Any, ...]] = (),
        summer: int = 0,
        to_play: int = 0,
        dealer: int | None = None,
        pile: str | None = None,
        harvested: Sequence[str] | None = None,
        coins: Sequence[int] | None = None,
        coins_on_square: int | None = None,
        totals: Sequence[int] | None = None,
        holds: Sequence[Sequence[int]] | None = None,
    ) -> FourFieldsState:
        """A position for tests, from readable parts.

        ``hands[p]`` and ``fields[f]`` are card lists (``"5C 3H 2D 9S"``); ``stockpiles``
        holds ``(field, "5H 3C", value, "add"|"match", builder[, "AS" aces as 14])``;
        ``summer`` is the field that is Summer; ``pile`` lists the draw pile from the
        top (default: every card placed nowhere else, in card order); ``holds[p]``
        lists the values seat p is known to hold because of a stockpile it built.
        """
        n = game.num_players
        s = cls._blank(game, None)
        s._orient = summer % 4
        s._cur = to_play
        s._dealer = (to_play - 1) % n if dealer is None else dealer
        s._hands = [_parse_mask(h) for h in hands]
        for f, text in enumerate(fields):
            s._loose[f] = _parse_mask(text)
        stocks: list[list[Stockpile]] = [[], [], [], []]
        for spec in stockpiles:
            f, text, value, kind = spec[:4]
            builder = spec[4] if len(spec) > 4 else 0
            high = 0
            for c in parse_cards(spec[5]) if len(spec) > 5 else []:
                high |= 1 << CARD_SUIT[c]
            stocks[f].append(
                (_parse_mask(text), value, ADD if kind == "add" else MATCH, builder, high)
            )
        s._stocks = [tuple(sorted(x)) for x in stocks]
        s._harvested = [_parse_mask(h) for h in harvested] if harvested else [0] * n
        s._coins = list(coins) if coins else [0] * n
        s._coins_left = n - sum(s._coins) if coins_on_square is None else coins_on_square
        s._totals = list(totals) if totals else [0] * n
        if holds:
            s._promises = [sum(1 << RANK_OF_VALUE[v] for v in vs) for vs in holds]
        used = sum(s._hands) | sum(s._loose) | sum(s._harvested)
        for fs in s._stocks:
            for st in fs:
                used |= st[0]
        if pile is None:
            s._pile = [c for c in range(51, -1, -1) if not used >> c & 1]
        else:
            s._pile = list(reversed([c for c in parse_cards(pile)]))
        s._deals = tuple((0, f, s._loose[f]) for f in range(4))
        return s

    def clone(self) -> FourFieldsState:
        s = FourFieldsState(self.game, self.seed)
        s._actions = self._actions.copy()
        s._n = self._n
        s._full = self._full
        s._totals = self._totals.copy()
        s._rounds = self._rounds
        s._deals = self._deals
        s._legal = self._legal
        s._round = self._round
        s._deal_key = self._deal_key
        s._dealer = self._dealer
        s._cur = self._cur
        s._orient = self._orient
        s._hands = self._hands.copy()
        s._harvested = self._harvested.copy()
        s._coins = self._coins.copy()
        s._promises = self._promises.copy()
        s._coins_left = self._coins_left
        s._loose = self._loose.copy()
        s._stocks = self._stocks.copy()
        s._pile = self._pile.copy()
        s._fms = self._fms.copy()
        return s

    # -- queries ---------------------------------------------------------------------
    def current_player(self) -> int | None:
        return self._cur

    def is_terminal(self) -> bool:
        return self._cur is None

    def season(self, field: int) -> int:
        """The season (as its suit: H Summer, D Autumn, S Winter, C Spring) of ``field``."""
        return SEASONS[self._orient][field]

    def legal_actions(self) -> list[int]:
        if self._cur is None:
            return []
        if self._legal is None:
            self._legal = self._generate()
        return self._legal.copy()

    def _generate(self) -> list[int]:
        """Every legal move, exactly (rulebook "Playing a turn", rulings 2-5 and 8).

        The moves of a card in a field come from that field's :class:`FieldMoves`
        (kept per state and checked against the field's contents, so only a field
        that changed is analysed again): a card's harvests are the cached harvests of
        its value with its card bits added; its builds are emitted from cached groups.
        """
        p = self._cur
        assert p is not None
        hand = self._hands[p]
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
        # Ruling 8 needs four cards worth at most 14 (Aces counted 1): most hands are
        # worth more, so check once here rather than in every field.
        full = self._full and nh == HAND_SIZE
        if full:
            total = 0
            for c in hcards:
                total += NUM[c]
            full = total <= 14
        seasons = SEASONS[self._orient]
        # Sows are the smallest actions (card and field bits only; every other move
        # takes or uses a field card) and come out in order (field, then card), so only
        # the other moves need sorting; comparing big ints is much of the cost.
        sows: list[int] = []
        out: list[int] = []
        loose_all = self._loose
        stocks_all = self._stocks
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

    # -- moves -----------------------------------------------------------------------
    def apply_action(self, action: int) -> None:
        if self._cur is None:
            raise self._illegal(action, "the game is over")
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        # The legal actions are in increasing order: a binary search, not a scan.
        i = bisect_left(legal, action)
        if i == len(legal) or legal[i] != action:
            raise self._illegal(action, self._why_illegal(action))
        self._play(action)

    def _why_illegal(self, action: int) -> str:
        if not isinstance(action, int) or action < 0:
            return "not a Four Fields action"
        card, field, kind, *_rest, played = unpack(action)
        p = self._cur
        assert p is not None
        if kind > FULL:
            return "not a Four Fields action"
        hand = self._hands[p]
        if kind == FULL:
            if not self._full:
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

    def _play(self, action: int) -> None:
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
        p = self._cur
        assert p is not None
        coin_at_start = self._coins_left > 0
        played = action >> PLAYED_SHIFT if kind == FULL else 1 << card
        hand = self._hands[p] & ~played
        promises = self._promises[p]
        m = played
        while m:
            low = m & -m
            promises &= ~(1 << NUM[low.bit_length() - 1])
            m ^= low
        cleared = False
        if kind == SOW:
            self._loose[f] |= played
        elif kind in (HARVEST, FULL):
            self._loose[f] &= ~loose
            if stock:
                self._stocks[f] = tuple(st for st in self._stocks[f] if not st[0] & stock)
            self._harvested[p] |= played | loose | stock
            cleared = not self._loose[f] and not self._stocks[f]
        else:
            value = (head >> VALUE_SHIFT) & 15
            high = (head >> ACE_SHIFT) & 15
            keep: list[Stockpile] = []
            for st in self._stocks[f]:
                if st[0] & stock:
                    high |= st[4]
                else:
                    keep.append(st)
            keep.append((played | loose | stock, value, kind, p, high))
            keep.sort()
            self._stocks[f] = tuple(keep)
            self._loose[f] &= ~loose
            promises |= 1 << RANK_OF_VALUE[value]
        self._promises[p] = promises
        if card != NO_CARD and IS_SEASON_CARD[card]:
            self._orient = turned(f, card)
        pile = self._pile
        need = HAND_SIZE - hand.bit_count()
        while need > 0 and pile:
            hand |= 1 << pile.pop()
            need -= 1
        self._hands[p] = hand
        self._actions.append(action)
        if cleared:
            if self._coins_left:
                self._coins_left -= 1
                self._coins[p] += 1
            if coin_at_start and len(pile) >= 3:
                m = 1 << pile.pop() | 1 << pile.pop() | 1 << pile.pop()
                self._loose[f] = m
                self._deals = (*self._deals, (len(self._actions), f, m))
        self._legal = None
        n = self._n
        for k in range(1, n + 1):
            q = (p + k) % n
            if self._hands[q]:
                self._cur = q
                return
        self._end_round()

    def _end_round(self) -> None:
        """Score the round (ruling 7), then deal the next one or end the game."""
        n = self._n
        piles = self._harvested
        cards = [m.bit_count() for m in piles]
        hearts = [(m & HEART_MASK).bit_count() for m in piles]
        spades = [(m & SPADE_MASK).bit_count() for m in piles]
        aces = [(m & ACES).bit_count() for m in piles]
        coins = list(self._coins)
        pts = round_points(cards, hearts, spades, aces, coins)
        self._totals = [max(0, t + d) for t, d in zip(self._totals, pts, strict=True)]
        record = tuple(
            (cards[p], hearts[p], spades[p], aces[p], coins[p], pts[p], self._totals[p])
            for p in range(n)
        )
        self._rounds = (*self._rounds, ((self._dealer,), *record))
        if max(self._totals) >= TARGET:
            self._cur = None
            return
        self._round += 1
        self._dealer = (self._dealer + 1) % n
        self._start_round()

    def action_to_string(self, action: int) -> str:
        return action_text(action)

    def string_to_action(self, text: str) -> int:
        """Read a move forgivingly: exact notation first, then by its parts, so the
        harvested cards may be written in any order and grouping (ruling 4)."""
        check_move_text(text)  # not text, or too long to be a move: refused unread
        try:
            return super().string_to_action(text)
        except NotationError:
            if self._cur is None:
                raise
        try:
            parsed = parse(text)
        except NotationError as exc:
            raise NotationError(
                f"{exc}; {self._no_such_move(text, self.legal_actions())}"
            ) from None
        legal = self.legal_actions()
        found = [a for a in legal if matches(parsed, a)]
        if len(found) > 1 and parsed.aces_high is None:
            plain = [a for a in found if not (a >> 15) & 15]
            if len(plain) == 1:
                found = plain
        if len(found) == 1:
            return found[0]
        if found:
            options = "; ".join(action_text(a) for a in found[:6])
            raise NotationError(f"{text!r} is ambiguous: it could be {options}")
        raise NotationError(self._no_such_move(text, legal))

    # -- designers' statistics ---------------------------------------------------------
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
            card, _f, kind, _value, high, _loose, stock, _played = unpack(action)
            counts[KIND_WORDS[kind]] += 1
            if card != NO_CARD and IS_SEASON_CARD[card]:
                counts["season turn"] += 1
            if stock and kind == ADD:
                counts["stockpile raised"] += 1
            elif stock and kind in (HARVEST, FULL):
                counts["stockpile harvested"] += 1
            counts["ace as 14"] += high.bit_count()
        rounds = len(self._rounds) + (0 if self._cur is None else 1)
        counts["rounds"] = rounds
        counts["reseed"] = max(0, len(self._deals) - 4 * rounds)
        counts["coin taken"] = sum(r[p][4] for r in self._rounds for p in range(1, len(r))) + (
            sum(self._coins) if self._cur is not None else 0
        )
        return counts

    # -- scores ----------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(t) for t in self._totals]

    def winners(self) -> list[int]:
        """Highest total; ties: more coins in the last round, then more Aces in the last
        round, else shared (section "Winning the game", ruling 7)."""
        if self._cur is not None:
            return []
        best = max(self._totals)
        tied = [p for p, t in enumerate(self._totals) if t == best]
        last = self._rounds[-1][1:]
        for idx in (4, 3):  # coins, then Aces, of the last round
            if len(tied) > 1:
                top = max(last[p][idx] for p in tied)
                tied = [p for p in tied if last[p][idx] == top]
        return tied

    # -- information -----------------------------------------------------------------
    def view(self, player: int | None) -> JSON:
        n = self._n
        seasons = SEASONS[self._orient]
        fields = []
        for f in range(4):
            fields.append(
                {
                    "field": f,
                    "season": SEASON_NAMES[seasons[f]],
                    "cards": _mask_names(self._loose[f]),
                    "stockpiles": [
                        {
                            "cards": _mask_names(m),
                            "value": v,
                            "kind": "adding" if k == ADD else "matching",
                            "builder": b,
                            "aces_high": _aces_of(h),
                        }
                        for m, v, k, b, h in self._stocks[f]
                    ],
                }
            )
        players = []
        for q in range(n):
            pr = self._promises[q]
            players.append(
                {
                    "seat": q,
                    "hand_size": self._hands[q].bit_count(),
                    "harvest": _mask_names(self._harvested[q]),
                    "harvest_size": self._harvested[q].bit_count(),
                    "coins": self._coins[q],
                    "score": self._totals[q],
                    "holds_values": [r for r in range(1, 14) if pr >> r & 1],
                }
            )
        rounds = []
        for rec in self._rounds:
            rounds.append(
                {
                    "dealer": rec[0][0],
                    "players": [
                        dict(
                            zip(
                                ("cards", "hearts", "spades", "aces", "coins", "points", "total"),
                                row,
                                strict=True,
                            )
                        )
                        for row in rec[1:]
                    ],
                }
            )
        return {
            "seat": player,
            "hand": None if player is None else _mask_names(self._hands[player]),
            "round": self._round + 1,
            "dealer": self._dealer,
            "to_play": self._cur,
            "full_harvest": self._full,
            "fields": fields,
            "coins_on_square": self._coins_left,
            "draw_pile": len(self._pile),
            "players": players,
            "rounds": rounds,
            "winners": self.winners(),
            "history": self.history(),
            "field_deals": [[i, f, _mask_names(m)] for i, f, m in self._deals],
        }

    def information_state_string(self, player: int) -> str:
        """Equal exactly when ``view(player)`` is equal (it packs the same facts as ints,
        which is much faster than the view's JSON)."""
        return repr(
            (
                player,
                self._hands[player],
                [h.bit_count() for h in self._hands],
                self._round,
                self._dealer,
                self._cur,
                self._orient,
                self._loose,
                self._stocks,
                self._harvested,
                self._coins,
                self._coins_left,
                self._totals,
                self._promises,
                len(self._pile),
                self._rounds,
                self._deals,
                self._actions,
            )
        )

    def resample_from_infostate(self, player: int, rng: random.Random) -> FourFieldsState:
        """Deal the cards ``player`` cannot see (other hands, draw pile) at random,
        uniformly among placements where every opponent still holds a card of each value
        it is known to keep for a stockpile it built (see :func:`_deal_constrained`)."""
        s = self.clone()
        s.seed = None
        s._legal = None  # another seat's hand may change
        s._deal_key = rng.getrandbits(62)
        known = self._hands[player]
        for m in self._loose:
            known |= m
        for fs in self._stocks:
            for st in fs:
                known |= st[0]
        for m in self._harvested:
            known |= m
        pool = cards_of(FULL_DECK & ~known)
        opponents = [q for q in range(self._n) if q != player]
        sizes = [self._hands[q].bit_count() for q in opponents]
        needs = [self._promises[q] for q in opponents]
        hands = _deal_constrained(pool, sizes, needs, rng)
        rest = FULL_DECK & ~known
        for q, h in zip(opponents, hands, strict=True):
            s._hands[q] = h
            rest &= ~h
        pile = cards_of(rest)
        rng.shuffle(pile)
        s._pile = pile
        return s

    # -- serialisation and checks ----------------------------------------------------
    def _to_dict(self) -> JSON:
        return {
            "round": self._round,
            "deal_key": self._deal_key,
            "dealer": self._dealer,
            "to_play": self._cur,
            "orient": self._orient,
            "hands": list(self._hands),
            "pile": list(self._pile),
            "loose": list(self._loose),
            "stockpiles": [[list(st) for st in fs] for fs in self._stocks],
            "harvested": list(self._harvested),
            "coins": list(self._coins),
            "coins_on_square": self._coins_left,
            "holds": list(self._promises),
            "totals": list(self._totals),
            "rounds": [[list(r) for r in rec] for rec in self._rounds],
            "deals": [list(d) for d in self._deals],
        }

    @classmethod
    def from_dict(cls, game: FourFieldsGame, d: JSON) -> FourFieldsState:
        s = cls._blank(game, None)
        n = game.num_players
        s._round = int(d["round"])
        s._deal_key = int(d["deal_key"])
        s._dealer = int(d["dealer"])
        s._cur = None if d["to_play"] is None else int(d["to_play"])
        s._orient = int(d["orient"]) % 4
        s._hands = [int(x) for x in d["hands"]]
        s._pile = [int(x) for x in d["pile"]]
        s._loose = [int(x) for x in d["loose"]]
        s._stocks = [
            tuple((int(a), int(b), int(c), int(e), int(g)) for a, b, c, e, g in fs)
            for fs in d["stockpiles"]
        ]
        s._harvested = [int(x) for x in d["harvested"]]
        s._coins = [int(x) for x in d["coins"]]
        s._coins_left = int(d["coins_on_square"])
        s._promises = [int(x) for x in d["holds"]]
        s._totals = [int(x) for x in d["totals"]]
        s._rounds = tuple(tuple(tuple(int(x) for x in r) for r in rec) for rec in d["rounds"])
        s._deals = tuple((int(a), int(b), int(c)) for a, b, c in d["deals"])
        if not (
            len(s._hands) == n == len(s._harvested) == len(s._coins) == len(s._totals)
            and len(s._loose) == 4 == len(s._stocks)
        ):
            raise ValueError("wrong number of players or fields")
        return s

    def check_invariants(self) -> None:
        """Every card in exactly one place; hands of at most 4; stockpile values equal
        their cards' values as chosen; coins conserved; known holdings really held."""
        places = [*self._hands, *self._loose, *self._harvested]
        for fs in self._stocks:
            for m, v, k, _, high in fs:
                places.append(m)
                assert 1 <= v <= 14, f"stockpile value {v} out of range"
                assert k in (ADD, MATCH)
                aces = [c for c in cards_of(m) if NUM[c] == 1]
                assert high & ~sum(1 << CARD_SUIT[c] for c in aces) == 0, "a 14 that is no Ace"
                total = sum(NUM[c] for c in cards_of(m)) + 13 * high.bit_count()
                if k == ADD:
                    assert total == v, f"adding-up stockpile worth {total}, marked {v}"
                else:
                    assert total % v == 0 and total >= 2 * v, f"matching {total} vs {v}"
        for c in self._pile:
            places.append(1 << c)
        seen = 0
        for m in places:
            assert not seen & m, "a card is in two places"
            seen |= m
        assert seen == FULL_DECK, "a card is missing"
        assert all(h.bit_count() <= HAND_SIZE for h in self._hands)
        assert self._coins_left + sum(self._coins) == self._n
        assert all(t >= 0 for t in self._totals)
        for q in range(self._n):
            held = 0
            for c in cards_of(self._hands[q]):
                held |= 1 << NUM[c]
            assert self._promises[q] & ~held == 0, f"seat {q} lacks a value it must hold"
        if self._cur is not None:
            assert self._hands[self._cur], "the player to move has no card"


def _parse_mask(text: str) -> int:
    m = 0
    for c in parse_cards(text):
        m |= 1 << c
    return m


# -- resampling ------------------------------------------------------------------------
def _deal_constrained(
    pool: list[int], sizes: list[int], needs: list[int], rng: random.Random
) -> list[int]:
    """Hands of ``sizes[i]`` cards from ``pool`` (sorted), uniformly at random among the
    deals where hand i holds a card of every rank in the bit set ``needs[i]``.

    Cards of one rank are interchangeable for the constraints, so a dynamic programme
    over "how many cards of each needed rank are left" counts the completions exactly;
    each hand's rank profile is drawn with probability proportional to its completions,
    then the actual cards uniformly within the profile.
    """
    if not any(needs):
        cards = list(pool)
        rng.shuffle(cards)
        out = []
        pos = 0
        for k in sizes:
            m = 0
            for c in cards[pos : pos + k]:
                m |= 1 << c
            out.append(m)
            pos += k
        return out
    ranks = sorted({r for need in needs for r in range(1, 14) if need >> r & 1})
    by_rank = [[c for c in pool if NUM[c] == r] for r in ranks]
    others = [c for c in pool if NUM[c] not in ranks]
    order = sorted(range(len(sizes)), key=lambda i: needs[i] == 0)  # constrained first
    req = [tuple(needs[i] >> r & 1 for r in ranks) for i in order]
    szs = [sizes[i] for i in order]
    memo: dict[tuple[int, tuple[int, ...], int], int] = {}

    def profiles(
        i: int, counts: tuple[int, ...], other: int
    ) -> list[tuple[tuple[int, ...], int, int]]:
        """(rank counts taken, other cards taken, weight without completions)."""
        res = []
        need = req[i]
        k = len(counts)

        def rec(j: int, left: int, taken: list[int], w: int) -> None:
            if j == k:
                if left <= other:
                    res.append((tuple(taken), left, w * comb(other, left)))
                return
            lo = need[j]
            for x in range(lo, min(counts[j], left) + 1):
                taken.append(x)
                rec(j + 1, left - x, taken, w * comb(counts[j], x))
                taken.pop()

        rec(0, szs[i], [], 1)
        return res

    def ways(i: int, counts: tuple[int, ...], other: int) -> int:
        if i == len(szs):
            return 1
        if not any(req[i]):
            total = sum(counts) + other
            w = 1
            for k in szs[i:]:
                w *= comb(total, k)
                total -= k
            return w
        key = (i, counts, other)
        hit = memo.get(key)
        if hit is not None:
            return hit
        w = 0
        for taken, o, base in profiles(i, counts, other):
            rest = tuple(c - t for c, t in zip(counts, taken, strict=True))
            w += base * ways(i + 1, rest, other - o)
        memo[key] = w
        return w

    counts = tuple(len(b) for b in by_rank)
    other = len(others)
    hands_sorted: list[int] = []
    for i in range(len(szs)):
        if not any(req[i]):
            break
        options = []
        for taken, o, base in profiles(i, counts, other):
            rest = tuple(c - t for c, t in zip(counts, taken, strict=True))
            w = base * ways(i + 1, rest, other - o)
            if w:
                options.append((taken, o, w))
        total = sum(w for _, _, w in options)
        if total == 0:
            raise RuntimeError("no deal satisfies what the player knows")
        pick = rng.randrange(total)
        for option in options:
            if pick < option[2]:
                break
            pick -= option[2]
        taken, o, _ = option
        m = 0
        for j, x in enumerate(taken):
            chosen = rng.sample(by_rank[j], x)
            by_rank[j] = [c for c in by_rank[j] if c not in chosen]
            for c in chosen:
                m |= 1 << c
        chosen = rng.sample(others, o)
        others = [c for c in others if c not in chosen]
        for c in chosen:
            m |= 1 << c
        hands_sorted.append(m)
        counts = tuple(len(b) for b in by_rank)
        other = len(others)
    # The unconstrained hands: a uniform deal of what is left.
    left = sorted([c for b in by_rank for c in b] + others)
    rng.shuffle(left)
    pos = 0
    for i in range(len(hands_sorted), len(szs)):
        m = 0
        for c in left[pos : pos + szs[i]]:
            m |= 1 << c
        hands_sorted.append(m)
        pos += szs[i]
    out = [0] * len(sizes)
    for slot, i in enumerate(order):
        out[i] = hands_sorted[slot]
    return out

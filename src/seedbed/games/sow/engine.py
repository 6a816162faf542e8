"""The SOW engine: :class:`SowGame` and :class:`SowState`.

Rules source: ``shared/rules/sow.txt`` read with the SOW rulings (``RULINGS.md``);
``docs/rules/sow.md`` states the rules as implemented. House choices beyond the
rulings are listed there and in the comments below.

A turn is split into small decisions (phases): TAKE a row, PLACE the cards one by
one (each decision names how the next card looks), CHOOSE a colour when the last card
is a Flower in a wheelbarrow's row, and the optional GARDEN action when the two Garden
cards met. Card codes and action numbers are defined in :mod:`._tables`.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterable, Sequence
from typing import ClassVar, Final

from seedbed.core.cards import check_move_text
from seedbed.core.errors import NotationError
from seedbed.core.protocol import JSON, Game, Option, State

from ._tables import (
    ACTION_NAMES,
    ALIASES,
    APPEAR,
    CAN,
    CENTRE,
    CHOOSE,
    CHOOSE_PHASE,
    COLOURS,
    CONTROLLER,
    FLOWER,
    FLOWER_COLOURS,
    FRONT,
    GARDEN_PHASE,
    GOPHER,
    LOOK_NAMES,
    NO_ACTION,
    NUM_ACTIONS,
    NUM_ROWS,
    NUM_TYPES,
    OUTER,
    OVER,
    PHASE_NAMES,
    PLACE_PHASE,
    PLACE_SEED,
    POINTS,
    ROW_WHEELBARROW,
    SEED_OUTER,
    TAKE_PHASE,
    TYPE_NAMES,
    TYPE_OF,
    USE_CAN,
    USE_GOPHER,
    USE_WINDMILL,
    WINDMILL,
    normalize,
)

#: Ruling 7: the game ends after this many turns in a row without progress.
IDLE_LIMIT: Final = 60

_GOPHER_ROWS: Final = list(range(USE_GOPHER, USE_GOPHER + NUM_ROWS))
#: The "take" actions for each bitmask of rows holding 2 or more cards. Never mutated:
#: legal_actions() hands out copies (callers may change the list they get).
_TAKES: Final[tuple[list[int], ...]] = tuple(
    [r for r in range(NUM_ROWS) if m >> r & 1] for m in range(1 << NUM_ROWS)
)
_ALL_ROWS: Final = (1 << NUM_ROWS) - 1
#: CONTROLLER by player count as a tuple (indexed by n; a tuple index beats a dict lookup).
_CONTROLLER: Final[tuple[tuple[int, ...], ...]] = tuple(CONTROLLER.get(n, ()) for n in range(5))


def _big_rows(rows: Sequence[Sequence[int]]) -> int:
    """Bitmask of the rows that hold 2 or more cards (the rows that may be taken)."""
    m = 0
    for r, row in enumerate(rows):
        if len(row) >= 2:
            m |= 1 << r
    return m


_APPEAR_KEY: Final = APPEAR.__getitem__
#: _FLIP[o][code]: the code after every Seed of outer colour o flipped (others unchanged).
_FLIP: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(x + FLOWER if SEED_OUTER[x] == o else x for x in range(27)) for o in range(4)
)


class SowState(State):
    """One SOW position (card codes and actions: see ``_tables``).

    ``_rows``: 12 lists of card codes, in the order the cards were placed (order has
    no effect in the game; views sort it). ``_hand``: the cards still to place (the
    taken row, in its order; of several identical-looking cards the first goes).
    ``_phase``: TAKE, PLACE, CHOOSE, GARDEN or OVER; ``_cur``: the active seat
    (``None`` at the end). ``_dir``: +1 clockwise, -1 counter-clockwise. ``_pos``:
    the row of the latest card (the taken row before the first). ``_met``: the
    Garden cards met this turn. ``_water``: the Watering Can side is up. ``_last``:
    the Flower awaiting a colour. ``_bouq``: per seat; ``_removed``: Flowers the
    Gopher took. ``_fav``: Favourite Colour of wheelbarrows 0..3.
    ``_idle``/``_progress``: ruling 7. ``_big``: bitmask of rows with 2+ cards.
    ``_own``: bitmask of the rows whose lists no other state holds (copy on write).
    """

    __slots__ = (
        "_big",
        "_bouq",
        "_cur",
        "_dir",
        "_fav",
        "_hand",
        "_idle",
        "_last",
        "_met",
        "_n",
        "_own",
        "_phase",
        "_pos",
        "_progress",
        "_removed",
        "_rows",
        "_start",
        "_taken",
        "_turn",
        "_water",
    )

    # Rows are lists, so placing a card (most decisions) is an append rather than a
    # new tuple. clone() shares them: a state copies a row it does not own (bit of
    # _own clear) before changing it, so a clone costs no 12 list copies.
    _rows: list[list[int]]
    _own: int
    _hand: list[int]
    _bouq: list[tuple[int, ...]]
    _removed: tuple[int, ...]
    _fav: list[int]
    _cur: int | None
    _n: int
    _start: int
    _phase: int
    _dir: int
    _pos: int
    _taken: int
    _met: bool
    _water: bool
    _last: int
    _idle: int
    _progress: bool
    _turn: int
    _big: int

    # -- construction --------------------------------------------------------------
    def __init__(self, game: Game, seed: int | None) -> None:
        # Cheap on purpose: clone() and the loaders fill in every field themselves.
        self._init_base(game, seed)

    @classmethod
    def _fresh(
        cls,
        game: SowGame,
        seed: int | None,
        rows: Sequence[Sequence[int]],
        fav: list[int],
        start: int,
        *,
        direction: int = 1,
        water: bool = False,
        bouquets: Sequence[Sequence[int]] | None = None,
        removed: Sequence[int] | None = None,
        idle: int = 0,
    ) -> SowState:
        s = cls(game, seed)
        n = game.num_players
        s._n = n
        s._rows = [list(r) for r in rows]
        s._hand = []
        s._fav = fav
        s._start = start
        s._cur = start
        s._phase = TAKE_PHASE
        s._dir = direction
        s._pos = 0
        s._taken = -1
        s._met = False
        s._water = water
        s._last = -1
        s._bouq = [tuple(b) for b in bouquets] if bouquets is not None else [()] * n
        s._removed = tuple(removed) if removed is not None else ()
        s._idle = idle
        s._progress = False
        s._turn = 0
        s._big = _big_rows(rows)
        s._own = _ALL_ROWS
        if not s._big:
            s._phase = OVER
            s._cur = None
        return s

    def clone(self) -> SowState:
        s = SowState(self.game, self.seed)
        s._actions = self._actions[:]
        s._n = self._n
        s._rows = self._rows[:]
        s._own = 0
        self._own = 0  # the row lists are shared from now on: both copy on write
        s._hand = self._hand[:]
        s._bouq = self._bouq[:]
        s._removed = self._removed
        s._fav = self._fav  # never mutated in place
        s._start = self._start
        s._cur = self._cur
        s._phase = self._phase
        s._dir = self._dir
        s._pos = self._pos
        s._taken = self._taken
        s._met = self._met
        s._water = self._water
        s._last = self._last
        s._idle = self._idle
        s._progress = self._progress
        s._turn = self._turn
        s._big = self._big
        return s

    # -- the protocol ------------------------------------------------------------------
    def current_player(self) -> int | None:
        return self._cur

    def is_terminal(self) -> bool:
        return self._cur is None

    def legal_actions(self) -> list[int]:
        ph = self._phase
        if ph == PLACE_PHASE:
            # The distinct looks of the cards in hand, sorted: plain loops over small
            # ints, which mypyc compiles to C (no set, no sort).
            h = self._hand
            k = len(h)
            if k == 1:
                return [APPEAR[h[0]]]
            if k == 2:
                a = APPEAR[h[0]]
                b = APPEAR[h[1]]
                return [a] if a == b else [a, b] if a < b else [b, a]
            m = 0
            for x in h:
                m |= 1 << (APPEAR[x] - PLACE_SEED)
            out: list[int] = []
            a = PLACE_SEED
            while m:
                if m & 1:
                    out.append(a)
                m >>= 1
                a += 1
            return out
        if ph == TAKE_PHASE:
            return _TAKES[self._big][:]
        if ph == CHOOSE_PHASE:
            t = self._last - FLOWER
            a, b = CHOOSE + CENTRE[t], CHOOSE + OUTER[t]
            return [a, b] if a < b else [b, a]
        if ph == GARDEN_PHASE:
            out = [USE_WINDMILL]
            if self._water:
                for r, row in enumerate(self._rows):
                    base = USE_CAN + NUM_TYPES * r - FLOWER
                    out.extend(sorted({base + x for x in row if FLOWER <= x < WINDMILL}))
            else:
                out.extend(_GOPHER_ROWS)
            out.append(NO_ACTION)
            return out
        return []

    def apply_action(self, action: int) -> None:
        ph = self._phase
        if ph == PLACE_PHASE:
            # The first card in hand that looks like ``action`` (cards that look
            # alike may differ underneath, so the order of the hand decides).
            hand = self._hand
            k = len(hand)
            i = 0
            while i < k and APPEAR[hand[i]] != action:
                i += 1
            if i == k:
                raise self._illegal(action, "no such card in hand")
            x = hand.pop(i)
            pos = (self._pos + self._dir) % NUM_ROWS
            rows = self._rows
            row = rows[pos]
            if not self._own >> pos & 1:  # shared with a clone: copy before changing
                row = row[:]
                rows[pos] = row
                self._own |= 1 << pos
            if x >= WINDMILL and not self._met:
                for y in row:
                    if y >= WINDMILL:
                        self._met = True
                        break
            row.append(x)
            if len(row) == 2:
                self._big |= 1 << pos
            self._pos = pos
            self._actions.append(action)
            if hand:
                return
            # The last card (ruling 5), inlined: this runs once per turn.
            if x < FLOWER:  # a Seed: it and every Seed of its outer colour in the row flip
                flip = _FLIP[SEED_OUTER[x]]
                for j in range(len(row)):
                    row[j] = flip[row[j]]
                self._progress = True
            elif x < WINDMILL and ROW_WHEELBARROW[pos] >= 0:  # a Flower by a wheelbarrow
                self._last = x
                self._phase = CHOOSE_PHASE
                return
            if self._met:
                self._phase = GARDEN_PHASE
            else:
                self._end_turn()
            return
        if ph == TAKE_PHASE:
            if not (type(action) is int and 0 <= action < NUM_ROWS):
                raise self._illegal(action, "take a row 0..11 first")
            if not self._big >> action & 1:
                raise self._illegal(action, f"row {action} holds fewer than 2 cards")
            # The row's list becomes the hand and the empty hand list (owned by this
            # state alone, like the rows) becomes the row: no list is built.
            rows = self._rows
            empty = self._hand
            own = self._own
            row = rows[action]
            self._hand = row if own >> action & 1 else row[:]
            rows[action] = empty
            self._own = own | 1 << action
            self._big &= ~(1 << action)
            self._pos = action
            self._taken = action
            self._phase = PLACE_PHASE
            self._actions.append(action)
            return
        if ph == CHOOSE_PHASE:
            k = action - CHOOSE
            if not (0 <= k < 4 and FLOWER_COLOURS[self._last] >> k & 1):
                raise self._illegal(action, f"choose a colour of the Flower {self._last_name()}")
            self._actions.append(action)
            self._pick(self._pos, k)
            self._after_last()
            return
        if ph == GARDEN_PHASE:
            self._garden(action)
            return
        raise self._illegal(action, "the game is over")

    def action_to_string(self, action: int) -> str:
        if 0 <= action < NUM_ACTIONS:
            return ACTION_NAMES[action]
        raise ValueError(f"{action} is not a SOW action (0..{NUM_ACTIONS - 1})")

    def string_to_action(self, text: str) -> int:
        """Read a move forgivingly: case, spacing, ``/``, colour words (``red``) and
        short forms (``4`` for ``take 4``, ``seed R`` or ``R`` for ``place seed R``,
        ``pass`` for ``no garden action``) are accepted."""
        check_move_text(text)  # not text, or too long to be a move: refused unread
        if self.is_terminal():
            raise NotationError("the game is over: there are no moves")
        wanted = normalize(text)
        if not wanted:
            raise NotationError("empty move")
        legal = self.legal_actions()
        matches = [a for a in legal if wanted in ALIASES[a]]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:  # pragma: no cover - aliases are unique within a phase
            raise NotationError(f"{text!r} is ambiguous here")
        raise NotationError(self._no_such_move(text, legal))

    def rule_counts(self) -> dict[str, int]:
        """How often each rule fired (for designers' statistics), derived from the moves
        and the cards, so nothing is counted on the hot path."""
        counts = dict.fromkeys(
            ("turn", "colour chosen", "windmill", "gopher", "watering can", "garden skipped"),
            0,
        )
        for a in self._actions:
            if a < PLACE_SEED:
                counts["turn"] += 1
            elif CHOOSE <= a < USE_WINDMILL:
                counts["colour chosen"] += 1
            elif a == USE_WINDMILL:
                counts["windmill"] += 1
            elif USE_GOPHER <= a < USE_CAN:
                counts["gopher"] += 1
            elif USE_CAN <= a < NO_ACTION:
                counts["watering can"] += 1
            elif a == NO_ACTION:
                counts["garden skipped"] += 1
        picked = sum(len(b) for b in self._bouq)
        in_garden = sum(1 for row in self._rows for x in row if FLOWER <= x < WINDMILL)
        in_hand = sum(1 for x in self._hand if FLOWER <= x < WINDMILL)
        counts["flower to bouquet"] = picked
        counts["flower removed by gopher"] = len(self._removed)
        # Every card starts as a Seed, so the Flowers anywhere are the Seeds that flipped.
        counts["seed flipped"] = picked + len(self._removed) + in_garden + in_hand
        counts["ended by idle rule"] = int(self._phase == OVER and self._idle >= IDLE_LIMIT)
        return counts

    def scores(self) -> list[float]:
        fav = self._fav
        out: list[float] = []
        for s, w in enumerate(FRONT[self._n]):
            pts = POINTS[fav[w]]
            out.append(float(sum(pts[x] for x in self._bouq[s])))
        return out

    def scores_for(self, viewer: int | None) -> list[float | None]:
        """A score depends on its seat's secret Favourite Colour: before the end a seat
        knows only its own, a spectator none."""
        scores = self.scores()
        if self.is_terminal():
            return list(scores)
        return [v if p == viewer else None for p, v in enumerate(scores)]

    def favourite_points(self) -> list[int]:
        """Each seat's points from Flowers showing its Favourite Colour (the tie-break)."""
        fav = self._fav
        out = []
        for s, w in enumerate(FRONT[self._n]):
            pts = POINTS[fav[w]]
            out.append(sum(p for x in self._bouq[s] if (p := pts[x]) > 1))
        return out

    def winners(self) -> list[int]:
        """Most points; tie: most points from Flowers showing the Favourite Colour
        (ruling 8); still tied: shared."""
        if not self.is_terminal():
            return []
        key = list(zip(self.scores(), self.favourite_points(), strict=True))
        best = max(key)
        return [p for p, k in enumerate(key) if k == best]

    # -- turn mechanics ----------------------------------------------------------------
    def _after_last(self) -> None:
        if self._met:
            self._phase = GARDEN_PHASE
        else:
            self._end_turn()

    def _pick(self, pos: int, colour: int) -> None:
        """Every Flower of ``colour`` in row ``pos`` goes to the controller's bouquet."""
        owner = _CONTROLLER[self._n][ROW_WHEELBARROW[pos]]
        if owner < 0:  # 3 players: the unowned wheelbarrow
            cur = self._cur
            assert cur is not None
            owner = cur
        bit = 1 << colour
        keep = []
        got = []
        for y in self._rows[pos]:
            if FLOWER_COLOURS[y] & bit:
                got.append(y)
            else:
                keep.append(y)
        bouq = self._bouq
        bouq[owner] = bouq[owner] + tuple(got)
        self._rows[pos] = keep
        self._own |= 1 << pos
        if len(keep) < 2:
            self._big &= ~(1 << pos)
        self._progress = True

    def _garden(self, action: int) -> None:
        """Ruling 6: one optional Garden action, then that Garden card flips."""
        rows = self._rows
        if action == USE_WINDMILL:
            self._dir = -self._dir
        elif action == NO_ACTION:
            pass
        elif not self._water and USE_GOPHER <= action < USE_GOPHER + NUM_ROWS:
            r = action - USE_GOPHER
            keep = []
            gone = []
            for y in rows[r]:
                if FLOWER <= y < WINDMILL:
                    gone.append(y)
                    self._progress = True
                else:
                    keep.append(y)
            self._removed += tuple(gone)
            rows[r] = keep
            self._own |= 1 << r
            if len(keep) < 2:
                self._big &= ~(1 << r)
            self._flip_gopher(GOPHER, CAN)
        elif self._water and USE_CAN <= action < NO_ACTION:
            r, t = divmod(action - USE_CAN, NUM_TYPES)
            row = rows[r]
            if FLOWER + t not in row:
                raise self._illegal(action, f"row {r} holds no Flower {TYPE_NAMES[t]}")
            if not self._own >> r & 1:  # shared with a clone: copy before changing
                row = row[:]
                rows[r] = row
                self._own |= 1 << r
            row.remove(FLOWER + t)
            if len(row) < 2:
                self._big &= ~(1 << r)
            assert self._cur is not None
            self._bouq[self._cur] += (FLOWER + t,)
            self._progress = True
            self._flip_gopher(CAN, GOPHER)
        else:
            face = "Watering Can" if self._water else "Gopher"
            raise self._illegal(action, f"choose a face-up Garden action (the {face} is up)")
        self._actions.append(action)
        self._end_turn()

    def _flip_gopher(self, old: int, new: int) -> None:
        rows = self._rows
        for r, row in enumerate(rows):
            if old in row:
                rows[r] = [new if y == old else y for y in row]
                self._own |= 1 << r
                self._water = new == CAN
                return
        raise AssertionError("the Gopher/Watering Can card is not in the garden")

    def _end_turn(self) -> None:
        """Ruling 7: end when no row holds 2 cards, or after 60 idle turns."""
        self._idle = 0 if self._progress else self._idle + 1
        self._progress = False
        self._met = False
        self._turn += 1
        if self._idle >= IDLE_LIMIT or not self._big:
            self._phase = OVER
            self._cur = None
        else:
            assert self._cur is not None
            self._cur = (self._cur + 1) % self._n
            self._phase = TAKE_PHASE

    def _last_name(self) -> str:
        return "flower " + TYPE_NAMES[self._last - FLOWER] if self._last >= FLOWER else "-"

    # -- information ------------------------------------------------------------------
    def view(self, player: int | None) -> JSON:
        """What ``player`` sees: rows as they lie (a Seed shows its outer colour only),
        the hand being placed, direction, face-up Garden actions, bouquets, the removed
        Flowers, the player's own Favourite Colour, and every move so far."""
        n = self._n
        ph = self._phase
        over = ph == OVER
        front = FRONT[n]
        controllers = [None if c < 0 else c for c in CONTROLLER[n]]
        out: JSON = {
            "players": n,
            "seat": player,
            "wheelbarrows": list(front),
            "controllers": controllers,
            "phase": PHASE_NAMES[ph],
            "to_move": self._cur,
            "start_player": self._start,
            "turn": self._turn,
            "idle_turns": self._idle,
            "direction": "clockwise" if self._dir > 0 else "counter-clockwise",
            "garden_actions": ["windmill", "watering can" if self._water else "gopher"],
            "rows": [_looks(r) for r in self._rows],
            "hand": _looks(self._hand),
            "taken_row": self._taken if ph in (PLACE_PHASE, CHOOSE_PHASE, GARDEN_PHASE) else None,
            "last_row": self._pos if ph in (PLACE_PHASE, CHOOSE_PHASE, GARDEN_PHASE) else None,
            "next_row": (self._pos + self._dir) % NUM_ROWS if ph == PLACE_PHASE else None,
            "last_card": self._last_name() if ph == CHOOSE_PHASE else None,
            "garden_met": self._met,
            "bouquets": [sorted(TYPE_NAMES[x - FLOWER] for x in b) for b in self._bouq],
            "removed": sorted(TYPE_NAMES[x - FLOWER] for x in self._removed),
            "favourite": None,
            "score": None,
            "favourites": None,
            "scores": None,
            "winners": None,
            "history": self.history(),
        }
        if player is not None:
            fav = self._fav[front[player]]
            out["favourite"] = COLOURS[fav]
            out["score"] = sum(POINTS[fav][x] for x in self._bouq[player])
        if over:
            out["favourites"] = [COLOURS[self._fav[w]] for w in front]
            out["scores"] = self.scores()
            out["winners"] = self.winners()
        return out

    def _known_wheelbarrows(self, player: int) -> set[int]:
        front = FRONT[self._n]
        return set(front) if self._phase == OVER else {front[player]}

    def resample_from_infostate(self, player: int, rng: random.Random) -> SowState:
        """Redraw what ``player`` cannot see: the centres of all Seeds, from the
        Seed/Flower cards not yet seen as Flowers (uniformly, keeping each Seed's
        outer colour), and the Favourite Colours of the other wheelbarrows, from the
        colours ``player`` does not hold. Rows and hand are rebuilt in a canonical
        order first, so the result depends only on ``player``'s view and ``rng``."""
        s = self.clone()
        s.seed = None
        key = _APPEAR_KEY
        # Every type exists twice, so the true Seeds' types are exactly the cards not
        # seen as Flowers: pooled by outer colour and sorted, they are public.
        pools: list[list[int]] = [[], [], [], []]
        rows: list[list[int]] = []  # new lists: the clone must not share self's rows
        seeded = []
        for r, row in enumerate(self._rows):
            if row and min(row) < FLOWER:
                cards = sorted(row, key=key)
                seeded.append(r)
                for y in cards:
                    if y < FLOWER:
                        pools[SEED_OUTER[y]].append(y)
            else:
                cards = sorted(row)
            rows.append(cards)
        hand = sorted(self._hand, key=key)
        for y in hand:
            if y < FLOWER:
                pools[SEED_OUTER[y]].append(y)
        for pool in pools:
            pool.sort()
            rng.shuffle(pool)
        for r in seeded:
            cards = rows[r]
            for i, y in enumerate(cards):
                if y < FLOWER:
                    cards[i] = pools[SEED_OUTER[y]].pop()
        for i, y in enumerate(hand):
            if y < FLOWER:
                hand[i] = pools[SEED_OUTER[y]].pop()
        s._rows = rows
        s._own = _ALL_ROWS
        s._hand = hand
        s._bouq = [tuple(sorted(b)) for b in self._bouq]
        s._removed = tuple(sorted(self._removed))
        known = self._known_wheelbarrows(player)
        held = {self._fav[w] for w in known}
        colours = [c for c in range(len(COLOURS)) if c not in held]
        rng.shuffle(colours)
        s._fav = [self._fav[w] if w in known else colours.pop() for w in range(4)]
        return s

    # -- persistence and checks --------------------------------------------------------
    def _to_dict(self) -> JSON:
        return {
            "rows": [list(r) for r in self._rows],
            "hand": self._hand,
            "favourites": self._fav,
            "start": self._start,
            "player": self._cur,
            "phase": PHASE_NAMES[self._phase],
            "direction": self._dir,
            "pos": self._pos,
            "taken": self._taken,
            "met": self._met,
            "water": self._water,
            "last": self._last,
            "bouquets": [list(b) for b in self._bouq],
            "removed": list(self._removed),
            "idle": self._idle,
            "progress": self._progress,
            "turn": self._turn,
        }

    def check_invariants(self) -> None:
        """Every card in exactly one place (garden, hand, bouquets, removed); only
        Flowers leave the garden; the phase and the player agree."""
        rows = self._rows
        assert len(rows) == NUM_ROWS
        assert self._big == _big_rows(rows), "the takeable-rows mask is stale"
        count = [0] * 27
        for group in (*rows, self._hand, *self._bouq, self._removed):
            for y in group:
                count[y] += 1
        for t in range(NUM_TYPES):
            assert count[t] + count[FLOWER + t] == 2, f"type {TYPE_NAMES[t]} is not there twice"
        assert count[WINDMILL] == 1, "the Windmill must be in the garden or hand"
        assert count[GOPHER] + count[CAN] == 1, "the Gopher/Watering Can must be there once"
        assert self._water == (count[CAN] == 1)
        for y in (*self._removed, *(x for b in self._bouq for x in b)):
            assert FLOWER <= y < WINDMILL, "only Flowers leave the garden"
        assert len(self._bouq) == self._n
        assert sorted(self._fav) == [0, 1, 2, 3]
        assert self._dir in (1, -1)
        assert 0 <= self._idle <= IDLE_LIMIT
        ph = self._phase
        assert (ph == OVER) == (self._cur is None)
        assert (ph == PLACE_PHASE) == bool(self._hand)
        if ph == TAKE_PHASE:
            assert any(len(r) >= 2 for r in rows) and self._idle < IDLE_LIMIT
            assert not self._met
        if ph == CHOOSE_PHASE:
            assert FLOWER <= self._last < WINDMILL and ROW_WHEELBARROW[self._pos] >= 0
        if ph == GARDEN_PHASE:
            assert self._met
        if ph == OVER:
            assert self._idle >= IDLE_LIMIT or all(len(r) < 2 for r in rows)

    # -- inspection (tests, debugging; hidden sides included) ---------------------
    def row_cards(self, r: int) -> list[str]:
        """Row ``r`` with hidden sides, sorted: ``R/Y`` Flower, ``r/y`` Seed (centre/outer)."""
        return sorted(_code_token(x) for x in self._rows[r])

    def hand_cards(self) -> list[str]:
        """The cards still to place this turn, hidden sides included, sorted."""
        return sorted(_code_token(x) for x in self._hand)

    def bouquet_cards(self, seat: int) -> list[str]:
        """Seat ``seat``'s bouquet, sorted."""
        return sorted(_code_token(x) for x in self._bouq[seat])

    def removed_cards(self) -> list[str]:
        """The Flowers the Gopher removed from the game, sorted."""
        return sorted(_code_token(x) for x in self._removed)

    def favourite_colours(self) -> str:
        """The Favourite Colours of wheelbarrows 0..3, e.g. ``"RYBG"`` (hidden info)."""
        return "".join(COLOURS[c] for c in self._fav)

    def __repr__(self) -> str:
        rows = " | ".join(" ".join(_code_token(x) for x in r) for r in self._rows)
        return f"<SowState {PHASE_NAMES[self._phase]} to_move={self._cur} rows: {rows}>"


def _looks(cards: Iterable[int]) -> list[str]:
    return [LOOK_NAMES[a] for a in sorted(APPEAR[x] for x in cards)]


# -- position strings (for tests and puzzles) ------------------------------------------
def _code_token(x: int) -> str:
    if x < FLOWER:
        return TYPE_NAMES[x].lower()
    if x < WINDMILL:
        return TYPE_NAMES[x - FLOWER]
    return {WINDMILL: "windmill", GOPHER: "gopher", CAN: "can"}[x]


def parse_cards(text: str) -> list[int]:
    """Card codes from a position string: ``R/Y`` a Flower (centre/outer), ``r/y`` a
    face-down Seed with centre red and outer yellow, ``windmill``, ``gopher``, ``can``
    (the Gopher card, Watering Can side up). ``-`` or an empty string: no card."""
    out = []
    for tok in text.replace(",", " ").split():
        low = tok.lower()
        if tok == "-":
            continue
        if low in ("windmill", "w"):
            out.append(WINDMILL)
        elif low == "gopher":
            out.append(GOPHER)
        elif low in ("can", "watering-can", "water"):
            out.append(CAN)
        elif len(tok) == 3 and tok[1] == "/" and low[0] in "rybg" and low[2] in "rybg":
            pair = ("rybg".index(low[0]), "rybg".index(low[2]))
            if pair not in TYPE_OF:
                raise ValueError(f"{tok!r}: centre and outer must differ")
            t = TYPE_OF[pair]
            out.append(FLOWER + t if tok[0].isupper() else t)
        else:
            raise ValueError(
                f"{tok!r} is not a SOW card: write R/Y (Flower), r/y (Seed, centre/outer), "
                "windmill, gopher or can"
            )
    return out


_DECK: Final = tuple(t for t in range(NUM_TYPES) for _ in range(2))
_PERMUTATIONS_4: Final = tuple(itertools.permutations(range(4)))
#: Number of equally likely deals (Seed order, Windmill row, colours, dealer).
_DEAL_CHOICES: Final = {n: math.factorial(2 * NUM_TYPES) * 4 * 24 * n for n in (2, 3, 4)}
#: 24 * 23 * ... * 13: the radix of the first 12 Seed digits (below 2**62).
_LOW_RADIX: Final = math.factorial(2 * NUM_TYPES) // math.factorial(NUM_TYPES)


class SowGame(Game):
    """SOW for 2 to 4 players (rulebook ``sow.txt`` with the SOW rulings)."""

    id = "sow"
    name = "SOW"
    min_players = 2
    max_players = 4
    default_players = 4
    version = 1
    options: ClassVar[dict[str, Option]] = {}
    summary = (
        "Redistribute a ring of 12 garden rows, flip Seeds into Flowers and pick "
        "bouquets in your secret Favourite Colour."
    )
    policy: ClassVar[str | None] = "seedbed.agents.heuristic.sow:choose"

    def new_state(self, seed: int) -> SowState:
        """Deal (ruling 2): 2 Seeds per row, Windmill and Gopher in opposite diagonal
        rows, secret Favourite Colours, start player (ruling 3).

        All of it comes from one uniform draw below ``24! * 4 * 4! * n``, decoded as
        mixed-radix digits (a Lehmer code for the 24 Seeds): one generator call
        instead of a shuffle, which makes dealing several times faster.
        """
        n = self.num_players
        code = random.Random(seed).randrange(_DEAL_CHOICES[n])
        # The same digits from two halves that fit a machine word (mypyc then uses C
        # arithmetic, not big-int divmods): code % _LOW_RADIX holds the first 12.
        lo = code % _LOW_RADIX
        hi = code // _LOW_RADIX
        deck = list(_DECK)
        dealt: list[int] = []
        for size in range(2 * NUM_TYPES, NUM_TYPES, -1):
            dealt.append(deck.pop(lo % size))
            lo //= size
        for size in range(NUM_TYPES, 0, -1):
            dealt.append(deck.pop(hi % size))
            hi //= size
        rows = [dealt[2 * r : 2 * r + 2] for r in range(NUM_ROWS)]
        k = hi % 4
        hi //= 4
        rows[3 * k + 2].append(WINDMILL)
        rows[3 * ((k + 2) % 4) + 2].append(GOPHER)
        f = hi % 24
        hi //= 24
        fav = list(_PERMUTATIONS_4[f])
        start = 1 if n == 3 else (hi % n + 1) % n
        return SowState._fresh(self, seed, rows, fav, start)

    def position(
        self,
        rows: str | Sequence[str],
        *,
        to_move: int = 0,
        favourites: str = "RYBG",
        direction: str = "clockwise",
        bouquets: Sequence[str] | None = None,
        removed: str | None = None,
        idle: int = 0,
    ) -> SowState:
        """A position to play from (TAKE phase), for tests and puzzles.

        ``rows``: the 12 rows, a list of strings or one string split by ``|``, each
        row's cards as in :func:`parse_cards`. ``favourites``: the colours of
        wheelbarrows 0..3. ``bouquets``: one string per seat. Cards mentioned nowhere
        are treated as Flowers already removed by the Gopher (unless ``removed`` is
        given, which must then account for them). ``idle``: turns in a row without
        progress so far (ruling 7).
        """
        texts = rows.split("|") if isinstance(rows, str) else list(rows)
        if len(texts) != NUM_ROWS:
            raise ValueError(f"a SOW position needs 12 rows, got {len(texts)}")
        grid = [parse_cards(t) for t in texts]
        n = self.num_players
        bq = [parse_cards(b) for b in bouquets] if bouquets is not None else [[] for _ in range(n)]
        if len(bq) != n:
            raise ValueError(f"give {n} bouquets, one per seat")
        gone = parse_cards(removed) if removed is not None else []
        count = [0] * NUM_TYPES
        for y in (*(x for r in grid for x in r), *(x for b in bq for x in b), *gone):
            if y < WINDMILL:
                count[y % FLOWER] += 1
        if removed is None:
            for t in range(NUM_TYPES):
                gone.extend([FLOWER + t] * max(0, 2 - count[t]))
                count[t] = max(count[t], 2)
        if any(c != 2 for c in count):
            bad = [TYPE_NAMES[t] for t in range(NUM_TYPES) if count[t] != 2]
            raise ValueError(f"every card type must be there exactly twice; wrong: {bad}")
        if sorted(favourites.upper()) != sorted("RYBG"):
            raise ValueError(f"favourites must order the four colours RYBG, not {favourites!r}")
        fav = ["RYBG".index(c) for c in favourites.upper()]
        dirs = {"clockwise": 1, "cw": 1, "counter-clockwise": -1, "ccw": -1}
        if direction not in dirs:
            raise ValueError(f"direction is 'clockwise' or 'counter-clockwise', not {direction!r}")
        dirn = dirs[direction]
        if not 0 <= to_move < n:
            raise ValueError(f"to_move must be a seat 0..{n - 1}")
        flat = [x for r in grid for x in r]
        water = CAN in flat
        state = SowState._fresh(
            self,
            None,
            grid,
            fav,
            to_move,
            direction=dirn,
            water=water,
            bouquets=bq,
            removed=gone,
            idle=idle,
        )
        state.check_invariants()
        return state

    def _state_from_dict(self, data: JSON) -> SowState:
        s = SowState(self, None)
        s._n = self.num_players
        s._rows = [[int(x) for x in r] for r in data["rows"]]
        s._hand = [int(x) for x in data["hand"]]
        s._fav = [int(x) for x in data["favourites"]]
        s._start = int(data["start"])
        cur = data["player"]
        s._cur = None if cur is None else int(cur)
        s._phase = PHASE_NAMES.index(data["phase"])
        s._dir = int(data["direction"])
        s._pos = int(data["pos"])
        s._taken = int(data["taken"])
        s._met = bool(data["met"])
        s._water = bool(data["water"])
        s._last = int(data["last"])
        s._bouq = [tuple(int(x) for x in b) for b in data["bouquets"]]
        s._removed = tuple(int(x) for x in data["removed"])
        s._idle = int(data["idle"])
        s._progress = bool(data["progress"])
        s._turn = int(data["turn"])
        s._big = _big_rows(s._rows)
        s._own = _ALL_ROWS
        try:
            s.check_invariants()
        except (AssertionError, IndexError) as exc:
            raise ValueError(f"inconsistent SOW state: {exc}") from None
        return s

    def render(self, view: JSON) -> str:
        from .render import render_view

        return render_view(view)


def describe_card(code: int) -> str:
    """Full description of a card code, hidden side included (for debugging)."""
    return _code_token(code)


__all__ = ["SowGame", "SowState", "describe_card", "parse_cards"]

"""The SOW rules: :class:`SowState`, its legal moves and ``apply_action``, one
function a phase.

A turn is split into small decisions (phases): TAKE a row, PLACE the cards one by
one (each decision names how the next card looks), CHOOSE a colour when the last card
is a Flower in a wheelbarrow's row, and the optional GARDEN action when the two Garden
cards met. Rules source: the rulebook read with the SOW rulings; ``docs/rules/sow.md``
states the rules as implemented, with the readings we had to choose. Card codes are
in :mod:`._tables`, action numbers and phases in :mod:`.rules`; views, positions and
notation live in their own modules and the State's methods delegate to them.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from typing import Final

from seedbed.core.protocol import JSON, Game, State

from . import notation, observation, positions, views
from ._tables import (
    ALL_ROWS,
    APPEAR,
    CAN,
    FLIP,
    FLOWER,
    FLOWER_COLOURS,
    GOPHER,
    NUM_CODES,
    POINTS,
    SEED_OUTER,
    TAKES,
    WINDMILL,
)
from .rules import (
    CENTRE,
    CHOOSE,
    CHOOSE_PHASE,
    CONTROLLER,
    FRONT,
    GARDEN_PHASE,
    IDLE_LIMIT,
    NO_ACTION,
    NUM_ROWS,
    NUM_TYPES,
    OUTER,
    OVER,
    PHASE_NAMES,
    PLACE_PHASE,
    PLACE_SEED,
    ROW_WHEELBARROW,
    TAKE_PHASE,
    TYPE_NAMES,
    USE_CAN,
    USE_GOPHER,
    USE_WINDMILL,
)

_GOPHER_ROWS: Final = list(range(USE_GOPHER, USE_GOPHER + NUM_ROWS))
#: CONTROLLER by player count as a tuple (indexed by n; a tuple index beats a dict lookup).
_CONTROLLER: Final[tuple[tuple[int, ...], ...]] = tuple(CONTROLLER.get(n, ()) for n in range(5))


def takeable_rows(rows: Sequence[Sequence[int]]) -> int:
    """Bitmask of the rows that hold 2 or more cards (the rows that may be taken)."""
    m = 0
    for r, row in enumerate(rows):
        if len(row) >= 2:
            m |= 1 << r
    return m


class SowState(State):
    """One SOW position (card codes: see ``_tables``; actions and phases: ``rules``).

    ``rows``: 12 lists of card codes, in the order the cards were placed (order has no
    effect in the game; views sort it). ``hand``: the cards still to place (the taken
    row, in its order; of several identical-looking cards the first goes). ``phase``:
    TAKE, PLACE, CHOOSE, GARDEN or OVER; ``to_move``: the active seat (``None`` at the
    end). ``direction``: +1 clockwise, -1 counter-clockwise. ``pos``: the row of the
    latest card (the taken row before the first); ``taken``: the row taken this turn.
    ``met``: the Garden cards met this turn. ``water``: the Watering Can side is up.
    ``last``: the Flower awaiting a colour. ``bouquets``: per seat; ``removed``:
    Flowers the Gopher took. ``favourites``: Favourite Colour of wheelbarrows 0..3.
    ``start``: the start player; ``turn``: turns played. ``idle``/``progress``: ruling
    7. ``takeable``: bitmask of rows with 2+ cards. ``owned``: bitmask of the rows
    whose lists no other state holds (copy on write).
    """

    __slots__ = (
        "bouquets",
        "direction",
        "favourites",
        "hand",
        "idle",
        "last",
        "met",
        "owned",
        "phase",
        "players",
        "pos",
        "progress",
        "removed",
        "rows",
        "start",
        "takeable",
        "taken",
        "to_move",
        "turn",
        "water",
    )

    # Rows are lists, so placing a card (most decisions) is an append rather than a
    # new tuple. clone() shares them: a state copies a row it does not own (bit of
    # ``owned`` clear) before changing it, so a clone costs no 12 list copies.
    rows: list[list[int]]
    owned: int
    hand: list[int]
    bouquets: list[tuple[int, ...]]
    removed: tuple[int, ...]
    favourites: list[int]
    to_move: int | None
    players: int
    start: int
    phase: int
    direction: int
    pos: int
    taken: int
    met: bool
    water: bool
    last: int
    idle: int
    progress: bool
    turn: int
    takeable: int

    # -- construction --------------------------------------------------------------
    def __init__(self, game: Game, seed: int | None) -> None:
        # Cheap on purpose: clone() and the loaders fill in every field themselves.
        self._init_base(game, seed)

    def clone(self) -> SowState:
        s = SowState(self.game, self.seed)
        s._actions = self._actions[:]
        s.players = self.players
        s.rows = self.rows[:]
        s.owned = 0
        self.owned = 0  # the row lists are shared from now on: both copy on write
        s.hand = self.hand[:]
        s.bouquets = self.bouquets[:]
        s.removed = self.removed
        s.favourites = self.favourites  # never mutated in place
        s.start = self.start
        s.to_move = self.to_move
        s.phase = self.phase
        s.direction = self.direction
        s.pos = self.pos
        s.taken = self.taken
        s.met = self.met
        s.water = self.water
        s.last = self.last
        s.idle = self.idle
        s.progress = self.progress
        s.turn = self.turn
        s.takeable = self.takeable
        return s

    # -- the protocol: rules -------------------------------------------------------
    def current_player(self) -> int | None:
        return self.to_move

    def is_terminal(self) -> bool:
        return self.to_move is None

    def legal_actions(self) -> list[int]:
        ph = self.phase
        if ph == PLACE_PHASE:
            return _place_moves(self)
        if ph == TAKE_PHASE:
            return TAKES[self.takeable][:]
        if ph == CHOOSE_PHASE:
            return _choose_moves(self)
        if ph == GARDEN_PHASE:
            return _garden_moves(self)
        return []

    def apply_action(self, action: int) -> None:
        ph = self.phase
        if ph == PLACE_PHASE:
            _place(self, action)
        elif ph == TAKE_PHASE:
            _take(self, action)
        elif ph == CHOOSE_PHASE:
            _choose(self, action)
        elif ph == GARDEN_PHASE:
            _garden(self, action)
        else:
            raise self._illegal(action, "the game is over")

    def scores(self) -> list[float]:
        fav = self.favourites
        out: list[float] = []
        for s, w in enumerate(FRONT[self.players]):
            pts = POINTS[fav[w]]
            out.append(float(sum(pts[x] for x in self.bouquets[s])))
        return out

    def favourite_points(self) -> list[int]:
        """Each seat's points from Flowers showing its Favourite Colour (the tie-break)."""
        fav = self.favourites
        out = []
        for s, w in enumerate(FRONT[self.players]):
            pts = POINTS[fav[w]]
            out.append(sum(p for x in self.bouquets[s] if (p := pts[x]) > 1))
        return out

    def winners(self) -> list[int]:
        """Most points; tie: most points from Flowers showing the Favourite Colour
        (ruling 8); still tied: shared."""
        if not self.is_terminal():
            return []
        key = list(zip(self.scores(), self.favourite_points(), strict=True))
        best = max(key)
        return [p for p, k in enumerate(key) if k == best]

    def actors(self) -> list[int]:
        """Turns pass clockwise, one seat a turn, and every turn begins with a take:
        walking back from the latest move, the turn number drops at each take."""
        n = self.players
        actions = self._actions
        # The turn of the latest move: the current one mid-turn, else the one just ended.
        turn = (
            self.turn if self.phase in (PLACE_PHASE, CHOOSE_PHASE, GARDEN_PHASE) else self.turn - 1
        )
        out = [0] * len(actions)
        for i in range(len(actions) - 1, -1, -1):
            out[i] = (self.start + turn) % n
            if actions[i] < PLACE_SEED:
                turn -= 1
        return out

    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

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
        picked = sum(len(b) for b in self.bouquets)
        in_garden = sum(1 for row in self.rows for x in row if FLOWER <= x < WINDMILL)
        in_hand = sum(1 for x in self.hand if FLOWER <= x < WINDMILL)
        counts["flower to bouquet"] = picked
        counts["flower removed by gopher"] = len(self.removed)
        # Every card starts as a Seed, so the Flowers anywhere are the Seeds that flipped.
        counts["seed flipped"] = picked + len(self.removed) + in_garden + in_hand
        counts["ended by idle rule"] = int(self.phase == OVER and self.idle >= IDLE_LIMIT)
        return counts

    def check_invariants(self) -> None:
        """Every card in exactly one place (garden, hand, bouquets, removed); only
        Flowers leave the garden; the phase and the player agree."""
        wrong = problems(self)
        if wrong:
            raise AssertionError("; ".join(wrong))

    # -- the protocol: what the seats see (views.py) --------------------------------
    def _view(self, player: int | None) -> JSON:
        return views.table_view(self, player)

    def observation(self, player: int) -> list[float]:
        return observation.encode(self, player)

    def compact_view(self, player: int) -> tuple[int, ...]:
        return views.compact_view(self, player)

    def scores_for(self, viewer: int | None) -> list[float | None]:
        return views.scores_for(self, viewer)

    def score_sheet(self, viewer: int | None) -> JSON:
        return views.score_sheet(self, viewer)

    def resample_from_infostate(self, player: int, rng: random.Random) -> SowState:
        return views.resample(self, player, rng)

    # -- the protocol: positions and serialisation (positions.py) ------------------
    def position(self) -> str:
        return positions.position(self)

    def _to_dict(self) -> JSON:
        return positions.to_dict(self)

    # -- the protocol: notation (notation.py) ---------------------------------------
    def action_to_string(self, action: int) -> str:
        return notation.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        """Read a move forgivingly: case, spacing, ``/``, colour words (``red``) and
        short forms (``4`` for ``take 4``, ``seed R`` or ``R`` for ``place seed R``,
        ``pass`` for ``no garden action``) are accepted."""
        return notation.string_to_action(self, text)

    # -- inspection (tests, debugging; hidden sides included) ---------------------
    def row_cards(self, r: int) -> list[str]:
        """Row ``r`` as the position writes it, sorted: ``R/Y`` a Flower, ``r/y`` a
        Seed (centre/outer, the centre hidden from the players)."""
        return positions.card_tokens(self.rows[r])

    def hand_cards(self) -> list[str]:
        """The cards still to place this turn, hidden sides included, sorted."""
        return positions.card_tokens(self.hand)

    def bouquet_cards(self, seat: int) -> list[str]:
        """Seat ``seat``'s bouquet, sorted."""
        return positions.card_tokens(self.bouquets[seat])

    def removed_cards(self) -> list[str]:
        """The Flowers the Gopher removed from the game, sorted."""
        return positions.card_tokens(self.removed)

    def favourite_colours(self) -> str:
        """The Favourite Colours of wheelbarrows 0..3, e.g. ``"RYBG"`` (hidden info)."""
        return positions.colour_letters(self.favourites)

    def __repr__(self) -> str:
        return f"<SowState {self.position()}>"


# -- new games -------------------------------------------------------------------------
_DECK: Final = tuple(t for t in range(NUM_TYPES) for _ in range(2))
_PERMUTATIONS_4: Final = tuple(itertools.permutations(range(4)))
#: Number of equally likely deals (Seed order, Windmill row, colours, dealer).
_DEAL_CHOICES: Final = {n: math.factorial(2 * NUM_TYPES) * 4 * 24 * n for n in (2, 3, 4)}
#: 24 * 23 * ... * 13: the radix of the first 12 Seed digits (below 2**62).
_LOW_RADIX: Final = math.factorial(2 * NUM_TYPES) // math.factorial(NUM_TYPES)


def deal(game: Game, seed: int) -> SowState:
    """Deal (ruling 2): 2 Seeds per row, Windmill and Gopher in opposite diagonal
    rows, secret Favourite Colours, start player (ruling 3).

    All of it comes from one uniform draw below ``24! * 4 * 4! * n``, decoded as
    mixed-radix digits (a Lehmer code for the 24 Seeds): one generator call instead
    of a shuffle, which makes dealing several times faster.
    """
    n = game.num_players
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
    return new_state(game, seed, rows, fav, start)


def new_state(
    game: Game,
    seed: int | None,
    rows: list[list[int]],
    favourites: list[int],
    start: int,
) -> SowState:
    """The state at the start of a game: ``rows`` dealt, ``start`` to take."""
    s = SowState(game, seed)
    s.players = game.num_players
    s.rows = rows
    s.owned = ALL_ROWS
    s.hand = []
    s.bouquets = [()] * s.players
    s.removed = ()
    s.favourites = favourites
    s.start = start
    s.to_move = start
    s.phase = TAKE_PHASE
    s.direction = 1
    s.pos = 0
    s.taken = -1
    s.met = False
    s.water = False
    s.last = -1
    s.idle = 0
    s.progress = False
    s.turn = 0
    s.takeable = takeable_rows(rows)
    return s


# -- legal moves, one function a phase -------------------------------------------------
def _place_moves(s: SowState) -> list[int]:
    """The distinct looks of the cards in hand, sorted: plain loops over small ints,
    which mypyc compiles to C (no set, no sort)."""
    h = s.hand
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


def _choose_moves(s: SowState) -> list[int]:
    """The two colours of the last Flower."""
    t = s.last - FLOWER
    a, b = CHOOSE + CENTRE[t], CHOOSE + OUTER[t]
    return [a, b] if a < b else [b, a]


def _garden_moves(s: SowState) -> list[int]:
    """The Windmill, the face-up side of the Gopher card (the Gopher on any row, or the
    Watering Can on any Flower), or no action."""
    out = [USE_WINDMILL]
    if s.water:
        for r, row in enumerate(s.rows):
            base = USE_CAN + NUM_TYPES * r - FLOWER
            out.extend(sorted({base + x for x in row if FLOWER <= x < WINDMILL}))
    else:
        out.extend(_GOPHER_ROWS)
    out.append(NO_ACTION)
    return out


# -- applying a move, one function a phase ---------------------------------------------
def _take(s: SowState, action: int) -> None:
    """Take a row of 2 or more cards into the hand (ruling 4)."""
    if not (type(action) is int and 0 <= action < NUM_ROWS):
        raise s._illegal(action, "take a row 0..11 first")
    if not s.takeable >> action & 1:
        raise s._illegal(action, f"row {action} holds fewer than 2 cards")
    # The row's list becomes the hand and the empty hand list (owned by this state
    # alone, like the rows) becomes the row: no list is built.
    rows = s.rows
    empty = s.hand
    own = s.owned
    row = rows[action]
    s.hand = row if own >> action & 1 else row[:]
    rows[action] = empty
    s.owned = own | 1 << action
    s.takeable &= ~(1 << action)
    s.pos = action
    s.taken = action
    s.phase = PLACE_PHASE
    s._actions.append(action)


def _place(s: SowState, action: int) -> None:
    """Place the next card in the next row (ruling 4); after the last one, what the
    last card does (ruling 5)."""
    # The first card in hand that looks like ``action`` (cards that look alike may
    # differ underneath, so the order of the hand decides).
    hand = s.hand
    k = len(hand)
    i = 0
    while i < k and APPEAR[hand[i]] != action:
        i += 1
    if i == k:
        raise s._illegal(action, "no such card in hand")
    x = hand.pop(i)
    pos = (s.pos + s.direction) % NUM_ROWS
    rows = s.rows
    row = rows[pos]
    if not s.owned >> pos & 1:  # shared with a clone: copy before changing
        row = row[:]
        rows[pos] = row
        s.owned |= 1 << pos
    if x >= WINDMILL and not s.met:
        for y in row:
            if y >= WINDMILL:
                s.met = True
                break
    row.append(x)
    if len(row) == 2:
        s.takeable |= 1 << pos
    s.pos = pos
    s._actions.append(action)
    if hand:
        return
    # The last card (ruling 5), inlined: this runs once per turn.
    if x < FLOWER:  # a Seed: it and every Seed of its outer colour in the row flip
        flip = FLIP[SEED_OUTER[x]]
        for j in range(len(row)):
            row[j] = flip[row[j]]
        s.progress = True
    elif x < WINDMILL and ROW_WHEELBARROW[pos] >= 0:  # a Flower by a wheelbarrow
        s.last = x
        s.phase = CHOOSE_PHASE
        return
    if s.met:
        s.phase = GARDEN_PHASE
    else:
        _end_turn(s)


def _choose(s: SowState, action: int) -> None:
    """Every Flower of the chosen colour in the last card's row goes to the bouquet of
    that wheelbarrow's controller (ruling 5); then the Garden action, if any."""
    colour = action - CHOOSE
    if not (0 <= colour < 4 and FLOWER_COLOURS[s.last] >> colour & 1):
        raise s._illegal(action, f"choose a colour of the Flower {_last_name(s)}")
    s._actions.append(action)
    pos = s.pos
    owner = _CONTROLLER[s.players][ROW_WHEELBARROW[pos]]
    if owner < 0:  # 3 players: the unowned wheelbarrow
        cur = s.to_move
        assert cur is not None
        owner = cur
    bit = 1 << colour
    keep = []
    got = []
    for y in s.rows[pos]:
        if FLOWER_COLOURS[y] & bit:
            got.append(y)
        else:
            keep.append(y)
    bouquets = s.bouquets
    bouquets[owner] = bouquets[owner] + tuple(got)
    s.rows[pos] = keep
    s.owned |= 1 << pos
    if len(keep) < 2:
        s.takeable &= ~(1 << pos)
    s.progress = True
    if s.met:
        s.phase = GARDEN_PHASE
    else:
        _end_turn(s)


def _garden(s: SowState, action: int) -> None:
    """Ruling 6: one optional Garden action, then that Garden card flips."""
    rows = s.rows
    if action == USE_WINDMILL:
        s.direction = -s.direction
    elif action == NO_ACTION:
        pass
    elif not s.water and USE_GOPHER <= action < USE_GOPHER + NUM_ROWS:
        r = action - USE_GOPHER
        keep = []
        gone = []
        for y in rows[r]:
            if FLOWER <= y < WINDMILL:
                gone.append(y)
                s.progress = True
            else:
                keep.append(y)
        s.removed += tuple(gone)
        rows[r] = keep
        s.owned |= 1 << r
        if len(keep) < 2:
            s.takeable &= ~(1 << r)
        _flip_gopher(s, GOPHER, CAN)
    elif s.water and USE_CAN <= action < NO_ACTION:
        r, t = divmod(action - USE_CAN, NUM_TYPES)
        row = rows[r]
        if FLOWER + t not in row:
            raise s._illegal(action, f"row {r} holds no Flower {TYPE_NAMES[t]}")
        if not s.owned >> r & 1:  # shared with a clone: copy before changing
            row = row[:]
            rows[r] = row
            s.owned |= 1 << r
        row.remove(FLOWER + t)
        if len(row) < 2:
            s.takeable &= ~(1 << r)
        assert s.to_move is not None
        s.bouquets[s.to_move] += (FLOWER + t,)
        s.progress = True
        _flip_gopher(s, CAN, GOPHER)
    else:
        face = "Watering Can" if s.water else "Gopher"
        raise s._illegal(action, f"choose a face-up Garden action (the {face} is up)")
    s._actions.append(action)
    _end_turn(s)


def _flip_gopher(s: SowState, old: int, new: int) -> None:
    rows = s.rows
    for r, row in enumerate(rows):
        if old in row:
            rows[r] = [new if y == old else y for y in row]
            s.owned |= 1 << r
            s.water = new == CAN
            return
    raise AssertionError("the Gopher/Watering Can card is not in the garden")


def _end_turn(s: SowState) -> None:
    """Ruling 7: end when no row holds 2 cards, or after 60 idle turns."""
    s.idle = 0 if s.progress else s.idle + 1
    s.progress = False
    s.met = False
    s.turn += 1
    if s.idle >= IDLE_LIMIT or not s.takeable:
        s.phase = OVER
        s.to_move = None
    else:
        assert s.to_move is not None
        s.to_move = (s.to_move + 1) % s.players
        s.phase = TAKE_PHASE


def _last_name(s: SowState) -> str:
    return "flower " + TYPE_NAMES[s.last - FLOWER] if s.last >= FLOWER else "-"


# -- consistency -----------------------------------------------------------------------
def problems(s: SowState) -> list[str]:
    """What is wrong with ``s`` (empty when it is a real SOW position): every card in
    exactly one place, only Flowers out of the garden, phase and player agreeing.
    ``check_invariants`` asserts it; ``from_position`` reports it."""
    out: list[str] = []
    rows = s.rows
    n = s.players
    if len(rows) != NUM_ROWS:
        return [f"the garden has {len(rows)} rows, not 12"]
    count = [0] * NUM_CODES
    for group in (*rows, s.hand, *s.bouquets, s.removed):
        for y in group:
            if not 0 <= y < NUM_CODES:
                return [f"{y} is not a SOW card code"]
            count[y] += 1
    wrong = [TYPE_NAMES[t] for t in range(NUM_TYPES) if count[t] + count[FLOWER + t] != 2]
    if wrong:
        out.append(f"every Seed/Flower card must be there exactly twice; wrong: {wrong}")
    if count[WINDMILL] != 1:
        out.append("the Windmill must be in the garden or the hand, once")
    if count[GOPHER] + count[CAN] != 1:
        out.append("the Gopher/Watering Can card must be in the garden or the hand, once")
    if s.water != (count[CAN] == 1):
        out.append("the Watering Can flag disagrees with the Gopher card")
    if any(not FLOWER <= y < WINDMILL for y in (*s.removed, *(x for b in s.bouquets for x in b))):
        out.append("only Flowers leave the garden (bouquets and removed hold Flowers only)")
    if len(s.bouquets) != n:
        out.append(f"{n} players need {n} bouquets, not {len(s.bouquets)}")
    if sorted(s.favourites) != [0, 1, 2, 3]:
        out.append("the Favourite Colours must be the four colours, one each")
    if s.direction not in (1, -1):
        out.append("the direction is clockwise or counter-clockwise")
    if not 0 <= s.idle <= IDLE_LIMIT:
        out.append(f"the idle turns are 0..{IDLE_LIMIT}")
    if not 0 <= s.start < n or s.turn < 0:
        out.append("the start player must be a seat and the turn 0 or more")
    if s.takeable != takeable_rows(rows):
        out.append("the takeable-rows mask is stale")
    ph = s.phase
    big = s.takeable != 0
    if (ph == OVER) != (s.to_move is None):
        out.append("a seat is to move exactly when the game is not over")
    elif s.to_move is not None and s.to_move != (s.start + s.turn) % n:
        out.append("turns pass one seat a turn: the seat to move must be (start + turn) % players")
    if (ph == PLACE_PHASE) != bool(s.hand):
        out.append("cards are in hand exactly in the place phase")
    if ph == TAKE_PHASE:
        if not big or s.idle >= IDLE_LIMIT:
            out.append("the game is over: no row holds 2 cards or the idle limit is reached")
        if s.met:
            out.append("the Garden cards cannot have met before the turn begins")
    if ph in (PLACE_PHASE, CHOOSE_PHASE, GARDEN_PHASE) and not (
        0 <= s.pos < NUM_ROWS and 0 <= s.taken < NUM_ROWS
    ):
        out.append("mid-turn the taken row and the latest row are rows 0..11")
    if ph == CHOOSE_PHASE and not (
        FLOWER <= s.last < WINDMILL
        and 0 <= s.pos < NUM_ROWS
        and ROW_WHEELBARROW[s.pos] >= 0
        and s.last in rows[s.pos]
    ):
        out.append("a colour is chosen for a Flower that lies last in a wheelbarrow's row")
    if ph == GARDEN_PHASE and not s.met:
        out.append("the garden phase needs the Garden cards to have met")
    if ph == OVER and big and s.idle < IDLE_LIMIT:
        out.append("the game is not over while a row holds 2 cards")
    return out

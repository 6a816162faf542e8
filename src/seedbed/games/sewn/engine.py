"""SEWN: Seed and Harvest trick taking, for 4 players (``sewn.txt`` + RULINGS.md, SEWN).

Seats 0..3 are South, East, North, West in clockwise order (ruling 1). The Field
named X is seeded by seat X+1 and planted by seat X-1 and may be picked only by
X or X+2 (ruling 2). A round: six no-trump Seed tricks, each followed by the
automatic seeding and one plant per player (asked one at a time clockwise from
the trick's winner, ruling 4); the automatic End of Summer (ruling 5); the
Season Winner's choice of TRUMP or FIRST PICK, the trump suit (ruling 6); the
Pick (ruling 7); twelve Harvest tricks with trump (ruling 8). Four rounds; one
point a Harvest trick (ruling 10).

Actions (disjoint ranges so the notation is a function of the number alone):

=========  =====================  ==================
number     move                   notation
=========  =====================  ==================
0..51      play card c            ``QS``
52..103    plant card c - 52      ``plant QS``
104        Season Winner: TRUMP   ``take trump``
105        Season Winner: FIRST   ``take first pick``
106..109   name trump S H D C     ``trump S``
110..113   pick Field S E N W     ``pick North``
=========  =====================  ==================

Every round has exactly 102 decisions (24 plays, 24 plants, 1 privilege, 1 trump,
4 picks, 48 Harvest plays), which the resampler uses to rebuild action lists.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final, NamedTuple

from seedbed.core.cards import (
    CARD_NAMES,
    CARD_POWER,
    CARD_SUIT,
    SUIT_MASKS,
    SUITS,
    cards_of,
    check_move_text,
    mask_of,
    parse_cards,
)
from seedbed.core.errors import NotationError, StateFormatError
from seedbed.core.protocol import JSON, Game, Option, State
from seedbed.games.sewn import _sampler

# -- constants ---------------------------------------------------------------------
SEAT_NAMES: Final = ("South", "East", "North", "West")
SOUTH: Final = 0
EAST: Final = 1
NORTH: Final = 2
WEST: Final = 3
ROUNDS: Final = 4
SEED_TRICKS: Final = 6
HARVEST_TRICKS: Final = 12
DECISIONS_PER_ROUND: Final = 102
#: Who leads the first Harvest trick in rounds 1..4 (ruling 8): South, East, West, North.
HARVEST_LEADER: Final = (SOUTH, EAST, WEST, NORTH)

# Phases.
SEED: Final = 0
PLANT: Final = 1
PRIVILEGE: Final = 2
TRUMP: Final = 3
PICK: Final = 4
HARVEST: Final = 5
OVER: Final = 6
PHASE_NAMES: Final = ("seed", "plant", "privilege", "trump", "pick", "harvest", "over")

# Actions.
PLANT_BASE: Final = 52
TAKE_TRUMP: Final = 104
TAKE_FIRST_PICK: Final = 105
TRUMP_BASE: Final = 106
PICK_BASE: Final = 110
NUM_ACTIONS: Final = 114

FULL: Final = (1 << 52) - 1
# Local Final names for the shared card tables: compiled code reads them as statics.
SUIT: Final = CARD_SUIT
#: Trick-taking power within a suit: 2 lowest (0) .. A highest (12).
POWER: Final = CARD_POWER
#: End of Summer strength: rank first, then suit S > H > D > C (ruling 5).
SUMMER_KEY: Final = tuple(POWER[c] * 4 + 3 - SUIT[c] for c in range(52))

# Per suit, per 13-bit sub-mask: the cards (and plant actions) it holds, ascending.
_SUIT_CARDS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(13 * s + i for i in range(13) if sub >> i & 1) for sub in range(1 << 13))
    for s in range(4)
)
_SUIT_PLANTS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(c + PLANT_BASE for c in cards) for cards in table) for table in _SUIT_CARDS
)


def _action_names() -> tuple[str, ...]:
    names = [CARD_NAMES[c] for c in range(52)]
    names += [f"plant {CARD_NAMES[c]}" for c in range(52)]
    names += ["take trump", "take first pick"]
    names += [f"trump {s}" for s in SUITS]
    names += [f"pick {n}" for n in SEAT_NAMES]
    return tuple(names)


ACTION_NAMES: Final = _action_names()

Trick = tuple[int, tuple[int, ...], int]  # (leader, cards by seat, winner)


def seed_winner(leader: int, cards: tuple[int, ...]) -> int:
    """Winner of a no-trump trick; ``cards`` in play order from ``leader``."""
    led = SUIT[cards[0]]
    best, power = 0, POWER[cards[0]]
    for i in (1, 2, 3):
        c = cards[i]
        if SUIT[c] == led and POWER[c] > power:
            best, power = i, POWER[c]
    return (leader + best) & 3


def harvest_winner(leader: int, cards: tuple[int, ...], trump: int) -> int:
    """Winner of a trick with ``trump``: highest trump, else highest of the led suit."""
    led = SUIT[cards[0]]
    best, key = 0, -1
    for i in (0, 1, 2, 3):
        c = cards[i]
        s = SUIT[c]
        k = POWER[c] + 13 if s == trump else (POWER[c] if s == led else -1)
        if k > key:
            best, key = i, k
    return (leader + best) & 3


def summer_order(eos: tuple[int, ...]) -> list[int]:
    """Seats ranked by their End of Summer card, best first (ruling 5)."""
    return sorted(range(4), key=lambda q: -SUMMER_KEY[eos[q]])


class RoundRecord(NamedTuple):
    """Everything that happened in one round (hidden parts included)."""

    dealer: int
    seed_tricks: tuple[Trick, ...]
    plants: tuple[tuple[int, ...], ...]
    eos: tuple[int, ...] | None
    season_winner: int
    runner_up: int
    trump_holder: int
    first_picker: int
    trump: int
    picks: tuple[tuple[int, int], ...]
    harvest_tricks: tuple[Trick, ...]
    won: tuple[int, ...]

    def to_data(self) -> JSON:
        return {
            "dealer": self.dealer,
            "seed_tricks": [[t[0], list(t[1]), t[2]] for t in self.seed_tricks],
            "plants": [list(p) for p in self.plants],
            "eos": None if self.eos is None else list(self.eos),
            "season_winner": self.season_winner,
            "runner_up": self.runner_up,
            "trump_holder": self.trump_holder,
            "first_picker": self.first_picker,
            "trump": self.trump,
            "picks": [list(p) for p in self.picks],
            "harvest_tricks": [[t[0], list(t[1]), t[2]] for t in self.harvest_tricks],
            "won": list(self.won),
        }

    @classmethod
    def from_data(cls, d: JSON) -> RoundRecord:
        return cls(
            dealer=int(d["dealer"]),
            seed_tricks=tuple(_trick(t) for t in d["seed_tricks"]),
            plants=tuple(tuple(int(c) for c in p) for p in d["plants"]),
            eos=None if d["eos"] is None else tuple(int(c) for c in d["eos"]),
            season_winner=int(d["season_winner"]),
            runner_up=int(d["runner_up"]),
            trump_holder=int(d["trump_holder"]),
            first_picker=int(d["first_picker"]),
            trump=int(d["trump"]),
            picks=tuple((int(a), int(b)) for a, b in d["picks"]),
            harvest_tricks=tuple(_trick(t) for t in d["harvest_tricks"]),
            won=tuple(int(x) for x in d["won"]),
        )


def _trick(t: Any) -> Trick:
    leader, cards, winner = t
    return (int(leader), tuple(int(c) for c in cards), int(winner))


def field_seeds(seed_tricks: tuple[Trick, ...], f: int) -> list[int]:
    """The face-up cards of Field ``f`` in order: what seat f+1 played in Seed tricks."""
    seeder = (f + 1) & 3
    return [t[1][seeder] for t in seed_tricks]


def field_mask(seed_tricks: tuple[Trick, ...], plants: tuple[tuple[int, ...], ...], f: int) -> int:
    """All cards of Field ``f``: seeded by f+1, planted by f-1."""
    return mask_of(field_seeds(seed_tricks, f)) | mask_of(plants[(f - 1) & 3])


def peeked_fields(p: int, rec: RoundRecord) -> list[int]:
    """The Fields whose top card seat ``p`` saw at the Pick: those still on the table
    when its turn to pick came (ruling 7). Empty before then; the Pick starts once
    the trump suit is named."""
    return _peeked(p, rec.first_picker, rec.trump, rec.picks)


def _peeked(p: int, first_picker: int, trump: int, picks: tuple[tuple[int, int], ...]) -> list[int]:
    if first_picker < 0 or trump < 0:
        return []
    k = (p - first_picker) & 3
    if len(picks) < k:
        return []
    gone = {f for _, f in picks[:k]}
    return [f for f in range(4) if f not in gone]


def seed_voids(
    seed_tricks: tuple[Trick, ...], current: tuple[int, int, tuple[int, ...]] | None
) -> list[list[int]]:
    """For each seat, per suit, the first Seed trick index at which the seat failed to
    follow that suit (7 if never). ``current`` is (index, leader, cards) of a Seed trick
    in progress, if any."""
    first = [[7, 7, 7, 7] for _ in range(4)]
    tricks = [
        (i, t[0], tuple(t[1][(t[0] + k) & 3] for k in range(4))) for i, t in enumerate(seed_tricks)
    ]
    if current is not None:
        tricks.append(current)
    for i, leader, cards in tricks:
        if not cards:
            continue
        led = SUIT[cards[0]]
        for k in range(1, len(cards)):
            q = (leader + k) & 3
            if SUIT[cards[k]] != led and first[q][led] > i:
                first[q][led] = i
    return first


def harvest_void_masks(
    harvest_tricks: tuple[Trick, ...], current: tuple[int, tuple[int, ...]] | None
) -> list[int]:
    """Per seat, a suit mask of the suits it showed void in during the Harvest."""
    voids = [0, 0, 0, 0]
    tricks = [(t[0], tuple(t[1][(t[0] + k) & 3] for k in range(4))) for t in harvest_tricks]
    if current is not None:
        tricks.append(current)
    for leader, cards in tricks:
        if not cards:
            continue
        led = SUIT[cards[0]]
        for k in range(1, len(cards)):
            if SUIT[cards[k]] != led:
                voids[(leader + k) & 3] |= 1 << led
    return voids


# -- the game ------------------------------------------------------------------------
class SewnGame(Game):
    """SEWN for 4 players: seed, plant, pick a rival's Field, harvest."""

    id: ClassVar[str] = "sewn"
    name: ClassVar[str] = "SEWN"
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 4
    version: ClassVar[int] = 1
    options: ClassVar[dict[str, Option]] = {}

    def seat_name(self, player: int) -> str:
        """Seats are named by compass position, clockwise from South (ruling 1)."""
        return SEAT_NAMES[player]

    summary: ClassVar[str] = (
        "Seed and Harvest trick taking: build four Fields half face-up, half face-down, "
        "pick a rival's Field, then take tricks with trump (4 players, 4 rounds)"
    )
    policy: ClassVar[str | None] = "seedbed.agents.heuristic.sewn:choose"
    #: Every round has exactly 102 decisions (24 plays, 24 plants, privilege, trump, 4
    #: picks, 48 Harvest plays), so a search playout may end with the round.
    playout_horizon: ClassVar[str | int | None] = DECISIONS_PER_ROUND

    def new_state(self, seed: int) -> SewnState:
        rng = random.Random(seed)
        dealer = rng.randrange(4)
        deals = tuple(_deal(rng, (dealer + r) & 3) for r in range(ROUNDS))
        st = SewnState(self, seed)
        st._start(dealer, deals)
        return st

    def position(
        self,
        hands: dict[str, str] | list[str],
        dealer: int | str = SOUTH,
        round: int = 1,
        scores: list[int] | None = None,
    ) -> SewnState:
        """A state at the start of a round with the given hands, for tests and study.

        ``hands`` maps seat names (or their first letters) to card lists, or lists them
        South, East, North, West: ``game.position(["AS KS ...", ...], dealer="West")``.
        Later rounds are dealt from a fixed seed.
        """
        if isinstance(hands, dict):
            masks = [0, 0, 0, 0]
            for key, text in hands.items():
                masks[_seat_of(key)] = mask_of(parse_cards(text))
        else:
            masks = [mask_of(parse_cards(t)) for t in hands]
        if sum(m.bit_count() for m in masks) != 52 or any(m.bit_count() != 13 for m in masks):
            raise ValueError("each seat needs 13 distinct cards, all 52 dealt")
        if (masks[0] | masks[1] | masks[2] | masks[3]) != FULL:
            raise ValueError("the four hands must hold every card once")
        d = _seat_of(dealer) if isinstance(dealer, str) else dealer
        if not 1 <= round <= ROUNDS:
            raise ValueError("round is 1..4")
        rng = random.Random(0)
        r0 = round - 1
        first = (d - r0) & 3
        deals = tuple(
            tuple(masks) if r == r0 else (0, 0, 0, 0) if r < r0 else _deal(rng, (first + r) & 3)
            for r in range(ROUNDS)
        )
        st = SewnState(self, None)
        st._start(first, deals)
        # Skip to the requested round (earlier rounds are left empty).
        st.rnd = r0
        st.dealer = d
        st.hands = list(masks)
        st.leader = st.cur = (d + 1) & 3
        if scores is not None:
            if r0 == 0:
                raise ValueError("scores can be given only for a later round")
            st.totals = list(scores)
        st.past = tuple(_empty_record((first + r) & 3) for r in range(r0))
        return st

    def _state_from_dict(self, data: JSON) -> SewnState:
        return SewnState._from_data(self, data)

    def render(self, view: JSON) -> str:
        from seedbed.games.sewn.render import render_view

        return render_view(view)


def _seat_of(text: str) -> int:
    t = text.strip().lower()
    for i, n in enumerate(SEAT_NAMES):
        if t in (n.lower(), n[0].lower()):
            return i
    raise ValueError(f"{text!r} is not a seat: South, East, North or West")


_DECK: Final = tuple(range(52))


def _deal(rng: random.Random, dealer: int) -> tuple[int, ...]:
    """A uniformly shuffled deck (sorted by random keys: faster than ``shuffle``),
    dealt one card at a time from the player after the dealer."""
    r = rng.random
    keys = [r() for _ in _DECK]
    deck = sorted(_DECK, key=keys.__getitem__)
    a = dealer + 1
    hands = [0, 0, 0, 0]
    for i, c in enumerate(deck):
        hands[(a + i) & 3] |= 1 << c
    return tuple(hands)


def _empty_record(dealer: int) -> RoundRecord:
    return RoundRecord(dealer, (), ((), (), ()), None, -1, -1, -1, -1, -1, (), (), (0, 0, 0, 0))


# -- the state -----------------------------------------------------------------------
class SewnState(State):
    """One SEWN position. Card sets are int bitmasks; tricks and plants are tuples, so
    :meth:`clone` copies only a few small lists."""

    __slots__ = (
        "cur",
        "dealer",
        "deals",
        "eos",
        "first_picker",
        "hands",
        "harvest_tricks",
        "leader",
        "led",
        "nplant",
        "past",
        "phase",
        "picks",
        "plants",
        "rnd",
        "runner_up",
        "season_winner",
        "seed_tricks",
        "totals",
        "trick",
        "trump",
        "trump_holder",
        "won",
    )

    rnd: int
    dealer: int
    deals: tuple[tuple[int, ...], ...]
    phase: int
    cur: int
    leader: int
    led: int
    trick: tuple[int, ...]
    hands: list[int]
    seed_tricks: tuple[Trick, ...]
    plants: list[tuple[int, ...]]
    nplant: int
    eos: tuple[int, ...] | None
    season_winner: int
    runner_up: int
    trump_holder: int
    first_picker: int
    trump: int
    picks: tuple[tuple[int, int], ...]
    harvest_tricks: tuple[Trick, ...]
    won: list[int]
    totals: list[int]
    past: tuple[RoundRecord, ...]

    def __init__(self, game: Game, seed: int | None) -> None:
        self._init_base(game, seed)

    def _start(self, dealer: int, deals: tuple[tuple[int, ...], ...]) -> None:
        self.deals = deals
        self.totals = [0, 0, 0, 0]
        self.past = ()
        self.rnd = 0
        self._new_round(dealer)

    def _new_round(self, dealer: int) -> None:
        self.dealer = dealer
        self.hands = list(self.deals[self.rnd])
        self.phase = SEED
        self.leader = self.cur = (dealer + 1) & 3
        self.led = -1
        self.trick = ()
        self.seed_tricks = ()
        self.plants = [(), (), (), ()]
        self.nplant = 0
        self.eos = None
        self.season_winner = self.runner_up = -1
        self.trump_holder = self.first_picker = self.trump = -1
        self.picks = ()
        self.harvest_tricks = ()
        self.won = [0, 0, 0, 0]

    # -- protocol core -------------------------------------------------------------
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.cur

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[int]:
        ph = self.phase
        if ph in (SEED, HARVEST):
            h = self.hands[self.cur]
            if self.trick:
                s = self.led
                sub = h >> (13 * s) & 0x1FFF
                if sub:
                    return list(_SUIT_CARDS[s][sub])
            t = _SUIT_CARDS
        elif ph == PLANT:
            h = self.hands[self.cur]
            t = _SUIT_PLANTS
        else:
            return self._other_legal(ph)
        return [
            *t[0][h & 0x1FFF],
            *t[1][h >> 13 & 0x1FFF],
            *t[2][h >> 26 & 0x1FFF],
            *t[3][h >> 39 & 0x1FFF],
        ]

    def _other_legal(self, ph: int) -> list[int]:
        if ph == PICK:
            cur = self.cur
            taken = [f for _, f in self.picks]
            return sorted(PICK_BASE + f for f in (cur, (cur + 2) & 3) if f not in taken)
        if ph == PRIVILEGE:
            return [TAKE_TRUMP, TAKE_FIRST_PICK]
        if ph == TRUMP:
            return [TRUMP_BASE, TRUMP_BASE + 1, TRUMP_BASE + 2, TRUMP_BASE + 3]
        return []

    def apply_action(self, action: int) -> None:
        ph = self.phase
        if ph in (SEED, HARVEST):
            # Inlined card play: the hot path of every playout.
            cur = self.cur
            hands = self.hands
            h = hands[cur]
            trick = self.trick
            m = (h & SUIT_MASKS[self.led] or h) if trick else h
            if not (0 <= action < 52 and m >> action & 1):
                self._reject_play(action, h)
            self._actions.append(action)
            hands[cur] = h ^ (1 << action)
            if not trick:
                self.led = SUIT[action]
                self.trick = (action,)
                self.cur = (cur + 1) & 3
                return
            trick += (action,)
            if len(trick) < 4:
                self.trick = trick
                self.cur = (cur + 1) & 3
                return
            self._finish_trick(trick)
        elif ph == PLANT:
            cur = self.cur
            hands = self.hands
            h = hands[cur]
            c = action - PLANT_BASE
            if not (0 <= c < 52 and h >> c & 1):
                raise self._illegal(action, "plant a card from your hand")
            self._actions.append(action)
            hands[cur] = h ^ (1 << c)
            self.plants[cur] += (c,)
            n = self.nplant + 1
            cur = (cur + 1) & 3
            if n < 4:
                self.nplant = n
                self.cur = cur
                return
            self.nplant = 0
            if len(self.seed_tricks) == SEED_TRICKS:
                self._end_of_summer()
            else:
                self.phase = SEED
                self.leader = self.cur = cur
        elif ph == PICK:
            self._pick(action)
        elif ph == PRIVILEGE:
            if action != TAKE_TRUMP and action != TAKE_FIRST_PICK:
                raise self._illegal(action, "the Season Winner takes TRUMP or FIRST PICK now")
            self._actions.append(action)
            if action == TAKE_TRUMP:
                self.trump_holder, self.first_picker = self.season_winner, self.runner_up
            else:
                self.trump_holder, self.first_picker = self.runner_up, self.season_winner
            self.phase = TRUMP
            self.cur = self.trump_holder
        elif ph == TRUMP:
            if not TRUMP_BASE <= action < TRUMP_BASE + 4:
                raise self._illegal(action, "the TRUMP holder names a suit now")
            self._actions.append(action)
            self.trump = action - TRUMP_BASE
            self.phase = PICK
            self.cur = self.first_picker
        else:
            raise self._illegal(action, "the game is over")

    def _reject_play(self, a: int, hand: int) -> None:
        if isinstance(a, int) and 0 <= a < 52 and hand >> a & 1:
            raise self._illegal(a, f"you must follow suit ({SUITS[self.led]})")
        raise self._illegal(a, "you can only play a card from your hand")

    def _finish_trick(self, trick: tuple[int, ...]) -> None:
        leader = self.leader
        self.trick = ()
        by_seat = (
            trick[-leader & 3],
            trick[(1 - leader) & 3],
            trick[(2 - leader) & 3],
            trick[(3 - leader) & 3],
        )
        if self.phase == SEED:
            w = seed_winner(leader, trick)
            self.seed_tricks += ((leader, by_seat, w),)
            self.phase = PLANT
            self.nplant = 0
            self.cur = w
            return
        w = harvest_winner(leader, trick, self.trump)
        self.harvest_tricks += ((leader, by_seat, w),)
        self.won[w] += 1
        self.totals[w] += 1
        if len(self.harvest_tricks) == HARVEST_TRICKS:
            self._end_round()
        else:
            self.leader = self.cur = w

    def _end_of_summer(self) -> None:
        hands = self.hands
        eos = tuple(hands[q].bit_length() - 1 for q in range(4))
        self.eos = eos
        self.hands = [0, 0, 0, 0]
        order = summer_order(eos)
        self.season_winner, self.runner_up = order[0], order[1]
        self.phase = PRIVILEGE
        self.cur = order[0]

    def _pick(self, a: int) -> None:
        cur = self.cur
        f = a - PICK_BASE
        if not (0 <= f < 4 and (f == cur or f == (cur + 2) & 3)):
            raise self._illegal(a, "you may pick only the Field named for you or for your opposite")
        if any(g == f for _, g in self.picks):
            raise self._illegal(a, "that Field has been taken")
        self._actions.append(a)
        self.hands[cur] = field_mask(self.seed_tricks, tuple(self.plants), f)
        self.picks += ((cur, f),)
        if len(self.picks) == 4:
            self.phase = HARVEST
            self.leader = self.cur = HARVEST_LEADER[self.rnd]
        else:
            self.cur = (cur + 1) & 3

    def _end_round(self) -> None:
        self.past += (self._record(),)
        if self.rnd == ROUNDS - 1:
            self.phase = OVER
            self.cur = -1
            return
        self.rnd += 1
        self._new_round((self.dealer + 1) & 3)

    def _record(self) -> RoundRecord:
        return RoundRecord(
            self.dealer,
            self.seed_tricks,
            tuple(self.plants),
            self.eos,
            self.season_winner,
            self.runner_up,
            self.trump_holder,
            self.first_picker,
            self.trump,
            self.picks,
            self.harvest_tricks,
            tuple(self.won),
        )

    def action_to_string(self, action: int) -> str:
        if isinstance(action, bool) or not isinstance(action, int):
            raise ValueError(f"{action!r} is not a SEWN action")
        if not 0 <= action < NUM_ACTIONS:
            raise ValueError(f"{action} is not a SEWN action (0..{NUM_ACTIONS - 1})")
        return ACTION_NAMES[action]

    def notation_for(self, action: int, actor: int, viewer: int | None) -> str:
        """A plant is face down: only its planter sees the card (``plant ?`` to others).
        Every other move is public."""
        if PLANT_BASE <= action < TAKE_TRUMP and viewer != actor:
            return "plant ?"
        return self.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        """Read a move forgivingly: besides the notation (``QS``, ``plant 7D``, ``take
        trump``, ``trump D``, ``pick North``) it accepts ``play QS``, a bare card when
        planting, ``first pick``, ``trump hearts``/``trump ♥`` and ``pick N``/``North``."""
        check_move_text(text)  # not text, or too long to be a move: refused unread
        try:
            return super().string_to_action(text)
        except NotationError as err:
            alt = self._alias(text)
            if alt is not None and alt in self.legal_actions():
                return alt
            raise err from None

    def _alias(self, text: str) -> int | None:
        words = text.strip().lower().replace("_", " ").split()
        if not words:
            return None
        if words[0] == "play" and len(words) == 2:
            words = words[1:]
        if len(words) == 1 and self.phase == PLANT:
            words = ["plant", words[0]]
        if words[0] == "plant" and len(words) == 2:
            cards = parse_cards(words[1]) if _is_card(words[1]) else []
            return PLANT_BASE + cards[0] if cards else None
        if len(words) == 1 and _is_card(words[0]):
            return parse_cards(words[0])[0]
        joined = " ".join(words)
        if joined in ("first pick", "take first", "first", "take pick", "pick first"):
            return TAKE_FIRST_PICK
        if joined in ("trump", "take trump"):
            return TAKE_TRUMP
        suit_words = {
            "s": 0, "spades": 0, "spade": 0, "♠": 0,
            "h": 1, "hearts": 1, "heart": 1, "♥": 1,
            "d": 2, "diamonds": 2, "diamond": 2, "♦": 2,
            "c": 3, "clubs": 3, "club": 3, "♣": 3,
        }  # fmt: skip
        if self.phase == TRUMP:
            last = words[-1]
            if last in suit_words and (len(words) == 1 or words[0] == "trump"):
                return TRUMP_BASE + suit_words[last]
        if self.phase == PICK:
            last = words[-1]
            if len(words) <= 2 and (len(words) == 1 or words[0] == "pick"):
                for i, n in enumerate(SEAT_NAMES):
                    if last in (n.lower(), n[0].lower()):
                        return PICK_BASE + i
        return None

    def clone(self) -> SewnState:
        st = SewnState(self.game, self.seed)
        st._actions = self._actions[:]
        st.rnd = self.rnd
        st.dealer = self.dealer
        st.deals = self.deals
        st.phase = self.phase
        st.cur = self.cur
        st.leader = self.leader
        st.led = self.led
        st.trick = self.trick
        st.hands = self.hands[:]
        st.seed_tricks = self.seed_tricks
        st.plants = self.plants[:]
        st.nplant = self.nplant
        st.eos = self.eos
        st.season_winner = self.season_winner
        st.runner_up = self.runner_up
        st.trump_holder = self.trump_holder
        st.first_picker = self.first_picker
        st.trump = self.trump
        st.picks = self.picks
        st.harvest_tricks = self.harvest_tricks
        st.won = self.won[:]
        st.totals = self.totals[:]
        st.past = self.past
        return st

    def rule_counts(self) -> dict[str, int]:
        """How often SEWN's rules fired so far: privilege choices, failures to follow
        suit in each phase, Harvest tricks won by a trump on another suit's lead, and
        End of Summer ties on rank broken by suit."""
        counts = {
            "rounds": 0,
            "took_trump": 0,
            "took_first_pick": 0,
            "seed_off_suit": 0,
            "harvest_off_suit": 0,
            "harvest_trumped": 0,
            "summer_suit_tiebreak": 0,
        }
        records = list(self.past)
        if self.phase != OVER:
            records.append(self._record())
        for rec in records:
            if not rec.seed_tricks:
                continue
            counts["rounds"] += 1
            if rec.trump_holder >= 0:
                took = "took_trump" if rec.trump_holder == rec.season_winner else "took_first_pick"
                counts[took] += 1
            if (
                rec.eos is not None
                and POWER[rec.eos[rec.season_winner]] == POWER[rec.eos[rec.runner_up]]
            ):
                counts["summer_suit_tiebreak"] += 1
            for key, tricks in (("seed", rec.seed_tricks), ("harvest", rec.harvest_tricks)):
                for leader, cards, w in tricks:
                    led = SUIT[cards[leader]]
                    off = sum(1 for c in cards if SUIT[c] != led)
                    counts[f"{key}_off_suit"] += off
                    if key == "harvest" and SUIT[cards[w]] != led:
                        counts["harvest_trumped"] += 1
        return counts

    def scores(self) -> list[float]:
        return [float(x) for x in self.totals]

    # -- knowledge helpers -----------------------------------------------------------
    def _peeked_fields(self, p: int, rec: RoundRecord) -> list[int]:
        """The Fields whose top card seat ``p`` saw at the Pick (empty before its turn)."""
        return peeked_fields(p, rec)

    # -- views ----------------------------------------------------------------------
    def view(self, player: int | None) -> JSON:
        p = player
        rounds = [self._round_view(rec, self.deals[i], p) for i, rec in enumerate(self.past)]
        out: JSON = {
            "game": "sewn",
            "seat": p,
            "round": min(self.rnd, ROUNDS - 1) + 1,
            "phase": PHASE_NAMES[self.phase],
            "to_play": self.current_player(),
            "scores": list(self.totals),
            "past_rounds": rounds,
        }
        if self.phase != OVER:
            cur = self._round_view(self._record(), self.deals[self.rnd], p)
            cur["trick"] = {
                "leader": self.leader,
                "cards": [
                    CARD_NAMES[self.trick[(q - self.leader) & 3]]
                    if (q - self.leader) & 3 < len(self.trick)
                    else None
                    for q in range(4)
                ],
            }
            cur["hand"] = None if p is None else [CARD_NAMES[c] for c in cards_of(self.hands[p])]
            cur["hand_sizes"] = [h.bit_count() for h in self.hands]
            cur["fields"] = self._fields_view(p)
            out["current"] = cur
        else:
            out["current"] = None
        return out

    def _round_view(self, rec: RoundRecord, deal: tuple[int, ...], p: int | None) -> JSON:
        names = CARD_NAMES
        v: JSON = {
            "dealer": rec.dealer,
            "seed_tricks": [
                {"leader": t[0], "cards": [names[c] for c in t[1]], "winner": t[2]}
                for t in rec.seed_tricks
            ],
            "plant_counts": [len(x) for x in rec.plants],
            "end_of_summer": None if rec.eos is None else [names[c] for c in rec.eos],
            "season_winner": None if rec.season_winner < 0 else rec.season_winner,
            "runner_up": None if rec.runner_up < 0 else rec.runner_up,
            "trump_holder": None if rec.trump_holder < 0 else rec.trump_holder,
            "first_pick": None if rec.first_picker < 0 else rec.first_picker,
            "trump": None if rec.trump < 0 else SUITS[rec.trump],
            "picks": [{"seat": q, "field": f} for q, f in rec.picks],
            "harvest_tricks": [
                {"leader": t[0], "cards": [names[c] for c in t[1]], "winner": t[2]}
                for t in rec.harvest_tricks
            ],
            "won": list(rec.won),
        }
        if p is not None:
            v["dealt"] = [names[c] for c in cards_of(deal[p])]
            v["planted"] = [names[c] for c in rec.plants[p]]
            peeked = {}
            for f in self._peeked_fields(p, rec):
                planter = (f - 1) & 3
                peeked[SEAT_NAMES[f]] = names[rec.plants[planter][-1]]
            v["peeked"] = peeked
        return v

    def _fields_view(self, p: int | None) -> list[JSON]:
        """Each Field as the seat sees it now (face-up cards, size, top, what it knows)."""
        out = []
        taken = {f: q for q, f in self.picks}
        plants = self.plants
        peeked = set() if p is None else set(self._peeked_fields(p, self._record()))
        in_plant = self.phase == PLANT
        for f in range(4):
            planter = (f - 1) & 3
            seeds = field_seeds(self.seed_tricks, f)
            on_table = f not in taken
            size = (len(seeds) + len(plants[planter])) if on_table else 0
            top: str | None = None
            face = None
            if on_table and size:
                # Planted this step already? Then the top is face down.
                if (in_plant and len(plants[planter]) == len(seeds)) or not in_plant:
                    face = "down"
                    if p == planter or f in peeked:
                        top = CARD_NAMES[plants[planter][-1]]
                else:
                    face = "up"
                    top = CARD_NAMES[seeds[-1]]
            entry: JSON = {
                "name": SEAT_NAMES[f],
                "seeded_by": (f + 1) & 3,
                "planted_by": planter,
                "seeded": [CARD_NAMES[c] for c in seeds],
                "size": size,
                "top": top,
                "top_face": face,
                "taken_by": taken.get(f),
            }
            if p == planter:
                entry["planted"] = [CARD_NAMES[c] for c in plants[planter]]
            out.append(entry)
        return out

    def compact_view(self, player: int) -> tuple[int, ...]:
        """The fast policies' digest of ``view(player)`` (layout in docs/rules/sewn.md):

        ``(phase, trump, hand, harvest_played, end_of_summer, known_S, known_E,
        known_N, known_W, leader, card_1, card_2, card_3)``: the phase number, the
        trump suit (-1 before it is named), card masks of the seat's hand, of the cards
        played in this round's Harvest (the trick in progress included) and of the End
        of Summer cards, for each Field the mask of its cards the seat knows (its seeds,
        the top card if the seat peeked at it during the Pick, every card the seat
        planted into it), then the trick in progress: its leader and its first three
        cards in play order (-1 where not played; a trick is finished at four).
        """
        p = player
        if self.phase == OVER:
            return (OVER, -1, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1)
        played = 0
        for t in self.harvest_tricks:
            for c in t[1]:
                played |= 1 << c
        trick = self.trick
        if self.phase == HARVEST:
            for c in trick:
                played |= 1 << c
        eos = 0
        if self.eos is not None:
            for c in self.eos:
                eos |= 1 << c
        known = [0, 0, 0, 0]
        for t in self.seed_tricks:
            cards = t[1]
            for f in range(4):
                known[f] |= 1 << cards[(f + 1) & 3]
        for c in self.plants[p]:
            known[(p + 1) & 3] |= 1 << c
        for f in _peeked(p, self.first_picker, self.trump, self.picks):
            top = self.plants[(f - 1) & 3]
            known[f] |= 1 << top[-1]
        n = len(trick)
        return (
            self.phase,
            self.trump,
            self.hands[p],
            played,
            eos,
            known[0],
            known[1],
            known[2],
            known[3],
            self.leader,
            trick[0] if n > 0 else -1,
            trick[1] if n > 1 else -1,
            trick[2] if n > 2 else -1,
        )

    # -- resampling -------------------------------------------------------------------
    def resample_from_infostate(self, player: int, rng: random.Random) -> SewnState:
        p = player
        st = self.clone()
        st.seed = None
        new_past = []
        for rec in self.past:
            plants = _resample_finished(rec, p, rng)
            new_past.append(rec._replace(plants=plants))
        deals = []
        for rec in new_past:
            deals.append(_deal_of(rec.seed_tricks, rec.plants, rec.eos, (0, 0, 0, 0)))
        if self.phase != OVER:
            plants, hands = self._resample_current(p, rng)
            st.plants = list(plants)
            st.hands = hands
            trick_by_seat = {(self.leader + k) & 3: c for k, c in enumerate(self.trick)}
            extra = tuple(
                (1 << trick_by_seat[q]) if q in trick_by_seat and self.phase == SEED else 0
                for q in range(4)
            )
            hand_part = tuple(
                hands[q] | extra[q] if self.phase in (SEED, PLANT) else 0 for q in range(4)
            )
            deals.append(_deal_of(self.seed_tricks, plants, self.eos, hand_part))
        else:
            # The finished game keeps its last round in the live fields too.
            st.plants = list(new_past[-1].plants)
        while len(deals) < ROUNDS:
            deals.append(_deal(rng, 0))
        st.past = tuple(new_past)
        st.deals = tuple(deals)
        st._actions = st._rebuild_actions(self._actions)
        return st

    def _resample_current(
        self, p: int, rng: random.Random
    ) -> tuple[tuple[tuple[int, ...], ...], list[int]]:
        plants = tuple(self.plants)
        if self.phase in (SEED, PLANT):
            cur_trick = None
            if self.phase == SEED and self.trick:
                cur_trick = (len(self.seed_tricks), self.leader, self.trick)
            voids = seed_voids(self.seed_tricks, cur_trick)
            locs: list[_sampler.Location] = []
            seats = [q for q in range(4) if q != p]
            for q in seats:
                hand_mask = sum(1 << s for s in range(4) if voids[q][s] == 7)
                locs.append(
                    _sampler.Location(
                        _plant_slots(voids[q], len(plants[q])),
                        hand_count=self.hands[q].bit_count(),
                        hand_mask=hand_mask,
                    )
                )
            known = self.hands[p] | mask_of(plants[p])
            for t in self.seed_tricks:
                known |= mask_of(t[1])
            known |= mask_of(self.trick)
            pool = cards_of(FULL & ~known)
            placed = _sampler.place(locs, pool, rng)
            plant_list = list(plants)
            hands = list(self.hands)
            for q, loc, cards in zip(seats, locs, placed, strict=True):
                n = len(loc.slots)
                plant_list[q] = tuple(cards[:n])
                hands[q] = mask_of(cards[n:])
            return tuple(plant_list), hands
        cur_h = None
        if self.phase == HARVEST and self.trick:
            cur_h = (self.leader, self.trick)
        rec = self._record()
        new_plants = _resample_after_summer(rec, p, rng, cur_h)
        hands = [0, 0, 0, 0]
        played = [0, 0, 0, 0]
        for t in self.harvest_tricks:
            for q in range(4):
                played[q] |= 1 << t[1][q]
        for k, c in enumerate(self.trick):
            played[(self.leader + k) & 3] |= 1 << c
        for q, f in self.picks:
            hands[q] = field_mask(self.seed_tricks, new_plants, f) & ~played[q]
        return new_plants, hands

    def _rebuild_actions(self, old: list[int]) -> list[int]:
        """The action list with every plant replaced by this state's plants (the plant
        of trick t's j-th planter, clockwise from its winner)."""
        out = list(old)
        records = list(self.past)
        if self.phase != OVER:
            records.append(self._record())
        # Rounds skipped by a test position have empty records and no actions.
        skipped = sum(1 for rec in self.past if not rec.seed_tricks)
        for k, a in enumerate(old):
            if PLANT_BASE <= a < TAKE_TRUMP:
                r, m = divmod(k, DECISIONS_PER_ROUND)
                r += skipped
                t, u = divmod(m, 8)
                rec = records[r]
                q = (rec.seed_tricks[t][2] + u - 4) & 3
                out[k] = PLANT_BASE + rec.plants[q][t]
        return out

    # -- serialization ----------------------------------------------------------------
    def _to_dict(self) -> JSON:
        return {
            "round": self.rnd,
            "dealer": self.dealer,
            "deals": [list(d) for d in self.deals],
            "phase": self.phase,
            "current": self.cur,
            "leader": self.leader,
            "trick": list(self.trick),
            "hands": list(self.hands),
            "nplant": self.nplant,
            "totals": list(self.totals),
            "live": self._record().to_data(),
            "past": [r.to_data() for r in self.past],
        }

    @classmethod
    def _from_data(cls, game: SewnGame, d: JSON) -> SewnState:
        st = cls(game, None)
        st.rnd = int(d["round"])
        st.dealer = int(d["dealer"])
        deals = tuple(tuple(int(x) for x in hands) for hands in d["deals"])
        if len(deals) != ROUNDS or any(len(h) != 4 for h in deals):
            raise StateFormatError("deals must be 4 rounds of 4 hands")
        st.deals = deals
        st.phase = int(d["phase"])
        if not 0 <= st.phase <= OVER:
            raise StateFormatError("bad phase")
        st.cur = int(d["current"])
        st.leader = int(d["leader"])
        st.trick = tuple(int(c) for c in d["trick"])
        st.led = SUIT[st.trick[0]] if st.trick else -1
        st.hands = [int(h) for h in d["hands"]]
        st.nplant = int(d["nplant"])
        st.totals = [int(x) for x in d["totals"]]
        live = RoundRecord.from_data(d["live"])
        st.seed_tricks = live.seed_tricks
        st.plants = list(live.plants)
        st.eos = live.eos
        st.season_winner = live.season_winner
        st.runner_up = live.runner_up
        st.trump_holder = live.trump_holder
        st.first_picker = live.first_picker
        st.trump = live.trump
        st.picks = live.picks
        st.harvest_tricks = live.harvest_tricks
        st.won = list(live.won)
        st.past = tuple(RoundRecord.from_data(r) for r in d["past"])
        return st

    # -- invariants -----------------------------------------------------------------
    def check_invariants(self) -> None:
        """Every card in exactly one place; sizes, counts and scores consistent."""
        for i, rec in enumerate(self.past):
            if not rec.seed_tricks:  # a skipped round of a test position
                continue
            assert len(rec.seed_tricks) == SEED_TRICKS
            assert len(rec.harvest_tricks) == HARVEST_TRICKS
            assert sum(rec.won) == HARVEST_TRICKS, "12 tricks are scored per round"
            assert rec.eos is not None
            deal = _deal_of(rec.seed_tricks, rec.plants, rec.eos, (0, 0, 0, 0))
            assert deal == self.deals[i], f"round {i + 1}: cards do not match the deal"
            _check_tricks(rec.seed_tricks, None)
            _check_tricks(rec.harvest_tricks, rec.trump)
            for q, f in rec.picks:
                played = mask_of(t[1][q] for t in rec.harvest_tricks)
                assert played == field_mask(rec.seed_tricks, rec.plants, f), (
                    "a player's Harvest cards are the Field they picked"
                )
        if all(r.seed_tricks for r in self.past):  # not a test position of a later round
            live = self.won if self.phase != OVER else [0, 0, 0, 0]
            expect = [sum(r.won[q] for r in self.past) + live[q] for q in range(4)]
            assert self.totals == expect, "scores are the Harvest tricks won"
        if self.phase == OVER:
            return
        places: list[int] = list(self.hands)
        places.append(mask_of(self.trick))
        ph = self.phase
        taken = {f for _, f in self.picks}
        plants = tuple(self.plants)
        for f in range(4):
            if f not in taken:
                places.append(field_mask(self.seed_tricks, plants, f))
        if ph >= PRIVILEGE:
            assert self.eos is not None
            places.append(mask_of(self.eos))
            for t in self.harvest_tricks:
                places.append(mask_of(t[1]))
            for f in range(4):
                fm = field_mask(self.seed_tricks, plants, f)
                assert fm.bit_count() == 12, "each Field has 12 cards at the Pick"
        total = 0
        union = 0
        for m in places:
            total += m.bit_count()
            union |= m
        assert total == 52 and union == FULL, "every card must be in exactly one place"
        # Sizes.
        nst = len(self.seed_tricks)
        if ph in (SEED, PLANT):
            for q in range(4):
                played_now = 1 if ((q - self.leader) & 3) < len(self.trick) else 0
                planted = len(plants[q])
                if ph == PLANT:
                    w = self.seed_tricks[-1][2]
                    due = nst if ((q - w) & 3) < self.nplant else nst - 1
                else:
                    due = nst
                assert planted == due, "one plant per player after each Seed trick"
                assert self.hands[q].bit_count() == 13 - nst - planted - played_now
        if ph == HARVEST:
            n = len(self.harvest_tricks)
            for q, f in self.picks:
                held = self.hands[q] | mask_of(t[1][q] for t in self.harvest_tricks)
                if ((q - self.leader) & 3) < len(self.trick):
                    held |= 1 << self.trick[(q - self.leader) & 3]
                assert held == field_mask(self.seed_tricks, plants, f), (
                    "a player's Harvest cards are the Field they picked"
                )
            for q in range(4):
                played_now = 1 if ((q - self.leader) & 3) < len(self.trick) else 0
                assert self.hands[q].bit_count() == 12 - n - played_now
        _check_tricks(self.seed_tricks, None)
        _check_tricks(self.harvest_tricks, self.trump)
        deal = self.deals[self.rnd]
        if ph in (SEED, PLANT):
            mine = _deal_of(self.seed_tricks, plants, None, tuple(self.hands))
            trick_masks = [0, 0, 0, 0]
            for k, c in enumerate(self.trick):
                trick_masks[(self.leader + k) & 3] |= 1 << c
            mine = tuple(mine[q] | trick_masks[q] for q in range(4))
        else:
            mine = _deal_of(self.seed_tricks, plants, self.eos, (0, 0, 0, 0))
        assert mine == deal, "the round's cards do not match its deal"


def _check_tricks(tricks: tuple[Trick, ...], trump: int | None) -> None:
    for leader, cards, w in tricks:
        order = tuple(cards[(leader + k) & 3] for k in range(4))
        expect = (
            seed_winner(leader, order) if trump is None else harvest_winner(leader, order, trump)
        )
        assert w == expect, "a trick has the wrong winner"


def _is_card(word: str) -> bool:
    from seedbed.core.cards import try_parse_card

    c = try_parse_card(word)
    return c is not None and c < 52


def _plant_slots(first_void: list[int], n: int) -> list[int]:
    """Suit masks of a planter's first ``n`` plant slots given its Seed voids."""
    return [sum(1 << s for s in range(4) if first_void[s] > i) for i in range(n)]


def _deal_of(
    seed_tricks: tuple[Trick, ...],
    plants: tuple[tuple[int, ...], ...],
    eos: tuple[int, ...] | None,
    hands: tuple[int, ...] | list[int],
) -> tuple[int, ...]:
    """The 13 cards each seat was dealt, from what it seeded, planted, kept and holds."""
    out = []
    for q in range(4):
        m = mask_of(plants[q]) | hands[q]
        for t in seed_tricks:
            m |= 1 << t[1][q]
        if eos is not None:
            m |= 1 << eos[q]
        out.append(m)
    return tuple(out)


def _resample_after_summer(
    rec: RoundRecord, p: int, rng: random.Random, cur_harvest: tuple[int, tuple[int, ...]] | None
) -> tuple[tuple[int, ...], ...]:
    """New plants of every seat but ``p`` once the Seed Phase is over: the order of
    plants (and, for Fields ``p`` does not hold, which unseen cards were planted)."""
    locs, planters, fixed_top, pool = after_summer_problem(rec, p, cur_harvest)
    placed = _sampler.place(locs, pool, rng)
    new = list(rec.plants)
    for q, placed_cards in zip(planters, placed, strict=True):
        top_card = fixed_top.get(q)
        new[q] = tuple(placed_cards) if top_card is None else (*placed_cards, top_card)
    return tuple(new)


def after_summer_problem(
    rec: RoundRecord, p: int, cur_harvest: tuple[int, tuple[int, ...]] | None
) -> tuple[list[_sampler.Location], list[int], dict[int, int], list[int]]:
    """The placement problem behind :func:`_resample_after_summer`: one location per
    planter other than ``p`` (in seat order), those planters, the top cards ``p``
    peeked at (fixed), and the pool of unseen planted cards."""
    voids = seed_voids(rec.seed_tricks, None)
    hvoids = harvest_void_masks(rec.harvest_tricks, cur_harvest)
    owner = {f: q for q, f in rec.picks}
    played = [0, 0, 0, 0]
    for t in rec.harvest_tricks:
        for q in range(4):
            played[q] |= 1 << t[1][q]
    if cur_harvest is not None:
        leader, cards = cur_harvest
        for k, c in enumerate(cards):
            played[(leader + k) & 3] |= 1 << c
    peeked = set(peeked_fields(p, rec))
    locs = []
    planters = []
    fixed_top: dict[int, int] = {}
    pool_mask = 0
    for q in range(4):
        if q == p:
            continue
        f = (q + 1) & 3
        pm = mask_of(rec.plants[q])
        top = None
        if f in peeked:
            top = rec.plants[q][-1]
            fixed_top[q] = top
            pm &= ~(1 << top)
        o = owner.get(f)
        if o == p:
            known = pm
            loc = _sampler.Location([], cards_of(known), pool_ok=False)
        elif o is not None:
            known = pm & played[o]
            loc = _sampler.Location([], cards_of(known), pool_ok=True, pool_forbid=hvoids[o])
        else:
            known = 0
            loc = _sampler.Location([], [], pool_ok=True)
        pool_mask |= pm & ~known
        n = len(rec.plants[q]) - (1 if top is not None else 0)
        loc.slots = _plant_slots(voids[q], n)
        locs.append(loc)
        planters.append(q)
    return locs, planters, fixed_top, cards_of(pool_mask)


def _resample_finished(rec: RoundRecord, p: int, rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """New plant orders of a finished round. Every Field was played out, so each
    planter's set of plants is public; only the order is hidden (constrained by the
    planter's Seed voids and by the top cards ``p`` saw at the Pick)."""
    if not rec.seed_tricks:
        return rec.plants
    voids = seed_voids(rec.seed_tricks, None)
    seen = set(peeked_fields(p, rec))
    new = list(rec.plants)
    for q in range(4):
        if q == p:
            continue
        plants = rec.plants[q]
        if (q + 1) & 3 not in seen:
            cards, top = list(plants), None
        else:
            cards, top = list(plants[:-1]), plants[-1]
        loc = _sampler.Location(_plant_slots(voids[q], len(cards)), known=sorted(cards))
        order = _sampler.arrange(loc, loc.known, rng)
        new[q] = tuple(order) if top is None else (*order, top)
    return tuple(new)

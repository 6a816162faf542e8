"""SEWN's rules of play: the state, its legal moves and ``apply_action``, one function a
phase (``sewn.txt`` + RULINGS.md, SEWN; the numbers are in :mod:`.rules`).

A round: six no-trump Seed tricks (the ``seed_tricks`` knob), each followed by the
automatic seeding and one plant per player (asked one at a time clockwise from the
trick's winner, ruling 4); the automatic End of Summer (ruling 5); the Season Winner's
choice of TRUMP or FIRST PICK, then the trump suit (ruling 6); the Pick (ruling 7);
twelve Harvest tricks (two a Seed trick) with trump (ruling 8). Four rounds (the
``rounds`` knob); one point a Harvest trick (ruling 10).

The state keeps the round in play in its own fields and every finished round as a
:class:`~._round.RoundRecord` in ``past``. Views, resampling, positions and notation
live in their own modules; the methods here that the protocol asks for delegate to them.
"""

from __future__ import annotations

import random
from typing import Final

from seedbed.core.cards import FULL_DECK, SUIT_MASKS, SUITS, check_move_text, mask_of
from seedbed.core.errors import NotationError
from seedbed.core.protocol import JSON, Game, State
from seedbed.games.sewn import notation, observation, positions, views
from seedbed.games.sewn._round import (
    RoundRecord,
    Trick,
    deal_game,
    deal_of,
    field_mask,
    is_skipped,
)
from seedbed.games.sewn.rules import (
    HARVEST,
    OVER,
    PHASE_NAMES,
    PICK,
    PICK_BASE,
    PLANT,
    PLANT_BASE,
    POWER,
    PRIVILEGE,
    SEED,
    SUIT,
    TAKE_FIRST_PICK,
    TAKE_TRUMP,
    TRUMP,
    TRUMP_BASE,
    deal_size,
    decisions_per_round,
    harvest_leader,
    harvest_winner,
    may_pick,
    seed_winner,
    summer_order,
)

# Per suit, per 13-bit sub-mask: the cards (and plant actions) it holds, ascending: the
# move generator's tables.
_SUIT_CARDS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(13 * s + i for i in range(13) if sub >> i & 1) for sub in range(1 << 13))
    for s in range(4)
)
_SUIT_PLANTS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(c + PLANT_BASE for c in cards) for cards in table) for table in _SUIT_CARDS
)


class SewnState(State):
    """One SEWN position. Card sets are int bitmasks; tricks and plants are tuples, so
    :meth:`clone` copies only a few small lists."""

    __slots__ = (
        "_chance",
        "_cv_harvest",
        "_cv_known",
        "_cv_picks",
        "_cv_played",
        "_cv_seats",
        "_cv_seed",
        "_prior",
        "_resample_plan",
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
        "round",
        "runner_up",
        "season_winner",
        "seed_count",
        "seed_tricks",
        "totals",
        "trick",
        "trump",
        "trump_holder",
        "won",
    )

    #: Seed tricks a round (6; the ``seed_tricks`` knob, copied from the game so that
    #: the moves read a slot): the deal is ``2 * seed_count + 1`` cards a seat, a Field
    #: and the Harvest ``2 * seed_count``.
    seed_count: int
    #: The round being played, 1..4 (4 once the game is over; ``rounds`` knob).
    round: int
    dealer: int
    #: Each round's deal (each seat's 13 cards, ``rules.deal_size``), all four
    #: (``rounds``) drawn when the game starts. Cards in no seat's deal stay undealt.
    deals: tuple[tuple[int, ...], ...]
    #: The chance key the deals came from when it is not the seed (a position's);
    #: ``None``: the seed's, or no key at all (a resampled state).
    _chance: int | None
    #: How many moves the recorded rounds hold that are not in the move list: those a
    #: position set up (a position has no history); 0 in a game played from its start.
    _prior: int
    phase: int
    #: The seat to move.
    cur: int
    #: The leader of the trick in progress (and the led suit, -1 before its first card).
    leader: int
    led: int
    #: The cards of the trick in progress, in play order.
    trick: tuple[int, ...]
    hands: list[int]
    seed_tricks: tuple[Trick, ...]
    #: Each seat's plants this round, in order (the last is its right Field's top card).
    plants: list[tuple[int, ...]]
    #: How many seats have planted since the last Seed trick.
    nplant: int
    #: The End of Summer cards by seat, once played.
    eos: tuple[int, ...] | None
    season_winner: int
    runner_up: int
    trump_holder: int
    first_picker: int
    trump: int
    #: (seat, Field) in pick order.
    picks: tuple[tuple[int, int], ...]
    harvest_tricks: tuple[Trick, ...]
    #: Harvest tricks won this round, and in the whole game.
    won: list[int]
    totals: list[int]
    past: tuple[RoundRecord, ...]
    #: The compact view's digest of the public tricks (views.compact_view), kept for
    #: the tuples it was computed from: ``harvest_tricks`` and ``seed_tricks`` are
    #: immutable and replaced by a new tuple at every trick, so "the same object"
    #: means "the same tricks". Search policies ask for the compact view at every
    #: playout move, while the tricks change once in four moves (never in the Harvest
    #: for the seed tricks).
    _cv_harvest: tuple[Trick, ...] | None
    _cv_played: int
    _cv_seed: tuple[Trick, ...] | None
    _cv_known: tuple[int, int, int, int]
    #: In the Harvest: per seat, the End of Summer cards and the seat's knowledge of
    #: each Field (views.compact_view), kept for the ``picks`` tuple they were computed
    #: for (replaced at every pick; nothing they depend on changes in the Harvest but
    #: the plants, which only resampling draws anew, and it clears them).
    _cv_picks: tuple[tuple[int, int], ...] | None
    #: (Each entry's five masks typed ``object``: the compact view passes these int
    #: objects on as they are, views.compact_view.)
    _cv_seats: tuple[tuple[object, ...] | None, ...]
    #: What resampling this state for one seat prepares once (views.ResamplePlan): a
    #: search resamples the same state for the same seat at every iteration.
    _resample_plan: views.ResamplePlan | None

    def __init__(self, game: Game, seed: int | None) -> None:
        self._init_base(game, seed)
        self._chance = None
        self._prior = 0
        self._cv_harvest = None
        self._cv_played = 0
        self._cv_seed = None
        self._cv_known = (0, 0, 0, 0)
        self._cv_picks = None
        self._cv_seats = (None, None, None, None)
        self._resample_plan = None

    def _start(self, dealer: int, deals: tuple[tuple[int, ...], ...]) -> None:
        self.seed_count = int(self.game.option("seed_tricks"))
        self.deals = deals
        self.totals = [0, 0, 0, 0]
        self.past = ()
        self.round = 1
        self._new_round(dealer)

    def _new_round(self, dealer: int) -> None:
        self.dealer = dealer
        self.hands = list(self.deals[self.round - 1])
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

    @property
    def chance(self) -> int | None:
        """The key the deals of the rounds still to come are drawn from (the seed in a
        new game), or ``None`` where they were not drawn from a key (a resampled state)."""
        return self.seed if self._chance is None else self._chance

    # -- whose turn, and the legal moves -------------------------------------------
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.cur

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[int]:
        ph = self.phase
        if ph in (SEED, HARVEST):
            return self._legal_play()
        if ph == PLANT:
            h = self.hands[self.cur]
            return _each_card(h, _SUIT_PLANTS)
        if ph == PRIVILEGE:
            return [TAKE_TRUMP, TAKE_FIRST_PICK]
        if ph == TRUMP:
            return [TRUMP_BASE, TRUMP_BASE + 1, TRUMP_BASE + 2, TRUMP_BASE + 3]
        if ph == PICK:
            return self._legal_pick()
        return []

    def _legal_play(self) -> list[int]:
        """Seed and Harvest tricks: follow the led suit if you can, else any card."""
        h = self.hands[self.cur]
        if self.trick:
            s = self.led
            sub = h >> (13 * s) & 0x1FFF
            if sub:
                return list(_SUIT_CARDS[s][sub])
        return _each_card(h, _SUIT_CARDS)

    def _legal_pick(self) -> list[int]:
        """The Pick: the Fields named for you or your opposite that are still there."""
        cur = self.cur
        taken = [f for _, f in self.picks]
        return sorted(PICK_BASE + f for f in (cur, (cur + 2) & 3) if f not in taken)

    # -- moves, one function a phase ------------------------------------------------
    def apply_action(self, action: int) -> None:
        ph = self.phase
        if ph in (SEED, HARVEST):
            self._apply_play(action)
        elif ph == PLANT:
            self._apply_plant(action)
        elif ph == PICK:
            self._apply_pick(action)
        elif ph == PRIVILEGE:
            self._apply_privilege(action)
        elif ph == TRUMP:
            self._apply_trump(action)
        else:
            raise self._illegal(action, "the game is over")

    def _apply_play(self, action: int) -> None:
        """A card to a Seed or Harvest trick (the hot path of every playout)."""
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
        leader = self.leader
        self.trick = ()
        by_seat = (
            trick[-leader & 3],
            trick[(1 - leader) & 3],
            trick[(2 - leader) & 3],
            trick[(3 - leader) & 3],
        )
        if self.phase == SEED:
            self._end_seed_trick(leader, trick, by_seat)
        else:
            self._end_harvest_trick(leader, trick, by_seat)

    def _reject_play(self, a: int, hand: int) -> None:
        if isinstance(a, int) and 0 <= a < 52 and hand >> a & 1:
            raise self._illegal(a, f"you must follow suit ({SUITS[self.led]})")
        raise self._illegal(a, "you can only play a card from your hand")

    def _end_seed_trick(
        self, leader: int, trick: tuple[int, ...], by_seat: tuple[int, ...]
    ) -> None:
        """The cards go face up onto the Fields (by themselves); the winner plants first."""
        w = seed_winner(leader, trick)
        self.seed_tricks += ((leader, by_seat, w),)
        self.phase = PLANT
        self.nplant = 0
        self.cur = w

    def _end_harvest_trick(
        self, leader: int, trick: tuple[int, ...], by_seat: tuple[int, ...]
    ) -> None:
        """One point to the winner, who leads next; the round ends after twelve."""
        w = harvest_winner(leader, trick, self.trump)
        self.harvest_tricks += ((leader, by_seat, w),)
        self.won[w] += 1
        self.totals[w] += 1
        if len(self.harvest_tricks) == 2 * self.seed_count:
            self._end_round()
        else:
            self.leader = self.cur = w

    def _apply_plant(self, action: int) -> None:
        """One card face down onto your right Field; after the fourth plant the next
        Seed trick, or End of Summer after the sixth (the last: ``seed_count``)."""
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
        if len(self.seed_tricks) == self.seed_count:
            self._end_of_summer()
        else:
            self.phase = SEED
            self.leader = self.cur = cur

    def _end_of_summer(self) -> None:
        """Everyone's last card is played at once (ruling 5): no decision."""
        hands = self.hands
        eos = tuple(hands[q].bit_length() - 1 for q in range(4))
        self.eos = eos
        self.hands = [0, 0, 0, 0]
        order = summer_order(eos)
        self.season_winner, self.runner_up = order[0], order[1]
        self.phase = PRIVILEGE
        self.cur = order[0]

    def _apply_privilege(self, action: int) -> None:
        """The Season Winner takes TRUMP or FIRST PICK; the runner-up gets the other."""
        if action != TAKE_TRUMP and action != TAKE_FIRST_PICK:
            raise self._illegal(action, "the Season Winner takes TRUMP or FIRST PICK now")
        self._actions.append(action)
        if action == TAKE_TRUMP:
            self.trump_holder, self.first_picker = self.season_winner, self.runner_up
        else:
            self.trump_holder, self.first_picker = self.runner_up, self.season_winner
        self.phase = TRUMP
        self.cur = self.trump_holder

    def _apply_trump(self, action: int) -> None:
        """The TRUMP holder names any suit; then FIRST PICK picks."""
        if not TRUMP_BASE <= action < TRUMP_BASE + 4:
            raise self._illegal(action, "the TRUMP holder names a suit now")
        self._actions.append(action)
        self.trump = action - TRUMP_BASE
        self.phase = PICK
        self.cur = self.first_picker

    def _apply_pick(self, a: int) -> None:
        """Take a Field as your Harvest hand; after the fourth pick the Harvest starts."""
        cur = self.cur
        f = a - PICK_BASE
        if not (0 <= f < 4 and may_pick(cur, f)):
            raise self._illegal(a, "you may pick only the Field named for you or for your opposite")
        if any(g == f for _, g in self.picks):
            raise self._illegal(a, "that Field has been taken")
        self._actions.append(a)
        self.hands[cur] = field_mask(self.seed_tricks, tuple(self.plants), f)
        self.picks += ((cur, f),)
        if len(self.picks) == 4:
            self.phase = HARVEST
            self.leader = self.cur = harvest_leader(self.round)
        else:
            self.cur = (cur + 1) & 3

    def _end_round(self) -> None:
        self.past += (self._record(),)
        if self.round == len(self.deals):  # the last round (``rounds``, 4)
            self.phase = OVER
            self.cur = -1
            return
        self.round += 1
        self._new_round((self.dealer + 1) & 3)

    def _record(self) -> RoundRecord:
        """The round in play as a record."""
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

    def records(self) -> list[RoundRecord]:
        """Every round so far, the one in play last (at the end: the four rounds)."""
        out = list(self.past)
        if self.phase != OVER:
            out.append(self._record())
        return out

    # -- the rest of the protocol --------------------------------------------------
    def clone(self) -> SewnState:
        st = SewnState(self.game, self.seed)
        st._actions = self._actions[:]
        st._chance = self._chance
        st._prior = self._prior
        st.seed_count = self.seed_count
        st.round = self.round
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
        st._cv_harvest = self._cv_harvest
        st._cv_played = self._cv_played
        st._cv_seed = self._cv_seed
        st._cv_known = self._cv_known
        st._cv_picks = self._cv_picks
        st._cv_seats = self._cv_seats
        st.totals = self.totals[:]
        st.past = self.past
        return st

    def scores(self) -> list[float]:
        return [float(x) for x in self.totals]

    def round_moves_left(self) -> int | None:
        """The decisions left in the round in play (102 in a new round:
        ``rules.decisions_per_round``), counted from the round's tricks, plants and
        picks, not from the move list (a state set up from a position has none)."""
        ph = self.phase
        nseed = self.seed_count
        if ph == SEED:
            done = 8 * len(self.seed_tricks) + len(self.trick)
        elif ph == PLANT:
            done = 8 * len(self.seed_tricks) - 4 + self.nplant
        elif ph == OVER:
            return None
        elif ph == HARVEST:
            done = 8 * nseed + 6 + 4 * len(self.harvest_tricks) + len(self.trick)
        elif ph == PICK:
            done = 8 * nseed + 2 + len(self.picks)
        else:  # PRIVILEGE, TRUMP
            done = 8 * nseed + ph - PRIVILEGE
        return decisions_per_round(nseed) - done

    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def actors(self) -> list[int]:
        """The seat of every move so far, from the rounds' records (no replay): each
        Seed trick clockwise from its leader, its plants clockwise from its winner, the
        Season Winner, the TRUMP holder, the pickers, each Harvest trick. A state set up
        from a position names only the moves made since."""
        out = self._round_actors()
        return out[self._prior :] if self._prior else out

    def _round_actors(self) -> list[int]:
        """The seat of every move the recorded rounds hold."""
        out: list[int] = []
        for rec in self.past:
            if not is_skipped(rec):
                _round_actors(rec, 4, out)
        if self.phase != OVER:
            _round_actors(self._record(), self.nplant if self.phase == PLANT else 4, out)
            if self.phase == SEED or self.phase == HARVEST:
                out += [(self.leader + k) & 3 for k in range(len(self.trick))]
        return out

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
        for rec in self.records():
            if is_skipped(rec):
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

    # -- notation (notation.py) -------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        return notation.action_to_string(action)

    def notation_for(self, action: int, actor: int, viewer: int | None) -> str:
        """A plant is face down: only its planter sees the card (``plant ?`` to others).
        Every other move is public."""
        return notation.notation_for(action, actor, viewer)

    def string_to_action(self, text: str) -> int:
        """Read a move forgivingly: besides the notation (``QS``, ``plant 7D``, ``take
        trump``, ``trump D``, ``pick North``) it accepts ``play QS``, a bare card when
        planting, ``first pick``, ``trump hearts``/``trump ♥`` and ``pick N``/``North``."""
        check_move_text(text)  # not text, or too long to be a move: refused unread
        try:
            return super().string_to_action(text)
        except NotationError as err:
            alt = notation.alias(text, self.phase)
            if alt is not None and alt in self.legal_actions():
                return alt
            raise err from None

    # -- views and resampling (views.py) ----------------------------------------------
    def _view(self, player: int | None) -> JSON:
        return views.table_view(self, player)

    def observation(self, player: int) -> list[float]:
        return observation.encode(self, player)

    def compact_view(self, player: int) -> tuple[int, ...]:
        """The fast policies' digest of what ``player`` knows (layout: the ``CV_``
        indices of :mod:`.rules`)."""
        return views.compact_view(self, player)

    def score_sheet(self, viewer: int | None) -> JSON:
        return views.score_sheet(self, viewer)

    def resample_from_infostate(self, player: int, rng: random.Random) -> SewnState:
        return views.resample(self, player, rng)

    # -- positions and serialisation (positions.py) ------------------------------------
    def position(self) -> str:
        return positions.position(self)

    def _to_dict(self) -> JSON:
        return positions.to_dict(self)

    # -- invariants -----------------------------------------------------------------
    def check_invariants(self) -> None:
        """Every card in exactly one place; sizes, counts and scores consistent."""
        nseed = self.seed_count
        size = deal_size(nseed)
        nharvest = 2 * nseed
        assert nseed == int(self.game.option("seed_tricks"))
        for i, dealt in enumerate(self.deals):
            if dealt != (0, 0, 0, 0):  # a round a position skipped has no deal
                assert all(h.bit_count() == size for h in dealt), f"round {i + 1}: deal sizes"
                assert (dealt[0] | dealt[1] | dealt[2] | dealt[3]).bit_count() == 4 * size
        for i, rec in enumerate(self.past):
            if is_skipped(rec):
                continue
            assert len(rec.seed_tricks) == nseed
            assert len(rec.harvest_tricks) == nharvest
            assert sum(rec.won) == nharvest, "12 tricks (a Field's cards) are scored per round"
            assert rec.eos is not None
            dealt = deal_of(rec.seed_tricks, rec.plants, rec.eos, (0, 0, 0, 0))
            assert dealt == self.deals[i], f"round {i + 1}: cards do not match the deal"
            _check_tricks(rec.seed_tricks, None)
            _check_tricks(rec.harvest_tricks, rec.trump)
            for q, f in rec.picks:
                played = mask_of(t[1][q] for t in rec.harvest_tricks)
                assert played == field_mask(rec.seed_tricks, rec.plants, f), (
                    "a player's Harvest cards are the Field they picked"
                )
        if not any(is_skipped(r) for r in self.past):  # not a position of a later round
            live = self.won if self.phase != OVER else [0, 0, 0, 0]
            expect = [sum(r.won[q] for r in self.past) + live[q] for q in range(4)]
            assert self.totals == expect, "scores are the Harvest tricks won"
        assert len(self._round_actors()) == self._prior + len(self._actions), (
            "the rounds hold the moves before the position and every move since"
        )
        if self.phase == OVER:
            return
        places: list[int] = list(self.hands)
        places.append(mask_of(self.trick))
        d = self.deals[self.round - 1]
        places.append(FULL_DECK & ~(d[0] | d[1] | d[2] | d[3]))  # undealt (none: 13 each)
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
                assert fm.bit_count() == nharvest, "each Field has 12 cards at the Pick"
        total = 0
        union = 0
        for m in places:
            total += m.bit_count()
            union |= m
        assert total == 52 and union == FULL_DECK, "every card must be in exactly one place"
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
                assert self.hands[q].bit_count() == size - nst - planted - played_now
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
                assert self.hands[q].bit_count() == nharvest - n - played_now
        _check_tricks(self.seed_tricks, None)
        _check_tricks(self.harvest_tricks, self.trump)
        dealt_now = self.deals[self.round - 1]
        if ph in (SEED, PLANT):
            mine = deal_of(self.seed_tricks, plants, None, tuple(self.hands))
            trick_masks = [0, 0, 0, 0]
            for k, c in enumerate(self.trick):
                trick_masks[(self.leader + k) & 3] |= 1 << c
            mine = tuple(mine[q] | trick_masks[q] for q in range(4))
        else:
            mine = deal_of(self.seed_tricks, plants, self.eos, (0, 0, 0, 0))
        assert mine == dealt_now, "the round's cards do not match its deal"


def _each_card(h: int, table: tuple[tuple[tuple[int, ...], ...], ...]) -> list[int]:
    """The entries of ``table`` for every card of hand ``h``, ascending."""
    return [
        *table[0][h & 0x1FFF],
        *table[1][h >> 13 & 0x1FFF],
        *table[2][h >> 26 & 0x1FFF],
        *table[3][h >> 39 & 0x1FFF],
    ]


def _round_actors(rec: RoundRecord, last_plants: int, out: list[int]) -> None:
    """Append the seats that moved in round ``rec`` to ``out``; ``last_plants`` seats
    have planted after its last Seed trick so far."""
    n = len(rec.seed_tricks)
    for t, (leader, _, w) in enumerate(rec.seed_tricks):
        out += [(leader + k) & 3 for k in range(4)]
        out += [(w + k) & 3 for k in range(last_plants if t == n - 1 else 4)]
    if rec.trump_holder >= 0:  # the Season Winner chose a privilege
        out.append(rec.season_winner)
    if rec.trump >= 0:  # the TRUMP holder named the suit
        out.append(rec.trump_holder)
    out += [q for q, _ in rec.picks]
    for leader, _, _ in rec.harvest_tricks:
        out += [(leader + k) & 3 for k in range(4)]


def _check_tricks(tricks: tuple[Trick, ...], trump: int | None) -> None:
    for leader, cards, w in tricks:
        order = tuple(cards[(leader + k) & 3] for k in range(4))
        expect = (
            seed_winner(leader, order) if trump is None else harvest_winner(leader, order, trump)
        )
        assert w == expect, "a trick has the wrong winner"


def new_game_state(game: Game, seed: int) -> SewnState:
    """The state of a new game: the first dealer and every deal from ``seed``."""
    size = deal_size(int(game.option("seed_tricks")))
    dealer, deals = deal_game(seed, int(game.option("rounds")), size)
    st = SewnState(game, seed)
    st._start(dealer, deals)
    return st

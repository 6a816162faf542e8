"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS).

The searcher decides for the seat of an :class:`InfoSet` and uses nothing else:

1. Every iteration draws a determinization ``infoset.sample(rng)``: a full state
   consistent with everything the seat has seen.
2. It descends one tree shared by all determinizations. A node is an action sequence
   from the root (the root itself is the observer's information set, so the same
   sequence reached in two determinizations is the same node). At each node the
   actions legal *in this determinization* are the available children; each
   available child's availability count goes up, and the child maximising
   ``mean + c * sqrt(ln(availability) / visits)`` for the player to move is taken
   (Cowling, Powley and Whitehouse 2012).
3. The first untried legal action is added to the tree (chosen at random), then the
   game is played out with the random or the heuristic policy. A ``cutoff`` may end
   the playout early, valued by each seat's share of the points scored since the
   determinization was drawn:
   ``score`` at the first change of ``scores()``, ``round`` at the end of the round
   in play (``State.round_moves_left()``), ``N`` at the next multiple of N moves.
   ``auto`` (the default) takes what the game declares (``playout_horizon``): the
   round end in SEWN (a fixed number of decisions a round, 102 in the rulebook game)
   and Four Fields (scores change only when a round ends), no cutoff in SOW and
   Harvest.
   ``depth`` (0: none) caps the tree at that many actions from the root; below it
   the playout policy decides. ``depth=1`` is flat Monte Carlo over the root's
   moves: with heuristic playouts it estimates "this move, then everyone plays the
   heuristic", which small budgets estimate far better than a deep tree whose
   rival nodes are still exploring at random.
4. Each node on the path adds the reward of the player who moved into it, taken from
   :meth:`State.returns` (winners share 1).

With ``paired`` there is no tree: :meth:`ISMCTS.halving` compares the root's moves
by sequential halving on common worlds (every world played out after every move still
in, with one playout seed), with the same playouts and values.

The move played is the root child with the most visits. With an iteration budget the
search is deterministic for a given seed; a ``time=`` budget is CPU seconds of the
process (``time.process_time``, like the ``endgame`` and ``expert`` agents), so a
search on a machine shared with other work still gets the computing it was given,
and two rivals at equal time get equal work; how many iterations that is depends on
the machine.
Keys are ints (actions) in per-node dicts, so no strings are built during search.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from seedbed.agents.base import (
    budget_options,
    check_budget,
    flag_option,
    number_option,
    register_agent,
    reject_unknown,
    whole_option,
)
from seedbed.agents.heuristic.generic import CompactPolicy, PlayoutJudge, Policy
from seedbed.core.protocol import InfoSet, State

# The defaults are the configuration measured strongest at about a second a move
# (docs/strength.md): heuristic playouts, the heuristic's move preferred by
# progressive bias, and a tree one action deep (flat Monte Carlo at the root). Deeper
# trees spend small budgets exploring rival moves at random; depth=0 grows them.
DEFAULT_ITERATIONS = 600
DEFAULT_C = 0.7
DEFAULT_ROLLOUT = "heuristic"
DEFAULT_BIAS = 1.0
DEFAULT_DEPTH = 1
#: With ``adapt``: the share of the root's visits that settles a decision.
DEFAULT_SETTLE = 0.5
#: With ``widen``: the root's visits at which the first move beyond the first
#: ``widen`` is let in; each further one waits for twice as many.
WIDEN_FIRST = 50


class _Node:
    """Statistics of one action sequence: visits, availability and the total reward
    of the player who made the last action of the sequence."""

    __slots__ = ("avail", "children", "hint", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        #: The heuristic's move here (``bias`` > 0 only), -1 until asked.
        self.hint = -1


#: ``"score"``, ``"round"``, every N moves (int), none, or ``("at", move)``: at that
#: move number (a ``horizon`` from the root).
Cutoff = str | int | tuple[str, int] | None


def _stop_rule(state: State, cutoff: Cutoff) -> tuple[list[float] | None, int]:
    """For a playout from ``state``: the scores whose change ends it (or ``None``) and
    the move number that ends it (0: none)."""
    if cutoff == "score":
        return state.scores(), 0
    if cutoff == "round":
        left = state.round_moves_left()
        return None, 0 if left is None else state.move_number() + left
    if isinstance(cutoff, tuple):
        return None, cutoff[1]
    if isinstance(cutoff, int) and cutoff > 0:
        return None, (state.move_number() // cutoff + 1) * cutoff
    return None, 0


class _Mast:
    """Move-average sampling (``ismcts:mast=E``, Finnsson and Björnsson 2008, in ISMCTS
    Powley, Whitehouse and Cowling 2013): the mean reward each seat got, over this
    search's iterations so far, after each action it played anywhere in them (tree or
    playout). A heuristic playout's decision is then, with chance ``rate``, the
    legal move with the best such mean (of those played at least once) instead of the
    policy's: the playouts lean toward what has won in this search's own worlds, where
    a fixed policy repeats its blind spots in every one of them. (MAST proper draws
    from the averages at every decision of a random playout; here they only stand in
    for the heuristic now and then, which random moves in its place, ``noise``, cost
    strength.) Measured level or weaker in Harvest and SEWN. In SOW, whose playouts run
    to the game's end, it took the expert's search from about 61% to 72% of its games
    against the plain search at equal CPU, and the SOW expert uses it (docs/strength.md,
    twenty-fifth and twenty-ninth runs)."""

    __slots__ = ("count", "rate", "total", "trace")

    def __init__(self, rate: float) -> None:
        self.rate = rate
        #: Keyed ``action * 8 + seat``.
        self.total: dict[int, float] = {}
        self.count: dict[int, int] = {}
        #: The keys played in the iteration under way.
        self.trace: list[int] = []

    def best(self, player: int, legal: list[int]) -> int:
        """The legal move with the best mean for ``player``, or -1 if none was played."""
        total, count = self.total, self.count
        best = -1
        top = -1.0
        for a in legal:
            key = a * 8 + player
            n = count.get(key, 0)
            if n:
                mean = total[key] / n
                if mean > top:
                    top = mean
                    best = a
        return best

    def learn(self, values: list[float]) -> None:
        """Add the iteration's ``values`` to every action it played, and start afresh."""
        total, count = self.total, self.count
        for key in self.trace:
            total[key] = total.get(key, 0.0) + values[key & 7]
            count[key] = count.get(key, 0) + 1
        self.trace = []


def _random_rollout(
    state: State,
    rng: random.Random,
    cutoff: Cutoff,
    policy: Policy,
    fast: CompactPolicy | None = None,
    noise: float = 0.0,
    mast: _Mast | None = None,
) -> None:
    """Play ``state`` on uniformly at random (``noise`` and ``mast``, for the heuristic
    playout's signature: every move here is random already, and ``mast`` is refused
    with random playouts)."""
    rnd = rng.random
    base, last = _stop_rule(state, cutoff)
    while not state.is_terminal():
        if base is not None and state.scores() != base:
            return
        if last and state.move_number() >= last:
            return
        legal = state.legal_actions()
        state.apply_action(legal[int(rnd() * len(legal))] if len(legal) > 1 else legal[0])


class _SeatObservation:
    """The small interface heuristic policies read (``legal_actions``,
    ``action_to_string``, ``view``, ``compact_view``) over a determinized state, without cloning it
    into an :class:`InfoSet`. Used inside rollouts only."""

    __slots__ = ("_legal", "_state", "player")

    def __init__(self, state: State, player: int, legal: list[int]) -> None:
        self._state = state
        self.player = player
        #: The legal actions, which the caller has just computed (a policy asks once).
        self._legal = legal

    @property
    def game(self) -> Any:
        return self._state.game

    @property
    def num_players(self) -> int:
        return self._state.game.num_players

    def legal_actions(self) -> list[int]:
        return self._legal[:]

    def action_to_string(self, action: int) -> str:
        return self._state.action_to_string(action)

    def view(self) -> dict[str, Any]:
        return self._state.view(self.player)

    def compact_view(self) -> tuple[int, ...]:
        return self._state.compact_view(self.player)

    def sample(self, rng: random.Random) -> State:
        return self._state.clone()


def _heuristic_rollout(
    state: State,
    rng: random.Random,
    cutoff: Cutoff,
    policy: Policy,
    fast: CompactPolicy | None = None,
    noise: float = 0.0,
    mast: _Mast | None = None,
) -> None:
    """Play ``state`` on with the heuristic ``policy`` for every seat; ``fast``, the
    policy's compact-view form if its game offers one, makes the same moves from
    ``state.compact_view(seat)`` without an observation wrapper per move. With
    ``noise`` > 0 each decision with a choice is, with that probability, a uniformly
    random legal move instead (``ismcts:noise=``): a deterministic policy judges
    every world by one line of play, so its blind spots bias every estimate alike.
    At 0 no extra number is drawn, so the default playouts stay as they were. With
    ``mast`` each decision with a choice is, with chance ``mast.rate``, the move with
    the best move-average (:class:`_Mast`), and every move is noted for it."""
    randrange = rng.randrange
    base, last = _stop_rule(state, cutoff)
    while not state.is_terminal():
        if base is not None and state.scores() != base:
            return
        if last and state.move_number() >= last:
            return
        legal = state.legal_actions()
        if len(legal) == 1:
            if mast is not None:
                mover = state.current_player()
                assert mover is not None
                mast.trace.append(legal[0] * 8 + mover)
            state.apply_action(legal[0])
            continue
        if noise > 0.0 and rng.random() < noise:
            state.apply_action(legal[randrange(len(legal))])
            continue
        player = state.current_player()
        assert player is not None
        action = -1
        if mast is not None and rng.random() < mast.rate:
            action = mast.best(player, legal)
        if action < 0:
            try:
                if fast is not None:
                    action = fast(state.compact_view(player), player, legal, rng)
                else:
                    action = policy(_SeatObservation(state, player, legal), rng)
            except Exception:  # a policy bug must not end a search; play randomly instead
                action = legal[randrange(len(legal))]
        if mast is not None:
            mast.trace.append(action * 8 + player)
        state.apply_action(action)


def _chances(totals: list[float], error: float) -> list[float]:
    """Each seat's chance of winning a game that ends with ``totals`` give or take
    normal noise of ``error`` points in each difference of two (a judge's totals):
    the product, over its rivals, of the chance that it stays ahead of them. (A
    product of the pairs is not the chance of leading all of them at once, which are
    not independent, but it orders seats and moves alike and needs no integral.)
    With no error, the game's result: 1 for a lone leader, a tie shared."""
    if error <= 0.0:
        best = max(totals)
        top = sum(1 for t in totals if t == best)
        return [1.0 / top if t == best else 0.0 for t in totals]
    scale = 1.0 / (error * math.sqrt(2.0))
    erf = math.erf
    out: list[float] = []
    for p, mine in enumerate(totals):
        v = 1.0
        for q, theirs in enumerate(totals):
            if q != p:
                v *= 0.5 * (1.0 + erf((mine - theirs) * scale))
        out.append(v)
    return out


def _values(
    state: State, start: list[float], margin: float = 0.0, lead: float = 0.0
) -> list[float]:
    """Rewards in [0, 1] for each seat: ``returns()`` at the end of the game; at a
    cutoff, each seat's share of the points scored since the determinization was
    drawn (``start``), negative gains counted as none, equal shares if nobody scored.
    (A share of the points, unlike "the leader takes all", still tells a 9-1 round
    from a 10-0 one, so the search can compare moves that all lead to a won round.)
    With ``margin`` > 0 a finished game is worth ``(1 - margin) * returns`` plus
    ``margin`` times the seat's lead over its best rival, squashed into [0, 1]: the
    search then also tells a close win from a safe one, and a near loss from a rout,
    where most playouts end alike.
    With ``lead`` > 0 a playout cut before the game's end is valued by the game so
    far, not by the points since the draw: each seat gets ``1 / (1 + exp(-d / lead))``
    of its total score's lead ``d`` over its best rival (a seat ``lead`` points ahead
    gets 0.73, twice that 0.88), the way a finished game values a win, so the search
    plays to be ahead when the round ends rather than for its share of the round."""
    if state.is_terminal():
        if margin <= 0.0:
            return state.returns()
        returns = state.returns()
        scores = state.scores()
        out = []
        for p, mine in enumerate(scores):
            best = max(s for q, s in enumerate(scores) if q != p)
            edge = math.tanh(2.0 * (mine - best) / (abs(mine) + abs(best) + 1.0))
            out.append((1.0 - margin) * returns[p] + margin * 0.5 * (1.0 + edge))
        return out
    if lead > 0.0:
        scores = state.scores()
        out = []
        for p, mine in enumerate(scores):
            best = max(s for q, s in enumerate(scores) if q != p)
            out.append(1.0 / (1.0 + math.exp((best - mine) / lead)))
        return out
    return _shares(state, start)


def _shares(state: State, start: list[float]) -> list[float]:
    """Each seat's share of the points scored since ``start``, negative gains counted
    as none, equal shares if nobody scored."""
    gains = [max(0.0, s - b) for s, b in zip(state.scores(), start, strict=True)]
    total = sum(gains)
    if total <= 0:
        return [1.0 / len(gains)] * len(gains)
    return [g / total for g in gains]


class _Playout:
    """How a search plays a determinization out and values it for every seat: the
    playout policy, where the playout stops, and the judge (resolved once a search)."""

    def __init__(self, searcher: ISMCTS, infoset: InfoSet) -> None:
        from seedbed.agents.heuristic import compact_policy_for, policy_for

        self.rollout = _heuristic_rollout if searcher.rollout == "heuristic" else _random_rollout
        self.noise = noise = searcher.noise
        self.policy: Policy = policy_for(infoset.game, searcher.sharp)
        self.fast: CompactPolicy | None = compact_policy_for(infoset.game, searcher.sharp)
        self.margin = margin = searcher.margin
        self.lead = lead = searcher.lead
        cutoff: Cutoff = searcher.cutoff
        if cutoff == "auto":
            from seedbed.agents.heuristic import playout_cutoff

            cutoff = playout_cutoff(infoset.game)
        if searcher.horizon > 0:
            cutoff = ("at", infoset.move_number() + searcher.horizon)
        self.cutoff = cutoff
        self.chance = searcher.chance
        self.shares = searcher.shares and cutoff == "round" and margin == 0.0 and lead == 0.0
        self.players = infoset.game.num_players
        self.mast: _Mast | None = (
            _Mast(searcher.mast)
            if searcher.mast > 0.0 and searcher.rollout == "heuristic" and noise == 0.0
            else None  # (the spec refuses mast with random or noisy playouts)
        )
        self.judge: PlayoutJudge | None = None
        if (
            searcher.judge
            and searcher.rollout == "heuristic"
            and cutoff == "round"
            and self.fast is not None
            and noise == 0.0
            and lead == 0.0
        ):
            from seedbed.agents.heuristic import playout_judge_for

            self.judge = playout_judge_for(infoset.game, noisy=searcher.noisy, inner=searcher.inner)

    def values(self, state: State, start: list[float], rng: random.Random) -> list[float]:
        """Play ``state`` out (in place) and return each seat's reward in [0, 1]
        (``start``: the scores when the determinization was drawn)."""
        values = self._played(state, start, rng)
        if self.mast is not None:
            self.mast.learn(values)
        return values

    def _played(self, state: State, start: list[float], rng: random.Random) -> list[float]:
        """:meth:`values` but for the move-averages' learning."""
        rollout, cutoff, policy, fast, noise, mast = (
            self.rollout,
            self.cutoff,
            self.policy,
            self.fast,
            self.noise,
            self.mast,
        )
        judge = self.judge
        # With a judge, the playout stops at its point (the judge's moves before the
        # round's end), the judge notes the seats there, and the same playout goes
        # on: two legs of one line of play. A point past the judge's first
        # (``inner``) is one in the part of the round it judges, where the points
        # scored before it count as they fell.
        notes = None
        at_mark: list[float] = []
        inner = False
        if judge is not None:
            left = state.round_moves_left()
            if left is not None and (point := judge.point(left)) >= 0:
                mark = state.move_number() + left - point
                inner = point < judge.moves_before_end
                if mark > state.move_number():
                    rollout(state, rng, ("at", mark), policy, fast, noise, mast)
                if state.move_number() == mark:
                    views = [state.compact_view(p) for p in range(self.players)]
                    notes = judge.note(views)
                    at_mark = state.scores()
        # The leg after the judge's point plays with the judge's own noise.
        leg_noise = noise if notes is None or judge is None else judge.leg_noise
        rollout(state, rng, cutoff, policy, fast, leg_noise, mast)
        if notes is not None and judge is not None:
            gains = [s - b for s, b in zip(state.scores(), at_mark, strict=True)]
            if inner:
                # The game's end stays valued by the game, as without the inner points.
                if not state.is_terminal():
                    shares = judge.values(notes, gains)
                    before = [max(0.0, b - s) for b, s in zip(at_mark, start, strict=True)]
                    after = sum(gains)
                    total = sum(before) + after
                    if total > 0:
                        return [
                            (b + v * after) / total for b, v in zip(before, shares, strict=True)
                        ]
            else:
                values = judge.values(notes, gains)
                if self.chance and state.is_terminal():
                    # The judged totals at the game's end: the points before the
                    # judge's point and the judge's shares of the round's points.
                    points = sum(gains)
                    totals = [b + v * points for b, v in zip(at_mark, values, strict=True)]
                    values = _chances(totals, judge.error)
                return values
        if self.shares and state.is_terminal():
            return _shares(state, start)
        return _values(state, start, self.margin, self.lead)

    def after_each(self, world: State, moves: list[int], seed: int, seat: int) -> list[float]:
        """``seat``'s value of ``world`` played out after each of ``moves``, every
        playout from the same determinization with a generator seeded ``seed``
        (common random numbers). ``world`` itself is used up by the last move."""
        start = world.scores()
        out: list[float] = []
        last = len(moves) - 1
        for i, a in enumerate(moves):
            state = world if i == last else world.clone()
            state.apply_action(a)
            out.append(self.values(state, start, random.Random(seed))[seat])
        return out


class ISMCTS:
    """The searcher. ``iterations`` and ``seconds`` (CPU seconds) bound each decision
    (either may be ``None``; at least one must be set)."""

    def __init__(
        self,
        iterations: int | None = DEFAULT_ITERATIONS,
        seconds: float | None = None,
        c: float = DEFAULT_C,
        rollout: str = DEFAULT_ROLLOUT,
        cutoff: str | int | None = "auto",
        seed: int | None = None,
        bias: float = DEFAULT_BIAS,
        depth: int = DEFAULT_DEPTH,
        turns: bool = False,
        margin: float = 0.0,
        adapt: float = 1.0,
        settle: float = DEFAULT_SETTLE,
        noise: float = 0.0,
        lead: float = 0.0,
        horizon: int = 0,
        widen: int = 0,
        sharp: bool = False,
        judge: bool = False,
        chance: bool = False,
        shares: bool = False,
        paired: bool = False,
        noisy: bool = False,
        mast: float = 0.0,
        inner: int = 0,
    ) -> None:
        check_budget("ismcts", iterations, seconds)
        if not (
            cutoff in ("auto", "score", "round", None) or (isinstance(cutoff, int) and cutoff > 0)
        ):
            raise ValueError(
                "ismcts cutoff must be auto, score, round, none or a whole number > 0, "
                f"not {cutoff!r}"
            )
        if depth < 0:
            raise ValueError(f"ismcts depth must be 0 (no limit) or more, not {depth}")
        if rollout not in ("random", "heuristic"):
            raise ValueError(f"ismcts rollout must be random or heuristic, not {rollout!r}")
        if paired and (depth != 1 or turns or adapt > 1.0 or widen > 0):
            # Halving has no tree below the root's moves and spends its whole budget.
            raise ValueError(
                "ismcts paired=1 searches the root's moves alone: no depth, turns, adapt or widen"
            )
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout = rollout
        #: Where playouts stop: ``"score"`` at the first change of ``scores()``,
        #: ``"round"`` at the end of the round in play, an int ``n`` at the next
        #: multiple of ``n`` moves, ``None`` at the end of the game,
        #: ``"auto"`` as the game declares (``Game.playout_horizon``).
        self.cutoff = cutoff
        #: Progressive bias toward the heuristic's move: ``bias / (visits + 1)`` is
        #: added to its UCB score, and it is expanded first (0: off).
        self.bias = bias
        #: The tree holds at most this many actions from the root (0: no limit) ...
        self.depth = depth
        #: ... or, with ``turns``, this many turns: runs of consecutive decisions of
        #: one seat (a SOW turn's take, placings, colour and Garden action; a Harvest
        #: turn's house, village and action), so that ``depth=1`` searches the whole
        #: of the seat's own turn instead of its first decision.
        self.turns = turns
        #: Weight of the score margin in the reward of a finished game (0: win/loss).
        self.margin = margin
        #: With ``adapt`` > 1 the budget is what a decision spends on average, not
        #: always: after half of it the search stops as soon as its most visited move
        #: holds ``settle`` of the root's visits, and otherwise goes on, a twelfth of
        #: the budget at a time, up to ``adapt`` times the budget. Clear decisions
        #: then pay for hard ones, with no memory between decisions (a server's bot
        #: is made afresh for each move). With two legal moves the most visited one
        #: always holds half the visits, so at ``settle=0.5`` such a decision always
        #: stops at half the budget and the rest goes to decisions with more moves
        #: (in SOW that did better than going on while two moves stay close:
        #: docs/strength.md, thirteenth run).
        self.adapt = adapt
        self.settle = settle
        #: Heuristic playouts only: the chance that a playout decision is a uniformly
        #: random legal move instead of the heuristic's (0: never).
        self.noise = noise
        #: At a cutoff before the game's end, value the total score's lead (its
        #: scale in points) instead of the share of the points since the draw (0).
        self.lead = lead
        #: Playouts stop this many moves after the root (0: as ``cutoff`` says), valued
        #: like a cutoff's: games played out to their end (SOW) get more, shorter
        #: playouts, judged by the score there (with ``lead``, by its lead).
        self.horizon = horizon
        #: Progressive unpruning at the root (0: off): the search starts with the
        #: heuristic's ``widen`` best moves (it ranks them by choosing again among
        #: the rest) and lets in the next one each time the root's visits double
        #: from :data:`WIDEN_FIRST`, so a small budget is spent on the plausible
        #: moves instead of spread over every legal one.
        self.widen = widen
        #: Heuristic playouts (and the bias and widening rankings) use the game's
        #: sharper policy where it has one (``seedbed.agents.heuristic.policy_for``).
        self.sharp = sharp
        #: Heuristic playouts cut at a round's end are valued by the game's playout
        #: judge where its heuristic offers one (SEWN: the Harvest hands as well as
        #: the tricks; ``seedbed.agents.heuristic.playout_judge_for``), else as usual
        #: (also with ``noise`` or ``lead``, random playouts or another cutoff).
        self.judge = judge
        #: With ``chance``, a judged playout that ends the game is valued by each
        #: seat's chance of winning it (the judged totals, give or take the judge's
        #: ``error``), as an unjudged one is by the game's result, not by its share
        #: of the last round's points.
        self.chance = chance
        #: With ``shares``, an unjudged playout cut at a round's end is worth its
        #: share of the round's points there in the last round too, not the game's
        #: result (``cutoff`` "round", without ``margin`` or ``lead``).
        self.shares = shares
        #: With ``paired``, the root's moves are compared on common worlds by
        #: sequential halving (:meth:`halving`) instead of by UCB on a world each.
        self.paired = paired
        #: With ``noisy`` (and ``judge``), the leg a judge values is played with the
        #: judge's own noise and valued by its weights for such playouts: the mean
        #: of many noisy lines, which the search's average over its iterations makes,
        #: predicts the tricks better than one deterministic line.
        self.noisy = noisy
        #: Heuristic playouts (without ``noise``): the chance that a decision is
        #: the move-average's best move instead of the policy's (:class:`_Mast`).
        self.mast = mast
        #: With ``judge``, the judge also values the playouts of decisions in the
        #: first ``inner`` of its steps past its point where it can (SEWN: at the
        #: end of the trick in play, in the Harvest's first ``inner`` tricks).
        self.inner = inner
        self.rng = random.Random(seed)
        #: Iterations run by the last :meth:`search` (for benchmarks).
        self.last_iterations = 0
        #: The root of the last search (kept by agents that reuse their tree).
        self.last_root: _Node | None = None

    def search(self, infoset: InfoSet, root: _Node | None = None) -> _Node:
        """Build the tree for ``infoset`` and return its root (``root``: a tree kept
        from the seat's previous decision, whose statistics the search adds to)."""
        rng = self.rng
        c = self.c
        log = math.log
        sqrt = math.sqrt
        if root is None:
            root = _Node()
        limit = self.iterations
        # CPU time, not wall-clock: a loaded machine slows the search, not its budget.
        clock = time.process_time
        deadline = None if self.seconds is None else clock() + self.seconds
        bias = self.bias
        play = _Playout(self, infoset)
        policy = play.policy
        fast = play.fast
        mast = play.mast
        max_depth = self.depth if self.depth > 0 else 1 << 30
        by_turn = self.turns
        order: list[int] = []
        allowed: set[int] = set()
        open_moves = 0
        next_unlock = WIDEN_FIRST
        if self.widen > 0:
            order = self._ranking(infoset, policy, fast)
            open_moves = min(len(order), self.widen)
            allowed = set(order[:open_moves])
        done = 0
        while (limit is None or done < limit) and (deadline is None or clock() < deadline):
            done += 1
            # (A kept root may be past several unlocks already: catch up here.)
            while open_moves and root.visits >= next_unlock and open_moves < len(order):
                open_moves += 1
                next_unlock *= 2
                allowed = set(order[:open_moves])
            state = infoset.sample(rng)
            start = state.scores()
            node = root
            path: list[tuple[_Node, int]] = []
            turn = 1
            last = -1
            # Selection and expansion (not below max_depth: the playout takes over).
            while not state.is_terminal():
                player = state.current_player()
                assert player is not None
                if by_turn:
                    if player != last and last >= 0:
                        turn += 1
                    if turn > max_depth:
                        break
                    last = player
                elif len(path) >= max_depth:
                    break
                legal = state.legal_actions()
                if open_moves and node is root:
                    legal = [a for a in legal if a in allowed] or legal
                children = node.children
                hint = -1
                if bias > 0.0 and len(legal) > 1:
                    hint = node.hint
                    if hint < 0:
                        if fast is not None:
                            hint = fast(state.compact_view(player), player, legal, rng)
                        else:
                            hint = policy(_SeatObservation(state, player, legal), rng)
                        node.hint = hint
                untried = [a for a in legal if a not in children]
                if untried:
                    if hint in untried:
                        action = hint
                    else:
                        action = (
                            untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                        )
                    for a in legal:
                        if a in children:
                            children[a].avail += 1
                    child = children[action] = _Node()
                    if mast is not None:
                        mast.trace.append(action * 8 + player)
                    state.apply_action(action)
                    path.append((child, player))
                    break
                best = -1.0
                action = legal[0]
                child = children[action]
                for a in legal:
                    ch = children[a]
                    ch.avail += 1
                    score = ch.total / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                    if a == hint:
                        score += bias / (ch.visits + 1)
                    if score > best:
                        best = score
                        action = a
                        child = ch
                if mast is not None:
                    mast.trace.append(action * 8 + player)
                state.apply_action(action)
                path.append((child, player))
                node = child
            values = play.values(state, start, rng)
            # Backpropagation.
            root.visits += 1
            for child, mover in path:
                child.visits += 1
                child.total += values[mover]
        self.last_iterations = done
        return root

    def halving(self, infoset: InfoSet) -> _Node:
        """Sequential halving over the root's moves on common worlds (``paired``):
        the budget is split evenly over ``ceil(log2(moves))`` rounds; in each, every
        world drawn is played out once after each move still in, from the same
        determinization and with the same playout seed, and the better half of the
        moves (by their mean over all the worlds so far, common to all of them) goes
        on. With a deterministic playout policy a world's values of two moves then
        differ only by what the moves do in it: the luck of the deal, which one
        world per iteration adds to every comparison (UCB's), cancels out. The
        root's children carry each move's playouts and total, so the move kept
        longest has the most visits (the last two tie, and the better mean wins).
        Every round draws at least one world, so a budget smaller than about twice
        the number of moves is overspent."""
        rng = self.rng
        play = _Playout(self, infoset)
        me = infoset.player
        moves = infoset.legal_actions()
        root = _Node()
        for a in moves:
            root.children[a] = _Node()
        clock = time.process_time
        began = clock()
        rounds = max(1, math.ceil(math.log2(len(moves))))
        done = 0
        alive = list(moves)
        for r in range(rounds):
            if self.iterations is not None:
                worlds = max(1, self.iterations // rounds // len(alive))
            else:
                worlds = 1 << 30
            deadline = None if self.seconds is None else began + self.seconds * (r + 1) / rounds
            drawn = 0
            while drawn < worlds and (drawn == 0 or deadline is None or clock() < deadline):
                drawn += 1
                world = infoset.sample(rng)
                seed = rng.getrandbits(64)
                for a, value in zip(alive, play.after_each(world, alive, seed, me), strict=True):
                    child = root.children[a]
                    child.visits += 1
                    child.total += value
                done += len(alive)
            root.visits += drawn
            if len(alive) > 1 and r < rounds - 1:
                # Stable: of equal means, the move listed first stays.
                alive.sort(key=lambda a: -root.children[a].total)
                alive = alive[: (len(alive) + 1) // 2]
        self.last_iterations = done
        return root

    def _ranking(self, infoset: InfoSet, policy: Policy, fast: CompactPolicy | None) -> list[int]:
        """The root's legal moves, best first by the heuristic: its choice, then its
        choice among the rest, and so on (on one determinization: the seat's view is
        the same in all of them)."""
        rng = self.rng
        state = infoset.sample(rng)
        me = infoset.player
        rest = infoset.legal_actions()
        order: list[int] = []
        while len(rest) > 1:
            if fast is not None:
                action = fast(state.compact_view(me), me, rest, rng)
            else:
                action = policy(_SeatObservation(state, me, rest), rng)
            order.append(action)
            rest.remove(action)
        order.extend(rest)
        return order

    def _settled(self, root: _Node) -> bool:
        most = 0
        for child in root.children.values():
            if child.visits > most:
                most = child.visits
        return most >= self.settle * root.visits

    def _adaptive(self, infoset: InfoSet, root: _Node | None) -> _Node:
        """:meth:`search` in steps, stopping once the decision has settled (``adapt``)."""
        iterations, seconds = self.iterations, self.seconds
        done = 0
        try:
            if seconds is not None:
                self.iterations = None
                clock = time.process_time
                began = clock()
                self.seconds = seconds / 2
                node = self.search(infoset, root)
                done = self.last_iterations
                self.seconds = seconds / 12
                while clock() - began < seconds * self.adapt and not self._settled(node):
                    node = self.search(infoset, node)
                    done += self.last_iterations
            else:
                assert iterations is not None
                step = max(1, iterations // 12)
                most = int(iterations * self.adapt)
                self.iterations = max(1, iterations // 2)
                node = self.search(infoset, root)
                done = self.last_iterations
                while done < most and not self._settled(node):
                    self.iterations = min(step, most - done)
                    node = self.search(infoset, node)
                    done += self.last_iterations
        finally:
            self.iterations, self.seconds = iterations, seconds
        self.last_iterations = done
        return node

    def ranked(self, infoset: InfoSet, root: _Node | None = None) -> list[tuple[int, int, float]]:
        """Root actions as ``(action, visits, mean reward)``, most visited first."""
        legal = infoset.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            self.last_root = None
            return [(legal[0], 0, float("nan"))]
        if self.paired:
            root = self.halving(infoset)
        elif self.adapt <= 1.0:
            root = self.search(infoset, root)
        else:
            root = self._adaptive(infoset, root)
        self.last_root = root
        rows = []
        for a in legal:
            ch = root.children.get(a)
            if ch is None:
                rows.append((a, 0, float("nan")))
            else:
                rows.append((a, ch.visits, ch.total / ch.visits if ch.visits else float("nan")))
        # Most visits, then best mean, then the smallest action (stable and seed-free).
        rows.sort(key=lambda r: (-r[1], -(r[2] if r[2] == r[2] else -1.0), r[0]))
        return rows


class ISMCTSAgent:
    """The ``ismcts`` agent: one search per decision; with ``reuse``, a decision that
    follows the seat's own previous move (the next step of its turn) starts from the
    subtree of that move instead of an empty tree."""

    name = "ismcts"

    def __init__(self, searcher: ISMCTS, reuse: bool = False) -> None:
        self.searcher = searcher
        self.reuse = reuse
        #: (game, seat, move number after our move, the subtree below our move).
        self._kept: tuple[Any, int, int, _Node] | None = None

    def select_action(self, infoset: InfoSet) -> int:
        root = None
        kept = self._kept
        self._kept = None
        if (
            kept is not None
            and kept[0] is infoset.game
            and kept[1] == infoset.player
            and kept[2] == infoset.move_number()
        ):
            root = kept[3]
        action = self.searcher.ranked(infoset, root)[0][0]
        if self.reuse:
            last = self.searcher.last_root
            child = None if last is None else last.children.get(action)
            if child is not None:
                self._kept = (infoset.game, infoset.player, infoset.move_number() + 1, child)
        return action


def top_moves(
    infoset: InfoSet,
    seconds: float | None = None,
    iterations: int | None = None,
    *,
    count: int = 5,
    seed: int | None = 0,
    rollout: str = "heuristic",
) -> list[tuple[str, float]]:
    """The best moves ISMCTS finds for ``infoset``'s seat: ``(notation, estimated win
    share)``, best first, at most ``count``. The search runs for ``seconds`` (CPU) and/or
    ``iterations``, whichever ends first (one second if neither is given). Heuristic
    playouts by default: in a second they give far better estimates than random ones
    in games as long as these."""
    if iterations is None and seconds is None:
        seconds = 1.0
    searcher = ISMCTS(iterations=iterations, seconds=seconds, rollout=rollout, seed=seed)
    out: list[tuple[str, float]] = []
    for action, _visits, mean in searcher.ranked(infoset)[:count]:
        share = 0.0 if mean != mean else mean
        out.append((infoset.action_to_string(action), round(share, 3)))
    return out


#: The spec options of ``ismcts`` (see :func:`_make` and docs/agents.md).
OPTIONS: frozenset[str] = frozenset(
    {
        "iterations",
        "time",
        "rollout",
        "c",
        "cutoff",
        "bias",
        "depth",
        "turns",
        "reuse",
        "margin",
        "adapt",
        "judge",
        "settle",
        "noise",
        "lead",
        "horizon",
        "widen",
        "sharp",
        "chance",
        "shares",
        "paired",
        "noisy",
        "mast",
        "inner",
    }
)


def _flag(options: dict[str, str], name: str) -> bool:
    return flag_option("ismcts", name, options.get(name, "0"))


def _cutoff(text: str) -> str | int | None:
    text = text.lower()
    if text in ("auto", "score", "round"):
        return text
    if text == "true":
        return "score"
    if text in ("none", "false"):
        return None
    if text.isascii() and text.isdigit() and int(text) > 0:
        return int(text)
    raise ValueError(
        "agent 'ismcts' option cutoff takes auto, score (or true), round, none (or "
        f"false) or a number of moves per round, not {text!r}"
    )


def _make(options: dict[str, str], seed: int | None) -> ISMCTSAgent:
    reject_unknown("ismcts", options, set(OPTIONS))
    iterations, seconds = budget_options("ismcts", options, DEFAULT_ITERATIONS)

    def number(name: str, default: float, low: float | None, high: float | None) -> float:
        return (
            number_option("ismcts", name, options[name], low, high) if name in options else default
        )

    rollout = options.get("rollout", DEFAULT_ROLLOUT)
    if rollout not in ("random", "heuristic"):
        raise ValueError(
            f"agent 'ismcts' option rollout takes random or heuristic, not {rollout!r}"
        )
    depth = whole_option("ismcts", "depth", options.get("depth", str(DEFAULT_DEPTH)))
    if _flag(options, "noisy") and not _flag(options, "judge"):
        raise ValueError("agent 'ismcts' option noisy=1 plays the judged leg noisily: add judge=1")
    steered = "mast" in options and number("mast", 0.0, 0, 1) > 0.0
    if steered and (
        rollout != "heuristic" or number("noise", 0.0, 0, 1) > 0.0 or _flag(options, "noisy")
    ):
        raise ValueError(
            "agent 'ismcts' option mast=E steers the heuristic's playouts: "
            "not with rollout=random, noise or noisy"
        )
    inner = whole_option("ismcts", "inner", options.get("inner", "0"))
    if inner and (not _flag(options, "judge") or _flag(options, "noisy")):
        raise ValueError(
            "agent 'ismcts' option inner=K widens the judge's reach: add judge=1 (not noisy=1)"
        )
    if _flag(options, "paired") and _flag(options, "reuse"):
        raise ValueError("agent 'ismcts' option paired=1 keeps no tree to reuse: drop reuse=1")
    return ISMCTSAgent(
        ISMCTS(
            iterations=iterations,
            seconds=seconds,
            c=number("c", DEFAULT_C, None, None),
            rollout=rollout,
            cutoff=_cutoff(options.get("cutoff", "auto")),
            seed=seed,
            bias=number("bias", DEFAULT_BIAS, 0, None),
            depth=depth,
            turns=_flag(options, "turns"),
            margin=number("margin", 0.0, 0, 1),
            adapt=number("adapt", 1.0, 1, 100),
            settle=number("settle", DEFAULT_SETTLE, 0.01, 1),
            noise=number("noise", 0.0, 0, 1),
            lead=number("lead", 0.0, 0, None),
            horizon=whole_option("ismcts", "horizon", options.get("horizon", "0")),
            widen=whole_option("ismcts", "widen", options.get("widen", "0")),
            sharp=_flag(options, "sharp"),
            judge=_flag(options, "judge"),
            chance=_flag(options, "chance"),
            shares=_flag(options, "shares"),
            paired=_flag(options, "paired"),
            noisy=_flag(options, "noisy"),
            mast=number("mast", 0.0, 0, 1),
            inner=inner,
        ),
        reuse=_flag(options, "reuse"),
    )


register_agent(
    "ismcts",
    _make,
    "information-set MCTS (iterations=600 | time=CPU seconds, rollout=heuristic|random, c=0.7, "
    "cutoff=auto|score|round|none|N, bias=1, depth=1; depth=0: no limit; turns=1: depth in "
    "turns, reuse=1, adapt=X with settle=0.5, margin=W, noise=P, lead=S, horizon=N, widen=K, "
    "sharp=1, judge=1, inner=K, noisy=1, chance=1, shares=1, paired=1, mast=E: docs/agents.md)",
)

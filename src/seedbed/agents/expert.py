"""The expert level's search, and a flat-search experiment (issue 16).

Two agents:

- ``endgame`` (:class:`EndgameAgent`, the ``expert`` level): today's default ISMCTS,
  except where a two-player position has no hidden information left and few moves to
  the end of the round; there the move is solved exactly
  (:mod:`seedbed.agents.endgame`).
- ``flat`` (:class:`ExpertSearch`): flat Monte Carlo at the root with three changes
  meant to tell the moves apart better with the same playouts. Measured *weaker* than
  today's ISMCTS at equal CPU in Four Fields and Harvest (``docs/strength.md``), kept
  so that the comparison can be rerun and improved:

  1. **Sequential halving** (Karnin, Koren and Somekh 2013; for MCTS roots, Pepels et
     al. 2014) instead of UCB: the budget is split into ``ceil(log2 K)`` phases; in
     each phase every surviving move gets the same share of playouts, then the worse
     half is dropped (it aims at simple regret, the chance of playing a worse move).
  2. **Paired samples** (common random numbers): in a phase, each determinization is
     played out once after *every* surviving move, each playout seeded alike, so the
     luck of the deal is shared by the moves compared.
  3. **A reward that counts the margin**: a game played out to the end is worth
     ``win * returns + (1 - win) * margin`` to the seat, the margin being its score
     against the best rival's, scaled into [0, 1]; a playout cut at the end of a round
     (SEWN, Four Fields) is valued like ISMCTS's, by the seat's share of the points
     scored since the determinization was drawn.

  What it lacks is ISMCTS's prior: progressive bias expands and favours the
  heuristic's move first, while the first halving phase spreads a playout or two over
  every move and drops half of them on that noise.

Both decide only from the seat's :class:`InfoSet` (``infoset.sample``) and play
through the protocol, like every agent. ``time=`` budgets CPU seconds
(``time.process_time``: a loaded machine then slows both rivals alike instead of
taking think time from whichever runs in the busier moment); ``iterations=`` makes a
decision exactly reproducible for a seed.
"""

from __future__ import annotations

import math
import random
import time

from seedbed.agents.base import (
    budget_options,
    check_budget,
    flag_option,
    number_option,
    register_agent,
    reject_unknown,
    whole_option,
)
from seedbed.agents.endgame import (
    NodeBudgetExceeded,
    Outcomes,
    Table,
    endgame_moves,
    solve,
    turn_end_moves,
    turn_outcomes,
)
from seedbed.agents.heuristic import CompactPolicy, Policy, playout_cutoff, policy_for
from seedbed.agents.ismcts import DEFAULT_ITERATIONS as ISMCTS_ITERATIONS
from seedbed.agents.ismcts import ISMCTS, _heuristic_rollout, _values
from seedbed.core.protocol import InfoSet, State

#: Playouts a decision when neither budget is given.
DEFAULT_ITERATIONS = 600
#: Positions with at most this many moves left and no hidden information (two
#: players: :func:`seedbed.agents.endgame.endgame_moves`) are solved exactly ...
ENDGAME_MOVES = 8
#: ... unless the solver needs more nodes than this (then the playouts decide).
ENDGAME_NODES = 20_000
#: Worlds sampled to search the outcome at the next check of the game's end (games
#: that declare one in :data:`seedbed.agents.endgame.TURN_ENDS`, today two-player
#: Harvest), or 0: never. Off by default, so not in the ``expert`` level: with
#: ``worlds=8`` it measured 50-50 with ISMCTS at equal CPU (``docs/strength.md``) ...
TURN_WORLDS = 0
#: ... within this many nodes in all (past it, ISMCTS alone decides).
TURN_NODES = 20_000
#: How much better (in expected game result, -1 to 1) a move the outcome search
#: prefers must be than ISMCTS's choice to replace it.
TURN_MARGIN = 0.05
#: Weight of the win/loss result in the reward of a playout that reaches the game's end
#: (the rest is the score margin).
WIN_WEIGHT = 0.6


def _reward(state: State, start: list[float], seat: int, win_weight: float) -> float:
    """The value in [0, 1] of a finished playout for ``seat``."""
    if not state.is_terminal():
        return _values(state, start)[seat]
    won = state.returns()[seat]
    scores = state.scores()
    mine = scores[seat]
    best = max(s for p, s in enumerate(scores) if p != seat)
    margin = (mine - best) / (abs(mine) + abs(best) + 1.0)
    return win_weight * won + (1.0 - win_weight) * 0.5 * (1.0 + margin)


def paired_playouts(
    world: State,
    moves: list[int],
    seed: int,
    cutoff: str | int | None,
    policy: Policy,
    fast: CompactPolicy | None = None,
) -> list[State]:
    """``world`` played on after each of ``moves`` by the heuristic ``policy`` (its
    compact form ``fast`` if given), every playout seeded with ``seed``: the luck of
    the world is shared by the moves compared (common random numbers). The states
    where the playouts stopped, in the order of ``moves``."""
    ends = []
    for a in moves:
        state = world.clone()
        state.apply_action(a)
        _heuristic_rollout(state, random.Random(seed), cutoff, policy, fast)
        ends.append(state)
    return ends


class ExpertSearch:
    """Sequential halving over the root moves with paired heuristic playouts.

    ``iterations`` bounds the playouts, ``seconds`` the CPU time of a decision; at
    least one must be set (with both, whichever ends first)."""

    def __init__(
        self,
        iterations: int | None = DEFAULT_ITERATIONS,
        seconds: float | None = None,
        seed: int | None = None,
        win_weight: float = WIN_WEIGHT,
        endgame_moves: int = ENDGAME_MOVES,
        endgame_nodes: int = ENDGAME_NODES,
    ) -> None:
        check_budget("expert search", iterations, seconds)
        self.iterations = iterations
        self.seconds = seconds
        self.win_weight = win_weight
        #: Solve exactly (two players, no hidden information) with at most this many
        #: moves left (0: never) and this many nodes.
        self.endgame_moves = endgame_moves
        self.endgame_nodes = endgame_nodes
        #: Whether the last decision was solved exactly.
        self.last_solved = False
        self.rng = random.Random(seed)
        #: Playouts run by the last decision (for benchmarks and tests).
        self.last_iterations = 0

    def ranked(self, infoset: InfoSet) -> list[tuple[int, int, float]]:
        """Root moves as ``(action, playouts, mean reward)``, the chosen move first
        (then the moves dropped last, best mean first)."""
        legal = infoset.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return [(legal[0], 0, float("nan"))]
        rng = self.rng
        seat = infoset.player
        clock = time.process_time
        began = clock()
        moves_left = endgame_moves(infoset)
        if moves_left is not None and moves_left <= self.endgame_moves:
            try:
                # Half the time at most, so that the playouts still have some.
                deadline = None if self.seconds is None else began + self.seconds / 2
                values = solve(infoset.sample(rng), seat, moves_left, self.endgame_nodes, deadline)
            except NodeBudgetExceeded:
                pass
            else:
                self.last_iterations = 0
                self.last_solved = True
                # The first key is a best move (the others' values are bounds).
                first, *rest = values.items()
                rows = [first, *sorted(rest, key=lambda r: (-r[1], r[0]))]
                return [(a, 0, v) for a, v in rows]
        self.last_solved = False
        win_weight = self.win_weight
        policy = policy_for(infoset.game)
        cutoff = playout_cutoff(infoset.game)
        total: dict[int, float] = dict.fromkeys(legal, 0.0)
        count: dict[int, int] = dict.fromkeys(legal, 0)
        dropped: list[int] = []
        alive = list(legal)
        phases = max(1, math.ceil(math.log2(len(alive))))
        done = 0
        for phase in range(phases):
            left = phases - phase
            # This phase's share of what is left of each budget.
            play_cap = None
            if self.iterations is not None:
                play_cap = done + max(len(alive), (self.iterations - done) // left)
            time_cap = None
            if self.seconds is not None:
                time_cap = clock() + max(0.0, began + self.seconds - clock()) / left
            while True:
                # One determinization, played out after every surviving move alike.
                world = infoset.sample(rng)
                start = world.scores()
                ends = paired_playouts(world, alive, rng.getrandbits(64), cutoff, policy)
                for a, state in zip(alive, ends, strict=True):
                    total[a] += _reward(state, start, seat, win_weight)
                    count[a] += 1
                done += len(alive)
                if play_cap is not None and done + len(alive) > play_cap:
                    break
                if time_cap is not None and clock() >= time_cap:
                    break
            if len(alive) > 1:
                alive.sort(key=lambda a: (-total[a] / count[a], a))
                keep = max(1, (len(alive) + 1) // 2) if phase < phases - 1 else 1
                dropped = alive[keep:] + dropped
                alive = alive[:keep]
        self.last_iterations = done
        order = alive + dropped
        return [(a, count[a], total[a] / count[a] if count[a] else float("nan")) for a in order]


class ExpertAgent:
    """The ``flat`` agent: one fresh :class:`ExpertSearch` decision per move."""

    name = "expert-search"

    def __init__(self, searcher: ExpertSearch) -> None:
        self.searcher = searcher

    def select_action(self, infoset: InfoSet) -> int:
        return self.searcher.ranked(infoset)[0][0]


def _make(options: dict[str, str], seed: int | None) -> ExpertAgent:
    reject_unknown("flat", options, {"iterations", "time", "win", "endgame"})
    iterations, seconds = budget_options("flat", options, DEFAULT_ITERATIONS)
    win = WIN_WEIGHT
    if "win" in options:
        win = number_option("flat", "win", options["win"])
        if not 0.0 <= win <= 1.0:
            raise ValueError(f"agent 'flat' option win takes a number from 0 to 1, not {win}")
    endgame = whole_option("flat", "endgame", options.get("endgame", str(ENDGAME_MOVES)), 0)
    return ExpertAgent(
        ExpertSearch(
            iterations=iterations,
            seconds=seconds,
            seed=seed,
            win_weight=win,
            endgame_moves=endgame,
        )
    )


register_agent(
    "flat",
    _make,
    "sequential halving over the root moves with paired heuristic playouts "
    "(time=CPU seconds or iterations=playouts; win=weight of win/loss against the margin)",
)


#: ISMCTS iterations a chunk of a ``time=`` decision (see :class:`EndgameAgent`).
CHUNK = 64


class EndgameAgent:
    """The ``endgame`` agent: today's default ISMCTS, with exact endgames.

    Where :func:`~seedbed.agents.endgame.endgame_moves` says the position is a
    two-player endgame with no hidden information and at most ``endgame_moves`` moves
    left, the move is solved exactly (:func:`~seedbed.agents.endgame.solve`, within a
    node budget and half the time budget); everywhere else (and when the solver gives
    up) the default ISMCTS decides. With ``turn_worlds`` (the ``worlds=`` option; off
    by default) and a game that declares when its end is next checked
    (:data:`~seedbed.agents.endgame.TURN_ENDS`: two-player Harvest), the outcome
    there is searched over that many sampled worlds
    (:func:`~seedbed.agents.endgame.turn_outcomes`) and ISMCTS's choice is kept unless
    :func:`choose` finds a move clearly better in expected game result.
    ``iterations`` is ISMCTS's budget (the level's
    games replay exactly); ``seconds`` (which takes precedence when both are given) is
    CPU time (``time.process_time``), spent in
    independent ISMCTS searches of :data:`CHUNK` iterations whose root statistics are
    added up (the default tree is one action deep, so its root statistics are all it
    keeps; a chunk restarts only their exploration)."""

    name = "endgame"

    def __init__(
        self,
        iterations: int | None = ISMCTS_ITERATIONS,
        seconds: float | None = None,
        seed: int | None = None,
        endgame_moves: int = ENDGAME_MOVES,
        endgame_nodes: int = ENDGAME_NODES,
        turn_worlds: int = TURN_WORLDS,
        turn_nodes: int = TURN_NODES,
        widen: int = 0,
        sharp: bool = False,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("agent 'endgame' needs a budget: iterations= or time=")
        #: Worlds and nodes of the search of the next check of the game's end.
        self.turn_worlds = turn_worlds
        self.turn_nodes = turn_nodes
        #: The last decision's outcome counts, when that search saw the game end.
        self.last_outcomes: Outcomes | None = None
        self.iterations = iterations
        self.seconds = seconds
        self.endgame_moves = endgame_moves
        self.endgame_nodes = endgame_nodes
        self.rng = random.Random(seed)
        #: ISMCTS's ``widen`` (progressive unpruning at the root; 0: off). With a
        #: ``time=`` budget each chunk starts its root again, so it lets in fewer moves.
        #: ``sharp``: its playouts use the game's sharper policy (``ismcts:sharp=1``).
        self.searcher = ISMCTS(
            iterations=iterations if seconds is None else CHUNK,
            seed=seed,
            widen=widen,
            sharp=sharp,
        )
        #: Whether the last decision was solved exactly.
        self.last_solved = False
        #: The solver's table and the (seat, scores, round end) it holds values for.
        self._table: Table = {}
        self._table_for: tuple[object, ...] = ()

    def select_action(self, infoset: InfoSet) -> int:
        legal = infoset.legal_actions()
        self.last_solved = False
        if len(legal) == 1:
            return legal[0]
        clock = time.process_time
        began = clock()
        moves_left = endgame_moves(infoset)
        if moves_left is not None and moves_left <= self.endgame_moves:
            deadline = None if self.seconds is None else began + self.seconds / 2
            world = infoset.sample(self.rng)
            # The table is kept through the round (same seat, scores and round end):
            # the next solve, even after one that gave up, starts from its facts.
            end = (infoset.player, tuple(world.scores()), world.move_number() + moves_left)
            if end != self._table_for:
                self._table_for, self._table = end, {}
            try:
                values = solve(
                    world, infoset.player, moves_left, self.endgame_nodes, deadline, self._table
                )
            except NodeBudgetExceeded:
                pass
            else:
                self.last_solved = True
                return next(iter(values))
        outcomes = self._turn_outcomes(infoset)
        if outcomes is not None:
            worlds = sum(outcomes[legal[0]])
            for a in legal:
                if outcomes[a][0] == worlds:
                    # It wins in every world: no search needed.
                    return a
        rows = self._ranked(infoset, began)
        if outcomes is None:
            return rows[0][0]
        return choose(rows, outcomes)

    def _turn_outcomes(self, infoset: InfoSet) -> Outcomes | None:
        """The outcome counts at the next check of the game's end, if the game
        declares one and some move ends the game there in some world; else None."""
        self.last_outcomes = None
        if not self.turn_worlds:
            return None
        moves = turn_end_moves(infoset)
        if moves is None:
            return None
        try:
            outcomes = turn_outcomes(infoset, moves, self.turn_worlds, self.rng, self.turn_nodes)
        except NodeBudgetExceeded:
            return None
        if all(won == 0 and lost == 0 for won, _, lost in outcomes.values()):
            return None
        self.last_outcomes = outcomes
        return outcomes

    def _ranked(self, infoset: InfoSet, began: float) -> list[tuple[int, int, float]]:
        """ISMCTS's root moves ``(action, visits, mean reward)``, its choice first."""
        if self.seconds is None:
            return self.searcher.ranked(infoset)
        legal = infoset.legal_actions()
        visits: dict[int, int] = dict.fromkeys(legal, 0)
        totals: dict[int, float] = dict.fromkeys(legal, 0.0)
        while True:
            for a, n, mean in self.searcher.ranked(infoset):
                if n:
                    visits[a] += n
                    totals[a] += n * mean
            if time.process_time() - began >= self.seconds:
                break
        order = sorted(legal, key=lambda a: (-visits[a], -totals[a] / max(1, visits[a]), a))
        return [(a, visits[a], totals[a] / visits[a] if visits[a] else float("nan")) for a in order]


def choose(rows: list[tuple[int, int, float]], outcomes: Outcomes) -> int:
    """ISMCTS's choice (``rows[0]``) unless the outcome search shows a move clearly
    better in expected game result (-1 to 1): a move's worlds where it wins count +1,
    where it loses -1, and where the game goes on ISMCTS's own estimate of the move
    (its mean reward, 0 to 1, mapped to -1 to 1; a move it never tried gets its lowest
    mean). Only a move better by :data:`TURN_MARGIN` replaces ISMCTS's choice, so
    that where the game cannot end this turn nothing changes."""
    tried = [mean for _, n, mean in rows if n]
    low = min(tried) if tried else 0.5
    value: dict[int, float] = {}
    for a, n, mean in rows:
        won, going, lost = outcomes[a]
        q = mean if n else low
        value[a] = (won - lost + going * (2.0 * q - 1.0)) / (won + going + lost)
    pick = rows[0][0]
    best = max(rows, key=lambda r: value[r[0]])[0]
    return best if value[best] > value[pick] + TURN_MARGIN else pick


def _make_endgame(options: dict[str, str], seed: int | None) -> EndgameAgent:
    reject_unknown(
        "endgame", options, {"iterations", "time", "endgame", "nodes", "worlds", "widen", "sharp"}
    )
    iterations, seconds = budget_options("endgame", options, ISMCTS_ITERATIONS)
    moves = whole_option("endgame", "endgame", options.get("endgame", str(ENDGAME_MOVES)), 0)
    nodes = whole_option("endgame", "nodes", options.get("nodes", str(ENDGAME_NODES)), 1)
    worlds = whole_option("endgame", "worlds", options.get("worlds", str(TURN_WORLDS)), 0)
    return EndgameAgent(
        iterations=iterations,
        seconds=seconds,
        seed=seed,
        endgame_moves=moves,
        endgame_nodes=nodes,
        turn_worlds=worlds,
        widen=whole_option("endgame", "widen", options.get("widen", "0"), 0),
        sharp=flag_option("endgame", "sharp", options.get("sharp", "0")),
    )


register_agent(
    "endgame",
    _make_endgame,
    "the default ISMCTS with exact two-player endgames (iterations=600 | time=CPU seconds, "
    f"endgame={ENDGAME_MOVES}: solve with at most this many moves left, "
    f"nodes={ENDGAME_NODES}: the solver's budget, past which ISMCTS decides; "
    f"worlds={TURN_WORLDS}: worlds sampled to search who wins at the next check of the "
    "game's end in two-player Harvest, 0 never; 8 is the measured setting; "
    "widen=K: ISMCTS's progressive unpruning at the root, 0 off; "
    "sharp=1: ISMCTS's playouts use the game's sharper policy)",
)

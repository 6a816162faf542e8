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

from seedbed.agents.base import register_agent, reject_unknown
from seedbed.agents.heuristic.generic import CompactPolicy, Policy
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


Cutoff = str | int | None


def _stop_rule(state: State, cutoff: Cutoff) -> tuple[list[float] | None, int]:
    """For a playout from ``state``: the scores whose change ends it (or ``None``) and
    the move number that ends it (0: none)."""
    if cutoff == "score":
        return state.scores(), 0
    if cutoff == "round":
        left = state.round_moves_left()
        return None, 0 if left is None else state.move_number() + left
    if isinstance(cutoff, int) and cutoff > 0:
        return None, (state.move_number() // cutoff + 1) * cutoff
    return None, 0


def _random_rollout(
    state: State,
    rng: random.Random,
    cutoff: Cutoff,
    policy: Policy,
    fast: CompactPolicy | None = None,
) -> None:
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
) -> None:
    """Play ``state`` on with the heuristic ``policy`` for every seat; ``fast``, the
    policy's compact-view form if its game offers one, makes the same moves from
    ``state.compact_view(seat)`` without an observation wrapper per move."""
    randrange = rng.randrange
    base, last = _stop_rule(state, cutoff)
    while not state.is_terminal():
        if base is not None and state.scores() != base:
            return
        if last and state.move_number() >= last:
            return
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        player = state.current_player()
        assert player is not None
        try:
            if fast is not None:
                action = fast(state.compact_view(player), player, legal, rng)
            else:
                action = policy(_SeatObservation(state, player, legal), rng)
        except Exception:  # a policy bug must not end a search; play randomly instead
            action = legal[randrange(len(legal))]
        state.apply_action(action)


def _values(state: State, start: list[float]) -> list[float]:
    """Rewards in [0, 1] for each seat: ``returns()`` at the end of the game; at a
    cutoff, each seat's share of the points scored since the determinization was
    drawn (``start``), negative gains counted as none, equal shares if nobody scored.
    (A share of the points, unlike "the leader takes all", still tells a 9-1 round
    from a 10-0 one, so the search can compare moves that all lead to a won round.)"""
    if state.is_terminal():
        return state.returns()
    gains = [max(0.0, s - b) for s, b in zip(state.scores(), start, strict=True)]
    total = sum(gains)
    if total <= 0:
        return [1.0 / len(gains)] * len(gains)
    return [g / total for g in gains]


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
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("ismcts needs a budget: iterations= or time=")
        if iterations is not None and iterations < 1:
            raise ValueError(f"ismcts iterations must be at least 1, not {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"ismcts time must be positive, not {seconds}")
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
        #: The tree holds at most this many actions from the root (0: no limit).
        self.depth = depth
        self.rng = random.Random(seed)
        #: Iterations run by the last :meth:`search` (for benchmarks).
        self.last_iterations = 0

    def search(self, infoset: InfoSet) -> _Node:
        """Build the tree for ``infoset`` and return its root."""
        rng = self.rng
        c = self.c
        log = math.log
        sqrt = math.sqrt
        rollout = _heuristic_rollout if self.rollout == "heuristic" else _random_rollout
        root = _Node()
        limit = self.iterations
        # CPU time, not wall-clock: a loaded machine slows the search, not its budget.
        clock = time.process_time
        deadline = None if self.seconds is None else clock() + self.seconds
        bias = self.bias
        from seedbed.agents.heuristic import compact_policy_for, policy_for

        policy = policy_for(infoset.game)
        fast = compact_policy_for(infoset.game)
        max_depth = self.depth if self.depth > 0 else 1 << 30
        cutoff = self.cutoff
        if cutoff == "auto":
            from seedbed.agents.heuristic import playout_cutoff

            cutoff = playout_cutoff(infoset.game)
        done = 0
        while (limit is None or done < limit) and (deadline is None or clock() < deadline):
            done += 1
            state = infoset.sample(rng)
            start = state.scores()
            node = root
            path: list[tuple[_Node, int]] = []
            # Selection and expansion (not below max_depth: the playout takes over).
            while len(path) < max_depth and not state.is_terminal():
                player = state.current_player()
                assert player is not None
                legal = state.legal_actions()
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
                state.apply_action(action)
                path.append((child, player))
                node = child
            # Simulation.
            rollout(state, rng, cutoff, policy, fast)
            values = _values(state, start)
            # Backpropagation.
            root.visits += 1
            for child, mover in path:
                child.visits += 1
                child.total += values[mover]
        self.last_iterations = done
        return root

    def ranked(self, infoset: InfoSet) -> list[tuple[int, int, float]]:
        """Root actions as ``(action, visits, mean reward)``, most visited first."""
        legal = infoset.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return [(legal[0], 0, float("nan"))]
        root = self.search(infoset)
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
    """The ``ismcts`` agent: one fresh search per decision."""

    name = "ismcts"

    def __init__(self, searcher: ISMCTS) -> None:
        self.searcher = searcher

    def select_action(self, infoset: InfoSet) -> int:
        return self.searcher.ranked(infoset)[0][0]


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


def _float(name: str, text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):  # time=inf would search for ever
        raise ValueError(f"agent 'ismcts' option {name} takes a number, not {text!r}")
    return value


def _make(options: dict[str, str], seed: int | None) -> ISMCTSAgent:
    reject_unknown(
        "ismcts", options, {"iterations", "time", "rollout", "c", "cutoff", "bias", "depth"}
    )
    iterations: int | None = None
    seconds: float | None = None
    if "iterations" in options:
        text = options["iterations"]
        if not (text.isascii() and text.isdigit()):
            raise ValueError(f"agent 'ismcts' option iterations takes a whole number, not {text!r}")
        iterations = int(text)
    if "time" in options:
        seconds = _float("time", options["time"])
    if iterations is None and seconds is None:
        iterations = DEFAULT_ITERATIONS
    c = _float("c", options["c"]) if "c" in options else DEFAULT_C
    bias = _float("bias", options["bias"]) if "bias" in options else DEFAULT_BIAS
    if bias < 0:
        raise ValueError(f"agent 'ismcts' option bias must be 0 or more, not {bias}")
    depth_text = options.get("depth", str(DEFAULT_DEPTH))
    if not (depth_text.isascii() and depth_text.isdigit()):
        raise ValueError(f"agent 'ismcts' option depth takes a whole number, not {depth_text!r}")
    cutoff_text = options.get("cutoff", "auto").lower()
    cutoff: str | int | None
    if cutoff_text in ("auto", "score", "round"):
        cutoff = cutoff_text
    elif cutoff_text == "true":
        cutoff = "score"
    elif cutoff_text in ("none", "false"):
        cutoff = None
    elif cutoff_text.isascii() and cutoff_text.isdigit() and int(cutoff_text) > 0:
        cutoff = int(cutoff_text)
    else:
        raise ValueError(
            "agent 'ismcts' option cutoff takes auto, score (or true), round, none (or "
            f"false) or a number of moves per round, not {cutoff_text!r}"
        )
    return ISMCTSAgent(
        ISMCTS(
            iterations=iterations,
            seconds=seconds,
            c=c,
            rollout=options.get("rollout", DEFAULT_ROLLOUT),
            cutoff=cutoff,
            seed=seed,
            bias=bias,
            depth=int(depth_text),
        )
    )


register_agent(
    "ismcts",
    _make,
    "information-set MCTS (iterations=600 | time=CPU seconds, rollout=heuristic|random, c=0.7, "
    "cutoff=auto|score|round|none|N, bias=1, depth=1; depth=0: no limit)",
)

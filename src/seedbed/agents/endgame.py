"""Exact endgame search for two players: alpha-beta with a transposition table.

Where a two-player game's hidden information is gone (Four Fields once the draw pile
is empty: every card is in a field, a harvest pile or a hand, so the rival's hand is
whatever the seat has not seen elsewhere) the rest of the round is a perfect-
information game, small enough to solve. :func:`solve` plays it out exactly over
one determinization (``infoset.sample``, which then has a single possible value) and
returns each root move's exact value; :func:`endgame_moves` says, per game, when
the position is such an endgame (``None`` elsewhere).

The value of a line for the seat is its score gain minus its rival's at the end of
the round (the first change of ``scores()``, as the search's playouts cut, or the
number of moves the probe said were left: a round may end with no score changed),
plus ``GAME_WEIGHT`` times (``returns`` - 1/2) when the line ends the game: winning
the game outweighs any margin. The search reaches the game only through the protocol
(``clone``, ``apply_action``, ``legal_actions``, ``scores``, ``move_number``, the
seat's ``view()`` for the probe and both seats' ``compact_view`` as the table's keys).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from seedbed.core.protocol import InfoSet, State

#: What ending the game as its winner adds to a line's value (margins are a few points).
GAME_WEIGHT = 1000.0


class NodeBudgetExceeded(Exception):
    """The search visited more nodes than it was allowed."""


def _four_fields_cards_left(infoset: InfoSet) -> int | None:
    """Cards left in the hands once the Four Fields draw pile is empty: with two
    players every other card is then in sight (fields, harvest piles, aside), so the
    rival's hand is known."""
    table = infoset.view()["table"]
    if table["draw_pile"] != 0:
        return None
    return int(sum(p["hand_size"] for p in table["players"]))


#: Per game id: how many moves are left to the end of the round in a two-player
#: endgame with no hidden information, or ``None`` when the position is not one. The
#: solver stops there (a round may end with no score changed, and the next one is
#: dealt from cards nobody has seen).
ENDGAMES: dict[str, Callable[[InfoSet], int | None]] = {
    "four_fields": _four_fields_cards_left,
}


def endgame_moves(infoset: InfoSet) -> int | None:
    """Moves left in ``infoset``'s perfect-information endgame, or ``None``."""
    if infoset.num_players != 2:
        return None
    probe = ENDGAMES.get(infoset.game.id)
    return None if probe is None else probe(infoset)


#: A solver's transposition table: position key -> (value, flag, best move).
Table = dict[tuple[int, ...], tuple[float, int, int]]


class Solver:
    """Alpha-beta (fail-soft negamax over the seat's value) to the end of the round.

    Moves are tried in the order most likely to cut: the best move the transposition
    table remembers for the position (found by an earlier search of it with another
    window), then by the history heuristic (Schaeffer 1989: a move that caused a cut
    anywhere in the tree, weighted by how many moves were left below it, is tried
    early everywhere). Action ids are a function of the move alone (the protocol's
    notation is), so "the same move" elsewhere in the tree is the same id. The
    ordering changes only which nodes are visited, never a value."""

    def __init__(
        self,
        seat: int,
        start: State,
        moves: int,
        max_nodes: int,
        deadline: float | None = None,
    ) -> None:
        self.seat = seat
        #: The round ends this many moves after ``start``.
        self.end = start.move_number() + moves
        #: ``time.process_time()`` past which the search gives up (None: never).
        self.deadline = deadline
        self.start = start.scores()
        self.max_nodes = max_nodes
        self.nodes = 0
        #: key -> (value, flag, best move): flag 0 exact, 1 lower bound, 2 upper bound.
        self.table: Table = {}
        #: action -> weight of the cuts it caused (the history heuristic).
        self.history: dict[int, int] = {}

    def value(self, state: State) -> float | None:
        """The line's value for the seat if it has ended (round or game), else None."""
        seat = self.seat
        if state.is_terminal():
            gains = [s - b for s, b in zip(state.scores(), self.start, strict=True)]
            return gains[seat] - gains[1 - seat] + GAME_WEIGHT * (state.returns()[seat] - 0.5)
        scores = state.scores()
        if scores != self.start or state.move_number() >= self.end:
            return (scores[seat] - self.start[seat]) - (scores[1 - seat] - self.start[1 - seat])
        return None

    def ordered(self, state: State, first: int) -> list[int]:
        """``state``'s legal moves, ``first`` (if legal), then by history, best first."""
        history = self.history
        actions = sorted(state.legal_actions(), key=lambda a: -history.get(a, 0))
        if first >= 0 and first in actions:
            actions.remove(first)
            actions.insert(0, first)
        return actions

    def search(self, state: State, alpha: float, beta: float) -> float:
        """The exact value of ``state`` for the seat if it lies in (alpha, beta)."""
        done = self.value(state)
        if done is not None:
            return done
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise NodeBudgetExceeded
        deadline = self.deadline
        if deadline is not None and self.nodes & 255 == 0 and time.process_time() > deadline:
            raise NodeBudgetExceeded
        player = state.current_player()
        key = (*state.compact_view(0), *state.compact_view(1), -1 if player is None else player)
        hit = self.table.get(key)
        first = -1
        if hit is not None:
            v, flag, first = hit
            if flag == 0 or (flag == 1 and v >= beta) or (flag == 2 and v <= alpha):
                return v
        maximise = player == self.seat
        a0, b0 = alpha, beta
        best = -float("inf") if maximise else float("inf")
        best_action = -1
        for i, action in enumerate(self.ordered(state, first)):
            child = state.clone()
            child.apply_action(action)
            if i == 0:
                v = self.search(child, alpha, beta)
            elif maximise:
                # Principal variation search: the first move is probably the best, so
                # only prove the others no better (a null window), searching again
                # with the real one when that fails.
                v = self.search(child, alpha, alpha + 1.0)
                if alpha + 1.0 <= v < beta:
                    v = max(v, self.search(child, v, beta))
            else:
                v = self.search(child, beta - 1.0, beta)
                if alpha < v <= beta - 1.0:
                    v = min(v, self.search(child, alpha, v))
            if maximise:
                if v > best:
                    best, best_action = v, action
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best, best_action = v, action
                if best < beta:
                    beta = best
            if alpha >= beta:
                left = self.end - state.move_number()
                self.history[action] = self.history.get(action, 0) + left * left
                break
        flag = 0
        if best <= a0:
            flag = 2
        elif best >= b0:
            flag = 1
        self.table[key] = (best, flag, best_action)
        return best


def solve(
    state: State,
    seat: int,
    moves: int,
    max_nodes: int,
    deadline: float | None = None,
    table: Table | None = None,
) -> dict[int, float]:
    """The legal moves' values for ``seat`` (to move) in ``state``, a position with no
    hidden information whose round ends ``moves`` moves later, **a best move first**:
    exact for that move, an upper bound (no more than the best) for the others (a
    later move may tie the best with a bound only, so take the first key, not the
    highest value with the lowest id). Raises :class:`NodeBudgetExceeded` past
    ``max_nodes`` nodes or the CPU clock's ``deadline``.

    ``table`` is kept between calls by a caller that solves again later in the same
    round (same seat, same scores, same round end): its entries are exact facts about
    positions, so the next search, even after one that gave up, starts from them."""
    solver = Solver(seat, state, moves, max_nodes, deadline)
    if table is not None:
        solver.table = table
    out: dict[int, float] = {}
    best = -float("inf")
    best_action = -1
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        # A move no better than the best so far needs only that bound (fail-soft);
        # a value above it is exact (the window has no upper end).
        out[action] = v = solver.search(child, best, float("inf"))
        if v > best:
            best, best_action = v, action
    return {best_action: out.pop(best_action), **out}


# -- the next point where the game may end, over sampled worlds (PIMC) -----------------


def _harvest_turn_moves(infoset: InfoSet) -> int | None:
    """Moves left to the end of the Harvest turn in play: the game's end is checked
    only there (ruling 8: four fields completed, or the J, Q and K of a suit face up).
    Every go is three moves (house, village, action) and the seat after the dealer
    goes first, so with two players the seat to move is first in the turn exactly
    when its rival has not gone yet."""
    view = infoset.view()
    table = view["table"]
    steps = {"house": 3, "village": 2, "action": 1}.get(view["phase"])
    if steps is None or table["end"] is not None:
        return None
    seat = int(view["to_move"])
    first = (int(table["dealer"]) + 1) % infoset.num_players
    rival_to_go = seat == first
    # None where no world can end the game this turn (a sound shortcut; it only
    # saves the search): not enough face-up cards still to come for the J, Q and K
    # of any suit (counting the village, as the default option does), and no seat
    # able to reach twelve field cards (four complete fields).
    shown = min(2, steps) + (2 if rival_to_go else 0)
    fields = table["fields"]
    up = [*table["village"], *(c for seat_fields in fields for f in seat_fields for c in f)]
    court = [sum(1 for c in up if c[0] in "JQK" and c[-1] == suit) for suit in "SHDC"]
    plays = {seat: 1, 1 - seat: 1 if rival_to_go else 0}
    full = any(sum(len(f) for f in fields[q]) + plays[q] >= 12 for q in (seat, 1 - seat))
    if not full and 3 - max(court) > shown:
        return None
    return steps + (3 if rival_to_go else 0)


#: Per game id: how many moves are left to the next point where the game may end
#: (its end is checked only there), or ``None``. Two players only. There the hidden
#: cards matter little (what the rival can still put face up this turn), so the
#: outcome is searched exactly over a few sampled worlds (:func:`turn_outcomes`).
TURN_ENDS: dict[str, Callable[[InfoSet], int | None]] = {
    "harvest": _harvest_turn_moves,
}


def turn_end_moves(infoset: InfoSet) -> int | None:
    """Moves left to the next check of the game's end in ``infoset``'s game, or
    ``None`` where :data:`TURN_ENDS` declares nothing (or not two players)."""
    if infoset.num_players != 2:
        return None
    probe = TURN_ENDS.get(infoset.game.id)
    return None if probe is None else probe(infoset)


#: Outcome counts of a root move over the sampled worlds: (won, going on, lost).
Outcomes = dict[int, list[int]]


class OutcomeSearch:
    """Whether the game ends by the next check, and for whom, in one world (a state
    with every card dealt): minimax over three values, +1 the seat wins there, -1 it
    loses, 0 the game goes on (or ends in a tie). Alpha-beta cuts hard on so few
    values: once a reply keeps the game going, the other replies need not be tried
    unless one might win."""

    def __init__(self, seat: int, end: int, max_nodes: int) -> None:
        self.seat = seat
        #: The check happens when the move number reaches this.
        self.end = end
        self.max_nodes = max_nodes
        self.nodes = 0

    def search(self, state: State, alpha: int, beta: int) -> int:
        if state.is_terminal():
            r = state.returns()[self.seat]
            return 1 if r > 0.5 else (-1 if r < 0.5 else 0)
        if state.move_number() >= self.end:
            return 0
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise NodeBudgetExceeded
        maximise = state.current_player() == self.seat
        best = -2 if maximise else 2
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            v = self.search(child, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best


def turn_outcomes(
    infoset: InfoSet,
    moves: int,
    worlds: int,
    rng: random.Random,
    max_nodes: int,
) -> Outcomes:
    """For each legal move of ``infoset``'s seat: in how many of ``worlds`` sampled
    worlds (``infoset.sample``) the seat wins, the game goes on, or the seat loses by
    the next check of the game's end, ``moves`` moves ahead, each world searched
    exactly (both seats then play knowing every card: perfect-information Monte Carlo,
    whose known flaw, strategy fusion, is small over so few moves). Worlds that give
    the rival the same cards are searched once. Raises :class:`NodeBudgetExceeded`
    past ``max_nodes`` nodes in all."""
    seat = infoset.player
    rival = 1 - seat
    legal = infoset.legal_actions()
    seen: dict[tuple[int, ...], list[int]] = {}
    weight: dict[tuple[int, ...], int] = {}
    searched = 0
    for _ in range(worlds):
        world = infoset.sample(rng)
        key = world.compact_view(rival)
        if key in seen:
            weight[key] += 1
            continue
        search = OutcomeSearch(seat, world.move_number() + moves, max_nodes - searched)
        values = []
        for action in legal:
            child = world.clone()
            child.apply_action(action)
            values.append(search.search(child, -1, 1))
        searched += search.nodes
        seen[key] = values
        weight[key] = 1
    out: Outcomes = {a: [0, 0, 0] for a in legal}
    for key, values in seen.items():
        w = weight[key]
        for action, v in zip(legal, values, strict=True):
            out[action][1 - v] += w
    return out

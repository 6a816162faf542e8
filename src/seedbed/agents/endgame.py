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


class Solver:
    """Alpha-beta (fail-soft negamax over the seat's value) to the end of the round."""

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
        #: key -> (value, flag): flag 0 exact, 1 lower bound, 2 upper bound.
        self.table: dict[tuple[int, ...], tuple[float, int]] = {}

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
        if hit is not None:
            v, flag = hit
            if flag == 0 or (flag == 1 and v >= beta) or (flag == 2 and v <= alpha):
                return v
        maximise = player == self.seat
        a0, b0 = alpha, beta
        best = -float("inf") if maximise else float("inf")
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            v = self.search(child, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        flag = 0
        if best <= a0:
            flag = 2
        elif best >= b0:
            flag = 1
        self.table[key] = (best, flag)
        return best


def solve(
    state: State, seat: int, moves: int, max_nodes: int, deadline: float | None = None
) -> dict[int, float]:
    """The legal moves' values for ``seat`` (to move) in ``state``, a position with no
    hidden information whose round ends ``moves`` moves later: exact for the best
    moves, an upper bound (no more than the best) for the others. Raises
    :class:`NodeBudgetExceeded` past ``max_nodes`` nodes or the CPU clock's
    ``deadline``."""
    solver = Solver(seat, state, moves, max_nodes, deadline)
    out: dict[int, float] = {}
    best = -float("inf")
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        # A move no better than the best so far needs only that bound (fail-soft).
        out[action] = v = solver.search(child, best, float("inf"))
        if v > best:
            best = v
    return out

"""The exactly solvable endgame decisions of heuristic Four Fields games (2 players).

Shared by `endgame_regret.py` and `solve_cost.py` (not a script of its own): both walk
the same heuristic games and stop at the same decisions, and differ only in what they
ask of the solver there."""

from collections.abc import Iterator

from seedbed.agents.endgame import endgame_moves
from seedbed.agents.heuristic import HeuristicAgent
from seedbed.core.protocol import Game, InfoSet, State


def endgame_positions(
    game: Game, seed: int, agent_seed: int
) -> Iterator[tuple[State, InfoSet, int]]:
    """Every decision with a choice in the perfect-information endgame of one game.

    The game is dealt from ``seed`` and played to its end by one heuristic agent seeded
    ``agent_seed`` for every seat. Yields ``(state, info, left)``: the state before the
    decision (read or clone it, never change it: the walk goes on from it), the seat
    to move's information set and the moves left in the endgame."""
    state = game.new_state(seed)
    heuristic = HeuristicAgent(seed=agent_seed)
    while (seat := state.current_player()) is not None:
        info = state.infoset(seat)
        left = endgame_moves(info)
        if left is not None and len(state.legal_actions()) > 1:
            yield state, info, left
        state.apply_action(heuristic.select_action(info))

"""One agent spec against the others' spec over many duplicate deals, fast agents only
(heuristics): the first spec sits at each seat in turn, every other seat plays the
second, so each deal is played once per seat. Prints the first spec's win share (ties
share the win) with its 95% interval, a deal being one sample, and its mean score lead
over the best of the others. For comparing forms of a policy (``heuristic:sharp=1``
against ``heuristic``) over thousands of games in seconds.

    .venv/bin/python tools/measure/policy_duel.py GAME PLAYERS SPEC_A SPEC_B DEALS [FIRST]

Deal d is ``game.new_state(seed=FIRST + d)`` (FIRST defaults to 9000); the agents are
seeded from the deal and the seat.
"""

from __future__ import annotations

import statistics
import sys

import seedbed
from seedbed.agents import make_agent


def _interval(xs: list[float], scale: float = 1.0) -> str:
    m = statistics.mean(xs)
    half = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else float("nan")
    return f"{scale * m:.1f} [{scale * (m - half):.1f}, {scale * (m + half):.1f}]"


def duel(game_id: str, players: int, spec_a: str, spec_b: str, deals: int, first: int) -> None:
    game = seedbed.load(game_id, players=players)
    shares: list[float] = []
    leads: list[float] = []
    for deal in range(deals):
        wins: list[float] = []
        gaps: list[float] = []
        for me in range(players):
            agents = [make_agent(spec_b, seed=deal * 8 + seat) for seat in range(players)]
            agents[me] = make_agent(spec_a, seed=deal * 8 + 7)
            state = game.new_state(seed=first + deal)
            while not state.is_terminal():
                seat = state.current_player()
                assert seat is not None
                legal = state.legal_actions()
                if len(legal) == 1:
                    state.apply_action(legal[0])
                    continue
                state.apply_action(agents[seat].select_action(state.infoset(seat)))
            scores = state.scores()
            wins.append(state.returns()[me])
            gaps.append(scores[me] - max(s for q, s in enumerate(scores) if q != me))
        shares.append(statistics.mean(wins))
        leads.append(statistics.mean(gaps))
    print(f"{game_id}, {players} players: {spec_a} against {spec_b}, {deals} deals ({first}-)")
    print(f"  win share {_interval(shares, 100)}% (fair {100 / players:.1f}%)")
    print(f"  score lead over the best other {_interval(leads)}")


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) not in (5, 6):
        sys.exit(__doc__)
    duel(
        args[0],
        int(args[1]),
        args[2],
        args[3],
        int(args[4]),
        int(args[5]) if len(args) > 5 else 9000,
    )

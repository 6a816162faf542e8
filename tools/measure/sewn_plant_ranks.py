"""SEWN: how low do players plant? For each plant in the first round of games of one
agent spec in all four seats: the planted card's rank, the mean rank of the cards the
planter kept, and the share of the planter's other cards that rank below the planted
one (a uniformly random plant has about 0.5; always the lowest card, 0).

    .venv/bin/python tools/measure/sewn_plant_ranks.py SPEC GAMES [FIRST_SEED]

Ranks are trick-taking power, 0 (a two) to 12 (an ace). The share's mean is what a
model of the rivals' plants would be fitted to (docs/strength.md, sixth run).
"""

from __future__ import annotations

import statistics
import sys

import seedbed
from seedbed.agents import make_agent
from seedbed.core.cards import CARD_POWER, parse_card


def main() -> None:
    spec, games = sys.argv[1], int(sys.argv[2])
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 900
    game = seedbed.load("sewn")
    planted: list[int] = []
    kept: list[int] = []
    below: list[float] = []
    for g in range(games):
        agents = [make_agent(spec, seed=g * 4 + q) for q in range(4)]
        state = game.new_state(seed=first + g)
        plants = 0
        while plants < 24:  # the first round's Seed Phase: six plants a seat
            seat = state.current_player()
            assert seat is not None
            legal = state.legal_actions()
            move = legal[0] if len(legal) == 1 else agents[seat].select_action(state.infoset(seat))
            text = state.action_to_string(move)
            if text.startswith("plant "):
                # What the planter held, from its own view (the protocol, not the state).
                hand = [parse_card(c) for c in state.view(seat)["table"]["hand"]]
                c = parse_card(text.removeprefix("plant "))
                others = [CARD_POWER[x] for x in hand if x != c]
                planted.append(CARD_POWER[c])
                kept.extend(others)
                below.append(sum(o < CARD_POWER[c] for o in others) / max(1, len(others)))
                plants += 1
            state.apply_action(move)
    print(
        f"{spec}: {len(planted)} plants in {games} games; mean rank planted "
        f"{statistics.mean(planted):.2f}, kept {statistics.mean(kept):.2f}; share of the "
        f"planter's other cards below the plant {statistics.mean(below):.3f} "
        f"(random about 0.5)"
    )


if __name__ == "__main__":
    main()

"""The SOW heuristic's sharper form (``choose_sharp``), on a position: it places the
cards before the last with care (docs/agents.md, "The sharper policies")."""

from __future__ import annotations

import random

from test_heuristic_harvest import Seat

import seedbed
from seedbed.agents.heuristic.generic import Policy
from seedbed.agents.heuristic.sow import choose, choose_sharp

# Two players, seat 0 (red, wheelbarrows 0 and 3: rows 0, 1, 9 and 10) to move. Taking
# row 5 places its five cards into rows 6 and 7 (seat 1's), 8 (a diagonal row), then
# 9 and 10 (seat 0's).
TAKE_5 = "phase=take to_move=0 r5=R/Y,B/G,y/g,g/y,b/y r2=windmill r8=gopher r6=y/b,b/y r7=g/b,g/r"


def placings(policy: Policy) -> list[str]:
    """The cards ``policy`` places, in order, after ``take 5``."""
    state = seedbed.load("sow", players=2).from_position(TAKE_5)
    state.apply_action(state.string_to_action("take 5"))
    out = []
    while state.phase_name() == "place":
        action = policy(Seat(state), random.Random(0))  # type: ignore[arg-type]
        out.append(state.action_to_string(action))
        state.apply_action(action)
    return out


def test_the_sharp_policy_leaves_no_flower_in_a_rivals_rows() -> None:
    """A Flower left in seat 1's rows waits there for seat 1's next landing: the sharp
    policy places Seeds into rows 6 and 7 and keeps the Flowers for later; the plain
    one places every card but the last in any order (here a Flower into row 7). Both
    keep R/Y, its red centre worth 3, to land last in its own row 10."""
    plain = placings(choose)
    sharp = placings(choose_sharp)
    assert plain[1] == "place flower B/G"
    assert all(move.startswith("place seed") for move in sharp[:2])
    assert plain[-1] == sharp[-1] == "place flower R/Y"

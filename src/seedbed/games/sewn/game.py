"""The SEWN game: its facts, its seats, new games and positions (the rules of play are
in :mod:`.engine`, the public numbers and helpers in :mod:`.rules`)."""

from __future__ import annotations

from typing import ClassVar

from seedbed.core.protocol import JSON, Game, Option
from seedbed.games.sewn import observation, positions, rules
from seedbed.games.sewn.engine import SewnState, new_game_state
from seedbed.games.sewn.rules import (
    MAX_ROUNDS,
    MAX_SEED_TRICKS,
    ROUNDS,
    SEAT_NAMES,
    SEED_TRICKS,
    decisions_per_round,
)


class SewnGame(Game):
    """SEWN for 4 players: seed, plant, pick a rival's Field, harvest (``sewn.txt`` and
    the SEWN rulings; docs/rules/sewn.md)."""

    id: ClassVar[str] = "sewn"
    name: ClassVar[str] = "SEWN"
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 4
    version: ClassVar[int] = 1
    #: The rulebook marks no rule as optional; its numbers of rounds and of Seed tricks
    #: are designer's knobs (implied: records of the rulebook game do not name them).
    options: ClassVar[dict[str, Option]] = {
        "rounds": Option(
            ROUNDS,
            "rounds in a game; the Harvest leaders go South, East, West, North, then "
            "round the table again",
            bounds=(1, MAX_ROUNDS),
            samples=(1, 6),
            implied=True,
        ),
        "seed_tricks": Option(
            SEED_TRICKS,
            "Seed tricks a round; each seat is dealt two cards a Seed trick and one for "
            "End of Summer (the rest of the deck stays out, unseen), so a Field and the "
            "Harvest have two cards a Seed trick",
            bounds=(1, MAX_SEED_TRICKS),
            samples=tuple(range(1, MAX_SEED_TRICKS + 1)),
            implied=True,
        ),
    }
    summary: ClassVar[str] = (
        "Seed and Harvest trick taking: build four Fields half face-up, half face-down, "
        "pick a rival's Field, then take tricks with trump (4 players, 4 rounds)"
    )
    policy: ClassVar[str | None] = "seedbed.agents.heuristic.sewn:choose"
    #: A search playout may end with the round (``state.round_moves_left()``): the
    #: scores of the rounds to come do not depend on the round in play.
    playout_horizon: ClassVar[str | int | None] = "round"

    def seat_name(self, player: int) -> str:
        """Seats are named by compass position, clockwise from South (ruling 1)."""
        return SEAT_NAMES[player]

    def max_game_length(self) -> int:
        """Exact: every round has ``rules.decisions_per_round`` decisions (102), so 408
        in the rulebook game."""
        return decisions_per_round(int(self.option("seed_tricks"))) * int(self.option("rounds"))

    def observation_shape(self) -> tuple[int, ...]:
        """``(551,)``: the layout is ``observation.BLOCKS`` (and the rules page)."""
        return (observation.size(self.num_players),)

    def num_distinct_actions(self) -> int:
        """``rules.num_actions(4)``: 114, the action numbers themselves."""
        return rules.num_actions(self.num_players)

    def new_state(self, seed: int) -> SewnState:
        return new_game_state(self, seed)

    def from_position(self, text: str) -> SewnState:
        """The state of position ``text`` (see :mod:`.positions` and the rules page)."""
        return positions.from_position(self, text)

    def _state_from_dict(self, data: JSON) -> SewnState:
        return positions.from_dict(self, data)

    def render(self, view: JSON) -> str:
        from seedbed.games.sewn.render import render_view

        return render_view(view)

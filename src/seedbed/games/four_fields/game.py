"""The Four Fields game: its facts, options and policy, and the ways to a state."""

from __future__ import annotations

from typing import ClassVar

from seedbed.core.protocol import JSON, Game, Option

from . import observation, positions, rules
from .engine import FourFieldsState
from .render import render_view
from .rules import HAND_SIZE, MAX_HAND, MIN_HAND, TARGET


class FourFieldsGame(Game):
    """Four Fields for 2 to 4 players; option ``full_harvest`` (ruling 8) and the
    designer's knobs ``target`` (17) and ``hand_size`` (4)."""

    id = "four_fields"
    name = "Four Fields"
    min_players = 2
    max_players = 4
    default_players = 2
    version = 1
    options: ClassVar[dict[str, Option]] = {
        "full_harvest": Option(
            False,
            "variant: harvest with your whole hand of four cards whose total equals "
            "the value of a loose card in the field (ruling 8)",
        ),
        # Designer's knobs: the rulebook's numbers (implied: records of the rulebook
        # game do not name them).
        "target": Option(
            TARGET,
            "the game ends after the round in which somebody reaches this many points",
            bounds=(1, 99),
            samples=(11, 25),
            implied=True,
        ),
        "hand_size": Option(
            HAND_SIZE,
            "cards dealt to each hand (one fewer to the dealer's left) and drawn up to "
            "after each play; a full harvest plays the whole hand",
            bounds=(MIN_HAND, MAX_HAND),
            samples=(3, 6),
            implied=True,
        ),
    }
    summary = "Fish cards from four fields whose seasons turn; first to 17 points wins"
    policy: ClassVar[str | None] = "seedbed.agents.heuristic.four_fields:choose"
    #: Scores change only when a round ends, so a search playout may end there.
    playout_horizon: ClassVar[str | int | None] = "score"

    def observation_shape(self) -> tuple[int, ...]:
        """``(773,)``: the layout is ``observation.BLOCKS`` (and the rules page)."""
        return (observation.size(self.num_players),)

    def num_distinct_actions(self) -> int:
        """``rules.ACTION_SLOTS``: an index is a place in the sorted legal moves (a
        whole move is one int of up to 175 bits, far too many to number)."""
        return rules.ACTION_SLOTS

    def new_state(self, seed: int) -> FourFieldsState:
        return FourFieldsState.new(self, seed)

    def from_position(self, text: str) -> FourFieldsState:
        """The state of a position written by ``state.position()`` or by hand (the
        format is on the rules page), e.g.
        ``game.from_position("fields 5C 3H 2D 9S | - | - | - / hands 5D 7C | 4C 6C")``."""
        return positions.from_position(self, text)

    def _state_from_dict(self, data: JSON) -> FourFieldsState:
        return positions.from_dict(self, data)

    def render(self, view: JSON) -> str:
        return render_view(view)

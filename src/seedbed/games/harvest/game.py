"""The Harvest ``Game``: its facts, options and seats, and the way in to a state."""

from __future__ import annotations

from typing import ClassVar

from seedbed.core.protocol import JSON, Game, Option
from seedbed.games.harvest import observation, positions, rules
from seedbed.games.harvest.engine import HarvestState
from seedbed.games.harvest.render import render_view
from seedbed.games.harvest.rules import FIRST_DEAL, FIRST_DEALS


class HarvestGame(Game):
    """Harvest for 2-4 players (the rulebook with the Harvest rulings 1-9)."""

    id: ClassVar[str] = "harvest"
    name: ClassVar[str] = "Harvest"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    default_players: ClassVar[int] = 4
    version: ClassVar[int] = 1
    options: ClassVar[dict[str, Option]] = {
        "harvest_cards_played": Option(
            default="table",
            doc=(
                "End condition (b), ruling 8: the J, Q and K of one suit count as played "
                "when face up on a field or in the village ('table') or only on a field "
                "('fields')."
            ),
            choices=("table", "fields"),
        ),
        # A designer's knob: the rulebook's number (implied: records of the rulebook
        # game do not name it).
        "first_deal": Option(
            default=FIRST_DEAL,
            doc=(
                "Cards dealt to each player in round 1 (ruling 6); later deals are one "
                "fewer (the house card makes the hand whole), then two by two fewer "
                "while the deck lasts (7: 6, 4 or 2)."
            ),
            choices=FIRST_DEALS,
            implied=True,
        ),
    }
    summary: ClassVar[str] = (
        "Keep one, show one, plant/tend/harvest one, pass the rest: build four fields."
    )
    policy: ClassVar[str | None] = "seedbed.agents.heuristic.harvest:choose"

    def observation_shape(self) -> tuple[int, ...]:
        """``(407,)``: the layout is ``observation.BLOCKS`` (and the rules page)."""
        return (observation.size(self.num_players),)

    def num_distinct_actions(self) -> int:
        """``rules.num_actions(players)``: 263, the action numbers themselves."""
        return rules.num_actions(self.num_players)

    def new_state(self, seed: int) -> HarvestState:
        return HarvestState.new(self, seed)

    def from_position(self, text: str) -> HarvestState:
        """The state of a one-line position (``docs/rules/harvest.md``, "Positions")."""
        return positions.from_position(self, text)

    def _state_from_dict(self, data: JSON) -> HarvestState:
        return positions.from_dict(self, data)

    def render(self, view: JSON) -> str:
        return render_view(view)

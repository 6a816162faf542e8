"""The SOW game: its facts, new games, positions and the terminal drawing."""

from __future__ import annotations

from typing import ClassVar

from seedbed.core.protocol import JSON, Game, Option

from . import engine, observation, positions, rules


class SowGame(Game):
    """SOW for 2 to 4 players: a ring of 12 garden rows around four wheelbarrows
    (the rulebook with the SOW rulings; ``docs/rules/sow.md``)."""

    id = "sow"
    name = "SOW"
    min_players = 2
    max_players = 4
    default_players = 4
    version = 1
    options: ClassVar[dict[str, Option]] = {}
    summary = (
        "Redistribute a ring of 12 garden rows, flip Seeds into Flowers and pick "
        "bouquets in your secret Favourite Colour."
    )
    policy: ClassVar[str | None] = "seedbed.agents.heuristic.sow:choose"

    def observation_shape(self) -> tuple[int, ...]:
        """``(298,)``: the layout is ``observation.BLOCKS`` (and the rules page)."""
        return (observation.size(self.num_players),)

    def num_distinct_actions(self) -> int:
        """``rules.num_actions(players)``: 193, the action numbers themselves."""
        return rules.num_actions(self.num_players)

    def new_state(self, seed: int) -> engine.SowState:
        """A new game dealt from ``seed`` (ruling 2): 2 Seeds a row, the Windmill and the
        Gopher in opposite diagonal rows, secret Favourite Colours, the start player."""
        return engine.deal(self, seed)

    def from_position(self, text: str) -> engine.SowState:
        """The state of a position line (``docs/rules/sow.md``, "For developers"), e.g.
        the rulebook's first turn example:

        >>> s = SowGame(4).from_position(
        ...     "r0=y/b,r/g,b/r r3=y/r,g/r,r/b,R/Y r5=windmill r11=gopher")
        >>> for move in ("take 0", "place seed B", "place seed G", "place seed R"):
        ...     s.apply_action(s.string_to_action(move))
        >>> s.row_cards(3)
        ['B/R', 'G/R', 'R/Y', 'Y/R', 'r/b']
        """
        return positions.from_position(self, text)

    def _state_from_dict(self, data: JSON) -> engine.SowState:
        return positions.from_dict(self, data)

    def render(self, view: JSON) -> str:
        from .render import render_view

        return render_view(view)

"""SOW: sow Seeds and pick Flowers around a ring of 12 garden rows (2 to 4 players)."""

from seedbed.games.sow.engine import SowGame, SowState

__all__ = ["SowGame", "SowState"]

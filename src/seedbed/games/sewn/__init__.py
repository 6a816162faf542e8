"""SEWN: Seed and Harvest trick taking (4 players). See :mod:`.engine` and docs/rules/sewn.md."""

from seedbed.games.sewn.engine import SewnGame, SewnState

__all__ = ["SewnGame", "SewnState"]

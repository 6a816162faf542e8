"""SEWN: Seed and Harvest trick taking for 4 players (docs/rules/sewn.md).

The front of the package: :class:`SewnGame`. Policies and tools read the game's
numbers and rule helpers from :mod:`seedbed.games.sewn.rules`."""

from seedbed.games.sewn.game import SewnGame

__all__ = ["SewnGame"]

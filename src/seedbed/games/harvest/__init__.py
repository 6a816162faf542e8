"""Harvest: plant, tend and harvest fields of one suit, drafting from a passed hand.

The package's front is :class:`HarvestGame`; policies may read the public vocabulary
:mod:`seedbed.games.harvest.rules`. Everything else is the engine's own.
"""

from __future__ import annotations

from seedbed.games.harvest.game import HarvestGame

__all__ = ["HarvestGame"]

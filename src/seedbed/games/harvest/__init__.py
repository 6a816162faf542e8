"""Harvest: plant, tend and harvest fields of one suit, drafting from a passed hand."""

from __future__ import annotations

from seedbed.games.harvest.engine import HarvestState
from seedbed.games.harvest.game import HarvestGame

__all__ = ["HarvestGame", "HarvestState"]

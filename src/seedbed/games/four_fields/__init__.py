"""Four Fields: a fishing game on four fields whose seasons turn (2-4 players).

Rules: ``docs/rules/four_fields.md``. The package's public parts are the game
(:class:`FourFieldsGame`, usually reached through ``seedbed.load("four_fields")``)
and its vocabulary :mod:`seedbed.games.four_fields.rules` (constants, action
numbers, the compact view's layout, rule helpers).
"""

from __future__ import annotations

from .game import FourFieldsGame

__all__ = ["FourFieldsGame"]

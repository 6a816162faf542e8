"""SOW: sow Seeds and pick Flowers around a ring of 12 garden rows (2 to 4 players).

The package's front is the game; a policy may also use the public vocabulary,
:mod:`seedbed.games.sow.rules`.
"""

from seedbed.games.sow.game import SowGame

__all__ = ["SowGame"]

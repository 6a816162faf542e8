"""The game engines, one package each; they import only ``seedbed.core``.

Every game registers here, one line each (``import seedbed`` runs this module), so
adding a game is its package plus one line. The entry point is imported only when
the game is first loaded.
"""

from seedbed.core.registry import register

register("four_fields", "seedbed.games.four_fields:FourFieldsGame")
register("harvest", "seedbed.games.harvest:HarvestGame")
register("sewn", "seedbed.games.sewn:SewnGame")
register("sow", "seedbed.games.sow:SowGame")

"""The game engines, one module or package each; they import only ``seedbed.core``."""

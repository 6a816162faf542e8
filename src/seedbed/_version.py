"""The package version, in a leaf module so every layer may import it."""

__version__ = "0.1.0"

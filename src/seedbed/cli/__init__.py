"""The ``seedbed`` command line."""

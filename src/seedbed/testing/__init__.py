"""Tools for testing games and the layers above them (``seedbed.testing``).

``fingerprint`` hashes everything observable about many seeded games, so that a
refactoring can prove it changed no behaviour.
"""

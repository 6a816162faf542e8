"""The core every other layer stands on: protocol, registry, cards, records, errors.

``core`` imports nothing else of seedbed (only the leaf ``seedbed._version``).
"""

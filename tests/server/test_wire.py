"""The server's JSON: every message is the same JSON whichever encoder writes it,
and Four Fields' action numbers (beyond 64 bits) stay exact numbers."""

from __future__ import annotations

import json

from seedbed.server.wire import dumps, json_int

BIG = 2**171 + 12345


def test_big_action_numbers_are_exact_json_numbers() -> None:
    message = {"legal": [{"action": json_int(BIG), "move": "5D x 5H"}, {"action": json_int(7)}]}
    text = dumps(message)
    assert json.loads(text) == {"legal": [{"action": BIG, "move": "5D x 5H"}, {"action": 7}]}
    assert str(BIG) in text  # written as digits, not a string or a float


def test_json_int_keeps_the_ints_orjson_writes() -> None:
    for value in (0, -1, 2**63 - 1, -(2**63), 2**64 - 1):
        assert json_int(value) == value and type(json_int(value)) is int
    assert json.loads(dumps({"a": json_int(2**64)})) == {"a": 2**64}


def test_the_standard_librarys_path_writes_the_same_json() -> None:
    # Keys that are not strings send a message down the standard library's path; a
    # big number handed over by json_int must come out the same there.
    plain = {"scores": {"0": 3}, "legal": [{"action": json_int(BIG)}]}
    odd = {"scores": {0: 3}, "legal": [{"action": json_int(BIG)}]}
    assert dumps(odd) == dumps(plain)
    assert json.loads(dumps(odd))["legal"][0]["action"] == BIG
    raw = {"action": BIG}  # a big int that was not handed over still works
    assert json.loads(dumps(raw)) == raw

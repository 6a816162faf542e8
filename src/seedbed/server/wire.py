"""The WebSocket protocol's client messages: parsed and type-checked here, before any
table or engine sees them (docs/server.md lists every message with examples).

A client message is one JSON object in one text frame, ``{"type": ..., "id": ...}``
plus the fields of its type. :func:`parse` returns a :class:`ClientMessage` or raises
:class:`Rejection` with a code and a reason the client can show; nothing here touches
a table, so a bad message costs only its parsing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import orjson

#: The protocol version, sent in ``welcome``; a client may refuse a server it does
#: not know.
PROTOCOL = 1

#: Versions, seats and such are small; action numbers can be large (a Four Fields
#: action is a bit set of the cards it takes, up to about 2**171), so they get room,
#: but a number beyond any game's is rejected before an engine sees it.
MAX_INT = 2**31 - 1
MAX_ACTION = 2**256
MAX_ID_CHARS = 64
MAX_NOTATION_CHARS = 100
MAX_TOKEN_CHARS = 200


class Rejection(Exception):
    """A client message that cannot be carried out: ``code`` for programs, ``reason``
    for people. The table is unchanged."""

    def __init__(self, code: str, reason: str, msg_id: str | None = None) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.msg_id = msg_id

    def message(self) -> dict[str, Any]:
        return {"type": "reject", "id": self.msg_id, "code": self.code, "reason": self.reason}


@dataclass(frozen=True)
class ClientMessage:
    """One checked client message; only the fields of its ``type`` are set."""

    type: str
    id: str | None = None
    # hello
    token: str | None = None
    watch: str | None = None
    since: int | None = None
    # move
    version: int | None = None
    action: int | None = None
    notation: str | None = None
    # undo_answer
    accept: bool | None = None
    # hand_to_bot / take_back_seat
    seat: int | None = None
    # ping
    t: float | None = None


# type -> {field: (python type, required)}
_FIELDS: dict[str, dict[str, tuple[type, bool]]] = {
    "hello": {"token": (str, False), "watch": (str, False), "since": (int, False)},
    "move": {"version": (int, True), "action": (int, False), "notation": (str, False)},
    "undo": {"version": (int, True)},
    "undo_answer": {"accept": (bool, True)},
    "hand_to_bot": {"seat": (int, True)},
    "leave": {},
    "resync": {},
    "ping": {"t": (float, False)},
}
TYPES = tuple(_FIELDS)


def _msg_id(data: dict[str, Any]) -> str | None:
    raw = data.get("id")
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, str | int):
        raise Rejection("bad_message", "'id' must be a string or a whole number")
    text = str(raw)
    if len(text) > MAX_ID_CHARS:
        raise Rejection("bad_message", f"'id' is longer than {MAX_ID_CHARS} characters")
    return text


def _check(name: str, value: Any, kind: type, msg_id: str | None) -> Any:
    if kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise Rejection("bad_message", f"'{name}' must be a whole number", msg_id)
        if not 0 <= value <= (MAX_ACTION if name == "action" else MAX_INT):
            raise Rejection("bad_message", f"'{name}' is out of range", msg_id)
        return value
    if kind is float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise Rejection("bad_message", f"'{name}' must be a number", msg_id)
        return float(value)
    if kind is bool:
        if not isinstance(value, bool):
            raise Rejection("bad_message", f"'{name}' must be true or false", msg_id)
        return value
    if not isinstance(value, str):
        raise Rejection("bad_message", f"'{name}' must be a string", msg_id)
    limit = MAX_NOTATION_CHARS if name == "notation" else MAX_TOKEN_CHARS
    if len(value) > limit:
        raise Rejection("bad_message", f"'{name}' is longer than {limit} characters", msg_id)
    return value


def parse(text: str | bytes | None, max_bytes: int) -> ClientMessage:
    """Check one frame and return the message it carries.

    Raises :class:`Rejection` for binary frames, oversized text, malformed JSON,
    anything but an object, an unknown ``type`` and fields of the wrong type.
    """
    if text is None or isinstance(text, bytes):
        raise Rejection("bad_message", "send JSON in text frames, not binary ones")
    if len(text) > max_bytes:  # characters <= bytes: a cheap first check
        raise Rejection("too_big", f"messages are at most {max_bytes} bytes")
    if len(text.encode("utf-8", "surrogatepass")) > max_bytes:
        raise Rejection("too_big", f"messages are at most {max_bytes} bytes")
    try:
        data = json.loads(text)
    except ValueError:
        raise Rejection("bad_json", "the message is not valid JSON") from None
    except RecursionError:
        raise Rejection("bad_json", "the message is nested too deeply") from None
    if not isinstance(data, dict):
        raise Rejection("bad_message", "a message is a JSON object with a 'type'")
    msg_id = _msg_id(data)
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        shown = repr(kind)[:40]
        raise Rejection(
            "unknown_type",
            f"unknown message type {shown}; known: {', '.join(TYPES)}",
            msg_id,
        )
    fields: dict[str, Any] = {}
    for name, (ftype, required) in _FIELDS[kind].items():
        if name not in data or data[name] is None:
            if required:
                raise Rejection("bad_message", f"'{kind}' needs '{name}'", msg_id)
            continue
        fields[name] = _check(name, data[name], ftype, msg_id)
    extra = sorted(set(data) - set(_FIELDS[kind]) - {"type", "id"})
    if extra:
        shown = ", ".join(repr(k)[:30] for k in extra[:5])
        raise Rejection("bad_message", f"'{kind}' has no field {shown}", msg_id)
    if kind == "move" and ("action" in fields) == ("notation" in fields):
        raise Rejection("bad_message", "a move gives either 'action' or 'notation'", msg_id)
    return ClientMessage(type=kind, id=msg_id, **fields)


#: orjson writes integers of at most 64 bits
_ORJSON_INT = range(-(2**63), 2**64)


def json_int(value: int) -> int | orjson.Fragment:
    """``value`` as orjson can write it: beyond 64 bits (Four Fields' action numbers
    reach about 2**171) as its decimal digits, which orjson copies into the JSON as
    they are, so that a message holding one need not take the standard library's
    slower path (see :func:`dumps`)."""
    return value if value in _ORJSON_INT else orjson.Fragment(str(value))


def _fragment_as_int(value: object) -> int:
    if isinstance(value, orjson.Fragment):
        return int(orjson.dumps(value))  # a fragment's JSON is its digits
    raise TypeError(f"{type(value).__name__} is not JSON")


def dumps(message: Any) -> str:
    """Server messages as compact JSON (the same bytes for every receiver).

    orjson writes them several times faster than the standard library, which matters
    because every update is encoded for every viewer on the event loop. It refuses
    integers beyond 64 bits (the server hands them over as :func:`json_int`) and keys
    that are not strings: those messages take the standard library's path, which
    writes the same JSON."""
    try:
        return orjson.dumps(message).decode()
    except TypeError:
        return json.dumps(
            message, separators=(",", ":"), ensure_ascii=False, default=_fragment_as_int
        )

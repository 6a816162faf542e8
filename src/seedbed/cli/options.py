"""Parsing the CLI's small languages: game options and lists of agent specs."""

from __future__ import annotations

from typing import Any


def parse_value(text: str) -> Any:
    """``true``/``false`` as bools, whole numbers as ints, anything else as a string."""
    low = text.strip().lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text.strip()


def parse_options(items: list[str]) -> dict[str, Any]:
    """``["full_harvest=true", "harvest_cards_played=fields"]`` as a params dict."""
    out: dict[str, Any] = {}
    for item in items:
        name, eq, value = item.partition("=")
        if not eq or not name.strip():
            raise ValueError(f"game option {item!r} must be NAME=VALUE")
        out[name.strip()] = parse_value(value)
    return out


def parse_agent_list(text: str) -> list[str]:
    """Split ``"ismcts:time=1,rollout=heuristic,random"`` into agent specs.

    Commas separate specs, but a part of the form ``key=value`` without a ``:`` belongs
    to the spec before it (its options are comma separated too).
    """
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            raise ValueError(f"empty agent spec in {text!r}")
        if "=" in part and ":" not in part:
            if not specs:
                raise ValueError(f"agent option {part!r} has no agent before it")
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs

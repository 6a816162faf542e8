"""Table clocks: none, a fixed time per move, or a Fischer time bank.

* ``{"kind": "none"}``: no clock.
* ``{"kind": "move", "seconds": 30}``: every move must be made within 30 s.
* ``{"kind": "fischer", "base": 300, "increment": 5}``: each human seat starts with a
  bank of 300 s, its thinking time is taken from the bank and every move it makes adds
  5 s. An empty bank still gets the increment after the move that emptied it.

When a seat's time runs out the heuristic agent plays that seat's move from the
seat's own information set, and the log says so (``"by": "timeout"``). Bots have no
clock. Time while the server is down is not charged: after a restart the seat to
move starts its turn afresh with what its bank held.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MAX_SECONDS = 24 * 3600.0


@dataclass(frozen=True)
class Clock:
    kind: str = "none"
    seconds: float = 0.0
    base: float = 0.0
    increment: float = 0.0

    @classmethod
    def parse(cls, data: Any) -> Clock:
        """Read a clock description; ``ValueError`` saying what is wrong."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise ValueError("clock must be an object such as {'kind': 'move', 'seconds': 30}")
        kind = data.get("kind", "none")
        allowed = {"none": set(), "move": {"seconds"}, "fischer": {"base", "increment"}}
        if kind not in allowed:
            raise ValueError(f"clock kind must be none, move or fischer, not {kind!r}")
        extra = sorted(set(data) - allowed[kind] - {"kind"})
        if extra:
            raise ValueError(f"a {kind} clock has no {', '.join(map(str, extra))}")

        def number(name: str, low: float) -> float:
            value = data.get(name, 0)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"clock {name} must be a number of seconds")
            if not low <= value <= MAX_SECONDS:
                raise ValueError(f"clock {name} must be {low:g} to {MAX_SECONDS:g} seconds")
            return float(value)

        if kind == "move":
            return cls("move", seconds=number("seconds", 1.0))
        if kind == "fischer":
            return cls("fischer", base=number("base", 1.0), increment=number("increment", 0.0))
        return cls()

    def to_json(self) -> dict[str, Any]:
        if self.kind == "move":
            return {"kind": "move", "seconds": self.seconds}
        if self.kind == "fischer":
            return {"kind": "fischer", "base": self.base, "increment": self.increment}
        return {"kind": "none"}

    @property
    def enabled(self) -> bool:
        return self.kind != "none"

    def initial(self) -> float | None:
        """A seat's remaining time when the game starts (``None``: nothing to keep)."""
        return self.base if self.kind == "fischer" else None

    def budget(self, remaining: float | None) -> float | None:
        """Seconds the seat to move has for this turn (``None``: unlimited)."""
        if self.kind == "move":
            return self.seconds
        if self.kind == "fischer":
            return max(0.0, remaining if remaining is not None else self.base)
        return None

    def after_move(self, remaining: float | None, elapsed: float) -> float | None:
        """The seat's bank after a move that took ``elapsed`` seconds."""
        if self.kind != "fischer":
            return None
        bank = remaining if remaining is not None else self.base
        return round(max(0.0, bank - elapsed) + self.increment, 3)

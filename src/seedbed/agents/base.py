"""The agent protocol and ``make_agent``: agents decide from an :class:`InfoSet` alone.

An agent spec is ``name`` or ``name:key=value,key=value`` (``"ismcts:time=1.0"``).
Agent kinds register a factory here; the factory receives the parsed options and the
seed, and rejects options it does not know with a clear ``ValueError``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final, Protocol, runtime_checkable

from seedbed.core.errors import close_match, quote, quote_name
from seedbed.core.protocol import InfoSet


@runtime_checkable
class Agent(Protocol):
    """Something that picks a legal action from what one seat may know."""

    name: str

    def select_action(self, infoset: InfoSet) -> int: ...


def reuses(agent: Agent) -> bool:
    """Whether ``agent`` carries work from one decision to its seat's next one (an
    ``ismcts:...,reuse=1`` search starts a decision that follows its own move from the
    subtree below that move). Such an agent decides differently, and better, when one
    object makes all of a seat's decisions in a row, as ``seedbed simulate`` and
    ``seedbed play`` do; a server that makes agents afresh for each move asks it for
    the rest of the seat's go at once instead (:mod:`seedbed.server.bots`)."""
    return bool(getattr(agent, "reuse", False))


AgentFactory = Callable[[dict[str, str], "int | None"], Agent]
_FACTORIES: dict[str, tuple[AgentFactory, str]] = {}


def register_agent(name: str, factory: AgentFactory, doc: str) -> None:
    """Make ``name`` available to :func:`make_agent` (and the CLI)."""
    _FACTORIES[name] = (factory, doc)


def available_agents() -> dict[str, str]:
    """Agent names and one-line descriptions."""
    _load_builtin()
    return {name: doc for name, (_, doc) in sorted(_FACTORIES.items())}


#: No agent spec is longer (``ismcts:time=1.0,rollout=heuristic,depth=0,bias=0`` is 48);
#: longer text, from a file or the network, is refused before it is split.
MAX_SPEC: Final = 200


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"name:k=v,k=v"`` into the name and its options."""
    if not isinstance(spec, str):
        raise ValueError(f"an agent spec is text, not {quote(spec)}")
    if len(spec) > MAX_SPEC:
        raise ValueError(f"agent spec {quote(spec)} is too long (at most {MAX_SPEC} characters)")
    name, _, rest = spec.strip().partition(":")
    options: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"agent option {quote(part)} in {quote(spec)} must be key=value")
        options[key.strip()] = value.strip()
    return name.strip(), options


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """The agent ``spec`` describes, seeded with ``seed`` (``None``: fresh randomness)."""
    _load_builtin()
    name, options = parse_spec(spec)
    entry = _FACTORIES.get(name)
    if entry is None:
        close = close_match(name, _FACTORIES)
        hint = f" did you mean {close!r}?" if close else ""
        raise ValueError(
            f"no agent {quote(name)};{hint} available: {', '.join(sorted(_FACTORIES))} "
            "(options as name:key=value,...)"
        )
    return entry[0](options, seed)


def reject_unknown(name: str, options: dict[str, Any], known: set[str]) -> None:
    """Raise a clear ``ValueError`` for agent options ``name`` does not take."""
    unknown = sorted(set(options) - known)
    if unknown:
        valid = ", ".join(sorted(known)) or "none"
        close = close_match(unknown[0], known) if len(unknown) == 1 else None
        hint = f" did you mean {close!r}?" if close else ""
        named = ", ".join(quote_name(u) for u in unknown[:3])
        more = f" (and {len(unknown) - 3} more)" if len(unknown) > 3 else ""
        raise ValueError(f"agent {name!r} has no option {named}{more};{hint} options: {valid}")


def number_option(
    agent: str, name: str, text: str, low: float | None = None, high: float | None = None
) -> float:
    """Option ``name`` of agent ``agent`` (spec text ``text``) as a finite number, from
    ``low`` to ``high`` where they are given; anything else is a clear ``ValueError``
    (``inf`` and ``nan`` too: ``time=inf`` would search for ever)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    in_range = (low is None or value >= low) and (high is None or value <= high)
    if not (math.isfinite(value) and in_range):
        if low is not None and high is not None:
            wanted = f"a number from {low:g} to {high:g}"
        elif low is not None:
            wanted = f"a number >= {low:g}"
        elif high is not None:
            wanted = f"a number <= {high:g}"
        else:
            wanted = "a number"
        raise ValueError(f"agent {agent!r} option {name} takes {wanted}, not {text!r}")
    return value


def flag_option(agent: str, name: str, text: str) -> bool:
    """Option ``name`` of agent ``agent`` as an on/off switch: ``1`` or ``0``."""
    if text not in ("0", "1"):
        raise ValueError(f"agent {agent!r} option {name} takes 0 or 1, not {text!r}")
    return text == "1"


def whole_option(agent: str, name: str, text: str, least: int = 0) -> int:
    """Option ``name`` of agent ``agent`` as a whole number of at least ``least``
    (digits only: no sign, no point, no spaces)."""
    if not (text.isascii() and text.isdigit()) or int(text) < least:
        wanted = "a whole number" if least == 0 else f"a whole number >= {least}"
        raise ValueError(f"agent {agent!r} option {name} takes {wanted}, not {text!r}")
    return int(text)


def check_budget(who: str, iterations: int | None, seconds: float | None) -> None:
    """Refuse, with a clear ``ValueError``, a search budget that cannot be spent: a
    search needs ``iterations`` (at least 1) or ``seconds`` of CPU time (a positive,
    finite number), or both (then whichever ends first). ``who`` names the search in
    the message (``"ismcts"``, ``"agent 'flat'"``)."""
    if iterations is None and seconds is None:
        raise ValueError(f"{who} needs a budget: iterations= or time=")
    if iterations is not None and iterations < 1:
        raise ValueError(f"{who} iterations must be at least 1, not {iterations}")
    if seconds is not None and not (seconds > 0 and math.isfinite(seconds)):
        raise ValueError(f"{who} time must be a positive number of seconds, not {seconds}")


def budget_options(
    agent: str, options: dict[str, str], default_iterations: int
) -> tuple[int | None, float | None]:
    """``(iterations, seconds)`` from the spec options ``iterations=`` (playouts or
    search iterations, a whole number >= 1) and ``time=`` (CPU seconds, positive),
    either or both; ``default_iterations`` when neither is given."""
    iterations = None
    seconds = None
    if "iterations" in options:
        iterations = whole_option(agent, "iterations", options["iterations"], 1)
    if "time" in options:
        seconds = number_option(agent, "time", options["time"])
        if seconds <= 0:
            raise ValueError(f"agent {agent!r} option time must be positive, not {seconds}")
    if iterations is None and seconds is None:
        iterations = default_iterations
    check_budget(f"agent {agent!r}", iterations, seconds)
    return iterations, seconds


def _load_builtin() -> None:
    # Imported lazily so that agent modules may import this one.
    from seedbed.agents import expert, heuristic, ismcts, levels, random_agent  # noqa: F401

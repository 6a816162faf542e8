"""The agent protocol and ``make_agent``: agents decide from an :class:`InfoSet` alone.

An agent spec is ``name`` or ``name:key=value,key=value`` (``"ismcts:time=1.0"``).
Agent kinds register a factory here; the factory receives the parsed options and the
seed, and rejects options it does not know with a clear ``ValueError``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from seedbed.core.protocol import InfoSet


@runtime_checkable
class Agent(Protocol):
    """Something that picks a legal action from what one seat may know."""

    name: str

    def select_action(self, infoset: InfoSet) -> int: ...


AgentFactory = Callable[[dict[str, str], "int | None"], Agent]
_FACTORIES: dict[str, tuple[AgentFactory, str]] = {}


def register_agent(name: str, factory: AgentFactory, doc: str) -> None:
    """Make ``name`` available to :func:`make_agent` (and the CLI)."""
    _FACTORIES[name] = (factory, doc)


def available_agents() -> dict[str, str]:
    """Agent names and one-line descriptions."""
    _load_builtin()
    return {name: doc for name, (_, doc) in sorted(_FACTORIES.items())}


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"name:k=v,k=v"`` into the name and its options."""
    name, _, rest = spec.strip().partition(":")
    options: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"agent option {part!r} in {spec!r} must be key=value")
        options[key.strip()] = value.strip()
    return name.strip(), options


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """The agent ``spec`` describes, seeded with ``seed`` (``None``: fresh randomness)."""
    _load_builtin()
    name, options = parse_spec(spec)
    entry = _FACTORIES.get(name)
    if entry is None:
        raise ValueError(
            f"no agent {name!r}; available: {', '.join(sorted(_FACTORIES))} "
            "(options as name:key=value,...)"
        )
    return entry[0](options, seed)


def reject_unknown(name: str, options: dict[str, Any], known: set[str]) -> None:
    """Raise a clear ``ValueError`` for agent options ``name`` does not take."""
    unknown = sorted(set(options) - known)
    if unknown:
        valid = ", ".join(sorted(known)) or "none"
        raise ValueError(f"agent {name!r} has no option {', '.join(unknown)}; options: {valid}")


def _load_builtin() -> None:
    # Imported lazily so that agent modules may import this one.
    from seedbed.agents import heuristic, ismcts, random_agent  # noqa: F401

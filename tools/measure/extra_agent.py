"""Not a script: what the measuring scripts that run ``seedbed`` with one more agent
share (``ensemble.py``, ``sewn_loose_rivals.py``, ``sewn_privilege_fit.py``,
``root_mean_pick.py``). Such an agent wraps ``ismcts`` searches and takes their options
after its own."""

from __future__ import annotations

import sys

from seedbed.agents.base import AgentFactory, register_agent


def ismcts_spec(options: dict[str, str]) -> str:
    """The ``ismcts`` spec of the options left after the wrapping agent's own."""
    return "ismcts:" + ",".join(f"{key}={value}" for key, value in options.items())


def run_seedbed_with(name: str, factory: AgentFactory, doc: str) -> None:
    """Run ``seedbed`` (its command line from ``sys.argv``) with agent ``name`` added;
    ``seedbed arena``'s worker processes are forked, so they know the agent too."""
    register_agent(name, factory, doc)
    from seedbed.cli.main import main

    main(sys.argv[1:])

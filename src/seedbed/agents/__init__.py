"""Agents: they reach games only through the protocol and decide from an InfoSet."""

from seedbed.agents.base import Agent, available_agents, make_agent

__all__ = ["Agent", "available_agents", "make_agent"]

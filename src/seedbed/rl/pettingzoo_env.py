"""Every seedbed game as a PettingZoo AEC environment.

``seedbed.rl.env("sewn", players=4, **options)``: agents ``player_0 ..``, observation
spaces ``Dict(observation, action_mask)``, action spaces ``Discrete`` of the game's
``num_distinct_actions()``, rewards the game's returns at the end (each winner gets
1/k, everyone else 0), ``render()`` as text. Unlike PettingZoo's classic
environments, every option of the game's rules is a parameter.
"""

from __future__ import annotations

import random
from typing import Any

from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import seedbed
from seedbed.core.protocol import Game, State
from seedbed.rl._spaces import (
    RENDER_MODES,
    action_of,
    check_render_mode,
    observation_space,
    observe,
    render_state,
)


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class SeedbedAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo is untyped
    """One seedbed game (any game of the registry, any player count and options) as
    a PettingZoo AEC environment. ``reset(seed=s)`` deals the game of seed ``s``, so
    the same seed and the same actions always give the same game."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "is_parallelizable": False}

    def __init__(
        self, game: str, players: int | None = None, render_mode: str | None = None, **options: Any
    ) -> None:
        super().__init__()
        self.game: Game = seedbed.load(game, players=players, **options)
        self.render_mode = check_render_mode(render_mode)
        self.metadata = {**self.metadata, "name": f"seedbed_{self.game.id}_v{self.game.version}"}
        self.possible_agents = [agent_name(p) for p in range(self.game.num_players)]
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        obs_space = observation_space(self.game)
        act_space = spaces.Discrete(self.game.num_distinct_actions())
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: act_space for a in self.possible_agents}
        self._rng = random.Random()
        self.state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng.seed(seed)
        self.state = self.game.new_state(self._rng.randrange(2**63))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.state is not None
        who = self.state.current_player()
        if who is not None:
            self.agent_selection = self.possible_agents[who]

    def observe(self, agent: str) -> dict[str, Any]:
        assert self.state is not None, "call reset() first"
        return observe(self.state, self._seat[agent])

    def step(self, action: Any) -> None:
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        state = self.state
        assert state is not None, "call reset() first"
        agent = self.agent_selection
        state.apply_checked(action_of(state, action))  # IllegalMoveError: nothing changes
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if state.is_terminal():
            returns = state.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat[a]])
                self.terminations[a] = True
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        return render_state(self.state, self.render_mode)

    def close(self) -> None:
        self.state = None


def raw_env(game: str, players: int | None = None, **kwargs: Any) -> SeedbedAECEnv:
    """The environment without PettingZoo's wrappers."""
    return SeedbedAECEnv(game, players=players, **kwargs)


def env(game: str, players: int | None = None, **kwargs: Any) -> AECEnv:
    """Game ``game`` (an id of ``seedbed games``) with ``players`` seats and the
    game's options as keyword arguments (``render_mode="ansi"`` too), wrapped as
    PettingZoo's classic environments are: an illegal action ends the game with
    reward -1 for the seat that made it (:func:`raw_env` raises ``IllegalMoveError``
    instead), actions checked against the action space, calls in the right order."""
    wrapped: AECEnv = raw_env(game, players=players, **kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


__all__ = ["SeedbedAECEnv", "env", "raw_env"]

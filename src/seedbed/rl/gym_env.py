"""Every seedbed game as a Gymnasium single-agent environment: the learner plays one
seat, seedbed agents play the others.

``seedbed.rl.gym_env("harvest", players=3, opponents="heuristic")``: observations
are ``Dict(observation, action_mask)`` as in the PettingZoo environment, actions
``Discrete(num_distinct_actions)``, the reward the learner's return at the end of
the game (1/k for each of k winners, else 0) and 0 before it. An illegal action
ends the episode with reward -1 (``illegal_action="raise"``: ``IllegalMoveError``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
from gymnasium import spaces

import seedbed
from seedbed.agents import Agent, make_agent
from seedbed.core.errors import IllegalMoveError
from seedbed.core.protocol import Game, State
from seedbed.rl._spaces import (
    RENDER_MODES,
    action_of,
    check_render_mode,
    observation_space,
    observe,
    render_state,
)


class SeedbedGymEnv(gymnasium.Env):
    """Seat ``seat`` of a seedbed game against seedbed agents (``opponents``: one
    agent spec for every other seat, or one spec per other seat in seat order, e.g.
    ``"heuristic"``, ``"random"``, ``"ismcts:time=0.05"``). ``reset(seed=s)`` deals
    the game of seed ``s`` and seeds the opponents from it, so an episode is
    reproducible."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES)}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        seat: int = 0,
        opponents: str | Sequence[str] = "heuristic",
        render_mode: str | None = None,
        illegal_action: str = "lose",
        **options: Any,
    ) -> None:
        self.game: Game = seedbed.load(game, players=players, **options)
        n = self.game.num_players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, not {seat!r}")
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise ValueError(f"{n} players need {n - 1} opponent specs, not {len(specs)}")
        for spec in specs:
            make_agent(spec, seed=0)  # a bad spec fails here, with the agent's message
        self.render_mode = check_render_mode(render_mode)
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}")
        self.illegal_action = illegal_action
        self.seat = seat
        self._specs = specs
        self.observation_space = observation_space(self.game)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        self._rng = random.Random()
        self._agents: dict[int, Agent] = {}
        self.state: State | None = None
        self._lost = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng.seed(seed)
        self.state = self.game.new_state(self._rng.randrange(2**63))
        others = [p for p in range(self.game.num_players) if p != self.seat]
        self._agents = {
            p: make_agent(spec, seed=self._rng.randrange(2**63))
            for p, spec in zip(others, self._specs, strict=True)
        }
        self._lost = False
        self._play_opponents()
        return observe(self.state, self.seat), {}

    def _play_opponents(self) -> None:
        state = self.state
        assert state is not None
        while True:
            who = state.current_player()
            if who is None or who == self.seat:
                return
            state.apply_action(self._agents[who].select_action(state.infoset(who)))

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        state = self.state
        if state is None or state.is_terminal() or self._lost:
            raise RuntimeError("the episode is over: call reset()")
        try:
            state.apply_checked(action_of(state, action))  # raises, changing nothing
        except IllegalMoveError as exc:
            if self.illegal_action == "raise":
                raise
            # As PettingZoo's classic environments do: the episode ends, reward -1.
            self._lost = True
            return observe(state, self.seat), -1.0, True, False, {"illegal_action": str(exc)}
        self._play_opponents()
        done = state.is_terminal()
        reward = float(state.returns()[self.seat]) if done else 0.0
        if self.render_mode == "human":
            self.render()
        return observe(state, self.seat), reward, done, False, {}

    def render(self) -> str | None:
        return render_state(self.state, self.render_mode)


def gym_env(game: str, players: int | None = None, **kwargs: Any) -> SeedbedGymEnv:
    """Game ``game`` for ``players`` with the learner at ``seat`` (default 0) against
    ``opponents`` (default ``"heuristic"``); the game's options as keywords."""
    return SeedbedGymEnv(game, players=players, **kwargs)

"""Every seedbed game as a PettingZoo AEC environment and a Gymnasium single-agent
environment (``pip install 'seedbed[rl]'``; docs/research.md).

>>> import seedbed.rl
>>> e = seedbed.rl.env("sow", players=3)
>>> e.reset(seed=1)
>>> e.possible_agents, e.observation_space("player_0")["observation"].shape
(['player_0', 'player_1', 'player_2'], (298,))

Both reach the games only through the registry and the protocol: observations are
``State.observation(seat)`` (each game's encoding, documented on its rules page),
actions are indices of ``Game.num_distinct_actions()`` (``State.action_index``).
"""

from __future__ import annotations

from seedbed.rl.gym_env import SeedbedGymEnv, gym_env
from seedbed.rl.pettingzoo_env import SeedbedAECEnv, env, raw_env

__all__ = ["SeedbedAECEnv", "SeedbedGymEnv", "env", "gym_env", "raw_env"]

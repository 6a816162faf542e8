"""The Gymnasium single-agent environment: Gymnasium's checker, the opponents, the
rewards."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import seedbed
import seedbed.rl
from seedbed.core.errors import IllegalMoveError
from seedbed.core.registry import game_class


@pytest.mark.parametrize("game_id", seedbed.available_games())
def test_gymnasium_env_checker_passes(game_id: str) -> None:
    env = seedbed.rl.gym_env(game_id, opponents="random")
    with warnings.catch_warnings():
        # The vector holds counts and scores with no upper bound: the Box says so.
        warnings.filterwarnings("ignore", message=".*infinity.*")
        check_env(env, skip_render_check=False)


@pytest.mark.parametrize("game_id", seedbed.available_games())
def test_an_episode_against_heuristics_ends_with_the_seats_return(game_id: str) -> None:
    cls = game_class(game_id)
    seat = cls.max_players - 1
    env = seedbed.rl.gym_env(game_id, players=cls.max_players, seat=seat)
    obs, _ = env.reset(seed=8)
    rng = np.random.default_rng(8)
    rewards = []
    done = False
    while not done:
        assert env.state is not None and env.state.current_player() == seat
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, truncated, _ = env.step(action)
        assert not truncated
        rewards.append(reward)
    assert env.state.is_terminal()
    assert rewards[-1] == env.state.returns()[seat]
    assert all(r == 0 for r in rewards[:-1])
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_episodes_are_reproducible_from_the_seed() -> None:
    def play(seed: int) -> str:
        env = seedbed.rl.gym_env("harvest", players=3, opponents=["heuristic", "random"])
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            obs, _, done, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert env.state is not None
        return env.state.to_json()

    assert play(4) == play(4)
    assert play(4) != play(5)


def test_illegal_actions_lose_or_raise() -> None:
    env = seedbed.rl.gym_env("sow", players=2)
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(illegal)
    assert (reward, done) == (-1.0, True) and "legal moves" in info["illegal_action"]
    strict = seedbed.rl.gym_env("sow", players=2, illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalMoveError):
        strict.step(illegal)


def test_bad_arguments_are_clear() -> None:
    with pytest.raises(ValueError, match="seat"):
        seedbed.rl.gym_env("sow", players=2, seat=2)
    with pytest.raises(ValueError, match="opponent specs"):
        seedbed.rl.gym_env("sow", players=3, opponents=["random"])
    with pytest.raises(ValueError, match="no agent"):
        seedbed.rl.gym_env("sow", opponents="alphazero")

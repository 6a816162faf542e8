"""The PettingZoo environments: PettingZoo's own API and seed tests for every game,
player count and option value, and whole games played through the environment."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import seedbed
import seedbed.rl
from game_configs import CONFIGS
from seedbed.core.errors import IllegalMoveError


@pytest.mark.parametrize(("game_id", "params"), CONFIGS)
def test_pettingzoo_api_and_seed_tests_pass(game_id: str, params: dict[str, object]) -> None:
    with warnings.catch_warnings():
        # PettingZoo's classic environments get the same notice: the observation is
        # their Dict of the vector and the action mask, not a bare array.
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(seedbed.rl.env(game_id, **params), num_cycles=300)
        seed_test(lambda: seedbed.rl.env(game_id, **params), num_cycles=300)


def _play_out(env: object, rng: np.random.Generator) -> dict[str, float]:
    """Random legal actions to the end; the cumulative reward of every agent."""
    total: dict[str, float] = {}
    for agent in env.agent_iter():  # type: ignore[attr-defined]
        obs, reward, terminated, truncated, _ = env.last()  # type: ignore[attr-defined]
        total[agent] = total.get(agent, 0.0) + reward
        if terminated or truncated:
            action = None
        else:
            assert obs["observation"].dtype == np.float32
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)  # type: ignore[attr-defined]
    return total


@pytest.mark.parametrize(("game_id", "params"), CONFIGS)
def test_whole_game_rewards_are_the_returns(game_id: str, params: dict[str, object]) -> None:
    env = seedbed.rl.raw_env(game_id, **params)
    env.reset(seed=3)
    total = _play_out(env, np.random.default_rng(3))
    state = env.state
    assert state is not None and state.is_terminal()
    returns = state.returns()
    assert total == {f"player_{p}": returns[p] for p in range(len(returns))}
    assert env.agents == []


def test_same_seed_same_game_and_options_are_parameters() -> None:
    a = seedbed.rl.raw_env("harvest", players=3, harvest_cards_played="table")
    b = seedbed.rl.raw_env("harvest", players=3, harvest_cards_played="table")
    assert a.game.params == {"players": 3, "harvest_cards_played": "table"}
    a.reset(seed=11)
    b.reset(seed=11)
    assert a.state is not None and b.state is not None
    assert a.state.to_json() == b.state.to_json()
    a.reset(seed=12)
    assert a.state.to_json() != b.state.to_json()


def test_observation_is_the_seats_own_and_mask_marks_the_legal_moves() -> None:
    env = seedbed.rl.raw_env("sewn")
    env.reset(seed=5)
    state = env.state
    assert state is not None
    mover = env.agent_selection
    seat = int(mover.split("_")[1])
    obs = env.observe(mover)
    assert obs["observation"].shape == (551,)
    np.testing.assert_array_equal(obs["observation"], np.float32(state.observation(seat)))
    assert sorted(np.flatnonzero(obs["action_mask"]).tolist()) == state.legal_actions()
    other = f"player_{(seat + 1) % 4}"
    assert not env.observe(other)["action_mask"].any(), "only the seat to move has moves"
    assert not np.array_equal(env.observe(other)["observation"], obs["observation"])


def test_four_fields_actions_are_places_among_the_legal_moves() -> None:
    env = seedbed.rl.raw_env("four_fields", players=2)
    env.reset(seed=2)
    state = env.state
    assert state is not None
    legal = state.legal_actions()
    mask = env.observe(env.agent_selection)["action_mask"]
    assert mask.shape == (1024,)
    assert np.flatnonzero(mask).tolist() == list(range(len(legal)))
    env.step(len(legal) - 1)
    assert state.actions() == [legal[-1]]


def test_an_illegal_action_raises_in_the_raw_env_and_changes_nothing() -> None:
    env = seedbed.rl.raw_env("sow", players=2)
    env.reset(seed=1)
    assert env.state is not None
    before = env.state.to_json()
    illegal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(IllegalMoveError):
        env.step(illegal)
    with pytest.raises(IllegalMoveError, match="whole number"):
        env.step("take 4")
    assert env.state.to_json() == before


def test_the_wrapped_env_ends_the_game_on_an_illegal_action_as_classic_envs_do() -> None:
    env = seedbed.rl.env("sow", players=2)
    env.reset(seed=1)
    mover = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(mover)["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the wrapper warns that the move was illegal
        env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards[mover] == -1


def test_render_is_text_and_bad_arguments_are_clear() -> None:
    env = seedbed.rl.raw_env("four_fields", players=3, render_mode="ansi")
    env.reset(seed=4)
    text = env.render()
    assert isinstance(text, str) and "[" not in text.split("\n")[0]
    with pytest.raises(ValueError, match="players"):
        seedbed.rl.env("sewn", players=3)
    with pytest.raises(ValueError, match="no option"):
        seedbed.rl.env("sow", colour="red")
    with pytest.raises(ValueError, match="render_mode"):
        seedbed.rl.env("sow", render_mode="rgb_array")

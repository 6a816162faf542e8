"""The OpenSpiel adapter: registration, OpenSpiel's own checks (``random_sim_test``),
its Python algorithms on our games, and what each seat is shown."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

import seedbed
import seedbed.openspiel
from game_configs import CONFIGS
from seedbed.core.errors import IllegalMoveError

seedbed.openspiel.register()


def test_register_names_every_game_and_is_idempotent() -> None:
    names = seedbed.openspiel.register()
    assert names == [f"python_seedbed_{g}" for g in seedbed.available_games()]
    registered = pyspiel.registered_names()
    assert all(name in registered for name in names)


@pytest.mark.parametrize(("game_id", "params"), CONFIGS)
def test_openspiel_random_sim_test_passes(game_id: str, params: dict[str, object]) -> None:
    game = pyspiel.load_game(f"python_seedbed_{game_id}", {**params, "seed": 1})
    gtype = game.get_type()
    assert gtype.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gtype.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.num_players() == params["players"]
    sg = seedbed.load(game_id, **params)
    assert game.num_distinct_actions() == sg.num_distinct_actions()
    assert game.observation_tensor_shape() == list(sg.observation_shape())
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_load_game_takes_the_options_and_refuses_bad_ones() -> None:
    game = pyspiel.load_game(
        "python_seedbed_harvest", {"players": 3, "harvest_cards_played": "table"}
    )
    assert game.seedbed_game.params == {"players": 3, "harvest_cards_played": "table"}
    with pytest.raises(Exception, match="4 players"):
        pyspiel.load_game("python_seedbed_sewn", {"players": 3})
    with pytest.raises(Exception, match="harvest_cards_played"):
        pyspiel.load_game("python_seedbed_harvest", {"harvest_cards_played": "sky"})


def test_seed_parameter_makes_the_deals_reproducible() -> None:
    a = pyspiel.load_game("python_seedbed_sow", {"players": 2, "seed": 5})
    b = pyspiel.load_game("python_seedbed_sow", {"players": 2, "seed": 5})
    deals_a = [a.new_initial_state().seedbed_state.to_json() for _ in range(3)]
    deals_b = [b.new_initial_state().seedbed_state.to_json() for _ in range(3)]
    assert deals_a == deals_b and len(set(deals_a)) == 3
    same = a.state_for_seed(9).seedbed_state.to_json()
    assert same == seedbed.load("sow", players=2).new_state(9).to_json()


@pytest.mark.parametrize("game_id", seedbed.available_games())
def test_strings_and_tensors_are_the_seats_information(game_id: str) -> None:
    game = pyspiel.load_game(f"python_seedbed_{game_id}", {"seed": 3})
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    for _ in range(30):
        state.apply_action(int(rng.choice(state.legal_actions())))
    inner = state.seedbed_state
    info_obs = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    for p in range(game.num_players()):
        assert state.information_state_string(p) == inner.information_state_string(p)
        np.testing.assert_array_equal(
            np.asarray(state.observation_tensor(p)), np.float32(inner.observation(p))
        )
        np.testing.assert_array_equal(
            np.asarray(state.information_state_tensor(p)), np.float32(inner.observation(p))
        )
        info_obs.set_from(state, p)
        np.testing.assert_array_equal(info_obs.tensor, np.float32(inner.observation(p)))
        # A determinization keeps what the seat knows, and only that.
        sample = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert sample.information_state_string(p) == state.information_state_string(p)
        assert sample.observation_string(p) == state.observation_string(p)
        assert sample.current_player() == state.current_player()
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.seedbed_state is inner and inner.to_json() != clone.seedbed_state.to_json()


def test_an_illegal_action_is_refused() -> None:
    game = pyspiel.load_game("python_seedbed_sewn")
    state = game.new_initial_state()
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    before = state.seedbed_state.to_json()
    with pytest.raises((IllegalMoveError, RuntimeError)):
        state.apply_action(illegal)
    assert state.seedbed_state.to_json() == before


@pytest.mark.parametrize("game_id", ["sow", "four_fields"])
def test_openspiels_python_ismcts_plays_a_whole_game(game_id: str) -> None:
    game = pyspiel.load_game(f"python_seedbed_{game_id}", {"players": 2, "seed": 2})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=2, random_state=np.random.RandomState(2)
    )
    state = game.new_initial_state()
    rng = np.random.default_rng(2)
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            action = int(rng.choice(state.legal_actions()))
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sum(state.returns()) == pytest.approx(1.0)

"""Every agent returns a legal action in every game and player count."""

from __future__ import annotations

import random

import pytest
from agents_cases import configs, mid_game_states

import seedbed
from seedbed.agents import available_agents, make_agent
from seedbed.agents.heuristic import policy_for

SPECS = ["random", "heuristic", "ismcts:iterations=8", "ismcts:iterations=4,rollout=heuristic"]


def test_the_builtin_agents_are_registered() -> None:
    assert {"random", "heuristic", "ismcts"} <= set(available_agents())


@pytest.mark.parametrize(("game_id", "players"), configs())
@pytest.mark.parametrize("spec", SPECS)
def test_agent_plays_legal_moves(game_id: str, players: int, spec: str) -> None:
    game = seedbed.load(game_id, players=players)
    for state in mid_game_states(game, seed=17, count=3):
        player = state.current_player()
        assert player is not None
        action = make_agent(spec, seed=2).select_action(state.infoset(player))
        assert action in state.legal_actions()


@pytest.mark.parametrize(("game_id", "players"), configs())
@pytest.mark.parametrize("spec", ["heuristic", "heuristic:sharp=1"])
def test_heuristic_plays_whole_games_quickly(game_id: str, players: int, spec: str) -> None:
    """A whole game of heuristic agents, plain or sharp (docs/agents.md): legal every
    move. (Its speed is measured by benchmarks, never asserted here.)"""
    game = seedbed.load(game_id, players=players)
    state = game.new_state(123)
    agents = [make_agent(spec, seed=p) for p in range(players)]
    assert policy_for(game) is not None
    decisions = 0
    while not state.is_terminal():
        player = state.current_player()
        assert player is not None
        infoset = state.infoset(player)
        legal = infoset.legal_actions()
        action = agents[player].select_action(infoset)
        decisions += 1
        assert action in legal, state.action_to_string(action)
        state.apply_action(action)
    assert decisions > 0


@pytest.mark.parametrize(("game_id", "players"), configs())
def test_heuristic_policy_reads_a_rollout_observation(game_id: str, players: int) -> None:
    """The policy works on the light (state, seat) wrapper used inside rollouts."""
    from seedbed.agents.ismcts import _SeatObservation

    game = seedbed.load(game_id, players=players)
    rng = random.Random(1)
    policy = policy_for(game)
    for state in mid_game_states(game, seed=8, count=3):
        player = state.current_player()
        assert player is not None
        legal = state.legal_actions()
        assert policy(_SeatObservation(state, player, legal), rng) in legal

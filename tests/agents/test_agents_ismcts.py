"""ISMCTS: budgets, determinism, hints and spec options."""

from __future__ import annotations

import math

import pytest
from agents_cases import configs, mid_game_states

import seedbed
from seedbed.agents import make_agent
from seedbed.agents.ismcts import ISMCTS, top_moves


def _toy_state(toy: str, players: int = 2) -> seedbed.State:
    return mid_game_states(seedbed.load(toy, players=players), seed=2, count=1, max_moves=1)[0]


def test_same_seed_and_iterations_give_the_same_tree(toy_registered: str) -> None:
    state = _toy_state(toy_registered, 3)
    player = state.current_player()
    assert player is not None
    first = ISMCTS(iterations=200, seed=4).ranked(state.infoset(player))
    second = ISMCTS(iterations=200, seed=4).ranked(state.infoset(player))
    assert [(a, v) for a, v, _ in first] == [(a, v) for a, v, _ in second]


@pytest.mark.parametrize(("game_id", "players"), configs())
def test_ismcts_is_deterministic_for_a_seed(game_id: str, players: int) -> None:
    game = seedbed.load(game_id, players=players)
    for state in mid_game_states(game, seed=5, count=2):
        player = state.current_player()
        assert player is not None
        choices = {
            make_agent("ismcts:iterations=10", seed=3).select_action(state.infoset(player))
            for _ in range(2)
        }
        assert len(choices) == 1


def test_iteration_budget_is_respected(toy_registered: str) -> None:
    state = _toy_state(toy_registered)
    player = state.current_player()
    assert player is not None
    searcher = ISMCTS(iterations=77, seed=1)
    ranked = searcher.ranked(state.infoset(player))
    assert searcher.last_iterations == 77
    assert sum(v for _, v, _ in ranked) == 77


def test_time_budget_stops(toy_registered: str) -> None:
    state = _toy_state(toy_registered)
    player = state.current_player()
    assert player is not None
    searcher = ISMCTS(iterations=None, seconds=0.05, seed=1)
    searcher.ranked(state.infoset(player))
    assert searcher.last_iterations > 0


def test_ismcts_finds_the_winning_card_in_the_toy_game(toy_registered: str) -> None:
    """Two players, last trick: leading the highest card must be preferred."""
    game = seedbed.load(toy_registered, players=2)
    state = game.new_state(1)
    wins = 0
    for _ in range(2):  # two tricks played at random leave one card each
        legal = state.legal_actions()
        state.apply_action(legal[0])
    while state.current_player() is not None and len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    if state.is_terminal():
        pytest.skip("no decision left in this deal")
    player = state.current_player()
    assert player is not None
    top = ISMCTS(iterations=400, seed=2).ranked(state.infoset(player))
    assert top[0][2] >= max(m for _, _, m in top if not math.isnan(m)) - 0.25
    wins += 1
    assert wins


def test_top_moves_gives_notation_and_win_shares(toy_registered: str) -> None:
    state = _toy_state(toy_registered, 2)
    player = state.current_player()
    assert player is not None
    moves = top_moves(state.infoset(player), iterations=100)
    legal_names = {state.action_to_string(a) for a in state.legal_actions()}
    assert moves and len(moves) <= 5
    for name, share in moves:
        assert name in legal_names
        assert 0.0 <= share <= 1.0
    assert top_moves(state.infoset(player), seconds=0.05)


def test_top_moves_with_a_single_legal_move(toy_registered: str) -> None:
    game = seedbed.load(toy_registered, players=2)
    state = game.new_state(3)
    while not state.is_terminal() and len(state.legal_actions()) != 1:
        state.apply_action(state.legal_actions()[0])
    if state.is_terminal():
        pytest.skip("no forced move in this deal")
    player = state.current_player()
    assert player is not None
    moves = top_moves(state.infoset(player), iterations=10)
    assert [m for m, _ in moves] == [state.action_to_string(state.legal_actions()[0])]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:iterations=abc", "whole number"),
        ("ismcts:iterations=0", "at least 1"),
        ("ismcts:time=-1", "positive"),
        ("ismcts:time=soon", "number"),
        ("ismcts:rollout=smart", "random or heuristic"),
        ("ismcts:depth=deep", "whole number"),
        ("ismcts:speed=3", "no option speed"),
        ("ismcts:c=x", "number"),
        ("ismcts:bias=much", "number"),
        ("ismcts:bias=-1", "0 or more"),
        ("ismcts:cutoff=maybe", "auto, score"),
        ("ismcts:iterations", "key=value"),
        ("heuristic:level=3", "no option level"),
        ("random:x=1", "no option x"),
        ("ismcst", "no agent"),
    ],
)
def test_bad_specs_say_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_agent(spec, seed=1)


def test_good_specs_parse() -> None:
    agent = make_agent("ismcts:iterations=50,rollout=heuristic,c=1.2,cutoff=true,bias=0.5", seed=1)
    assert agent.name == "ismcts"
    assert make_agent("ismcts:time=0.5").name == "ismcts"
    assert make_agent("heuristic").name == "heuristic"


def test_depth_caps_the_tree() -> None:
    """``depth=1`` keeps only the root's children (flat Monte Carlo below them);
    ``depth=2`` grows one level more; no cap grows deeper still."""
    from seedbed.agents.ismcts import ISMCTS

    state = seedbed.load("sow", players=2).new_state(3)
    infoset = state.infoset(state.current_player())

    def height(node: object) -> int:
        children = node.children  # type: ignore[attr-defined]
        return 1 + max((height(c) for c in children.values()), default=-1)

    heights = [
        height(ISMCTS(iterations=300, depth=d, rollout="random", seed=1).search(infoset))
        for d in (1, 2, 0)
    ]
    assert heights[0] == 1
    assert heights[1] == 2
    assert heights[2] > 2
    flat = ISMCTS(iterations=300, depth=1, rollout="random", seed=1).search(infoset)
    assert flat.visits == 300
    assert sum(c.visits for c in flat.children.values()) == 300


def test_four_fields_scores_only_at_round_ends() -> None:
    """``playout_horizon = "score"`` relies on this: Four Fields scores change only
    when a round ends (a new round number in the public view) or the game ends."""
    from seedbed.agents.heuristic import playout_cutoff

    game = seedbed.load("four_fields", players=3)
    assert playout_cutoff(game) == "score"
    state = game.new_state(8)
    agents = [make_agent("heuristic", seed=p) for p in range(3)]
    scores = state.scores()
    rounds = state.view(None)["table"]["round"]
    while not state.is_terminal():
        player = state.current_player()
        assert player is not None
        state.apply_action(agents[player].select_action(state.infoset(player)))
        if state.scores() != scores:
            assert state.is_terminal() or state.view(None)["table"]["round"] != rounds
        scores = state.scores()
        rounds = state.view(None)["table"]["round"]


def test_sewn_rounds_have_102_decisions() -> None:
    """``playout_horizon = 102`` for SEWN relies on this (public round number)."""
    from seedbed.agents.heuristic import playout_cutoff

    assert playout_cutoff(seedbed.load("sewn")) == 102
    state = seedbed.load("sewn").new_state(4)
    agents = [make_agent("random", seed=p) for p in range(4)]
    while not state.is_terminal():
        expected = state.move_number() // 102 + 1
        assert state.view(None)["table"]["round"] == expected
        player = state.current_player()
        assert player is not None
        state.apply_action(agents[player].select_action(state.infoset(player)))
    assert state.move_number() == 4 * 102


def test_no_cutoff_for_other_games() -> None:
    from seedbed.agents.heuristic import playout_cutoff

    assert playout_cutoff(seedbed.load("sow")) is None
    assert playout_cutoff(seedbed.load("harvest")) is None


def test_cutoff_spec_values() -> None:
    for text in ("auto", "score", "true", "none", "false", "102"):
        assert make_agent(f"ismcts:iterations=5,cutoff={text}", seed=1).name == "ismcts"

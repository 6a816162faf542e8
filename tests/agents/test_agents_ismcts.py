"""ISMCTS: budgets, determinism, hints and spec options."""

from __future__ import annotations

import math
import random
import time

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


def test_time_budget_counts_cpu_seconds(
    toy_registered: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``time=`` is CPU time of the process, not the clock: a search that waits (here
    each determinization sleeps 10 ms, as a search on a busy machine is kept waiting)
    still computes for its whole budget, taking longer by the clock."""
    import toy_game

    real = toy_game.ToyState.resample_from_infostate

    def slow(self: toy_game.ToyState, player: int, rng: random.Random) -> seedbed.State:
        time.sleep(0.01)
        busy = time.process_time() + 0.001
        while time.process_time() < busy:
            pass
        return real(self, player, rng)

    monkeypatch.setattr(toy_game.ToyState, "resample_from_infostate", slow)
    state = _toy_state(toy_registered)
    player = state.current_player()
    assert player is not None
    searcher = ISMCTS(iterations=None, seconds=0.03, seed=1)
    wall, cpu = time.perf_counter(), time.process_time()
    searcher.ranked(state.infoset(player))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert cpu >= 0.03  # a wall-clock budget would stop after about 3 ms of CPU
    assert wall > cpu
    assert searcher.last_iterations >= 3


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


@pytest.mark.parametrize("seed_tricks", [6, 3, 1])
def test_sewn_rounds_count_their_decisions_down(seed_tricks: int) -> None:
    """``playout_horizon = "round"`` for SEWN relies on this: ``round_moves_left()``
    starts every round at ``rules.decisions_per_round`` (102 in the rulebook game),
    goes down by one a move and the public round number changes exactly when it
    starts again."""
    from seedbed.agents.heuristic import playout_cutoff
    from seedbed.games.sewn import rules

    game = seedbed.load("sewn", seed_tricks=seed_tricks)
    assert playout_cutoff(game) == "round"
    per_round = rules.decisions_per_round(seed_tricks)
    state = game.new_state(4)
    agents = [make_agent("random", seed=p) for p in range(4)]
    assert state.round_moves_left() == per_round
    while not state.is_terminal():
        left = state.round_moves_left()
        assert left is not None
        assert left == per_round - state.move_number() % per_round
        assert state.view(None)["table"]["round"] == state.move_number() // per_round + 1
        player = state.current_player()
        assert player is not None
        state.apply_action(agents[player].select_action(state.infoset(player)))
    assert state.round_moves_left() is None
    assert state.move_number() == 4 * per_round == game.max_game_length()


@pytest.mark.parametrize("rollout", ["random", "heuristic"])
def test_sewn_playouts_from_a_position_stop_at_the_round_end(rollout: str) -> None:
    """A state read from a position has no move list; its playouts still stop where
    its round ends (not 102 moves on, as counting the move list did)."""
    from seedbed.agents import ismcts as search
    from seedbed.agents.heuristic import policy_for

    game = seedbed.load("sewn")
    state = game.new_state(9)
    rng = random.Random(2)
    for _ in range(150):  # into round 2's Seed Phase
        state.apply_action(rng.choice(state.legal_actions()))
    here = game.from_position(state.position())
    assert here.move_number() == 0
    left = here.round_moves_left()
    assert left == state.round_moves_left() == 2 * 102 - 150
    play = search._random_rollout if rollout == "random" else search._heuristic_rollout
    play(here, rng, "round", policy_for(game))
    assert here.move_number() == left
    assert here.view(None)["table"]["round"] == 3
    assert here.round_moves_left() == 102


def test_no_cutoff_for_other_games() -> None:
    from seedbed.agents.heuristic import playout_cutoff

    assert playout_cutoff(seedbed.load("sow")) is None
    assert playout_cutoff(seedbed.load("harvest")) is None


def test_cutoff_spec_values() -> None:
    for text in ("auto", "score", "round", "true", "none", "false", "102"):
        assert make_agent(f"ismcts:iterations=5,cutoff={text}", seed=1).name == "ismcts"

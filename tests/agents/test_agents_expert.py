"""The expert search: the exact endgame solver and the paired sequential-halving search."""

from __future__ import annotations

import random

import pytest
from agents_cases import mid_game_states

import seedbed
from seedbed.agents import make_agent
from seedbed.agents.endgame import (
    NodeBudgetExceeded,
    Solver,
    endgame_moves,
    solve,
    turn_end_moves,
    turn_outcomes,
)
from seedbed.agents.expert import EndgameAgent, ExpertSearch, choose
from seedbed.core.protocol import State
from seedbed.testing.helpers import from_position


def _endgames(seed: int, count: int, cards: int) -> list[State]:
    """Two-player Four Fields positions reached by random play with the draw pile
    empty and at most ``cards`` cards left in the hands, the seat to move choosing."""
    game = seedbed.load("four_fields", players=2)
    rng = random.Random(seed)
    out: list[State] = []
    deal = 0
    while len(out) < count:
        state = game.new_state(seed * 1000 + deal)
        deal += 1
        while not state.is_terminal():
            player = state.current_player()
            assert player is not None
            left = endgame_moves(state.infoset(player))
            if left is not None and left <= cards and len(state.legal_actions()) > 1:
                out.append(state)
                break
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return out


def _minimax(state: State, seat: int, solver: Solver) -> float:
    """The plain minimax value (no pruning, no table), the solver's values as leaves."""
    done = solver.value(state)
    if done is not None:
        return done
    values = []
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        values.append(_minimax(child, seat, solver))
    return max(values) if state.current_player() == seat else min(values)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_solver_finds_the_minimax_value_and_move(seed: int) -> None:
    for state in _endgames(seed, count=2, cards=3):
        seat = state.current_player()
        assert seat is not None
        moves = endgame_moves(state.infoset(seat))
        assert moves is not None
        values = solve(state, seat, moves, max_nodes=100_000)
        assert set(values) == set(state.legal_actions())
        reference = Solver(seat, state, moves, max_nodes=0)
        exact = {}
        for a in state.legal_actions():
            child = state.clone()
            child.apply_action(a)
            exact[a] = _minimax(child, seat, reference)
        # The first key is a best move, with its exact value.
        best = next(iter(values))
        assert values[best] == max(values.values())
        assert values[best] == pytest.approx(max(exact.values()))
        assert exact[best] == pytest.approx(max(exact.values()))
        # The other moves' values are upper bounds at most as good as the best.
        for a, v in values.items():
            assert v <= values[best] + 1e-9
            assert exact[a] <= v + 1e-9 or exact[a] == pytest.approx(v)


def _last_cards() -> State:
    # Seat 0 holds the 5 of diamonds and the 2 of clubs; seat 1 the last 5 (clubs).
    # The pile is out and every other card lies aside. Field 0 (Summer) holds the
    # 5 of hearts, field 1 (Autumn) the 2 of hearts. Harvesting the 5 of hearts with
    # the 5 of diamonds clears field 0 (a coin and two cards); the heart on top of it
    # is the card that decides "most hearts".
    return from_position(
        "four_fields",
        "fields 5H | 2H | - | - / hands 5D 2C | 5C / rest aside / summer f0 / turn 0",
        players=2,
    )


def test_the_solver_takes_the_field_with_the_matching_five() -> None:
    state = _last_cards()
    assert endgame_moves(state.infoset(0)) == 3
    values = solve(state, 0, 3, max_nodes=10_000)
    best = max(values, key=lambda a: (values[a], -a))
    assert state.action_to_string(best).upper().startswith("5D")
    assert "5H" in state.action_to_string(best).upper()
    # Anything else leaves the 5 of hearts (and the coin) to the rival's 5 of clubs.
    assert all(v < values[best] for a, v in values.items() if a != best)


def test_the_expert_search_plays_the_solved_move() -> None:
    state = _last_cards()
    search = ExpertSearch(iterations=50, seed=1)
    rows = search.ranked(state.infoset(0))
    assert search.last_solved
    assert search.last_iterations == 0
    assert "5H" in state.action_to_string(rows[0][0]).upper()


@pytest.mark.parametrize("spec", ["endgame:iterations=20", "flat:iterations=20", "expert"])
def test_endgame_decisions_depend_on_the_infoset_only(spec: str) -> None:
    rng = random.Random(7)
    for state in _endgames(5, count=3, cards=5):
        seat = state.current_player()
        assert seat is not None
        resampled = state.resample_from_infostate(seat, rng)
        a = make_agent(spec, seed=2).select_action(state.infoset(seat))
        b = make_agent(spec, seed=2).select_action(resampled.infoset(seat))
        assert a == b


def test_the_solver_gives_up_past_its_node_budget() -> None:
    state = _endgames(4, count=1, cards=8)[0]
    seat = state.current_player()
    assert seat is not None
    with pytest.raises(NodeBudgetExceeded):
        solve(state, seat, 8, max_nodes=3)
    # The search then falls back on its playouts.
    search = ExpertSearch(iterations=40, seed=2, endgame_nodes=3)
    rows = search.ranked(state.infoset(seat))
    assert not search.last_solved
    assert search.last_iterations >= 40 - len(rows)


@pytest.mark.parametrize(("game_id", "players"), [("sow", 2), ("harvest", 2), ("sewn", 4)])
def test_sequential_halving_spends_its_budget_and_replays_exactly(
    game_id: str, players: int
) -> None:
    game = seedbed.load(game_id, players=players)
    for state in mid_game_states(game, seed=6, count=3):
        player = state.current_player()
        assert player is not None
        infoset = state.infoset(player)
        legal = infoset.legal_actions()
        search = ExpertSearch(iterations=60, seed=9)
        rows = search.ranked(infoset)
        assert sorted(a for a, _, _ in rows) == sorted(legal)
        if len(legal) > 1:
            # Every move had a share; the one kept to the end has the most playouts.
            assert all(n >= 1 for _, n, _ in rows)
            assert rows[0][1] == max(n for _, n, _ in rows)
            assert search.last_iterations <= 60 + len(legal)
        again = ExpertSearch(iterations=60, seed=9).ranked(infoset)
        assert again == rows or all(x[:2] == y[:2] for x, y in zip(again, rows, strict=True))


def test_a_time_budget_is_cpu_time_and_stops() -> None:
    import time

    game = seedbed.load("four_fields", players=2)
    state = next(iter(mid_game_states(game, seed=3, count=1)))
    player = state.current_player()
    assert player is not None
    search = ExpertSearch(iterations=None, seconds=0.05, seed=1)
    began = time.process_time()
    search.ranked(state.infoset(player))
    # A phase may overrun by one round of playouts; never by seconds.
    assert time.process_time() - began < 2.0
    assert search.last_iterations > 0


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("flat:iterations=0", "whole number >= 1"),
        ("flat:time=-1", "positive"),
        ("flat:time=inf", "takes a number"),
        ("flat:win=2", "from 0 to 1"),
        ("flat:endgame=x", "whole number"),
        ("flat:depth=2", "no option depth"),
    ],
)
def test_bad_flat_specs_are_clear_errors(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_agent(spec)


def test_the_endgame_agent_spends_cpu_time_in_ismcts_chunks() -> None:
    import time

    from seedbed.agents.expert import EndgameAgent

    game = seedbed.load("sow", players=2)
    state = next(iter(mid_game_states(game, seed=4, count=1)))
    player = state.current_player()
    assert player is not None
    agent = make_agent("endgame:time=0.05", seed=1)
    assert isinstance(agent, EndgameAgent)
    began = time.process_time()
    assert agent.select_action(state.infoset(player)) in state.legal_actions()
    assert time.process_time() - began >= 0.05
    assert not agent.last_solved


def test_the_endgame_agent_solves_the_last_cards() -> None:
    state = _last_cards()
    agent = make_agent("endgame:iterations=30", seed=1)
    move = agent.select_action(state.infoset(0))
    assert agent.last_solved  # type: ignore[attr-defined]
    assert "5H" in state.action_to_string(move).upper()
    # endgame=0 leaves it to ISMCTS.
    plain = make_agent("endgame:iterations=30,endgame=0", seed=1)
    plain.select_action(state.infoset(0))
    assert not plain.last_solved  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", [11, 12])
def test_every_root_value_is_exact_with_a_full_window(seed: int) -> None:
    # The move ordering (table move, history) and the null windows change which nodes
    # are visited, never a value: a full-window search of every root move gives the
    # plain minimax value, with the table shared between the moves.
    for state in _endgames(seed, count=2, cards=4):
        seat = state.current_player()
        assert seat is not None
        moves = endgame_moves(state.infoset(seat))
        assert moves is not None
        solver = Solver(seat, state, moves, max_nodes=100_000)
        reference = Solver(seat, state, moves, max_nodes=0)
        for a in state.legal_actions():
            child = state.clone()
            child.apply_action(a)
            got = solver.search(child, -float("inf"), float("inf"))
            assert got == pytest.approx(_minimax(child, seat, reference))


def test_eight_card_endgames_of_sensible_play_fit_the_experts_node_budget() -> None:
    # Where both seats play sensibly (the heuristic, as the searchers' playouts do) the
    # fields are lean when the pile runs out and the whole endgame fits the budget;
    # random play leaves crowded fields (up to 165 000 nodes), which fall back on ISMCTS.
    from seedbed.agents.expert import ENDGAME_MOVES, ENDGAME_NODES
    from seedbed.agents.heuristic import HeuristicAgent

    game = seedbed.load("four_fields", players=2)
    state = game.new_state(500)
    heuristic = HeuristicAgent(seed=0)
    solved = 0
    while solved < 2:
        seat = state.current_player()
        assert seat is not None
        moves = endgame_moves(state.infoset(seat))
        if moves == ENDGAME_MOVES and len(state.legal_actions()) > 1:
            values = solve(state, seat, moves, max_nodes=ENDGAME_NODES)
            assert set(values) == set(state.legal_actions())
            solved += 1
        state.apply_action(heuristic.select_action(state.infoset(seat)))


def test_a_kept_table_gives_the_same_values_even_after_giving_up() -> None:
    for state in _endgames(13, count=2, cards=6):
        seat = state.current_player()
        assert seat is not None
        moves = endgame_moves(state.infoset(seat))
        assert moves is not None
        fresh = solve(state, seat, moves, max_nodes=100_000)
        table: dict[tuple[int, ...], tuple[float, int, int]] = {}
        with pytest.raises(NodeBudgetExceeded):
            solve(state, seat, moves, max_nodes=20, table=table)
        assert table  # what the search finished before it gave up is kept ...
        again = solve(state, seat, moves, max_nodes=100_000, table=table)
        # ... and the next search starts from it: the same best move and value.
        assert next(iter(again)) == next(iter(fresh))
        assert again[next(iter(again))] == fresh[next(iter(fresh))]


def test_the_endgame_agent_plays_a_round_end_as_fresh_agents_would() -> None:
    # One agent through the last cards of every round (its table kept, then dropped
    # at the next round) makes the moves a fresh agent makes at each decision.
    game = seedbed.load("four_fields", players=2)
    state = game.new_state(77)
    kept = [make_agent("endgame:iterations=10,endgame=6", seed=s) for s in range(2)]
    solved = 0
    while not state.is_terminal() and solved < 8:
        seat = state.current_player()
        assert seat is not None
        infoset = state.infoset(seat)
        left = endgame_moves(infoset)
        if left is None or left > 6:
            move = make_agent("heuristic", seed=1).select_action(infoset)
        else:
            move = kept[seat].select_action(infoset)
            solved += kept[seat].last_solved  # type: ignore[attr-defined]
            fresh = make_agent("endgame:iterations=10,endgame=6", seed=seat)
            assert move == fresh.select_action(infoset)
        state.apply_action(move)
    assert solved >= 4


def test_the_endgame_agents_search_can_play_out_sharper() -> None:
    """``endgame:sharp=1``: its ISMCTS plays out with the game's sharper policy (as
    ``ismcts:sharp=1``), so outside endgames it decides as that search does."""
    assert not make_agent("endgame:iterations=10").searcher.sharp  # type: ignore[attr-defined]
    agent = make_agent("endgame:iterations=40,sharp=1", seed=3)
    assert agent.searcher.sharp  # type: ignore[attr-defined]
    state = seedbed.load("harvest", players=2).new_state(4)
    seat = state.current_player()
    assert seat is not None
    ismcts = make_agent("ismcts:iterations=40,sharp=1", seed=3)
    assert agent.select_action(state.infoset(seat)) == ismcts.select_action(state.infoset(seat))


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("endgame:nodes=0", "whole number >= 1"),
        ("endgame:nodes=lots", "whole number >= 1"),
        ("endgame:endgame=-1", "whole number"),
        ("endgame:depth=2", "no option depth"),
        ("endgame:worlds=-1", "whole number"),
        ("endgame:sharp=2", "takes 0 or 1"),
    ],
)
def test_bad_endgame_specs_are_clear_errors(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_agent(spec)


# -- Harvest: who wins at the next check of the game's end ---------------------------


def _kings_turn(fields: str, to: int = 0, dealer: int = 0) -> State:
    # The last turn of a round: the jack and queen of hearts lie face up in the
    # village, so whoever puts the king of hearts face up (village, discard or
    # harvest) ends the game when the turn ends (ruling 8 b).
    return from_position(
        "harvest",
        f"round=1 turn=3 dealer={dealer} passes=2 to={to} phase=house "
        f"hands=KH,3C,9D/- houses=-/5C fields={fields} village=JH,QH",
        players=2,
    )


def _names(state: State, outcomes: dict[int, list[int]]) -> dict[str, list[int]]:
    return {state.action_to_string(a): v for a, v in outcomes.items()}


def test_the_seat_ahead_ends_the_game_with_the_king() -> None:
    # Seat 0 (18 points, and a heart field to harvest) goes second in the turn: keeping
    # the king out of the house wins in every world; housing it lets the game go on.
    state = _kings_turn("AS,6S,JS,2H,7H/-")
    infoset = state.infoset(0)
    assert turn_end_moves(infoset) == 3
    outcomes = _names(state, turn_outcomes(infoset, 3, 6, random.Random(1), 10_000))
    assert outcomes == {"house KH": [0, 6, 0], "house 9D": [6, 0, 0], "house 3C": [6, 0, 0]}
    agent = EndgameAgent(iterations=30, seed=3, turn_worlds=8)
    move = state.action_to_string(agent.select_action(infoset))
    assert move in ("house 9D", "house 3C")
    # Then the king goes face up: the village now, or the harvest in the action.
    state.apply_action(state.string_to_action(move))
    move = state.action_to_string(agent.select_action(state.infoset(0)))
    state.apply_action(state.string_to_action(move))
    move = state.action_to_string(agent.select_action(state.infoset(0)))
    state.apply_action(state.string_to_action(move))
    assert state.is_terminal() and state.returns() == [1.0, 0.0]


def test_the_seat_behind_hides_the_king_in_its_house() -> None:
    # Seat 1 has 18 points and seat 0 none: any king face up ends the game lost, and
    # with no heart field the king can only be housed, shown or discarded.
    state = _kings_turn("-/AS,6S,JS")
    infoset = state.infoset(0)
    outcomes = _names(state, turn_outcomes(infoset, 3, 6, random.Random(1), 10_000))
    assert outcomes == {"house KH": [0, 6, 0], "house 9D": [0, 0, 6], "house 3C": [0, 0, 6]}
    agent = make_agent("endgame:iterations=30,worlds=8", seed=3)
    assert state.action_to_string(agent.select_action(infoset)) == "house KH"
    assert isinstance(agent, EndgameAgent) and agent.last_outcomes is not None
    # Off by default (the expert level): then it is ISMCTS, move for move.
    default = make_agent("endgame:iterations=30", seed=3)
    ismcts = make_agent("ismcts:iterations=30", seed=3)
    assert default.select_action(infoset) == ismcts.select_action(infoset)
    assert isinstance(default, EndgameAgent) and default.last_outcomes is None


def test_the_outcome_search_counts_the_rivals_hidden_cards() -> None:
    # Seat 0 goes first in the turn and seat 1 (ahead) still holds three cards: the
    # four it was passed minus what it showed are known, its own house card is not.
    # Whatever seat 0 does, the rival ends the game (and wins) in exactly the worlds
    # where it holds the king of hearts.
    state = from_position(
        "harvest",
        "round=1 turn=3 dealer=1 passes=2 to=0 phase=house "
        "hands=3C,9D,4S/KH,2D,8C fields=-/AS,6S,JS village=JH,QH",
        players=2,
    )
    infoset = state.infoset(0)
    assert turn_end_moves(infoset) == 6
    outcomes = turn_outcomes(infoset, 6, 40, random.Random(5), 50_000)
    lost = {v[2] for v in outcomes.values()}
    assert len(lost) == 1 and 0 < lost.pop() < 40
    for won, going, lost_ in outcomes.values():
        assert won == 0 and going + lost_ == 40


def test_no_search_where_the_game_cannot_end_this_turn() -> None:
    # No harvest card face up and only two cards still to show (seat 0 goes last):
    # the J, Q and K of a suit cannot all be out by the turn's end.
    state = from_position(
        "harvest",
        "round=1 turn=3 dealer=0 passes=2 to=0 phase=village hands=KH,3C/- houses=9D/5C village=4D",
        players=2,
    )
    assert turn_end_moves(state.infoset(0)) is None
    agent = EndgameAgent(iterations=30, seed=3, turn_worlds=8)
    agent.select_action(state.infoset(0))
    assert agent.last_outcomes is None


def test_the_outcome_search_gives_up_past_its_node_budget() -> None:
    state = _kings_turn("-/AS,6S,JS")
    with pytest.raises(NodeBudgetExceeded):
        turn_outcomes(state.infoset(0), 3, 4, random.Random(1), 2)
    # The agent then plays ISMCTS's move.
    agent = EndgameAgent(iterations=30, seed=3, turn_worlds=8, turn_nodes=2)
    ismcts = make_agent("ismcts:iterations=30", seed=3)
    assert agent.select_action(state.infoset(0)) == ismcts.select_action(state.infoset(0))
    assert agent.last_outcomes is None


def test_choose_keeps_the_search_move_unless_another_is_clearly_better() -> None:
    rows = [(1, 20, 0.6), (2, 10, 0.55), (3, 0, float("nan"))]
    going = {1: [0, 10, 0], 2: [0, 10, 0], 3: [0, 10, 0]}
    assert choose(rows, going) == 1
    # Move 1 loses in 3 worlds of 10: move 2, which always goes on, is better.
    assert choose(rows, {**going, 1: [0, 7, 3]}) == 2
    # A never-tried move is valued at the lowest tried mean where the game goes on.
    assert choose(rows, {**going, 3: [4, 6, 0]}) == 3


def test_harvest_outcome_decisions_depend_on_the_infoset_only() -> None:
    game = seedbed.load("harvest", players=2)
    rng = random.Random(11)
    found = 0
    for seed in range(40):
        state = game.new_state(seed)
        play_rng = random.Random(seed)
        while not state.is_terminal() and found < 4:
            seat = state.current_player()
            assert seat is not None
            infoset = state.infoset(seat)
            probe = EndgameAgent(iterations=8, seed=2, turn_worlds=8)
            a = probe.select_action(infoset)
            if probe.last_outcomes is not None:
                found += 1
                resampled = state.resample_from_infostate(seat, rng)
                b = EndgameAgent(iterations=8, seed=2, turn_worlds=8).select_action(
                    resampled.infoset(seat)
                )
                assert a == b
            legal = state.legal_actions()
            state.apply_action(legal[play_rng.randrange(len(legal))])
        if found >= 4:
            break
    assert found >= 4

"""Strength levels: named agent specs every interface accepts, each the agent it says."""

from __future__ import annotations

import pytest
from agents_cases import configs, mid_game_states

import seedbed
from seedbed.agents import available_agents, make_agent
from seedbed.agents.levels import BUDGETS, LEVELS, LevelAgent, budget


def test_every_level_is_a_listed_agent() -> None:
    listed = available_agents()
    for level in LEVELS:
        assert level in listed
        assert listed[level].startswith("level:")


@pytest.mark.parametrize("game_id", seedbed.available_games())
def test_search_levels_have_a_budget_for_every_game(game_id: str) -> None:
    assert game_id in BUDGETS["strong"] and game_id in BUDGETS["expert"]
    assert budget("expert", game_id) > 2 * budget("strong", game_id)


def test_casual_is_the_heuristic_and_beginner_errs_sometimes() -> None:
    game = seedbed.load("sow", players=2)
    same_as_heuristic = differs = 0
    for state in mid_game_states(game, seed=5, count=30):
        player = state.current_player()
        assert player is not None
        infoset = state.infoset(player)
        heuristic = make_agent("heuristic", seed=3).select_action(infoset)
        assert make_agent("casual", seed=3).select_action(infoset) == heuristic
        beginner = make_agent("beginner", seed=3).select_action(infoset)
        assert beginner in state.legal_actions()
        if beginner == heuristic:
            same_as_heuristic += 1
        else:
            differs += 1
    # Mostly the heuristic's move, not always (a quarter of the moves are random).
    assert same_as_heuristic > differs > 0


def test_a_search_level_plays_ismcts_with_its_budget_for_the_game() -> None:
    game = seedbed.load("four_fields", players=2)
    state = next(iter(mid_game_states(game, seed=2, count=1)))
    player = state.current_player()
    assert player is not None
    agent = make_agent("strong:iterations=30", seed=4)
    assert isinstance(agent, LevelAgent)
    assert agent.spec_for("four_fields") == "ismcts:iterations=30"
    assert make_agent("strong").spec_for("sewn") == f"ismcts:iterations={budget('strong', 'sewn')}"  # type: ignore[attr-defined]
    chosen = agent.select_action(state.infoset(player))
    same = make_agent("ismcts:iterations=30", seed=4).select_action(state.infoset(player))
    assert chosen == same


def test_expert_is_ismcts_with_exact_endgames(toy_registered: str) -> None:
    """In a game ``levels.EXPERT`` does not name (each of ours has its own search now),
    the expert is the ``endgame`` agent: today's ISMCTS with exact two-player endgames."""
    expert = make_agent("expert", seed=1)
    assert isinstance(expert, LevelAgent)
    toy = toy_registered
    assert expert.spec_for(toy) == f"endgame:iterations={budget('expert', toy)}"
    assert make_agent("strong").spec_for("sow").startswith("ismcts:")  # type: ignore[attr-defined]
    # Away from an endgame (with four players there is none) it plays the default
    # ISMCTS's move for the same seed.
    game = seedbed.load(toy, players=4)
    for state in mid_game_states(game, seed=3, count=2):
        player = state.current_player()
        assert player is not None
        infoset = state.infoset(player)
        chosen = make_agent("expert:iterations=40", seed=6).select_action(infoset)
        assert chosen == make_agent("ismcts:iterations=40", seed=6).select_action(infoset)


@pytest.mark.parametrize(
    ("game_id", "players", "agent", "share"),
    [
        # ISMCTS that starts from the heuristic's five best moves (docs/strength.md,
        # fifth run), with exact endgames.
        ("four_fields", 2, "endgame:widen=5", 1.0),
        # ISMCTS that plays out with the sharper Harvest policy (eighth run), its tree
        # two actions deep and kept through the seat's go (twenty-sixth run).
        ("harvest", 2, "ismcts:sharp=1,depth=2,reuse=1", 1.0),
        # ISMCTS that plays out with the sharper SEWN policy and judges the playouts by
        # the Harvest hands, at the share of the budget that costs the plain search's
        # CPU (sixteenth and eighteenth runs).
        ("sewn", 4, "ismcts:sharp=1,judge=1", 0.95),
    ],
)
def test_the_expert_plays_its_games_own_search(
    game_id: str, players: int, agent: str, share: float
) -> None:
    """Where ``levels.EXPERT`` names a game, the expert plays that search at its share
    of the level's budget, and it is not the plain search."""
    expert = make_agent("expert", seed=1)
    n = round(budget("expert", game_id) * share)
    assert expert.spec_for(game_id) == f"{agent},iterations={n}"  # type: ignore[attr-defined]
    game = seedbed.load(game_id, players=players)
    differs = 0
    for state in mid_game_states(game, seed=5, count=8):
        player = state.current_player()
        assert player is not None
        infoset = state.infoset(player)
        chosen = make_agent("expert:iterations=40", seed=6).select_action(infoset)
        assert chosen == make_agent(f"{agent},iterations=40", seed=6).select_action(infoset)
        differs += chosen != make_agent("ismcts:iterations=40", seed=6).select_action(infoset)
    assert differs > 0


def test_the_expert_thinks_where_it_matters_in_sow() -> None:
    """In SOW the expert's ISMCTS spends its budget where decisions are open
    (``adapt``), with the share of the level's budget that costs the same CPU."""
    from seedbed.agents.levels import EXPERT

    agent, share, _ = EXPERT["sow"]
    expert = make_agent("expert", seed=1)
    n = round(budget("expert", "sow") * share)
    assert expert.spec_for("sow") == f"{agent},iterations={n}"  # type: ignore[attr-defined]
    assert make_agent("expert:iterations=40").spec_for("sow") == f"{agent},iterations=40"  # type: ignore[attr-defined]
    game = seedbed.load("sow", players=2)
    state = next(iter(mid_game_states(game, seed=3, count=1)))
    player = state.current_player()
    assert player is not None
    chosen = make_agent("expert:iterations=40", seed=6).select_action(state.infoset(player))
    assert chosen == make_agent(f"{agent},iterations=40", seed=6).select_action(
        state.infoset(player)
    )


def test_the_expert_says_what_it_adds_in_each_game() -> None:
    """``seedbed games`` describes the expert by what each game's own search adds, read
    from ``levels.EXPERT`` itself, so a new entry cannot be left out."""
    from seedbed.agents.base import available_agents
    from seedbed.agents.levels import EXPERT

    described = available_agents()["expert"]
    assert "(SOW)" in described and "(Harvest)" in described and "(Four Fields)" in described
    for search in EXPERT.values():
        assert f", {search.adds}" in described
    assert "(SOW)" not in available_agents()["strong"]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("strong:iterations=0", "whole number >= 1"),
        ("expert:iterations=lots", "whole number >= 1"),
        ("expert:time=1", "no option time"),
        ("casual:noise=0.5", "no option noise"),
        ("heuristic:noise=2", "from 0 to 1"),
        ("heuristic:noise=nan", "from 0 to 1"),
        ("experts", "did you mean 'expert'"),
    ],
)
def test_bad_level_specs_are_clear_errors(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_agent(spec)


@pytest.mark.parametrize(("game_id", "players"), configs())
@pytest.mark.parametrize(
    "spec", ["beginner", "casual", "strong:iterations=5", "expert:iterations=5"]
)
def test_levels_play_legal_moves(game_id: str, players: int, spec: str) -> None:
    game = seedbed.load(game_id, players=players)
    for state in mid_game_states(game, seed=23, count=2):
        player = state.current_player()
        assert player is not None
        assert (
            make_agent(spec, seed=1).select_action(state.infoset(player)) in state.legal_actions()
        )


def test_the_terminal_client_seats_levels() -> None:
    from seedbed.cli.play import plan_seats

    seats = plan_seats(4, 0, ["strong"])
    assert [s.agent_spec for s in seats] == [None, "strong", "strong", "strong"]
    for level in LEVELS:
        make_agent(level)  # what the client does with each seat's spec


def test_the_server_accepts_every_level_for_a_seat() -> None:
    pytest.importorskip("fastapi")
    from seedbed.server.bots import check_spec

    for level in LEVELS:
        assert check_spec(level, max_seconds=10.0, max_iterations=100_000) == level
    with pytest.raises(ValueError):
        check_spec("expert:iterations=10000000", max_seconds=10.0, max_iterations=100_000)

"""A policy's compact-view form (``<name>_compact``, found by ``compact_policy_for``)
makes the same move, with the same draws, as the policy on an observation: searches
call it in their playouts, so their decisions must not depend on which form they use."""

from __future__ import annotations

import random

import pytest
from agents_cases import configs, mid_game_states

import seedbed
from seedbed.agents.heuristic import compact_policy_for, policy_for
from seedbed.agents.ismcts import ISMCTS


@pytest.mark.parametrize("sharp", [False, True])
@pytest.mark.parametrize("game_id", seedbed.available_games())
def test_every_game_offers_a_compact_form(game_id: str, sharp: bool) -> None:
    """Every game's playouts skip the observation wrapper, with either policy."""
    assert compact_policy_for(seedbed.load(game_id), sharp) is not None


def test_a_game_without_a_declared_policy_has_no_compact_form() -> None:
    class Bare:
        policy = None

    assert compact_policy_for(Bare) is None  # type: ignore[arg-type]


@pytest.mark.parametrize("sharp", [False, True], ids=["plain", "sharp"])
@pytest.mark.parametrize(("game_id", "players"), configs())
def test_compact_form_decides_as_the_policy(game_id: str, players: int, sharp: bool) -> None:
    game = seedbed.load(game_id, players=players)
    fast = compact_policy_for(game, sharp)
    assert fast is not None
    policy = policy_for(game, sharp)
    checked = 0
    for seed in range(6):
        # Every move of a heuristic game (each phase), with draws on ties.
        state = game.new_state(seed)
        moves = random.Random(seed)
        while not state.is_terminal() and checked < 400 * (seed + 1):
            player = state.current_player()
            assert player is not None
            legal = state.legal_actions()
            if len(legal) > 1:
                a, b = random.Random(seed * 1000 + checked), random.Random(seed * 1000 + checked)
                given = list(legal)
                expected = policy(state.infoset(player), a)
                got = fast(state.compact_view(player), player, given, b)
                assert got == expected, (state.position(), player)
                assert given == legal  # read, never changed
                assert a.random() == b.random()  # the same draws
                checked += 1
            # Mostly the heuristic's own moves, sometimes another legal one.
            if moves.random() < 0.2:
                state.apply_action(legal[moves.randrange(len(legal))])
            else:
                state.apply_action(policy(state.infoset(player), moves))
    for state in mid_game_states(game, seed=8, count=3):
        player = state.current_player()
        assert player is not None
        legal = state.legal_actions()
        rng = random.Random(1)
        assert fast(state.compact_view(player), player, legal, rng) in legal
    assert checked > 0


@pytest.mark.parametrize("sharp", [False, True], ids=["plain", "sharp"])
@pytest.mark.parametrize("game_id", seedbed.available_games())
def test_search_decides_the_same_with_either_form(
    game_id: str, sharp: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same seed gives the same tree whether playouts call the compact form or the
    policy on an observation (the fallback of games that offer none)."""
    import seedbed.agents.heuristic as heuristic

    game = seedbed.load(game_id)
    for state in mid_game_states(game, seed=4, count=3):
        player = state.current_player()
        assert player is not None
        infoset = state.infoset(player)
        fast = ISMCTS(iterations=40, seed=5, sharp=sharp)
        root = fast.search(infoset)
        with monkeypatch.context() as patch:
            patch.setattr(heuristic, "compact_policy_for", lambda game, sharp=False: None)
            slow = ISMCTS(iterations=40, seed=5, sharp=sharp)
            other = slow.search(infoset)
        assert {a: (c.visits, c.total) for a, c in root.children.items()} == {
            a: (c.visits, c.total) for a, c in other.children.items()
        }

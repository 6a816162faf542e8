"""The protocol's shared behaviour: options, errors, infosets, JSON, registry."""

from __future__ import annotations

import random

import pytest

import seedbed
from seedbed.core import registry
from seedbed.core.protocol import Game, Option
from toy_game import ToyGame


def test_available_games_lists_the_four_games() -> None:
    assert seedbed.available_games() == ["four_fields", "harvest", "sewn", "sow"]


def test_unknown_game_suggests_the_closest() -> None:
    with pytest.raises(ValueError, match=r"no game 'sewm'. Did you mean 'sewn'\? Available"):
        seedbed.load("sewm")


def test_bad_player_count_names_the_valid_ones() -> None:
    with pytest.raises(ValueError, match="2 to 4 players, not 7"):
        ToyGame(players=7)
    with pytest.raises(ValueError, match="whole number"):
        ToyGame(players="2")  # type: ignore[arg-type]


class OptGame(ToyGame):
    id = "opt"
    options = {
        "mode": Option("a", "which mode", choices=("a", "b")),
        "fast": Option(False, "go fast"),
    }


def test_options_are_validated_and_listed() -> None:
    g = OptGame(players=3, mode="b")
    assert g.params == {"players": 3, "mode": "b", "fast": False}
    assert g.option("mode") == "b"
    with pytest.raises(ValueError, match="no option colour; its options are: fast, mode"):
        OptGame(colour="red")
    with pytest.raises(ValueError, match="no option mdoe; did you mean 'mode'"):
        OptGame(mdoe="a")
    with pytest.raises(ValueError, match="choose one of 'a', 'b'"):
        OptGame(mode="c")
    with pytest.raises(ValueError, match="true or false"):
        OptGame(fast=1)


def test_illegal_action_raises_and_changes_nothing() -> None:
    state = ToyGame().new_state(1)
    before = state.to_json()
    with pytest.raises(seedbed.IllegalMoveError, match="illegal"):
        state.apply_action(99)
    assert state.to_json() == before


def test_state_from_json_rejects_wrong_or_corrupt_input() -> None:
    game = ToyGame()
    text = game.new_state(1).to_json()
    with pytest.raises(seedbed.StateFormatError, match="not valid JSON"):
        game.state_from_json("{")
    with pytest.raises(seedbed.StateFormatError, match="params"):
        ToyGame(players=3).state_from_json(text)
    with pytest.raises(seedbed.StateFormatError, match="corrupt"):
        game.state_from_json(text.replace('"hands"', '"hand"'))


def test_infoset_is_a_snapshot_without_the_state() -> None:
    state = ToyGame().new_state(2)
    info = state.infoset(0)
    legal = info.legal_actions()
    state.apply_action(state.legal_actions()[0])
    assert info.legal_actions() == legal  # unaffected by later moves
    sample = info.sample(random.Random(1))
    assert sample.view(0) == info.view()
    assert "_state" not in repr(info)


def test_returns_share_the_victory() -> None:
    state = ToyGame(players=4).new_state(5)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    ret = state.returns()
    assert sum(ret) == pytest.approx(1.0)
    best = max(state.scores())
    assert all((r > 0) == (s == best) for r, s in zip(ret, state.scores(), strict=True))


def test_games_compare_by_id_and_params() -> None:
    assert ToyGame(players=2) == ToyGame(players=2)
    assert ToyGame(players=2) != ToyGame(players=3)
    assert isinstance(ToyGame(), Game)


def test_register_rejects_duplicates() -> None:
    with pytest.raises(ValueError, match="already registered"):
        registry.register("sewn", "x:y")


@pytest.mark.parametrize("game_id", seedbed.available_games())
def test_apply_checked_rejects_anything_but_a_legal_int(game_id: str) -> None:
    state = seedbed.load(game_id).new_state(3)
    before = state.to_json()
    legal = state.legal_actions()
    for bad in (True, False, 1.0, "1", None, [legal[0]], -1, 10**30, max(legal) + 1):
        with pytest.raises(seedbed.IllegalMoveError):
            state.apply_checked(bad)
        assert state.to_json() == before
    state.apply_checked(legal[0])
    assert state.actions() == [legal[0]]


@pytest.mark.parametrize("game_id", seedbed.available_games())
def test_move_log_names_each_actor_and_tells_each_viewer_only_its_share(game_id: str) -> None:
    state = seedbed.load(game_id).new_state(4)
    rng = random.Random(4)
    actors = []
    for _ in range(30):
        actors.append(state.current_player())
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    assert state.actors() == actors
    for viewer in [*range(state.game.num_players), None]:
        log = state.move_log(viewer)
        assert [who for who, _ in log] == actors
        assert [text for _, text in log] == [
            state.notation_for(a, who, viewer)
            for a, who in zip(state.actions(), actors, strict=True)
        ]
    assert state.phase_name() != "over"

"""Game records: writing, replaying exactly, and clear errors for bad records."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import seedbed
from seedbed.core.records import Record
from seedbed.testing.conformance import random_playout


def _finished(game_id: str, seed: int = 3) -> seedbed.State:
    state = seedbed.load(game_id).new_state(seed)
    random_playout(state, random.Random(seed))
    return state


def test_record_round_trips_and_replays_exactly(toy_registered: str, tmp_path: Path) -> None:
    state = _finished(toy_registered)
    rec = Record.from_state(state, players=["a", "b"])
    path = tmp_path / "game.json"
    rec.save(path)
    back = Record.load(path)
    assert back == rec
    assert back.replay().to_json() == state.to_json()
    assert back.scores == state.scores()
    assert [s.move_number() for s in back.states()] == list(range(len(rec.moves) + 1))


def test_unfinished_record_has_no_scores(toy_registered: str) -> None:
    state = seedbed.load(toy_registered).new_state(1)
    state.apply_action(state.legal_actions()[0])
    rec = Record.from_state(state)
    assert rec.scores is None
    assert rec.replay().to_json() == state.to_json()


def test_illegal_move_names_its_number(toy_registered: str) -> None:
    rec = Record.from_state(_finished(toy_registered))
    rec.moves[2] = rec.moves[0]  # that card was already played
    with pytest.raises(seedbed.RecordError, match=r"move 3 .* does not replay"):
        rec.replay()


def test_unparsable_move_names_its_number(toy_registered: str) -> None:
    rec = Record.from_state(_finished(toy_registered))
    rec.moves[0] = "banana"
    with pytest.raises(seedbed.RecordError, match="move 1 'banana'"):
        rec.replay()


def test_wrong_scores_are_reported(toy_registered: str) -> None:
    rec = Record.from_state(_finished(toy_registered))
    assert rec.scores is not None
    rec.scores = [s + 1 for s in rec.scores]
    with pytest.raises(seedbed.RecordError, match="final scores"):
        rec.replay()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "invalid JSON"),
        ("[1, 2]", "JSON object"),
        ('{"game": "toy", "params": {}, "seed": 1}', "missing 'moves'"),
        ('{"game": "toy", "params": {}, "seed": "x", "moves": []}', "'seed' must be"),
        ('{"game": "toy", "params": {}, "seed": 1, "moves": [1]}', "list of move strings"),
        ('{"game": 5, "params": {}, "seed": 1, "moves": []}', "game id"),
    ],
)
def test_corrupt_records_fail_clearly(text: str, message: str) -> None:
    with pytest.raises(seedbed.RecordError, match=message):
        Record.from_json(text)


def test_record_for_unknown_game_fails_clearly() -> None:
    rec = Record(game="chess", params={}, seed=1)
    with pytest.raises(seedbed.RecordError, match="no game 'chess'"):
        rec.replay()


def test_record_with_bad_params_fails_clearly(toy_registered: str) -> None:
    rec = Record(game=toy_registered, params={"players": 9}, seed=1)
    with pytest.raises(seedbed.RecordError, match="2 to 4 players"):
        rec.replay()


def test_missing_file_fails_clearly(tmp_path: Path) -> None:
    with pytest.raises(seedbed.RecordError, match="cannot read record"):
        Record.load(tmp_path / "nope.json")


def test_record_json_is_readable(toy_registered: str) -> None:
    data = json.loads(Record.from_state(_finished(toy_registered)).to_json())
    assert data["game"] == "toy"
    assert data["seedbed_version"] == seedbed.__version__
    assert all(isinstance(m, str) for m in data["moves"])

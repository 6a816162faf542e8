"""Game records: writing, replaying exactly, and clear errors for bad records."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


# -- hostile records (issue 17): every field checked, every fault a short RecordError ----
def _record_text(**fields: object) -> str:
    data: dict[str, object] = {
        "format": 1,
        "seedbed_version": "0.1",
        "game": "sow",
        "game_version": 1,
        "params": {"players": 2},
        "seed": 1,
        "players": None,
        "moves": [],
        "scores": None,
    }
    data.update(fields)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"game_version": None}, "'game_version' must be a whole number"),
        ({"game_version": "two"}, "'game_version' must be a whole number"),
        ({"game_version": 1.7}, "'game_version' must be a whole number"),
        ({"game_version": True}, "'game_version' must be a whole number"),
        ({"game_version": 0}, "'game_version' must be a whole number from 1"),
        ({"format": 2}, "format 2 is newer"),
        ({"format": "1"}, "'format' must be 1"),
        ({"seed": 1.0}, "'seed' must be a whole number"),
        ({"seed": True}, "'seed' must be a whole number"),
        ({"game": ""}, "'game' must be a game id"),
        ({"game": "g" * 65}, "'game' must be a game id of 1 to 64 characters"),
        ({"seedbed_version": 3}, "'seedbed_version' must be text"),
        ({"params": []}, "'params' must be an object"),
        ({"params": {"players": [2]}}, "'params' 'players' must be a number"),
        ({"params": {"players": {"n": 2}}}, "'params' 'players' must be a number"),
        ({"params": {"x": "y" * 201}}, "must be a number, true/false or short text"),
        ({"params": {"o" * 65: 1}}, "a name too long for an option"),
        ({"params": {f"o{i}": 1 for i in range(33)}}, "has 33 entries"),
        ({"moves": "take 1"}, "'moves' must be a list of move strings"),
        ({"moves": ["take 1", 3]}, "move 2 is 3"),
        ({"moves": ["x" * 501]}, "move 1 is 501 characters long"),
        ({"scores": [1, True]}, "'scores' must be a list of numbers"),
        ({"scores": "12"}, "'scores' must be a list of numbers"),
        ({"players": ["a", 2]}, "'players' must be a list of names"),
        ({"players": ["x" * 201, "b"]}, "'players' must be a list of names"),
    ],
)
def test_every_field_is_checked(fields: dict[str, object], message: str) -> None:
    with pytest.raises(seedbed.RecordError, match=message) as info:
        Record.from_json(_record_text(**fields))
    assert len(str(info.value)) < 300


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_scores_must_be_finite(constant: str) -> None:
    text = _record_text(scores=[0, 0]).replace("[0, 0]", f"[0, {constant}]")
    with pytest.raises(seedbed.RecordError, match="not a number a record holds"):
        Record.from_json(text)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        _record_text(params="@").replace('"@"', "[" * 5_000 + "]" * 5_000),
        _record_text(moves="@").replace('"@"', "[" * 5_000 + "]" * 5_000),
    ],
    ids=["100k-levels", "5k-in-params", "5k-in-moves"],
)
def test_deep_nesting_is_a_corrupt_record(text: str) -> None:
    with pytest.raises(seedbed.RecordError, match="nested too deeply"):
        Record.from_json(text)


def test_a_huge_int_is_a_corrupt_record() -> None:
    with pytest.raises(seedbed.RecordError, match="invalid JSON") as info:
        Record.from_json(_record_text(seed=0).replace('"seed": 0', '"seed": ' + "9" * 5000))
    assert len(str(info.value)) < 300


def test_huge_text_is_refused_unread() -> None:
    for fields in ({"game": "sewm" + "x" * 50_000_000}, {"moves": ["x" * 6_000_000]}):
        with pytest.raises(seedbed.RecordError, match="more than any game needs") as info:
            Record.from_json(_record_text(**fields))
        assert len(str(info.value)) < 200


def test_record_files_over_the_limit_are_refused(tmp_path: Path) -> None:
    from seedbed.core.records import MAX_RECORD_BYTES

    path = tmp_path / "big.json"
    path.write_text(_record_text(players=["x" * 100] * 2).ljust(MAX_RECORD_BYTES + 1))
    with pytest.raises(seedbed.RecordError, match="larger than any game needs"):
        Record.load(path)
    with pytest.raises(seedbed.RecordError, match="cannot read record"):
        Record.load(tmp_path)  # a directory
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(seedbed.RecordError, match="not a text file"):
        Record.load(tmp_path / "bin.json")


def test_unknown_fields_are_ignored() -> None:
    rec = Record.from_json(_record_text(comment="a friendly game"))
    assert rec.replay().move_number() == 0


def test_player_count_must_match_the_game() -> None:
    with pytest.raises(seedbed.RecordError, match="names 3 players for a 2-player"):
        Record.from_json(_record_text(players=["a", "b", "c"])).replay()


def test_messages_quote_user_text_cut_short(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 50 MB game id or a 6 MB move in a record made in code: a short message, and no
    difflib over megabytes (issue 17: 6.8 s and a 50-million-character line)."""
    import difflib

    calls: list[str] = []
    real = difflib.get_close_matches

    def spy(word: str, *args: object, **kwargs: object) -> list[str]:
        calls.append(word)
        return real(word, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(difflib, "get_close_matches", spy)
    with pytest.raises(seedbed.RecordError) as info:
        Record(game="sewm" + "x" * 50_000_000, params={}, seed=1).replay()
    assert len(str(info.value)) < 200 and "50,000,004 characters" in str(info.value)
    assert calls == []
    with pytest.raises(seedbed.RecordError, match="Did you mean 'sewn'"):
        Record(game="sewm", params={}, seed=1).replay()
    assert calls == ["sewm"]
    rec = Record(game="sow", params={"players": 2}, seed=1, moves=["x" * 6_000_000])
    with pytest.raises(seedbed.RecordError, match="move 1 'xxx") as info:
        rec.replay()
    assert len(str(info.value)) < 400


def test_option_values_and_names_are_quoted_cut_short() -> None:
    for params in ({"players": "2" * 10_000}, {"players": 2, "o" * 10_000: 1}):
        with pytest.raises(seedbed.RecordError) as info:
            Record(game="sow", params=params, seed=1).replay()
        assert len(str(info.value)) < 300


def test_a_state_with_a_non_int_action_makes_no_record(toy_registered: str) -> None:
    state = seedbed.load(toy_registered).new_state(1)
    state._actions.append(1.0)  # type: ignore[arg-type] # what a pure engine once stored
    with pytest.raises(seedbed.RecordError, match="apply_checked"):
        Record.from_state(state)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=300),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(
    key=st.sampled_from(
        ["format", "seedbed_version", "game", "game_version", "params", "seed"]
        + ["players", "moves", "scores"]
    ),
    value=_JSON,
)
def test_any_json_in_any_field_is_read_or_a_record_error(key: str, value: object) -> None:
    """Whatever JSON a field holds, reading and replaying ends in a record or a short
    RecordError (never a TypeError, RecursionError or a bare ValueError)."""
    text = _record_text(**{key: value})  # NaN and Infinity are written as such
    try:
        Record.from_json(text).replay()
    except seedbed.RecordError as exc:
        assert 0 < len(str(exc)) < 400

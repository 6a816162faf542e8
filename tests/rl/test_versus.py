"""The search-against-search arena: one real game each way on one deal, and the
report of a run (the long run itself is a command: docs/strength.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from seedbed.rl import versus


def test_a_deal_is_played_both_ways_and_reported(tmp_path: Path) -> None:
    out = tmp_path / "versus.jsonl"
    versus.run(["harvest"], deals=1, seconds=0.002, out=out, first_seed=3)
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [line["seedbed_seats"] for line in lines] == [[0], [1]]
    assert {line["seed"] for line in lines} == {3}
    for line in lines:
        assert sum(line["returns"]) == pytest.approx(1.0)
        assert line["seedbed_share"] == line["returns"][line["seedbed_seats"][0]]
        assert line["seconds_per_move"]["openspiel"] > 0
    # A second run skips what the file already has.
    versus.run(["harvest"], deals=1, seconds=0.002, out=out, first_seed=3)
    assert len(out.read_text().splitlines()) == 2
    table = versus.summary(out)
    assert "| harvest | 2 | 1 | 2 |" in table and "%" in table


def test_sewn_seats_alternate_in_pairs() -> None:
    assert versus._our_seats(4, swap=False) == {0, 2}
    assert versus._our_seats(4, swap=True) == {1, 3}
    assert versus._our_seats(2, swap=True) == {1}


def test_unknown_game_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        versus.main(["--games", "chess", "--deals", "1"])
    assert "no game 'chess'" in capsys.readouterr().err

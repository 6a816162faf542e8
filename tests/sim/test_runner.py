"""The simulation runner: what a game's result records, reproducibility over workers,
and the --out file (its lines, resuming, refusing another run's file)."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

import seedbed
from seedbed.sim.runner import GameResult, plan_matches, play_match, run_matches
from seedbed.sim.session import interrupted_message, run_plan
from seedbed.sim.store import ResultsFileError, ResultsWriter, read_results


def _strip(r: GameResult) -> dict[str, object]:
    d = r.to_json_dict()
    d.pop("seconds")
    return d


@pytest.mark.parametrize("game_id", ["four_fields", "sow", "harvest", "sewn"])
def test_result_records_the_course_of_the_game(game_id: str) -> None:
    n = seedbed.load(game_id).num_players
    for m in plan_matches(n, ["random"], 3, seed=11):
        r = play_match(game_id, {"players": n}, m, run_seed=11)
        # Positions come from the game's first mover, never from seat numbers.
        first = seedbed.load(game_id, players=n).new_state(m.seed).current_player()
        assert r.order[0] == first
        assert sorted(r.order) == list(range(n))
        assert len(r.branching) == r.moves and min(r.branching) >= 1
        assert r.lead_changes >= 0
        assert r.winners and all(r.returns[w] > 0 for w in r.winners)
        if len(r.winners) > 1:
            assert r.decided_at is None
        else:
            assert r.decided_at is not None and 0 <= r.decided_at <= 1
        again = GameResult.from_json_dict(json.loads(json.dumps(r.to_json_dict())))
        assert _strip(again) == _strip(r)


def test_first_movers_vary_with_the_deal() -> None:
    matches = plan_matches(3, ["random"], 30, seed=2)
    firsts = {play_match("four_fields", {"players": 3}, m, 2).order[0] for m in matches}
    assert firsts == {0, 1, 2}


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    matches = plan_matches(2, ["heuristic", "random"], 12, seed=4, duplicate=True)
    one = run_matches("sow", {"players": 2}, matches, 4, workers=1)
    two = run_matches("sow", {"players": 2}, matches, 4, workers=2)
    assert [_strip(r) for r in one] == [_strip(r) for r in two]
    assert [r.index for r in two] == list(range(24))


def test_out_file_resume_plays_only_the_missing_games(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    params = seedbed.load("sow", players=2).params
    matches = plan_matches(2, ["random"], 10, seed=6)
    full = run_plan("sow", params, matches, 6, out=out)
    assert not full.interrupted and len(full.results) == 10
    reference = out.read_text()
    # An interrupted run left six games, in completion order, and half a line.
    lines = reference.splitlines()
    out.write_text("\n".join([lines[5], lines[0], lines[3], lines[1], lines[2], lines[4]]))
    with out.open("a") as f:
        f.write("\n" + lines[6][: len(lines[6]) // 2])
    kept, cut = read_results(out, matches, "sow", params)
    assert sorted(kept) == [0, 1, 2, 3, 4, 5] and cut
    resumed = run_plan("sow", params, matches, 6, out=out, resume=True)
    assert resumed.resumed == 6 and resumed.dropped_cut_line
    assert [_strip(r) for r in resumed.results] == [_strip(r) for r in full.results]

    def games(text: str) -> list[dict[str, object]]:
        rows = [json.loads(x) for x in text.splitlines()]
        for row in rows:
            row.pop("seconds")
        return rows

    assert games(out.read_text()) == games(reference)  # the same file, in game order


def test_ctrl_c_while_a_game_is_written_counts_it_with_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C that lands while a finished game is being written: the game is both in
    the file and among the results, so the "N of M games finished, all written" line
    tells the truth (CI once saw 13 counted for 14 lines)."""
    out = tmp_path / "games.jsonl"
    params = seedbed.load("sow", players=2).params
    matches = plan_matches(2, ["random"], 10, seed=6)
    real_write = ResultsWriter.write
    written = []

    def write_then_ctrl_c(self: ResultsWriter, r: GameResult) -> None:
        real_write(self, r)
        written.append(r.index)
        if len(written) == 3:  # the signal arrives before the game is counted
            os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(ResultsWriter, "write", write_then_ctrl_c)
    run = run_plan("sow", params, matches, 6, out=out)
    assert run.interrupted
    assert len(written) == 3
    assert len(run.results) == len(out.read_text().splitlines()) == 3
    assert interrupted_message(run, out).startswith("interrupted: 3 of 10 games finished")
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_resume_refuses_another_runs_file(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    params = seedbed.load("sow", players=2).params
    run_plan("sow", params, plan_matches(2, ["random"], 3, seed=1), 1, out=out)
    with pytest.raises(ResultsFileError, match="another run"):
        read_results(out, plan_matches(2, ["random"], 3, seed=2), "sow", params)
    with pytest.raises(ResultsFileError, match="another run"):
        read_results(out, plan_matches(2, ["heuristic"], 3, seed=1), "sow", params)
    out.write_text('{"index": 0}\n' + out.read_text())
    with pytest.raises(ResultsFileError, match="line 1"):
        read_results(out, plan_matches(2, ["random"], 3, seed=1), "sow", params)
    with pytest.raises(ValueError, match="--resume needs --out"):
        run_plan("sow", params, [], 1, resume=True)

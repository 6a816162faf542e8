"""``python -m seedbed.agents.calibrate``: arena files to win shares and ratings."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_kit import run_cli
from seedbed.agents.calibrate import main, read_results, report, win_shares


def arena(capsys: pytest.CaptureFixture[str], out: Path, seed: int, games: int) -> None:
    code, _, err = run_cli(
        capsys,
        ["arena", "sow", "-p", "2", "--agents", "random,heuristic", "--games", str(games),
         "--seed", str(seed), "--out", str(out)],
    )  # fmt: skip
    assert code == 0, err


def test_pooled_runs_keep_their_deals_apart_and_rate_the_stronger_higher(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    arena(capsys, a, seed=1, games=3)
    arena(capsys, b, seed=2, games=4)
    grouped = read_results([a, b])
    [(pairing, results)] = grouped.items()
    assert pairing.game == "sow" and pairing.agents == ("random", "heuristic")
    assert len(results) == 2 * (3 + 4)  # each deal in both seatings
    shares = win_shares(results)
    # Seven deals, each one cluster of two games: not three or four (the runs' indices).
    assert shares["heuristic"].n == 14
    assert shares["heuristic"].n_eff is not None and shares["heuristic"].n_eff <= 14
    assert shares["heuristic"].mean + shares["random"].mean == pytest.approx(1.0)
    text = report([a, b])
    assert "14 games (7 deals)" in text
    openskill = next(line for line in text.splitlines() if line.startswith("openskill:"))
    # The heuristic beats random at SOW every time (docs/strength.md): rated first.
    assert openskill.index("heuristic") < openskill.index("random")


def test_bad_files_and_arguments_get_one_line_that_says_which(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    good = tmp_path / "good.jsonl"
    arena(capsys, good, seed=1, games=1)
    lines = good.read_text().splitlines()
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_text(lines[0] + "\n" + lines[1][: len(lines[1]) // 2] + "\n")
    other = tmp_path / "other.jsonl"
    other.write_text('{"note": "not a game"}\n')
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    cases = [
        ([str(tmp_path / "missing.jsonl")], "cannot read", "missing.jsonl"),
        ([str(tmp_path)], "cannot read", str(tmp_path)),
        ([str(good), str(damaged)], "damaged.jsonl, line 2: not a game of seedbed arena", ""),
        ([str(other)], "other.jsonl, line 1: not a game of seedbed arena (no 'seats' field)", ""),
        ([str(empty)], "no games of seedbed arena in", "empty.jsonl"),
        ([], "usage:", ""),
    ]
    for args, says, names in cases:
        with pytest.raises(SystemExit) as exc:
            main(args)
        message = str(exc.value.code)
        assert says in message and names in message, message
        assert "\n" not in message
    main(["--help"])
    assert capsys.readouterr().out.startswith("usage: python -m seedbed.agents.calibrate")
    main([str(good)])
    assert "2 games (1 deals)" in capsys.readouterr().out

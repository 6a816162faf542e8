"""Ctrl-C in a simulation, for real: a ``seedbed simulate`` subprocess with two worker
processes gets SIGINT (sent to its process group, as a terminal does), must stop at
once with every finished game in --out and their summary, and ``--resume`` must end
with the same results as a run that was never interrupted."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from seedbed.sim.report import summarize
from seedbed.sim.runner import plan_matches, run_matches

ARGS = ["four_fields", "-p", "3", "-a", "heuristic", "-n", "120", "--seed", "8"]


def _seedbed(*args: str) -> list[str]:
    return [sys.executable, "-m", "seedbed.cli.main", *args]


def _without_times(d: dict[str, object]) -> dict[str, object]:
    d = dict(d)
    d.pop("seconds_per_game", None)
    d.pop("seconds", None)
    return d


def test_ctrl_c_keeps_finished_games_and_resume_completes_the_run(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    proc = subprocess.Popen(
        _seedbed("simulate", *ARGS, "--workers", "2", "--out", str(out), "--json"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, signalled like a terminal's
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if out.exists() and out.read_text().count("\n") >= 8:
                break
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.02)
        else:
            raise AssertionError("no game finished in two minutes")
        os.killpg(proc.pid, signal.SIGINT)
        signalled = time.monotonic()
        stdout, stderr = proc.communicate(timeout=60)
        stopped_after = time.monotonic() - signalled
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr
    # Prompt: the 120 games would take far longer; the workers were ended, not drained.
    assert stopped_after < 15, stopped_after
    lines = out.read_text().splitlines()
    finished = len(lines)
    assert 8 <= finished < 120
    assert f"interrupted: {finished} of 120 games finished, all written to {out}" in stderr
    summary = json.loads(stdout)
    assert summary["interrupted"] and summary["games"] == finished

    resumed = subprocess.run(
        _seedbed("simulate", *ARGS, "--workers", "2", "--out", str(out), "--resume", "--json"),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert resumed.returncode == 0, resumed.stderr

    matches = plan_matches(3, ["heuristic"], 120, seed=8)
    reference = run_matches("four_fields", {"players": 3, "full_harvest": False}, matches, 8)
    expected = summarize(reference, 3).to_json_dict()
    got = json.loads(resumed.stdout)
    assert _without_times(got) == {
        "game": "four_fields",
        "params": {"players": 3, "full_harvest": False},
        "seed": 8,
        **_without_times(expected),
    }
    rows = [_without_times(json.loads(x)) for x in out.read_text().splitlines()]
    assert rows == [_without_times(r.to_json_dict()) for r in reference]

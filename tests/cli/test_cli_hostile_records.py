"""A corrupt or hostile record reaches the user of ``seedbed replay`` and ``seedbed play
--resume`` as one short line and exit status 2, never a traceback (issue 17)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from seedbed.cli import main as cli

GOOD = {
    "format": 1,
    "game": "sow",
    "game_version": 1,
    "params": {"players": 2},
    "seed": 1,
    "players": ["human", "heuristic"],
    "moves": [],
    "scores": None,
}

HOSTILE = {
    "game_version null": json.dumps(dict(GOOD, game_version=None)),
    "game_version two": json.dumps(dict(GOOD, game_version="two")),
    "nested 100k": "[" * 100_000 + "]" * 100_000,
    "nested 5k in params": json.dumps(dict(GOOD, params="@")).replace(
        '"@"', "[" * 5_000 + "]" * 5_000
    ),
    "50 MB game id": json.dumps(dict(GOOD, game="sewm" + "x" * 50_000_000)),
    "6 MB move": json.dumps(dict(GOOD, moves=["x" * 6_000_000])),
    "long move": json.dumps(dict(GOOD, moves=["x" * 400])),
    "seed of 5,000 digits": json.dumps(dict(GOOD, seed=0)).replace(
        '"seed": 0', '"seed": ' + "9" * 5_000
    ),
}


@pytest.mark.parametrize("command", ["replay", "resume"])
@pytest.mark.parametrize("case", list(HOSTILE))
def test_hostile_record_is_one_line(
    case: str,
    command: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _one_line(HOSTILE[case], command, tmp_path, capsys, monkeypatch)


def test_a_record_naming_an_absurd_agent_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seat labels of a saved game become agent specs on resume."""
    text = json.dumps(dict(GOOD, players=["human", "h" * 150]))
    _one_line(text, "resume", tmp_path, capsys, monkeypatch)


def _one_line(
    text: str,
    command: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    args = ["replay", str(path)] if command == "replay" else ["play", "--resume", str(path)]
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    with pytest.raises(SystemExit) as info:
        cli.main(args)
    out, err = capsys.readouterr()
    assert info.value.code == 2, (out[-500:], err[-500:])
    assert "Traceback" not in out + err
    assert err.startswith("error:") and len(err) < 400, err[:400]

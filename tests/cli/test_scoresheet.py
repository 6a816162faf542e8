"""The score sheet (``State.score_sheet``) as the terminal shows it: one generic table,
at the end of every round and of the game."""

from __future__ import annotations

import io
import random
import sys
from typing import Any

import pytest
from rich.console import Console

from seedbed.cli import main as cli
from seedbed.cli.scoresheet import score_sheet_table
from seedbed.core.registry import available_games, game_class, load

SHEET: dict[str, Any] = {
    "rounds": [
        {
            "label": "Round 1",
            "lines": [
                {"label": "most cards", "points": [3, 0, 0]},
                {"label": "AS and TD", "points": [1, 1, None]},
            ],
            "points": [4, 1, None],
        },
        {"label": "Round 2", "lines": [], "points": [0.5, 2, 7]},
    ],
    "total": [4.5, 3, None],
}


def _text(renderable: Any, width: int = 100) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined]


def test_a_hand_made_sheet_has_every_round_line_and_total() -> None:
    text = _text(score_sheet_table(SHEET, ["North", "East", "South"], winners=[0]))
    lines = text.splitlines()
    header = next(ln for ln in lines if "North" in ln)
    assert header.index("North") < header.index("East") < header.index("South")
    row = {ln.split("│")[1].strip(): ln.split("│")[2:5] for ln in lines if ln.count("│") >= 4}
    assert [c.strip() for c in row["most cards"]] == ["3", "0", "0"]
    assert [c.strip() for c in row["A♠ and 10♦"]] == ["1", "1", "?"]  # the display form
    assert [c.strip() for c in row["points"]] == ["4", "1", "?"]  # round 1's points
    assert [c.strip() for c in row["Round 2"]] == ["0.5", "2", "7"]  # a round without lines
    assert [c.strip() for c in row["total"]] == ["4.5 ★", "3", "?"]
    assert text.index("Round 1") < text.index("most cards") < text.index("Round 2")


def test_a_round_summary_shows_only_the_latest_rounds_and_the_total() -> None:
    text = _text(score_sheet_table(SHEET, ["a", "b", "c"], last_rounds=1))
    assert "Round 2" in text and "Round 1" not in text and "most cards" not in text
    assert "total" in text


def test_a_sheet_with_no_rounds_is_its_totals() -> None:
    text = _text(score_sheet_table({"rounds": [], "total": [1, 2]}, ["a", "b"]))
    assert "total" in text and "1" in text and "2" in text


@pytest.mark.parametrize("gid", available_games())
def test_every_game_s_sheet_renders_for_every_viewer(gid: str) -> None:
    cls = game_class(gid)
    for n in range(cls.min_players, cls.max_players + 1):
        game = load(gid, players=n)
        state = game.new_state(n)
        rng = random.Random(n)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        names = [game.seat_name(p) for p in range(n)]
        for viewer in [*range(n), None]:
            sheet = state.score_sheet(viewer)
            text = _text(score_sheet_table(sheet, names), width=200)
            total = next(ln for ln in text.splitlines() if "total" in ln)
            cells = [c.strip() for c in total.split("│")[2:-1]]
            assert cells == ["?" if v is None else f"{float(v):g}" for v in sheet["total"]], (
                gid,
                n,
                viewer,
            )
            for rnd in sheet["rounds"]:
                assert str(rnd["label"]) in text


def test_play_shows_each_round_as_it_is_scored_and_the_whole_sheet_at_the_end(
    toy_registered, capsys, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """With the toy's tricks as rounds: a table after each, then the final sheet."""
    import toy_game

    def sheet(self: Any, viewer: int | None) -> dict[str, Any]:
        n = self.game.num_players
        rounds = []
        for i, trick in enumerate(self.done):
            winner = max((c, q) for q, c in trick if c // 13 == trick[0][1] // 13)[1]
            points = [1 if q == winner else 0 for q in range(n)]
            cards = " ".join(toy_game.CARD_NAMES[c] for _, c in trick)
            rounds.append(
                {
                    "label": f"Trick {i + 1}",
                    "lines": [{"label": f"cards {cards}", "points": points}],
                    "points": points,
                }
            )
        return {"rounds": rounds, "total": [float(w) for w in self.won]}

    monkeypatch.setattr(toy_game.ToyState, "score_sheet", sheet)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 10))
    with pytest.raises(SystemExit) as done:
        cli.main(["play", "toy", "--seed", "5"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    for k in (1, 2):
        assert f"Trick {k} scored" in out
    final = out[out.index("Final score sheet") :]
    assert "Trick 3 scored" not in out  # the last round is shown in the final sheet
    for k in (1, 2, 3):
        assert f"Trick {k}" in final
    assert ("★" in final and "wins" in final) or "share the win" in final

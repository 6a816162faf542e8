"""Whole games through ``seedbed play`` as every seat: nothing printed names a card (or
shows a line) that the seat at the screen could not know, the board shown is always
that seat's view, and the save file holds every move as soon as it is made.

The person at the keyboard (tests/cli/people.py) types moves in every form the client
accepts and uses ``history``, ``moves``, ``hint``, ``help`` and typos along the way, so
every path by which the client prints is exercised. Each finished game is then
replayed through ``seedbed replay`` as each seat and checked position by position.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from people import Keyboard, Knowledge, Leak, ReplayKeyboard, Timeline, check_screen
from rich.console import Console

from seedbed.cli import main as cli
from seedbed.cli import play
from seedbed.core.records import Record
from seedbed.core.registry import available_games, game_class


@pytest.fixture
def save_dir(tmp_path: Path) -> Iterator[Path]:
    """Where the games are saved: memory (``/dev/shm``) where there is one, because the
    client syncs the file to disk after every move (17 ms a move on this machine's
    disk, 0.1 ms in memory) and these tests make thousands of moves."""
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield tmp_path
        return
    with tempfile.TemporaryDirectory(dir=shm, prefix="seedbed-test-") as folder:
        yield Path(folder)


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Console:
    """The client's console as a wide terminal without colours: screen clears are
    written (and split the output), lines do not wrap, the text is plain."""
    console = Console(force_terminal=True, color_system=None, width=250, highlight=False)
    monkeypatch.setattr(cli, "console", console)
    monkeypatch.setattr(play, "HINT_SECONDS", 0.02)
    return console


def _play(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    save: Path,
    args: list[str],
    humans: list[int],
    seed: int,
) -> Keyboard:
    keys = Keyboard(capsys, save, humans, seed=seed, hints=True)
    monkeypatch.setattr(sys, "stdin", keys)
    capsys.readouterr()
    try:
        cli.main(["play", *args, "--save", str(save), "--hints"])
    except SystemExit as exc:
        assert not exc.code, capsys.readouterr()
    keys.finish()
    return keys


def _replay_as(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    save: Path,
    timeline: Timeline,
    seats: list[int | None],
) -> None:
    for seat in seats:
        keys = ReplayKeyboard(capsys, timeline, seat)
        monkeypatch.setattr(sys, "stdin", keys)
        capsys.readouterr()
        with pytest.raises(SystemExit) as done:
            cli.main(["replay", str(save), *([] if seat is None else ["--seat", str(seat)])])
        assert done.value.code == 0
        keys.finish()


def _cases(every: bool) -> list[tuple[str, int, int]]:
    """Every seat at every player count (slow), or at the default count the last seat,
    whose turn comes after the others' and so sees the most announcements (fast; the
    hot-seat games put every seat at the screen)."""
    out = []
    for gid in available_games():
        cls = game_class(gid)
        if every:
            counts = range(cls.min_players, cls.max_players + 1)
            out += [(gid, n, seat) for n in counts for seat in range(n)]
        else:
            out.append((gid, cls.default_players, cls.default_players - 1))
    return out


def _one_human(capsys, monkeypatch, folder: Path, gid: str, n: int, seat: int) -> None:  # type: ignore[no-untyped-def]
    save = folder / "game.json"
    seed = 1000 * n + seat
    args = [gid, "-p", str(n), "--seat", str(seat), "--seed", str(seed)]
    keys = _play(capsys, monkeypatch, save, args, [seat], seed)
    assert Record.load(save).scores is not None
    assert {"history", "hint"} <= set(keys.commands)
    assert keys.timeline is not None
    _replay_as(capsys, monkeypatch, save, keys.timeline, [seat])


@pytest.mark.parametrize(("gid", "n", "seat"), _cases(every=False))
def test_a_whole_game_shows_a_seat_only_what_it_may_know(
    terminal, capsys, monkeypatch, save_dir, gid: str, n: int, seat: int
) -> None:  # type: ignore[no-untyped-def]
    _one_human(capsys, monkeypatch, save_dir, gid, n, seat)


@pytest.mark.slow
@pytest.mark.parametrize(("gid", "n", "seat"), _cases(every=True))
def test_every_player_count_shows_a_seat_only_what_it_may_know(
    terminal, capsys, monkeypatch, save_dir, gid: str, n: int, seat: int
) -> None:  # type: ignore[no-untyped-def]
    _one_human(capsys, monkeypatch, save_dir, gid, n, seat)


def _hot_seat(capsys, monkeypatch, folder: Path, gid: str, n: int, humans: int) -> None:  # type: ignore[no-untyped-def]
    """``humans`` people at one screen (seats 0, 1, ...), agents in the other seats."""
    save = folder / "game.json"
    others = ["human"] * (humans - 1) + ["heuristic"] * (n - humans)
    args = [gid, "-p", str(n), "--opponents", ",".join(others), "--seed", str(77 + n)]
    keys = _play(capsys, monkeypatch, save, args, list(range(humans)), 77 + n)
    assert Record.load(save).scores is not None
    assert keys.timeline is not None
    _replay_as(capsys, monkeypatch, save, keys.timeline, [None])
    # The final screen comes after one more clear (scrollback included): it is for all.
    assert keys.final_output.count(play._CLEAR_ALL) == 1


@pytest.mark.parametrize("gid", available_games())
def test_hot_seat_shows_each_person_only_their_own_cards(
    terminal, capsys, monkeypatch, save_dir, gid: str
) -> None:  # type: ignore[no-untyped-def]
    """Two people at one screen with agents between them (their announcements are
    made to whoever has the screen); every seat at one screen is the slow test's."""
    _hot_seat(capsys, monkeypatch, save_dir, gid, game_class(gid).default_players, 2)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("gid", "n"),
    [
        (gid, n)
        for gid in available_games()
        for n in range(game_class(gid).min_players, game_class(gid).max_players + 1)
    ],
)
def test_hot_seat_at_every_player_count(
    terminal, capsys, monkeypatch, save_dir, gid: str, n: int
) -> None:  # type: ignore[no-untyped-def]
    _hot_seat(capsys, monkeypatch, save_dir, gid, n, n)


def test_the_checker_catches_a_leak() -> None:
    """The check itself: a card outside the seat's knowledge, or another seat's line."""
    know = Knowledge(0, cards={"QS"}, own_lines={"Your hand: Q♠"})
    check_screen("East plays Q♠\nYour hand: Q♠", know, {1: ["Your hand: 7♥ 8♥ 9♥"]}, "ok")
    with pytest.raises(Leak, match="TD"):
        check_screen("East plays plant 10♦", know, {}, "card")
    with pytest.raises(Leak, match="TD"):
        check_screen("history: plant TD", know, {}, "card")
    secret = "You are seat 1; your Favourite Colour: B"
    with pytest.raises(Leak, match="seat 1's line"):
        check_screen(f"│ {secret}   │", know, {1: [secret]}, "line")

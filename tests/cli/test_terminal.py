"""``seedbed`` as a real process in a real pseudo-terminal: Ctrl-C, Ctrl-D, signals,
hot-seat screen clearing and the rules pager, which only a terminal shows."""

from __future__ import annotations

import os
import re
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from seedbed.core.records import Record

PROMPT = re.compile(r"(South|East|North|West) \(human\) > ")


def spawn(args: list[str], cwd: Path, **env: str) -> pexpect.spawn:
    child = pexpect.spawn(
        sys.executable,
        ["-m", "seedbed.cli.main", *args],
        cwd=str(cwd),
        env={**os.environ, "TERM": "xterm-256color", **env},
        dimensions=(50, 200),
        timeout=30,
        encoding="utf-8",
    )
    return child


@pytest.fixture
def children() -> Iterator[list[pexpect.spawn]]:
    started: list[pexpect.spawn] = []
    yield started
    for child in started:
        if child.isalive():
            child.terminate(force=True)


def _exit_status(child: pexpect.spawn) -> int:
    child.expect(pexpect.EOF)
    child.close()
    if child.signalstatus is not None:
        return 128 + child.signalstatus
    return int(child.exitstatus)


def test_ctrl_c_in_a_game_keeps_every_move(tmp_path: Path, children) -> None:  # type: ignore[no-untyped-def]
    save = tmp_path / "g.json"
    child = spawn(["play", "sewn", "--seed", "5", "--save", str(save)], tmp_path)
    children.append(child)
    for _ in range(3):
        child.expect(PROMPT)
        child.sendline("1")
    child.expect(PROMPT)
    moves_before = len(Record.load(save).moves)
    child.sendintr()
    child.expect("interrupted: the game is saved in")
    assert _exit_status(child) == 130
    record = Record.load(save)
    assert len(record.moves) == moves_before >= 3
    # And it goes on from there.
    child = spawn(["play", "--resume", str(save)], tmp_path)
    children.append(child)
    child.expect(f"at move {moves_before}")
    child.expect(PROMPT)
    child.sendline("quit")
    assert _exit_status(child) == 0


def test_ctrl_c_without_a_save_file_writes_one(tmp_path: Path, children) -> None:  # type: ignore[no-untyped-def]
    child = spawn(["play", "four_fields", "--seed", "8"], tmp_path)
    children.append(child)
    child.expect(r"seat 0 \(human\) > ")
    child.sendline("1")
    child.expect(r"seat 0 \(human\) > ")
    child.sendintr()
    child.expect("so it is now in")
    assert _exit_status(child) == 130
    (saved,) = tmp_path.glob("seedbed-four_fields-8*.json")
    assert len(Record.load(saved).moves) >= 2


def test_ctrl_c_during_a_hint_stops_the_hint_not_the_game(tmp_path: Path, children) -> None:  # type: ignore[no-untyped-def]
    save = tmp_path / "g.json"
    # A hint far longer than the test's patience: only the Ctrl-C can end it, however
    # slow or fast the machine (with the default second, a busy CI machine once let the
    # hint finish before the Ctrl-C arrived).
    child = spawn(
        ["play", "sewn", "--seed", "5", "--hint-seconds", "300", "--save", str(save)], tmp_path
    )
    children.append(child)
    child.expect(PROMPT)
    child.sendline("hint")
    child.expect("thinking")
    child.sendintr()
    child.expect("hint stopped")
    child.expect(PROMPT)
    child.sendline("1")  # the game goes on
    child.expect(PROMPT)
    assert child.isalive()
    child.sendline("quit")
    assert _exit_status(child) == 0


def test_sigterm_and_sighup_save_and_say_so(tmp_path: Path, children) -> None:  # type: ignore[no-untyped-def]
    for sig in (signal.SIGTERM, signal.SIGHUP):
        save = tmp_path / f"g{sig}.json"
        child = spawn(["play", "harvest", "--seed", "2", "--save", str(save)], tmp_path)
        children.append(child)
        child.expect(r"seat 0 \(human\) > ")
        child.sendline("1")
        child.expect(r"seat 0 \(human\) > ")
        moves = len(Record.load(save).moves)
        child.kill(sig)
        if sig == signal.SIGTERM:
            child.expect("stopped by SIGTERM: the game is saved")
        assert _exit_status(child) == 128 + sig
        assert len(Record.load(save).moves) == moves


def test_hot_seat_hand_over_clears_the_scrollback(tmp_path: Path, children) -> None:  # type: ignore[no-untyped-def]
    child = spawn(["play", "sewn", "--opponents", "human", "--seed", "3"], tmp_path)
    children.append(child)
    for _ in range(3):
        child.expect(r"Pass the screen to (\w+)")
        seat = child.match.group(1)
        assert "\x1b[3J" in child.before  # the scrollback erased before the hand-over
        child.sendline("")
        child.expect(PROMPT)
        assert "\x1b[3J" in child.before  # and again before this seat's cards
        assert child.match.group(1) == seat
        child.sendline("1")
    child.expect("Pass the screen to")
    child.sendline("")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("not saved")
    child.sendline("quit")
    assert _exit_status(child) == 0


def test_the_game_menu_ends_cleanly_on_ctrl_d_and_quit(tmp_path: Path, children) -> None:  # type: ignore[no-untyped-def]
    child = spawn(["play"], tmp_path)
    children.append(child)
    child.expect("game number or id: ")
    child.sendeof()
    assert _exit_status(child) == 0
    child = spawn(["play"], tmp_path)
    children.append(child)
    child.expect("game number or id: ")
    child.sendline("quit")
    assert _exit_status(child) == 0


def test_rules_go_through_the_pager_in_a_terminal(tmp_path: Path, children) -> None:  # type: ignore[no-untyped-def]
    paged = tmp_path / "paged.txt"
    child = spawn(["rules", "sewn"], tmp_path, PAGER=f"cat > {paged}")
    children.append(child)
    assert _exit_status(child) == 0
    assert "Ruling" in paged.read_text(encoding="utf-8") or "ruling" in paged.read_text()
    assert len(paged.read_text().splitlines()) > 40
    assert "ruling" not in (child.before or "").lower()  # nothing but the pager printed it


def test_closing_the_terminal_keeps_a_game_that_had_no_save_file(tmp_path: Path, children) -> None:  # type: ignore[no-untyped-def]
    import time

    child = spawn(["play", "harvest", "--seed", "4"], tmp_path)
    children.append(child)
    child.expect(r"seat 0 \(human\) > ")
    child.sendline("1")
    child.expect(r"seat 0 \(human\) > ")
    child.close(force=False)  # the terminal goes away: the kernel sends SIGHUP
    deadline = time.monotonic() + 30
    while child.isalive() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not child.isalive()
    (saved,) = tmp_path.glob("seedbed-harvest-4*.json")
    assert len(Record.load(saved).moves) >= 1  # the move typed before the terminal closed

"""``seedbed replay``: step through a record as one seat (or a spectator) saw it.

The file is a record written by ``seedbed play`` (one JSON object) or a ``seedbed
simulate --out`` file (JSON lines, one game a line, the record under ``"record"``);
``--game N`` picks the N-th game of the latter. Each position is shown as the chosen
seat saw it: its view, the last move as it was told of it, the scores it may know and,
at the end, its score sheet.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from seedbed.cli.notation import move_text
from seedbed.cli.scoresheet import score_sheet_table
from seedbed.core.errors import RecordError, quote
from seedbed.core.records import Record


def _record_of(data: Any, where: str) -> Record:
    """A record from a parsed JSON value: a record object, or a simulate line that
    holds one under ``"record"``."""
    if isinstance(data, dict) and isinstance(data.get("record"), dict):
        data = data["record"]
    try:
        return Record.from_json(json.dumps(data))
    except RecordError as exc:
        raise RecordError(f"{where}: {exc}") from None


def _loads(text: str, where: str) -> Any:
    """``json.loads`` for a file a user handed us: invalid JSON stays a
    ``JSONDecodeError`` (the caller tries JSON lines next); JSON that is valid but
    hostile (nested thousands deep, a 5,000-digit number) is a :class:`RecordError`."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        raise RecordError(f"{where} is not a seedbed record: JSON nested too deeply") from None
    except ValueError as exc:  # an int too long to convert
        raise RecordError(f"{where} is not a seedbed record: {quote(str(exc), 120)}") from None


def load_replay(path: Path, game: int | None = None) -> tuple[Record, str]:
    """The record to replay from ``path`` and a label for it (``"game 3 of 12"``)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read record {str(path)!r}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{str(path)!r} is not a text file") from None
    try:
        values = [_loads(text, str(path))]
    except json.JSONDecodeError as whole:
        values = []
        for k, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                values.append(_loads(line, f"{path} line {k}"))
            except json.JSONDecodeError as exc:
                if k == 1:  # not JSON lines either: report the file as one document
                    raise RecordError(f"not a seedbed record: invalid JSON ({whole})") from None
                raise RecordError(f"{path} line {k} is not valid JSON ({exc})") from None
    count = len(values)
    if count == 0:
        raise RecordError(f"{path} holds no game")
    if game is None:
        if count > 1:
            raise RecordError(
                f"{path} holds {count} games: choose one with --game N (1 to {count})"
            )
        game = 1
    if not 1 <= game <= count:
        raise RecordError(
            f"--game must be 1 to {count} for {path}, not {game}"
            if count > 1
            else f"{path} holds one game: --game must be 1, not {game}"
        )
    label = f"game {game} of {count}" if count > 1 else ""
    return _record_of(values[game - 1], f"{path} game {game}" if count > 1 else str(path)), label


def _scores_line(scores: list[float | None], names: list[str]) -> str:
    return ", ".join(
        f"{n}: {'?' if s is None else f'{s:g}'}" for n, s in zip(names, scores, strict=True)
    )


def replay_record(record: Record, seat: int | None, console: Console, label: str = "") -> None:
    """Show each position; Enter steps on, ``b`` goes back, a number jumps, ``q`` quits.

    When standard input is not a terminal (or runs out), the remaining positions are
    printed one after another, which makes a record readable in a pipe.
    """
    states = record.states()
    game = states[0].game
    n = game.num_players
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"--seat must be 0 to {n - 1} for this {n}-player record")
    who = "spectator" if seat is None else game.seat_name(seat)
    names = [game.seat_name(p) for p in range(n)]
    moves = record.moves
    log = states[-1].move_log(seat)  # every move as this seat was told of it
    heading = record.game + (f" {label}" if label else "")
    seats = ", ".join(record.players) if record.players else "not recorded"
    console.print(
        f"replaying {escape(heading)}: seed {record.seed}, {len(moves)} moves, "
        f"seats: {escape(seats)}"
    )
    i = 0
    interactive = True
    while True:
        state = states[i]
        title = f"{heading} - position {i} of {len(moves)} - as {who}"
        console.print(Panel(state.render(seat), title=escape(title)))
        if i > 0:
            mover, shown = log[i - 1]
            line = Text(f"last move: {game.seat_name(mover)}: ")
            move = move_text(shown)
            move.stylize("bold")
            console.print(line.append_text(move))
        if i == len(moves):
            end = "final" if state.is_terminal() else "unfinished game, scores so far"
            scores = _scores_line(state.scores_for(seat), names)
            console.print(f"[bold]{end}[/bold]: {escape(scores)}")
            console.print(
                score_sheet_table(
                    state.score_sheet(seat), names, title="Score sheet", winners=state.winners()
                )
            )
            return
        if not interactive:
            i += 1
            continue
        try:
            answer = console.input("[dim]Enter: next, b: back, N: go to move N, q: quit[/dim] ")
        except EOFError:
            interactive = False
            i += 1
            continue
        answer = answer.strip().lower()
        if answer == "q":
            return
        if answer == "b":
            i = max(0, i - 1)
        elif answer.isdigit():
            i = min(int(answer), len(moves))
        else:
            i += 1

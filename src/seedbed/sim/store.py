"""The ``--out`` file of a simulation: JSON lines, one finished game a line.

Each game is written (and flushed) as soon as it finishes, so an interrupted or killed
run keeps every game it finished. ``--resume`` reads the file back, checks that every
line belongs to the same plan (game, options, seed, agents), keeps those games and
plays only the rest; a run that completes rewrites the file in game order, so a
resumed run leaves the same file as an uninterrupted one.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from seedbed.core.errors import RecordError
from seedbed.sim.runner import GameResult, MatchSpec

#: Longest line accepted back (a game record is a few kilobytes).
MAX_LINE = 4_000_000


class ResultsFileError(RecordError):
    """An ``--out`` file that cannot be read back: damaged, or (for ``--resume``) another
    run's."""


def _check_match(r: GameResult, m: MatchSpec, game_id: str, params: dict[str, Any]) -> str:
    """Why ``r`` is not the result of planned match ``m`` ("" if it is)."""
    rec = r.record
    if rec.get("game") != game_id or rec.get("params") != params:
        return f"it is a game of {rec.get('game')!r} {rec.get('params')!r}"
    if r.seed != m.seed or r.deal != m.deal:
        return "its deal seed differs (another --seed or --games?)"
    if tuple(r.seats) != m.seats:
        return f"its agents {r.seats} differ from {list(m.seats)}"
    return ""


def result_from_line(line: bytes | str) -> GameResult:
    """The game on one line of an ``--out`` file; ``ValueError``, saying why, for any
    line that is not one (too long, not JSON, or JSON of another shape), so that its
    readers catch one exception."""
    if len(line) > MAX_LINE:
        raise ValueError("line too long")
    try:
        data = json.loads(line)
        if not isinstance(data, dict):
            raise ValueError("not an object")
        return GameResult.from_json_dict(data)
    except KeyError as exc:
        raise ValueError(f"no {exc.args[0]!r} field") from None
    except (TypeError, RecursionError) as exc:
        raise ValueError(str(exc) or type(exc).__name__) from None


def read_results(
    path: Path, matches: Sequence[MatchSpec], game_id: str, params: dict[str, Any]
) -> tuple[dict[int, GameResult], bool]:
    """The games of ``matches`` already in ``path`` (by index), and whether the last line
    was cut short (a run killed while writing it); raises :class:`ResultsFileError`
    for a line that does not belong to this plan or is damaged."""
    found: dict[int, GameResult] = {}
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return found, False
    lines = raw.split(b"\n")
    cut = False
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        last = number == len(lines) or (number == len(lines) - 1 and not lines[-1])
        try:
            r = result_from_line(line)
        except ValueError as exc:
            if last and not raw.endswith(b"\n"):
                cut = True  # killed while writing it: that game is played again
                continue
            raise ResultsFileError(
                f"{path}, line {number}: not a game result of seedbed simulate ({exc})"
            ) from None
        if not 0 <= r.index < len(matches):
            raise ResultsFileError(
                f"{path}, line {number}: game {r.index} is not in this run of "
                f"{len(matches)} games (resume with the same arguments)"
            )
        why = _check_match(r, matches[r.index], game_id, params)
        if why:
            raise ResultsFileError(
                f"{path}, line {number}: game {r.index} belongs to another run: {why}; "
                "resume with the same arguments, or write to a new file"
            )
        found[r.index] = r
    return found, cut


class ResultsWriter:
    """Appends finished games to ``path``, one flushed line each."""

    def __init__(self, path: Path, keep: Sequence[GameResult] = ()) -> None:
        self.path = path
        # Start from the kept games only (drops a cut-short last line), atomically.
        write_atomic(path, keep)
        self._file: IO[str] | None = path.open("a", encoding="utf-8")

    def write(self, r: GameResult) -> None:
        assert self._file is not None
        self._file.write(json.dumps(r.to_json_dict()) + "\n")
        self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def finish(self, results: Sequence[GameResult]) -> None:
        """The run completed: the file becomes every game in index order."""
        self.close()
        write_atomic(self.path, sorted(results, key=lambda r: r.index))


def write_atomic(path: Path, results: Sequence[GameResult]) -> None:
    """Write ``results`` to ``path`` atomically (:func:`write_text_atomic`)."""
    write_text_atomic(path, "".join(json.dumps(r.to_json_dict()) + "\n" for r in results))


def write_text_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename, so that an
    interruption leaves the old file or the new one, never half of one. The file gets
    the usual permissions (the umask's), not the temporary file's private ones."""
    directory = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise

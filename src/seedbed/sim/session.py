"""Running a plan of games for a command: progress bar, ``--out`` as games finish,
``--resume``, and a prompt, lossless stop on Ctrl-C.

``seedbed simulate``, ``arena``, ``report`` and ``compare`` all play their games through
:func:`run_plan`, so each of them writes and resumes the same way.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from seedbed.sim.runner import GameResult, MatchSpec, run_matches
from seedbed.sim.store import ResultsWriter, read_results


@dataclass
class PlanRun:
    """What :func:`run_plan` got: the finished games (in index order), whether Ctrl-C
    cut the run short, and how many came from the ``--resume`` file."""

    results: list[GameResult]
    planned: int
    interrupted: bool
    resumed: int
    #: A damaged last line of the resumed file, dropped (its game was played again).
    dropped_cut_line: bool = False

    @property
    def missing(self) -> int:
        return self.planned - len(self.results)


@contextmanager
def _ctrl_c_after() -> Iterator[None]:
    """Ctrl-C during the block takes effect when it ends. Recording a finished game
    (its line in ``--out``, then its place among the results) must not be cut in two:
    a game written but not counted made the "interrupted: N of M games finished, all
    written" line disagree with the file."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, _frame: caught.append(signum))
    if previous is None:  # set outside Python: Python's own handler is the nearest
        previous = signal.default_int_handler
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught:
            if callable(previous):
                previous(signal.SIGINT, None)
            elif previous != signal.SIG_IGN:
                raise KeyboardInterrupt


def run_plan(
    game_id: str,
    params: dict[str, Any],
    matches: Sequence[MatchSpec],
    run_seed: int,
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    out: Path | None = None,
    resume: bool = False,
    console: Console | None = None,
    label: str = "",
) -> PlanRun:
    """Play ``matches`` (minus those already in ``out`` when resuming), writing each
    finished game to ``out`` at once. Ctrl-C stops the workers and returns what
    finished with ``interrupted`` set, instead of raising."""
    if resume and out is None:
        raise ValueError("--resume needs --out FILE (the file of the interrupted run)")
    done: dict[int, GameResult] = {}
    cut = False
    if out is not None and not (out.parent if str(out.parent) else Path(".")).is_dir():
        raise ValueError(f"cannot write {out}: there is no folder {out.parent}")
    if not resume and out is not None and out.exists() and out.stat().st_size > 0:
        raise ValueError(
            f"{out} already holds games: add --resume to continue that run (the same "
            "arguments), or write to a new file"
        )
    if resume and out is not None:
        done, cut = read_results(out, matches, game_id, params)
    writer = ResultsWriter(out, list(done.values())) if out is not None else None
    results = list(done.values())
    todo = [m for m in matches if m.index not in done]
    interrupted = False
    progress = Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        # Off when nobody watches (a pipe, a file, a test): no bar, no stray lines.
        disable=console is None or not console.is_terminal,
    )

    def finished(r: GameResult) -> None:
        with _ctrl_c_after():
            if writer is not None:
                writer.write(r)
            results.append(r)
        progress.advance(task)

    try:
        with progress:
            task = progress.add_task(
                label or f"{game_id} x{len(matches)}", total=len(matches), completed=len(done)
            )
            if todo:
                run_matches(
                    game_id,
                    params,
                    todo,
                    run_seed,
                    workers=workers,
                    on_result=finished,
                    backend=backend,
                    address=address,
                )
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if writer is not None:
            writer.close()
    results.sort(key=lambda r: r.index)
    if writer is not None and not interrupted:
        writer.finish(results)
    return PlanRun(results, len(matches), interrupted, len(done), cut)


def interrupted_message(run: PlanRun, out: Path | None) -> str:
    """The line printed after Ctrl-C: what finished, where it is, how to go on."""
    text = f"interrupted: {len(run.results)} of {run.planned} games finished"
    if out is not None:
        return (
            f"{text}, all written to {out}; run the same command with --resume "
            f"to play the other {run.missing}"
        )
    return f"{text} (not kept: add --out FILE to keep finished games and --resume later)"

"""``seedbed play``: one game in the terminal, people and agents at the seats.

People type a move's number, its notation or an unambiguous start of it; anything
else gets an explanation and a new prompt, never a crash.

What a seat may see: everything printed while a person is at the screen comes from
that person's view (:meth:`State.view`), from what they were told of each move
(:meth:`State.move_log` / :meth:`State.notation_for`) and from their score sheet,
never from :meth:`State.history`. With several people at one screen (hot-seat), a
hand-over screen clears the terminal, scrollback included, before the next person
sees their cards, and then tells them what happened since their last turn.

Nothing is lost: with a save file the record is written after every move (atomically,
by :meth:`Record.save`); Ctrl-C, end of input, a closed terminal or ``kill`` stop
the game with every move saved, and a game that had no save file is written to a
new file so that ``seedbed play --resume`` can continue it.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import random
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from seedbed.agents.base import Agent, make_agent
from seedbed.cli.notation import move_columns, move_text, read_move
from seedbed.cli.saving import check_save_target, recovery_path
from seedbed.cli.scoresheet import rounds_scored, score_sheet_table
from seedbed.core.errors import SeedbedError
from seedbed.core.protocol import State
from seedbed.core.records import Record

HUMAN = "human"
HELP = (
    "Type a move's number, its notation (10♦ or TD, Q♠ or QS) or the start of it when "
    "only one move starts that way. Commands: 'moves' (the table and the moves again), "
    "'history' (every move as you were told it), 'save [FILE]', 'hint' (with --hints), "
    "'help', 'quit'. Ctrl-C stops the game (a hint, while one is thinking)."
)
#: How long ``hint`` thinks (ISMCTS seconds).
HINT_SECONDS = 1.0
#: Exit status after Ctrl-C, as shells report a process ended by SIGINT.
EXIT_INTERRUPTED = 130
# Erase the screen, then the scrollback (xterm's ED 3, which `clear` also sends), then
# home the cursor: the next person must not scroll back to the last one's cards.
_CLEAR_ALL = "\x1b[H\x1b[2J\x1b[3J"


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in a seat: a person or an agent spec."""

    label: str
    agent_spec: str | None

    @classmethod
    def parse(cls, text: str) -> SeatSpec:
        text = text.strip()
        if text.lower() == HUMAN:
            return cls(HUMAN, None)
        return cls(text, text)

    @property
    def is_human(self) -> bool:
        return self.agent_spec is None


def plan_seats(n: int, seat: int, opponents: list[str]) -> list[SeatSpec]:
    """A person at ``seat``, the other seats from ``opponents`` (one spec for all of
    them or one per other seat, in seat order)."""
    if not 0 <= seat < n:
        raise ValueError(f"--seat must be 0 to {n - 1} for {n} players, not {seat}")
    if len(opponents) not in (1, n - 1):
        raise ValueError(f"--opponents takes one spec or {n - 1} (one per other seat)")
    seats = [SeatSpec.parse(HUMAN)] * n
    for k, i in enumerate(i for i in range(n) if i != seat):
        seats[i] = SeatSpec.parse(opponents[0] if len(opponents) == 1 else opponents[k])
    return seats


def resumed_seats(
    recorded: list[str] | None, n: int, seat: int | None, opponents: list[str] | None
) -> list[SeatSpec]:
    """Who plays a resumed game: the record's seats unless ``--seat``/``--opponents``
    say otherwise. ``--seat K`` alone moves the person to seat K (the agent that sat
    there takes their old seat); ``--opponents`` seats new agents round the person."""
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"--seat must be 0 to {n - 1} for {n} players, not {seat}")
    if recorded is None:  # a record written without seat labels
        return plan_seats(n, seat or 0, opponents or ["heuristic"])
    seats = [SeatSpec.parse(label) for label in recorded]
    humans = [i for i, s in enumerate(seats) if s.is_human]
    if opponents is not None:
        you = seat if seat is not None else (humans[0] if humans else 0)
        return plan_seats(n, you, opponents)
    if seat is None or seats[seat].is_human:
        return seats
    if len(humans) == 1:
        seats[humans[0]], seats[seat] = seats[seat], seats[humans[0]]
    else:
        seats[seat] = SeatSpec.parse(HUMAN)
    return seats


HintFn = Callable[[State, int], list[tuple[str, float]]]


def _default_hints(
    state: State, player: int, seconds: float | None = None
) -> list[tuple[str, float]]:
    """Top moves by ISMCTS for ``player`` (loaded lazily: it is the agents layer's),
    after ``seconds`` of search (:data:`HINT_SECONDS` if not given)."""
    try:
        ismcts = importlib.import_module("seedbed.agents.ismcts")
    except ImportError as exc:  # pragma: no cover - present once the agents land
        raise SeedbedError("hints need the ismcts agent, which is not installed") from exc
    top: list[tuple[str, float]] = ismcts.top_moves(
        state.infoset(player), seconds=HINT_SECONDS if seconds is None else seconds
    )
    return top


# Both are raised by signal handlers, wherever the program is when the signal lands,
# so they derive from BaseException, as KeyboardInterrupt does: code that catches
# Exception to survive a failure (the search plays a random move where a playout
# policy fails) must not swallow them.


class _StopHint(BaseException):
    """Ctrl-C while a hint is thinking: stops the hint, not the game."""


class _Signalled(BaseException):
    """The terminal closed (SIGHUP) or someone asked the process to end (SIGTERM)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def _in_main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


@contextmanager
def _stop_signals() -> Iterator[None]:
    """SIGTERM and SIGHUP end the game the way Ctrl-C does (saved, then a message)."""
    if not _in_main_thread():
        yield
        return

    def handler(signum: int, _frame: FrameType | None) -> None:
        raise _Signalled(signum)

    wanted = [s for s in ("SIGTERM", "SIGHUP") if hasattr(signal, s)]
    previous = {name: signal.signal(getattr(signal, name), handler) for name in wanted}
    try:
        yield
    finally:
        for name, old in previous.items():
            signal.signal(getattr(signal, name), old)


class PlaySession:
    """Runs one game to the end (or until the people quit or stop it)."""

    def __init__(
        self,
        state: State,
        seats: list[SeatSpec],
        console: Console,
        save_path: Path | None = None,
        hints: bool = False,
        hint_fn: HintFn | None = None,
        hint_seconds: float | None = None,
        agent_seed: int | None = None,
        interactive: bool | None = None,
    ) -> None:
        self.state = state
        self.seats = seats
        self.console = console
        self.save_path = save_path
        self.hints = hints
        if hint_fn is None and hint_seconds is not None:
            hint_fn = functools.partial(_default_hints, seconds=hint_seconds)
        self.hint_fn = hint_fn or _default_hints
        #: Pause after a round's score sheet (a person reads it); not in a pipe.
        self.interactive = sys.stdin.isatty() if interactive is None else interactive
        rng = random.Random(agent_seed)
        self.agents: dict[int, Agent] = {
            i: make_agent(s.agent_spec, seed=rng.randrange(2**31))
            for i, s in enumerate(seats)
            if s.agent_spec is not None
        }
        self.humans = [i for i, s in enumerate(seats) if s.is_human]
        self.hot_seat = len(self.humans) > 1
        #: Whose eyes are on the screen: everything printed is what they may know.
        #: One person: always them; hot-seat: whoever was handed the screen last
        #: (nobody, a spectator, before the first hand-over).
        self.screen: int | None = self.humans[0] if len(self.humans) == 1 else None
        #: For each person, how many moves they have been shown (hot-seat recaps).
        self._seen = dict.fromkeys(self.humans, state.move_number())
        self._rounds = rounds_scored(state.score_sheet(self.screen))
        self._quit_warned = False
        self._save_failed = False

    # -- names and records ---------------------------------------------------------------
    def _seat_name(self, p: int) -> str:
        return f"{self.state.game.seat_name(p)} ({self.seats[p].label})"

    def _seat_names(self) -> list[str]:
        return [self.state.game.seat_name(p) for p in range(self.state.game.num_players)]

    def record(self) -> Record:
        return Record.from_state(self.state, players=[s.label for s in self.seats])

    def _write(self, path: Path) -> None:
        self.record().save(path)

    def _autosave(self) -> None:
        """After every move: the save file always holds the game as it stands."""
        if self.save_path is None:
            return
        try:
            self._write(self.save_path)
        except SeedbedError as exc:
            if not self._save_failed:
                self.console.print(
                    f"[red]could not save: {escape(str(exc))}[/red]; the game goes on "
                    "('save FILE' to save it elsewhere)"
                )
            self._save_failed = True
            return
        if self._save_failed:
            self.console.print(f"saved to {escape(str(self.save_path))} again", soft_wrap=True)
        self._save_failed = False

    def _resume_hint(self, path: Path) -> str:
        return f"'seedbed play --resume {escape(str(path))}' continues it"

    # -- the screen ------------------------------------------------------------------------
    def _clear(self) -> None:
        """Clear the screen and the scrollback (only on a terminal)."""
        if self.console.is_terminal:
            self.console.file.write(_CLEAR_ALL)
            self.console.file.flush()

    def _show(self, player: int | None) -> None:
        title = self.state.game.name + ("" if player is None else f" - {self._seat_name(player)}")
        self.console.print(Panel(self.state.render(player), title=escape(title)))

    def _show_moves(self) -> None:
        legal = self.state.legal_actions()
        items = [f"{k + 1:>2} {self.state.action_to_string(a)}" for k, a in enumerate(legal)]
        self.console.print(move_columns(items, self.console.width))

    def _announce(self, actor: int, shown: str) -> None:
        move = move_text(shown)
        move.stylize("bold")
        self.console.print(Text(f"{self._seat_name(actor)} plays ").append_text(move))

    def _log(self, viewer: int, start: int) -> list[str]:
        """Moves from ``start`` on as ``viewer`` was told of them, numbered."""
        log = self.state.move_log(viewer)
        return [
            f"{i + 1}. {self.state.game.seat_name(actor)} {note}"
            for i, (actor, note) in enumerate(log[start:], start)
        ]

    def _history(self, player: int) -> None:
        lines = self._log(player, 0)
        if not lines:
            self.console.print("(no moves yet)")
            return
        self.console.print(move_columns(lines, self.console.width))

    def _hand_over(self, player: int) -> None:
        """Hot-seat: hide the last person's screen, wait for the next, tell them what
        happened since their last turn (as they were told it)."""
        if not self.hot_seat or self.screen == player:
            return
        self._clear()
        self.console.input(
            f"[bold]Pass the screen to {escape(self._seat_name(player))}[/bold] and press "
            "Enter when only they can see it. "
        )
        self._clear()
        self.screen = player
        since = self._log(player, self._seen[player])
        if since:
            self.console.print("[bold]Since your last turn:[/bold]")
            self.console.print(move_columns(since, self.console.width))

    def _round_summary(self) -> None:
        """A round was scored: its score sheet and the running total."""
        sheet = self.state.score_sheet(self.screen)
        done = rounds_scored(sheet)
        if done <= self._rounds:
            return
        new = done - self._rounds
        self._rounds = done
        if self.state.is_terminal():
            return  # the final screen shows the whole sheet
        label = str((sheet["rounds"][-1] or {}).get("label", f"round {done}"))
        self.console.print(
            score_sheet_table(sheet, self._seat_names(), title=f"{label} scored", last_rounds=new)
        )
        if self.interactive and self.humans:
            self.console.input("[dim]Enter to go on[/dim] ")

    # -- the loop --------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the end, a quit or a stop; the process exit status to use."""
        if self.save_path is not None:
            check_save_target(self.save_path, self.state)
            self._write(self.save_path)
            self.console.print(
                f"saving to {escape(str(self.save_path))} after every move "
                f"({self._resume_hint(self.save_path)})",
                soft_wrap=True,
            )
        try:
            with _stop_signals():
                finished = self._loop()
        except KeyboardInterrupt:
            self._stopped("interrupted")
            return EXIT_INTERRUPTED
        except _Signalled as exc:
            self._stopped(f"stopped by {exc}")
            return 128 + exc.signum
        except EOFError:
            self._stopped("end of input")
            return 0
        except OSError as exc:  # the terminal went away under a read or a write
            self._stopped(f"the terminal is gone ({exc.strerror or exc})")
            return 1
        if finished:
            self._finish()
        return 0

    def _loop(self) -> bool:
        """``True`` when the game ended, ``False`` when the people quit."""
        while not self.state.is_terminal():
            player = self.state.current_player()
            assert player is not None
            if player in self.agents:
                action = self.agents[player].select_action(self.state.infoset(player))
            else:
                chosen = self._human_turn(player)
                if chosen is None:
                    return False
                action = chosen
            self._apply(player, action)
        return True

    def _apply(self, player: int, action: int) -> None:
        shown = self.state.notation_for(action, player, self.screen)
        self.state.apply_action(action)
        self._autosave()
        if player in self._seen:
            self._seen[player] = self.state.move_number()
        self._announce(player, shown)
        self._round_summary()

    def _stopped(self, why: str) -> None:
        """Ctrl-C, end of input, a signal or a terminal gone: every move goes to disk
        first (the terminal may be unable to show the message), then we say where."""
        moves = self.state.move_number()
        path = self.save_path
        error: SeedbedError | None = None
        if path is not None or moves > 0:
            path = path or recovery_path(self.state)
            try:  # again: the interruption may have landed in the middle of a save
                self._write(path)
            except SeedbedError as exc:
                error = exc
        with contextlib.suppress(OSError):
            self._say_stopped(why, path, moves, error)

    def _say_stopped(
        self, why: str, path: Path | None, moves: int, error: SeedbedError | None
    ) -> None:
        c = self.console
        c.print()
        if path is None:
            c.print(f"{why}: no move was made, nothing to save")
        elif error is not None:
            c.print(f"{why}: [red]the game could not be saved: {escape(str(error))}[/red]")
        elif path == self.save_path:
            c.print(
                f"{why}: the game is saved in {escape(str(path))} after move {moves}; "
                f"{self._resume_hint(path)}",
                soft_wrap=True,
            )
        else:
            c.print(
                f"{why}: this game had no save file, so it is now in {escape(str(path))}; "
                f"{self._resume_hint(path)}",
                soft_wrap=True,
            )

    def _human_turn(self, player: int) -> int | None:
        """Ask ``player`` for a move; ``None`` if they quit."""
        c = self.console
        self._hand_over(player)
        self._show(player)
        self._show_moves()
        while True:
            text = c.input(f"{escape(self._seat_name(player))} > ").strip()
            if not text:
                continue
            word, _, rest = text.partition(" ")
            command = word.lower()
            if command in ("quit", "exit", "q"):
                if self._may_quit():
                    return None
                continue
            self._quit_warned = False
            if command in ("help", "?"):
                c.print(escape(HELP))
            elif command == "moves":
                self._show(player)
                self._show_moves()
            elif command == "history":
                self._history(player)
            elif command == "save":
                self._save_command(rest.strip())
            elif command == "hint":
                self._hint(player)
            else:
                action = self._parse(text)
                if action is not None:
                    return action

    def _parse(self, text: str) -> int | None:
        legal = self.state.legal_actions()
        if text.isdigit():
            k = int(text)
            if 1 <= k <= len(legal):
                return legal[k - 1]
            self.console.print(f"[red]there are moves 1 to {len(legal)}; {k} is not one[/red]")
            return None
        try:
            return read_move(self.state, text)
        except SeedbedError as exc:
            self.console.print(Text(str(exc), style="red"))
            return None

    def _may_quit(self) -> bool:
        c = self.console
        if self.save_path is not None:
            self._autosave()
            if not self._save_failed:
                path = self.save_path
                c.print(f"saved in {escape(str(path))}; {self._resume_hint(path)}", soft_wrap=True)
                return True
        if self._quit_warned or self.state.move_number() == 0:
            c.print("bye")
            return True
        self._quit_warned = True
        c.print(
            "[yellow]this game is not saved:[/yellow] 'save FILE' keeps it (and every move "
            "after), 'quit' again leaves without saving"
        )
        return False

    def _save_command(self, arg: str) -> None:
        c = self.console
        if not arg:
            if self.save_path is None:
                c.print("[yellow]no file yet: say 'save FILE'[/yellow]")
                return
            self._autosave()
            if not self._save_failed:
                c.print(
                    f"saved to {escape(str(self.save_path))} (every move is saved there)",
                    soft_wrap=True,
                )
            return
        path = Path(arg).expanduser()
        try:
            check_save_target(path, self.state)
            self._write(path)
        except SeedbedError as exc:
            c.print(Text(str(exc), style="red"))
            return
        self.save_path = path
        self._save_failed = False
        c.print(
            f"saved to {escape(str(path))}; every move from now on is saved there too "
            f"({self._resume_hint(path)})",
            soft_wrap=True,
        )

    def _hint(self, player: int) -> None:
        c = self.console
        if not self.hints:
            c.print("hints are off: start the game with --hints")
            return
        top = self._think(player)
        if top is None:
            c.print("hint stopped")
            return
        if not top:
            c.print("no hint: there is nothing to choose")
            return
        for move, value in sorted(top, key=lambda mv: -mv[1]):
            line = Text("  ").append_text(move_text(move))
            line.append(f": estimated win share {value:.0%}")
            c.print(line)

    def _say_thinking(self) -> None:
        self.console.print("thinking... (Ctrl-C stops the hint)")

    def _think(self, player: int) -> list[tuple[str, float]] | None:
        """The hint, or ``None`` if Ctrl-C stopped it. While it thinks, SIGINT raises
        :class:`_StopHint` (once) instead of KeyboardInterrupt; the handler is put back
        whatever happens, even if the signal lands while it is being put back."""
        if not _in_main_thread():
            self._say_thinking()
            try:
                return self.hint_fn(self.state, player)
            except SeedbedError as exc:
                self.console.print(Text(str(exc), style="red"))
                return []
        armed = [True]

        def on_sigint(_signum: int, _frame: FrameType | None) -> None:
            if armed[0]:
                armed[0] = False
                raise _StopHint

        previous = signal.getsignal(signal.SIGINT)
        try:
            try:
                signal.signal(signal.SIGINT, on_sigint)
                # Only now say so: a Ctrl-C that answers this line must stop the hint,
                # not reach the game's own handler and end the game.
                self._say_thinking()
                return self.hint_fn(self.state, player)
            finally:
                armed[0] = False
        except _StopHint:
            return None
        except SeedbedError as exc:
            self.console.print(Text(str(exc), style="red"))
            return []
        finally:
            signal.signal(signal.SIGINT, previous)

    def _finish(self) -> None:
        c = self.console
        if self.hot_seat:
            self._clear()
            self.screen = None
        viewer = self.screen
        self._show(viewer)
        winners = self.state.winners()
        c.print(
            score_sheet_table(
                self.state.score_sheet(viewer),
                self._seat_names(),
                title="Final score sheet",
                winners=winners,
            )
        )
        names = [self._seat_name(p) for p in winners]
        if len(names) == 1:
            c.print(f"[bold green]{escape(names[0])} wins[/bold green]")
        elif names:
            c.print(f"[bold green]{escape(', '.join(names))} share the win[/bold green]")
        if self.save_path is not None:
            path = escape(str(self.save_path))
            c.print(
                f"the record is in {path}: 'seedbed replay {path}' steps through it",
                soft_wrap=True,
            )

"""``seedbed play``: one game in the terminal, people and agents at the seats.

People type a move's number or its notation; anything else gets an explanation and a
new prompt, never a crash. With several people at one screen (hot-seat), a hand-over
screen hides the previous player's view before the next one sees theirs.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rich.columns import Columns
from rich.console import Console
from rich.panel import Panel

from seedbed.agents.base import Agent, make_agent
from seedbed.core.errors import SeedbedError
from seedbed.core.protocol import State
from seedbed.core.records import Record

HUMAN = "human"
HELP = (
    "Type a move's number or its notation. Commands: 'moves' (list again), "
    "'history', 'save [FILE]', 'hint' (with --hints), 'help', 'quit'."
)


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


HintFn = Callable[[State, int], list[tuple[str, float]]]


def _default_hints(state: State, player: int) -> list[tuple[str, float]]:
    """Top moves by ISMCTS for ``player`` (loaded lazily: it is the agents layer's)."""
    try:
        ismcts = importlib.import_module("seedbed.agents.ismcts")
    except ImportError as exc:  # pragma: no cover - present once the agents land
        raise SeedbedError("hints need the ismcts agent, which is not installed") from exc
    top: list[tuple[str, float]] = ismcts.top_moves(state.infoset(player), seconds=1.0)
    return top


class PlaySession:
    """Runs one game to the end (or until the people quit)."""

    def __init__(
        self,
        state: State,
        seats: list[SeatSpec],
        console: Console,
        save_path: Path | None = None,
        hints: bool = False,
        hint_fn: HintFn | None = None,
        agent_seed: int | None = None,
    ) -> None:
        self.state = state
        self.seats = seats
        self.console = console
        self.save_path = save_path
        self.hints = hints
        self.hint_fn = hint_fn or _default_hints
        rng = random.Random(agent_seed)
        self.agents: dict[int, Agent] = {
            i: make_agent(s.agent_spec, seed=rng.randrange(2**31))
            for i, s in enumerate(seats)
            if s.agent_spec is not None
        }
        self.humans = [i for i, s in enumerate(seats) if s.agent_spec is None]
        self.hot_seat = len(self.humans) > 1
        self._last_human: int | None = None

    # -- helpers -----------------------------------------------------------------------
    def _seat_name(self, p: int) -> str:
        return f"{self.state.game.seat_name(p)} ({self.seats[p].label})"

    def record(self) -> Record:
        return Record.from_state(self.state, players=[s.label for s in self.seats])

    def save(self, path: Path | None = None) -> None:
        target = path or self.save_path
        if target is None:
            self.console.print("[yellow]no file: say 'save FILE' or start with --save FILE[/]")
            return
        self.record().save(target)
        self.console.print(f"saved to {target}")

    def _show(self, player: int | None) -> None:
        title = self.state.game.name + ("" if player is None else f" - {self._seat_name(player)}")
        self.console.print(Panel(self.state.render(player), title=title))

    def _show_moves(self) -> None:
        legal = self.state.legal_actions()
        items = [
            f"[bold]{k + 1:>2}[/bold] {self.state.action_to_string(a)}" for k, a in enumerate(legal)
        ]
        self.console.print(Columns(items, padding=(0, 3)))

    def _hand_over(self, player: int) -> None:
        if not self.hot_seat or self._last_human == player:
            return
        self.console.clear()
        self.console.input(
            f"[bold]Pass the screen to {self._seat_name(player)}[/bold] and press Enter "
            "when only they can see it. "
        )
        self.console.clear()

    # -- the loop ------------------------------------------------------------------------
    def run(self) -> None:
        c = self.console
        while not self.state.is_terminal():
            player = self.state.current_player()
            assert player is not None
            if player in self.agents:
                action = self.agents[player].select_action(self.state.infoset(player))
                # Only what the watching person may see of the move.
                viewer = self.humans[0] if len(self.humans) == 1 else None
                note = self.state.notation_for(action, player, viewer)
                self.state.apply_action(action)
                c.print(f"{self._seat_name(player)} plays [bold]{note}[/bold]")
                continue
            try:
                if not self._human_turn(player):
                    return
            except EOFError:
                c.print("\nend of input: stopping.")
                if self.save_path is not None:
                    self.save()
                return
        self._finish()

    def _human_turn(self, player: int) -> bool:
        """Ask ``player`` for a move; ``False`` if they quit."""
        c = self.console
        self._hand_over(player)
        self._last_human = player
        self._show(player)
        self._show_moves()
        while True:
            text = c.input(f"{self._seat_name(player)} > ").strip()
            if not text:
                continue
            word, _, rest = text.partition(" ")
            command = word.lower()
            if command in ("quit", "exit", "q"):
                if self.save_path is not None:
                    self.save()
                c.print("bye")
                return False
            if command in ("help", "?"):
                c.print(HELP)
                continue
            if command == "moves":
                self._show(player)
                self._show_moves()
                continue
            if command == "history":
                c.print(", ".join(self.state.history()) or "(no moves yet)")
                continue
            if command == "save":
                try:
                    self.save(Path(rest.strip()) if rest.strip() else None)
                except SeedbedError as exc:
                    c.print(f"[red]{exc}[/red]")
                continue
            if command == "hint":
                self._hint(player)
                continue
            legal = self.state.legal_actions()
            if text.isdigit():
                k = int(text)
                if not 1 <= k <= len(legal):
                    c.print(f"[red]there are moves 1 to {len(legal)}; {k} is not one[/red]")
                    continue
                action = legal[k - 1]
            else:
                try:
                    action = self.state.string_to_action(text)
                except SeedbedError as exc:
                    c.print(f"[red]{exc}[/red]")
                    continue
            self.state.apply_action(action)
            return True

    def _hint(self, player: int) -> None:
        c = self.console
        if not self.hints:
            c.print("hints are off: start the game with --hints")
            return
        c.print("thinking...")
        try:
            top = self.hint_fn(self.state, player)
        except SeedbedError as exc:
            c.print(f"[red]{exc}[/red]")
            return
        for move, value in top:
            c.print(f"  {move}: estimated win share {value:.0%}")

    def _finish(self) -> None:
        c = self.console
        if self.hot_seat:
            c.clear()
        self._show(None)
        scores = self.state.scores()
        winners = self.state.winners()
        for p, s in enumerate(scores):
            mark = " [bold green]wins[/]" if p in winners else ""
            c.print(f"{self._seat_name(p)}: {s:g}{mark}")
        if self.save_path is not None:
            self.save()

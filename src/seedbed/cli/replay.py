"""``seedbed replay``: step through a record as one seat (or a spectator) saw it."""

from __future__ import annotations

from rich.console import Console
from rich.panel import Panel

from seedbed.core.records import Record


def replay_record(record: Record, seat: int | None, console: Console) -> None:
    """Show each position; Enter steps on, ``b`` goes back, a number jumps, ``q`` quits.

    When standard input is not a terminal (or runs out), the remaining positions are
    printed one after another, which makes a record readable in a pipe.
    """
    states = record.states()
    n = states[0].game.num_players
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"--seat must be 0 to {n - 1} for this {n}-player record")
    game = states[0].game
    who = "spectator" if seat is None else game.seat_name(seat)
    moves = record.moves
    i = 0
    interactive = True
    while True:
        state = states[i]
        title = f"{record.game} - position {i} of {len(moves)} - as {who}"
        console.print(Panel(state.game.render(state.view(seat)), title=title))
        if i > 0:
            before = states[i - 1]
            mover = before.current_player()
            assert mover is not None
            action = before.string_to_action(moves[i - 1])
            shown = before.notation_for(action, mover, seat)
            console.print(f"last move: {game.seat_name(mover)}: [bold]{shown}[/bold]")
        if i == len(moves):
            scores = ", ".join(f"{game.seat_name(p)}: {s:g}" for p, s in enumerate(state.scores()))
            end = "final" if state.is_terminal() else "unfinished game, scores so far"
            console.print(f"[bold]{end}[/bold]: {scores}")
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

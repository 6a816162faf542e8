"""The ``seedbed`` command: games, rules, play, replay, simulate, arena, bench.

Every user mistake (a bad argument, an unknown game, a corrupt file) ends in one clear
line on stderr and exit status 2, never a traceback: :func:`main` catches seedbed's
``ValueError`` family and ``OSError`` around the whole app.
"""

from __future__ import annotations

import json
import math
import os
import random
import statistics
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table

from seedbed._version import __version__
from seedbed.agents.base import available_agents, make_agent
from seedbed.cli.options import parse_agent_list, parse_options
from seedbed.cli.play import (
    EXIT_INTERRUPTED,
    PlaySession,
    SeatSpec,
    plan_seats,
    resumed_seats,
)
from seedbed.cli.replay import load_replay, replay_record
from seedbed.core.protocol import State
from seedbed.core.records import Record
from seedbed.core.registry import available_games, game_class, load

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="seedbed: SEWN, SOW, Harvest and Four Fields, with AI opponents and simulation.",
)
console = Console(highlight=False)
err = Console(stderr=True, highlight=False, soft_wrap=True)

OptionArg = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option as NAME=VALUE (repeatable)."),
]


class UserError(Exception):
    """A mistake of the user's, reported as one line."""


def _version(value: bool) -> None:
    if value:
        console.print(f"seedbed {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show version.")
    ] = False,
) -> None:
    """seedbed: four farming card games behind one protocol."""


@app.command()
def games() -> None:
    """List the games, their player counts and options."""
    for gid in available_games():
        cls = game_class(gid)
        players = (
            str(cls.min_players)
            if cls.min_players == cls.max_players
            else f"{cls.min_players}-{cls.max_players}"
        )
        console.print(f"[bold]{gid}[/bold]  {cls.name}, {players} players. {cls.summary}")
        for name, opt in cls.options.items():
            values = "|".join(map(str, opt.choices)) if opt.choices else type(opt.default).__name__
            console.print(f"    -o {name}=<{values}>  (default {opt.default}) {opt.doc}")
    console.print("[bold]agents[/bold] (for --opponents and --agents):")
    for name, doc in available_agents().items():
        console.print(f"    {name}: {doc}")


def _rules_dir() -> Path:
    """Where the rules pages are: inside the package when installed from a wheel
    (``setup.py`` copies them there), else ``docs/rules`` of the source tree (an
    editable install)."""
    packaged = Path(__file__).resolve().parents[1] / "rules"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[3] / "docs" / "rules"


def _pager_keeps_styles() -> bool:
    """Whether the pager will show colours and bold rather than raw escape codes.

    The pager is the one pydoc (and so rich) runs: ``$MANPAGER``, ``$PAGER`` or
    ``less``. ``less`` shows styles with ``-R``/``-r``, which we ask for in ``LESS``
    when the user has not set it; any other pager gets plain text."""
    words = (os.environ.get("MANPAGER") or os.environ.get("PAGER") or "less").split()
    if not words or Path(words[0]).name != "less":
        return False
    flags = words[1:] + os.environ.setdefault("LESS", "-R").split()
    return any(
        f.lower() == "--raw-control-chars"
        or (f.startswith("-") and not f.startswith("--") and "r" in f.lower())
        for f in flags
    )


@app.command()
def rules(game: Annotated[str, typer.Argument(help="Game id, e.g. sewn.")]) -> None:
    """Show a game's rules page (through a pager in a terminal: q leaves it)."""
    gid = game_class(game).id  # a clear error for an unknown id
    page = _rules_dir() / f"{gid}.md"
    if not page.exists():
        raise UserError(f"the rules page for {gid} is missing from this installation")
    text = Markdown(page.read_text(encoding="utf-8"))
    if not console.is_terminal:
        console.print(text)
        return
    with console.pager(styles=_pager_keeps_styles()):
        console.print(text)


_QUIT_WORDS = ("quit", "q", "exit")


def _choose_game(players: int | None) -> tuple[str, int | None]:
    """Ask which game (and player count) to play when none was named. ``quit`` or
    Ctrl-D leaves quietly (status 0: ``make play`` reports no error)."""
    ids = available_games()
    console.print("[bold]Which game?[/bold] ('quit' to leave)")
    for k, gid in enumerate(ids, 1):
        cls = game_class(gid)
        console.print(f"  {k}) {cls.name} - {cls.summary}")
    try:
        while True:
            answer = console.input("game number or id: ").strip().lower()
            if answer in _QUIT_WORDS:
                raise typer.Exit(0)
            if answer.isdigit() and 1 <= int(answer) <= len(ids):
                game = ids[int(answer) - 1]
                break
            if answer in ids:
                game = answer
                break
            console.print(f"[red]choose 1 to {len(ids)} or one of {', '.join(ids)}[/red]")
        cls = game_class(game)
        while players is None and cls.min_players < cls.max_players:
            answer = console.input(
                f"players ({cls.min_players}-{cls.max_players}, Enter for {cls.default_players}): "
            ).strip()
            if not answer:
                break
            if answer in _QUIT_WORDS:
                raise typer.Exit(0)
            if answer.isdigit() and cls.min_players <= int(answer) <= cls.max_players:
                players = int(answer)
            else:
                console.print(f"[red]{cls.name} is for {cls.min_players}-{cls.max_players}[/red]")
    except EOFError:
        console.print("\nno game chosen (name one to skip this menu, e.g. 'seedbed play sewn')")
        raise typer.Exit(0) from None
    except KeyboardInterrupt:
        console.print("\ninterrupted")
        raise typer.Exit(EXIT_INTERRUPTED) from None
    return game, players


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(help="Game id (omit with --resume).")] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Player count.")] = None,
    seat: Annotated[
        int | None, typer.Option("--seat", help="Your seat (0 = first; default 0).")
    ] = None,
    opponents: Annotated[
        str | None,
        typer.Option(
            "--opponents",
            help="Agent spec for the other seats, or one per other seat, comma separated; "
            "'human' for hot-seat play. Default: heuristic.",
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Deal seed (default: random).")] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save", help="Record file, written after every move (never another game's)."
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume",
            help="Continue a saved record (saving to it). --seat and --opponents may change "
            "who plays; GAME, --players, --seed and -o must match the record if given.",
        ),
    ] = None,
    hints: Annotated[
        bool, typer.Option("--hints", help="Offer 'hint' at your prompt (ISMCTS advice).")
    ] = False,
    option: OptionArg = None,
) -> None:
    """Play in the terminal against agents, or hot-seat with friends."""
    if resume is not None:
        state, seats = _resumed(resume, game, players, seat, opponents, seed, option or [])
        save = save or resume
    else:
        if game is None:
            game, players = _choose_game(players)
        params = parse_options(option or [])
        if players is not None:
            params["players"] = players
        g = load(game, **params)
        seats = plan_seats(g.num_players, seat or 0, parse_agent_list(opponents or "heuristic"))
        state = g.new_state(seed if seed is not None else random.randrange(2**31))
    for s in seats:
        if s.agent_spec is not None:
            make_agent(s.agent_spec)  # validate every spec before the game starts
    code = PlaySession(state, seats, console, save_path=save, hints=hints).run()
    if code:
        raise typer.Exit(code)


def _resumed(
    path: Path,
    game: str | None,
    players: int | None,
    seat: int | None,
    opponents: str | None,
    seed: int | None,
    option: list[str],
) -> tuple[State, list[SeatSpec]]:
    """The saved game and who plays it; what would change the game itself is refused."""
    record = Record.load(path)
    if game is not None and game_class(game).id != record.game:
        raise UserError(f"{path} holds a {record.game} game, not {game}: leave GAME out")
    state = record.replay()
    if state.is_terminal():
        raise UserError(f"{path} holds a finished game: use 'seedbed replay {path}'")
    n = state.game.num_players
    if players is not None and players != n:
        raise UserError(f"{path} is a {n}-player game: --players {players} cannot change that")
    if seed is not None and seed != record.seed:
        raise UserError(f"{path} was dealt from seed {record.seed}, not {seed}: leave --seed out")
    params = state.game.params
    for name, value in parse_options(option).items():
        if name not in params:
            load(record.game, **{**params, name: value})  # the game's own clear error
        if params[name] != value:
            raise UserError(
                f"{path} is played with {name}={params[name]}, not {value}: leave -o {name} out"
            )
    seats = resumed_seats(
        record.players, n, seat, parse_agent_list(opponents) if opponents is not None else None
    )
    who = ", ".join(f"{state.game.seat_name(p)}: {s.label}" for p, s in enumerate(seats))
    console.print(
        f"resuming {state.game.name} from {escape(str(path))} at move {state.move_number()} "
        f"({escape(who)})"
    )
    return state, seats


@app.command()
def replay(
    file: Annotated[
        Path, typer.Argument(help="A record written by play, or a 'simulate --out' file.")
    ],
    seat: Annotated[
        int | None, typer.Option("--seat", help="See it as this seat (default: spectator).")
    ] = None,
    game_number: Annotated[
        int | None,
        typer.Option("--game", help="Which game of a 'simulate --out' file (1 = the first)."),
    ] = None,
) -> None:
    """Step through a game record as a seat or a spectator saw it."""
    record, label = load_replay(file, game_number)
    replay_record(record, seat, console, label=label)


def _run_and_report(
    game: str,
    players: int | None,
    agents: str,
    games_: int,
    workers: int,
    seed: int,
    option: list[str] | None,
    out: Path | None,
    as_json: bool,
    duplicate: bool,
    rotate: bool,
) -> None:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from seedbed.sim.report import summarize
    from seedbed.sim.runner import plan_matches, run_matches

    params = parse_options(option or [])
    if players is not None:
        params["players"] = players
    g = load(game, **params)
    specs = parse_agent_list(agents)
    for spec in specs:
        make_agent(spec)
    if games_ < 1:
        raise UserError("--games must be at least 1")
    if workers < 1:
        raise UserError("--workers must be at least 1")
    matches = plan_matches(g.num_players, specs, games_, seed, rotate=rotate, duplicate=duplicate)
    out_file = None
    if out is not None:
        try:
            out_file = out.open("w", encoding="utf-8")
        except OSError as exc:
            raise UserError(f"cannot write {out}: {exc.strerror}") from None
    try:
        with Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=err,
            transient=True,
            disable=as_json,
        ) as progress:
            task = progress.add_task(f"{game} x{len(matches)}", total=len(matches))
            results = run_matches(
                game,
                g.params,
                matches,
                seed,
                workers=workers,
                on_result=lambda _r: progress.advance(task),
            )
        if out_file is not None:
            for r in results:
                out_file.write(json.dumps(r.to_json_dict()) + "\n")
    finally:
        if out_file is not None:
            out_file.close()
    summary = summarize(results, g.num_players)
    if as_json:
        console.print_json(json.dumps({"game": game, "params": g.params, **summary.to_json_dict()}))
        return
    played = f"{games_} deals x {g.num_players} rotations = " if duplicate else ""
    console.print(
        f"[bold]{game}[/bold] {g.params}: {played}{len(results)} games, seed {seed}; "
        "± is the 95% confidence interval"
    )
    t = Table(title="by agent")
    t.add_column("agent", overflow="fold")
    for col in ("seats/game", "win share", "mean score", "rating (Elo vs even)"):
        t.add_column(col)
    for a in summary.agents:
        t.add_row(
            a.spec,
            f"{a.seats_per_game:g}",
            a.win_share.format(percent=True),
            a.mean_score.format(digits=2),
            f"{a.rating:+.0f}" if a.seats_per_game < g.num_players else "-",
        )
    console.print(t)
    t = Table(title="by seat")
    for col in ("seat", "win share", "mean score"):
        t.add_column(col)
    for s, (w, sc) in enumerate(zip(summary.seats, summary.seat_scores, strict=True)):
        t.add_row(str(s), w.format(percent=True), sc.format(digits=2))
    console.print(t)
    console.print(
        f"moves per game: {summary.length.format(digits=1)}; "
        f"{summary.seconds_per_game:.3f} s per game"
    )
    if summary.rules:
        t = Table(title="rules fired per game")
        t.add_column("rule")
        t.add_column("mean per game")
        for name, e in summary.rules.items():
            t.add_row(name, e.format(digits=2))
        console.print(t)
    if out is not None:
        console.print(f"wrote {len(results)} games to {out}")


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="Game id.")],
    agents: Annotated[
        str, typer.Option("--agents", "-a", help="One spec for all seats or one per seat.")
    ] = "random",
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    games_: Annotated[int, typer.Option("--games", "-n", help="How many games.")] = 100,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Processes.")] = 1,
    seed: Annotated[int, typer.Option("--seed")] = 0,
    rotate: Annotated[
        bool, typer.Option("--rotate", help="Rotate the agents round the seats game by game.")
    ] = False,
    out: Annotated[Path | None, typer.Option("--out", help="JSON lines, one per game.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    option: OptionArg = None,
) -> None:
    """Play many games between agents and report win shares with confidence intervals."""
    _run_and_report(
        game, players, agents, games_, workers, seed, option, out, as_json, False, rotate
    )


@app.command()
def arena(
    game: Annotated[str, typer.Argument(help="Game id.")],
    agents: Annotated[str, typer.Option("--agents", "-a", help="One spec per seat.")],
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    games_: Annotated[int, typer.Option("--games", "-n", help="How many deals.")] = 50,
    workers: Annotated[int, typer.Option("--workers", "-w")] = 1,
    seed: Annotated[int, typer.Option("--seed")] = 0,
    out: Annotated[Path | None, typer.Option("--out")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    option: OptionArg = None,
) -> None:
    """Duplicate deals: every deal is played with each rotation of the agents."""
    _run_and_report(game, players, agents, games_, workers, seed, option, out, as_json, True, False)


@app.command()
def bench(
    game: Annotated[str | None, typer.Argument(help="Game id (default: all).")] = None,
    seconds: Annotated[float, typer.Option("--seconds", help="Time per configuration.")] = 2.0,
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    option: OptionArg = None,
    repeat: Annotated[
        int, typer.Option("--repeat", min=1, help="Runs per configuration; the best is shown.")
    ] = 3,
) -> None:
    """Engine speed: random playouts on one core (decisions/s, games/s, clones/s).

    Each configuration runs ``--repeat`` times; the table shows the best run (the one
    least disturbed by the rest of the machine) and the median of the runs."""
    from seedbed._build import describe, stale_modules
    from seedbed.sim.bench import bench as run_bench

    if not math.isfinite(seconds) or seconds <= 0:
        raise UserError(f"--seconds must be a time above 0, not {seconds:g}")
    ids = [game_class(game).id] if game else available_games()
    extra = parse_options(option or [])
    configs = []
    for gid in ids:  # every configuration checked before any is timed
        cls = game_class(gid)
        counts = [players] if players else list(range(cls.min_players, cls.max_players + 1))
        for n in counts:
            load(gid, **{**extra, "players": n})
            configs.append((gid, n))
    stale = stale_modules()
    if stale:
        err.print(f"[yellow]warning:[/yellow] stale compiled modules: {', '.join(stale)}")
    title = f"random playouts, one core, best of {repeat}; engines {describe()}"
    table = Table(title=title)
    columns = ("game", "params", "decisions/s", "median", "games/s", "clones/s", "games")
    for col in columns:
        table.add_column(col, justify="right" if col not in ("game", "params") else "left")
    for gid, n in configs:
        runs = [
            run_bench(gid, {"players": n, **extra}, seconds=seconds, seed=i) for i in range(repeat)
        ]
        runs.sort(key=lambda x: x.decisions_per_second)
        r = runs[-1]
        median = statistics.median(x.decisions_per_second for x in runs)
        table.add_row(
            gid,
            " ".join(f"{k}={v}" for k, v in r.params.items()),
            f"{r.decisions_per_second:,.0f}",
            f"{median:,.0f}",
            f"{r.games_per_second:,.1f}",
            f"{r.clone_per_second:,.0f}",
            str(r.games),
        )
    console.print(table)


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="sqlite:///PATH or postgresql://USER@HOST/DB "
            "(default: an SQLite file in ~/.local/share/seedbed).",
        ),
    ] = None,
    bot_workers: Annotated[
        int | None, typer.Option("--bot-workers", min=1, help="Processes the bots think in.")
    ] = None,
    away_grace: Annotated[
        float,
        typer.Option(
            "--away-grace", min=0, help="Seconds before an absent seat may be handed to a bot."
        ),
    ] = 15.0,
    rate: Annotated[
        float, typer.Option("--rate", min=1, help="Messages a second one connection may send.")
    ] = 30.0,
    sqlite_sync: Annotated[
        str,
        typer.Option(
            "--sqlite-sync",
            help="FULL: every accepted move is on disk before its "
            "ack; NORMAL: it survives a killed server but not a power cut.",
        ),
    ] = "FULL",
    secure_cookies: Annotated[
        bool, typer.Option("--secure-cookies", help="Session cookies only over HTTPS (behind TLS).")
    ] = False,
    log_level: Annotated[str, typer.Option("--log-level")] = "info",
) -> None:
    """Run the game server: tables for people and bots over HTTP and WebSocket."""
    import dataclasses

    from seedbed.server.serve import run_server
    from seedbed.server.settings import Settings, default_db_url

    settings = Settings(
        db_url=db or default_db_url(),
        away_grace=away_grace,
        rate_per_second=rate,
        rate_burst=2 * rate,
        sqlite_synchronous=sqlite_sync.upper(),
        secure_cookies=secure_cookies,
    )
    if bot_workers:
        settings = dataclasses.replace(settings, bot_workers=bot_workers)
    run_server(host, port, settings, log_level)


@app.command(
    "bench-server",
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
    add_help_option=False,
)
def bench_server(ctx: typer.Context) -> None:
    """Load benchmark of the server: N tables over real WebSockets (--help for options)."""
    from seedbed.server.loadtest import main as load_main

    load_main(list(ctx.args))


def main(argv: list[str] | None = None) -> None:
    """Entry point: runs the app and turns user mistakes into one-line errors."""
    try:
        app(args=argv)
    except (UserError, ValueError, OSError) as exc:  # seedbed's errors are ValueErrors
        err.print(f"[red]error:[/red] {exc}")
        sys.exit(2)
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)


if __name__ == "__main__":  # pragma: no cover
    main()

"""The ``seedbed`` command: games, rules, play, replay, simulate, arena, bench.

Every user mistake (a bad argument, an unknown game, a corrupt file) ends in one clear
line on stderr and exit status 2, never a traceback: :func:`main` catches seedbed's
``ValueError`` family and ``OSError`` around the whole app.
"""

from __future__ import annotations

import functools
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table

from seedbed import lab as lab_defaults
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
from seedbed.core.docs import rules_page
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
GameArg = Annotated[str, typer.Argument(help="Game id.")]
PlayersArg = Annotated[int | None, typer.Option("--players", "-p")]
SeedArg = Annotated[int, typer.Option("--seed")]


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
            default = str(opt.default).lower() if isinstance(opt.default, bool) else opt.default
            console.print(f"    -o {name}=<{opt.describe()}>  (default {default}) {opt.doc}")
    console.print("[bold]agents[/bold] (for --opponents and --agents):")
    for name, doc in available_agents().items():
        console.print(f"    {name}: {doc}")


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
    page = rules_page(gid)
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
            help="Agent spec for the other seats, or one per other seat, comma separated: "
            "a level (beginner, casual, strong, expert), any agent spec (seedbed agents), "
            "or 'human' for hot-seat play. Default: heuristic (the casual level).",
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
    hint_seconds: Annotated[
        float | None,
        typer.Option(
            "--hint-seconds",
            min=0.01,
            max=600.0,
            help="How long a hint thinks (CPU seconds; default 1). Implies --hints.",
        ),
    ] = None,
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
    code = PlaySession(
        state,
        seats,
        console,
        save_path=save,
        hints=hints or hint_seconds is not None,
        hint_seconds=hint_seconds,
    ).run()
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
        if name not in state.game.options:
            load(record.game, **{**params, name: value})  # the game's own clear error
        played = state.game.option(name)
        if played != value:
            raise UserError(
                f"{path} is played with {name}={played}, not {value}: leave -o {name} out"
            )
    seats = resumed_seats(
        record.players, n, seat, parse_agent_list(opponents) if opponents is not None else None
    )
    who = ", ".join(f"{state.game.seat_name(p)}: {s.label}" for p, s in enumerate(seats))
    console.print(
        f"resuming {state.game.name} from {escape(str(path))} at move {state.move_number()} "
        f"({escape(who)})",
        soft_wrap=True,  # a path broken over two lines cannot be copied
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


BackendArg = Annotated[
    str,
    typer.Option(
        "--backend",
        help="Where games run: 'local' (a pool of --workers processes) or 'ray' "
        "(Ray tasks, from the ray extra). Results are the same for any backend and worker count.",
    ),
]
AddressArg = Annotated[
    str | None,
    typer.Option(
        "--address", help="With --backend ray: an existing Ray cluster (default: a local Ray)."
    ),
]
ResumeArg = Annotated[
    bool,
    typer.Option(
        "--resume",
        help="Keep the games already in --out (an interrupted run's) and play only the rest.",
    ),
]


def _interruptible(fn: Callable[..., None]) -> Callable[..., None]:
    """Ctrl-C outside the games (while loading, planning or printing) says so in a
    line; inside them :func:`seedbed.sim.session.run_plan` keeps what finished."""

    @functools.wraps(fn)
    def wrapper(*args: object, **kwargs: object) -> None:
        try:
            fn(*args, **kwargs)
        except KeyboardInterrupt:
            err.print("interrupted")
            raise typer.Exit(130) from None

    return wrapper


def _check_play_options(games_: int, workers: int, backend: str, address: str | None) -> None:
    """What every command that plays many games (simulate, arena, report, compare)
    checks of the options they share."""
    from seedbed.sim.runner import BACKENDS

    if games_ < 1:
        raise UserError("--games must be at least 1")
    if workers < 1:
        raise UserError("--workers must be at least 1")
    if backend not in BACKENDS:
        raise UserError(f"--backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if address is not None and backend != "ray":
        raise UserError("--address is for --backend ray")


@_interruptible
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
    backend: str = "local",
    address: str | None = None,
    resume: bool = False,
) -> None:
    from seedbed.sim.report import summarize
    from seedbed.sim.runner import plan_matches
    from seedbed.sim.session import interrupted_message, run_plan

    params = parse_options(option or [])
    if players is not None:
        params["players"] = players
    g = load(game, **params)
    specs = parse_agent_list(agents)
    for spec in specs:
        make_agent(spec)
    _check_play_options(games_, workers, backend, address)
    matches = plan_matches(g.num_players, specs, games_, seed, rotate=rotate, duplicate=duplicate)
    started = time.perf_counter()
    run = run_plan(
        game,
        g.params,
        matches,
        seed,
        workers=workers,
        backend=backend,
        address=address,
        out=out,
        resume=resume,
        console=None if as_json else err,
    )
    wall = time.perf_counter() - started
    if run.dropped_cut_line:
        err.print(f"{out}: its last line was cut short (a killed run); that game is played again")
    if run.interrupted:
        err.print(interrupted_message(run, out))
        if not run.results:
            raise typer.Exit(130)
    results = run.results
    summary = summarize(results, g.num_players)
    if as_json:
        data = {"game": game, "params": g.params, "seed": seed, **summary.to_json_dict()}
        if run.interrupted:
            data["interrupted"] = True
            data["planned_games"] = run.planned
        console.print_json(json.dumps(data))
        if run.interrupted:
            raise typer.Exit(130)
        return
    if duplicate:
        played = f"{len({r.deal for r in results})} deals x {g.num_players} rotations = "
    else:
        played = ""
    status = f" (interrupted: {len(results)} of {run.planned})" if run.interrupted else ""
    console.print(
        f"[bold]{game}[/bold] {g.params}: {played}{len(results)} games{status}, seed {seed}; "
        "\\[brackets] are 95% intervals (Wilson for shares, t for means; a deal is one "
        "sample; n/a: too few games for one)"
    )
    t = Table(title="by agent")
    t.add_column("agent", overflow="fold")
    for col in ("seats/game", "win share", "mean score", "rating (Elo vs even)"):
        t.add_column(col)
    for a in summary.agents:
        every = a.seats_per_game == g.num_players
        t.add_row(
            a.spec,
            f"{a.seats_per_game:g}",
            "- (every seat)" if every else escape(a.win_share.format(percent=True)),
            escape(a.mean_score.format(digits=2)),
            "- (every seat)" if a.rating is None else escape(a.rating.format()),
        )
    console.print(t)
    t = Table(title="by position in the turn order")
    for col in ("position", "win share", "mean score"):
        t.add_column(col)
    for p in summary.positions:
        t.add_row(
            p.name, escape(p.win_share.format(percent=True)), escape(p.mean_score.format(digits=2))
        )
    console.print(t)
    console.print(f"[dim]Positions: {summary.plan_note}; fair share {1 / g.num_players:.1%}.[/dim]")
    played_now = len(results) - run.resumed
    where = f"{workers} worker{'s' if workers > 1 else ''}, {backend}"
    console.print(
        f"moves per game: {escape(summary.length.format(digits=1))}; "
        f"{summary.seconds_per_game:.3f} s of play per game; {played_now} games in "
        f"{wall:.1f} s wall ({played_now / wall if wall else 0:.1f} games/s, {where})"
    )
    if summary.rules:
        t = Table(title="rules fired per game")
        t.add_column("rule")
        t.add_column("mean per game")
        for name, e in summary.rules.items():
            t.add_row(name, escape(e.format(digits=2)))
        console.print(t)
    if out is not None and not run.interrupted:
        resumed = f" ({run.resumed} kept from before)" if run.resumed else ""
        console.print(f"wrote {len(results)} games to {out}{resumed}", soft_wrap=True)
    if run.interrupted:
        raise typer.Exit(130)


@app.command()
def simulate(
    game: GameArg,
    agents: Annotated[
        str, typer.Option("--agents", "-a", help="One spec for all seats or one per seat.")
    ] = "random",
    players: PlayersArg = None,
    games_: Annotated[int, typer.Option("--games", "-n", help="How many games.")] = 100,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Processes.")] = 1,
    seed: SeedArg = 0,
    rotate: Annotated[
        bool, typer.Option("--rotate", help="Rotate the agents round the seats game by game.")
    ] = False,
    out: Annotated[
        Path | None, typer.Option("--out", help="JSON lines, one per game, written as each ends.")
    ] = None,
    resume: ResumeArg = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    backend: BackendArg = "local",
    address: AddressArg = None,
    option: OptionArg = None,
) -> None:
    """Play many games between agents and report win shares with confidence intervals.

    Ctrl-C stops at once, keeps every finished game in --out and prints their summary;
    the same command with --resume plays only the games still missing."""
    _run_and_report(
        game,
        players,
        agents,
        games_,
        workers,
        seed,
        option,
        out,
        as_json,
        False,
        rotate,
        backend,
        address,
        resume,
    )


@app.command()
def arena(
    game: GameArg,
    agents: Annotated[str, typer.Option("--agents", "-a", help="One spec per seat.")],
    players: PlayersArg = None,
    games_: Annotated[int, typer.Option("--games", "-n", help="How many deals.")] = 50,
    workers: Annotated[int, typer.Option("--workers", "-w")] = 1,
    seed: SeedArg = 0,
    out: Annotated[Path | None, typer.Option("--out")] = None,
    resume: ResumeArg = False,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    backend: BackendArg = "local",
    address: AddressArg = None,
    option: OptionArg = None,
) -> None:
    """Duplicate deals: every deal is played with each rotation of the agents."""
    _run_and_report(
        game,
        players,
        agents,
        games_,
        workers,
        seed,
        option,
        out,
        as_json,
        True,
        False,
        backend,
        address,
        resume,
    )


@_interruptible
def _lab(
    game: str,
    option_sets: list[dict[str, object]],
    players: int | None,
    agents: str,
    games_: int,
    seed: int,
    skill_games: int,
    ladder: str,
    workers: int,
    backend: str,
    address: str | None,
    out: Path | None,
    kind: str,
) -> None:
    """The body of ``report`` and ``compare``: plan, play, analyse, write the page."""
    try:
        from seedbed.lab.analysis import LabPlan, make_variants
        from seedbed.lab.html import write_report
        from seedbed.lab.run import default_out, run_lab
    except ImportError as exc:
        raise UserError(
            f"seedbed {kind} needs the lab extra ({exc.name} is missing): "
            "pip install 'seedbed[lab]'"
        ) from None

    variants = make_variants(game, players, option_sets)
    specs = parse_agent_list(agents)
    ladder_specs = parse_agent_list(ladder)
    for spec in [*specs, *ladder_specs]:
        make_agent(spec)
    n = variants[0].params["players"]
    if len(specs) not in (1, n):
        raise UserError(f"--agents takes one spec or {n} (one per seat), not {len(specs)}")
    _check_play_options(games_, workers, backend, address)
    if skill_games < 0:
        raise UserError("--skill-games must be 0 (no skill section) or more")
    if skill_games and len(ladder_specs) < 2:
        raise UserError("--ladder needs at least two agents, weakest first")
    out = out or default_out(game, kind)
    if out.suffix.lower() not in (".html", ".htm"):
        raise UserError(f"--out names the HTML page (e.g. {out.stem}.html), not {out}")
    if not out.parent.is_dir():
        raise UserError(f"cannot write {out}: no folder {out.parent}")
    plan = LabPlan(
        game,
        tuple(variants),
        tuple(specs),
        games_,
        seed,
        tuple(ladder_specs),
        skill_games,
    )
    run = run_lab(plan, workers=workers, backend=backend, address=address, console=err)
    if not run.data:
        err.print("interrupted before any game finished: no report written")
        raise typer.Exit(130)
    json_path = write_report(run.data, out)
    if run.interrupted:
        err.print(
            f"interrupted: {run.played} of {run.planned} games finished; "
            f"wrote a partial report of them to {out}"
        )
    many = len(run.data["variants"]) > 1
    for v in run.data["variants"]:
        for t in v["verdicts"]:
            if t["significant"]:
                where = f"[{v['name']}] " if many else ""
                console.print(f"- {escape(where + t['text'])}")
    for c in run.data["comparisons"]:
        for line in c["verdicts"]:
            console.print(f"- {escape(line)}")
        if not c["verdicts"]:
            console.print(f"- {escape(c['a'])} against {escape(c['b'])}: no metric differs")
    console.print(f"wrote {out} and {json_path} ({run.played} games)", soft_wrap=True)
    if run.interrupted:
        raise typer.Exit(130)


LabAgents = Annotated[
    str,
    typer.Option("--agents", "-a", help="One spec for every seat, or one per seat (then rotated)."),
]
LabGames = Annotated[
    int,
    typer.Option(
        "--games",
        "-n",
        help="Deals for the fairness and shape figures (x rotations if agents differ).",
    ),
]
SkillGames = Annotated[
    int,
    typer.Option(
        "--skill-games",
        help="Deals per step of the skill ladder (each played in every rotation); 0: none.",
    ),
]
LadderArg = Annotated[
    str,
    typer.Option("--ladder", help="Agents of increasing strength for the skill section."),
]
WorkersArg = Annotated[int, typer.Option("--workers", "-w", help="Processes (or Ray CPUs).")]
HtmlOutArg = Annotated[
    Path | None, typer.Option("--out", help="The HTML page (its JSON goes beside it).")
]
DEFAULT_LADDER = ",".join(lab_defaults.DEFAULT_LADDER)


@app.command()
def report(
    game: GameArg,
    players: PlayersArg = None,
    agents: LabAgents = "heuristic",
    games_: LabGames = 500,
    seed: SeedArg = 0,
    skill_games: SkillGames = 4,
    ladder: LadderArg = DEFAULT_LADDER,
    workers: WorkersArg = 1,
    backend: BackendArg = "local",
    address: AddressArg = None,
    out: HtmlOutArg = None,
    option: OptionArg = None,
) -> None:
    """A designer's balance report: one self-contained HTML page (plots, 95% intervals)
    and its JSON: fairness by position in the turn order, skill against luck, the shape
    of a game, the rules in play, and the facts to reproduce it."""
    opts = parse_options(option or [])
    _lab(
        game, [opts], players, agents, games_, seed, skill_games, ladder, workers, backend,
        address, out, "report",
    )  # fmt: skip


def split_variants(args: list[str]) -> list[dict[str, object]]:
    """``-o A=1 --against -o A=2 -o B=x --against`` as one options dict per variant."""
    sets: list[list[str]] = [[]]
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--against":
            sets.append([])
        elif a in ("-o", "--option"):
            if i + 1 >= len(args):
                raise UserError(f"{a} needs NAME=VALUE after it")
            sets[-1].append(args[i + 1])
            i += 1
        elif a.startswith("--option="):
            sets[-1].append(a.partition("=")[2])
        elif a.startswith("-o") and len(a) > 2:
            sets[-1].append(a[2:])
        else:
            raise UserError(
                f"unexpected argument {a!r}: variants are -o NAME=VALUE ... --against ..."
            )
        i += 1
    if len(sets) < 2:
        raise UserError("compare needs at least two variants: -o NAME=VALUE ... --against -o ...")
    return [parse_options(s) for s in sets]


@app.command(
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
)
def compare(
    ctx: typer.Context,
    game: GameArg,
    players: PlayersArg = None,
    agents: LabAgents = "heuristic",
    games_: LabGames = 500,
    seed: SeedArg = 0,
    skill_games: SkillGames = 0,
    ladder: LadderArg = DEFAULT_LADDER,
    workers: WorkersArg = 1,
    backend: BackendArg = "local",
    address: AddressArg = None,
    out: HtmlOutArg = None,
) -> None:
    """Variants side by side on the same seeds and agents:
    seedbed compare GAME -o NAME=VALUE ... --against [-o NAME=VALUE ...] [--against ...].

    Every metric of 'report' for each, each difference paired by deal with its 95%
    interval, and a one-line verdict for each that differs (5% false discovery rate).
    A bare --against is the default rules."""
    _lab(
        game, split_variants(list(ctx.args)), players, agents, games_, seed, skill_games,
        ladder, workers, backend, address, out, "compare",
    )  # fmt: skip


@app.command()
def bench(
    game: Annotated[str | None, typer.Argument(help="Game id (default: all).")] = None,
    seconds: Annotated[float, typer.Option("--seconds", help="Time per configuration.")] = 2.0,
    players: PlayersArg = None,
    option: OptionArg = None,
    repeat: Annotated[
        int, typer.Option("--repeat", min=1, help="Runs per configuration; the best is shown.")
    ] = 3,
    search: Annotated[
        bool,
        typer.Option(
            "--search",
            help="Search speed instead: ISMCTS iterations per CPU-second from fixed early, "
            "middle and late positions, default and textbook configurations.",
        ),
    ] = False,
    iterations: Annotated[
        int, typer.Option("--iterations", min=1, help="With --search: iterations a search.")
    ] = 300,
) -> None:
    """Engine speed: random playouts on one core (decisions/s, games/s, clones/s).

    Each configuration runs ``--repeat`` times; the table shows the best run (the one
    least disturbed by the rest of the machine) and the median of the runs. With
    ``--search``: ISMCTS iterations per CPU-second (see docs/benchmarks.md)."""
    from seedbed._build import describe, stale_modules
    from seedbed.sim.bench import bench as run_bench

    if not math.isfinite(seconds) or seconds <= 0:
        raise UserError(f"--seconds must be a time above 0, not {seconds:g}")
    ids = [game_class(game).id] if game else available_games()
    extra = parse_options(option or [])
    if search and extra:
        raise UserError("--search measures each game's default options; drop --option")
    configs = []
    for gid in ids:  # every configuration checked before any is timed
        cls = game_class(gid)
        counts = [players] if players else list(range(cls.min_players, cls.max_players + 1))
        if search and not players:
            counts = [cls.default_players]
        for n in counts:
            load(gid, **{**extra, "players": n})
            configs.append((gid, n))
    stale = stale_modules()
    if stale:
        err.print(f"[yellow]warning:[/yellow] stale compiled modules: {', '.join(stale)}")
    if search:
        _bench_search(configs, iterations, repeat, describe())
        return
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


def _bench_search(configs: list[tuple[str, int]], iterations: int, repeat: int, built: str) -> None:
    """The table of ``seedbed bench --search``: each search runs ``repeat`` times (same
    seed, same iterations); the fastest is shown."""
    from seedbed.sim.bench import SEARCH_CONFIGS, bench_search

    title = (
        f"ISMCTS iterations per CPU-second, {iterations} iterations a search, "
        f"best of {repeat}; engines {built}"
    )
    table = Table(title=title)
    for col in ("game", "players", "config", "early", "middle", "late", "mean"):
        table.add_column(col, justify="left" if col in ("game", "config") else "right")
    for gid, n in configs:
        for config in SEARCH_CONFIGS:
            runs = [bench_search(gid, n, config, iterations) for _ in range(repeat)]
            best = [max(stage, key=lambda r: r.per_cpu_second) for stage in zip(*runs, strict=True)]
            rates = [r.per_cpu_second for r in best]
            cells = [f"{x:,.0f}" for x in rates]
            table.add_row(gid, str(n), config, *cells, f"{statistics.fmean(rates):,.0f}")
    console.print(table)
    console.print(
        "positions: deal 1, then random moves to 10%, 50% and 85% of a random game "
        "(seedbed.sim.bench.search_positions); configs: "
        + "; ".join(f"{k}: ismcts:{v or '(defaults)'}" for k, v in SEARCH_CONFIGS.items())
    )


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
        err.print(f"[red]error:[/red] {escape(str(exc))}")
        sys.exit(2)
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)


if __name__ == "__main__":  # pragma: no cover
    main()

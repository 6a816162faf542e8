"""Playthroughs: seeded games written down step by step, replayed by one test.

A playthrough file (``tests/playthroughs/<game>.txt``, after OpenSpiel's) holds a few
seeded games of one game. For every step it records the seat to move, the legal moves
with their notation, the move made and what each seat and a spectator were told of it
(``notation_for``); at every ``views``-th step, and at the first and last step, also
every seat's view and the spectator's (without the move log, which the ``told`` lines
already cover) and the position string where the game has one. At the end it records
the scores, returns, winners, rule counts and every seat's score sheet.

Replaying a file rebuilds each game from its seed and moves and compares every line:
the first difference fails with the step and both lines. A difference means that the
game's behaviour changed: if that was meant, bump the game's ``version`` and write the
file again::

    python -m seedbed.testing.playthrough sewn --params '{"players": 4}' --seed 1
    python -m seedbed.testing.playthrough --regenerate tests/playthroughs/sewn.txt

The format is line-based text so that a change shows as a readable diff: a line is a
keyword and a value, views and lists are canonical JSON on one line.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import seedbed
from seedbed.core.protocol import Game, State
from seedbed.testing.conformance import view_without_moves

#: How the moves of a generated game are chosen.
MOVE_CHOICES = ("heuristic", "random")


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass
class Plan:
    """One game of a playthrough: what to play and how much of it to write down."""

    game: str
    params: dict[str, Any]
    seed: int
    moves: str = "heuristic"
    views_every: int = 1
    #: Stop after this many steps (0: play to the end).
    max_steps: int = 0

    def header(self, version: int) -> list[str]:
        values = (
            self.game,
            _dump(self.params),
            version,
            self.seed,
            self.moves,
            self.views_every,
            self.max_steps,
        )
        return [f"{key} {value}" for key, value in zip(HEADER_KEYS, values, strict=True)]


def _has_position(state: State) -> bool:
    return type(state).position is not State.position


def _viewers(game: Game) -> list[int | None]:
    return [*range(game.num_players), None]


def _seat_label(p: int | None) -> str:
    return "-" if p is None else str(p)


def step_lines(state: State, step: int, with_views: bool) -> list[str]:
    """The lines describing ``state`` before its ``step``-th move."""
    player = state.current_player()
    legal = state.legal_actions()
    lines = [
        f"step {step}",
        f"to_move {player}",
        "legal " + " ".join(f"{a}:{_dump(state.action_to_string(a))}" for a in legal),
    ]
    if with_views:
        for p in _viewers(state.game):
            lines.append(f"view {_seat_label(p)} {_dump(view_without_moves(state.view(p)))}")
        if _has_position(state):
            lines.append(f"position {state.position()}")
    return lines


def move_lines(state: State, action: int) -> list[str]:
    """The lines describing ``action`` made in ``state`` (before it is applied)."""
    player = state.current_player()
    assert player is not None
    told = [state.notation_for(action, player, v) for v in _viewers(state.game)]
    return [f"move {action} {_dump(state.action_to_string(action))}", f"told {_dump(told)}"]


def end_lines(state: State) -> list[str]:
    lines = [
        "end",
        f"scores {_dump(state.scores())}",
        f"returns {_dump(state.returns())}",
        f"winners {_dump(state.winners())}",
        f"rule_counts {_dump(state.rule_counts())}",
    ]
    for p in _viewers(state.game):
        lines.append(f"sheet {_seat_label(p)} {_dump(state.score_sheet(p))}")
        lines.append(f"view {_seat_label(p)} {_dump(view_without_moves(state.view(p)))}")
    return lines


def _views_due(step: int, plan: Plan) -> bool:
    return step == 0 or step % plan.views_every == 0


def generate(plan: Plan) -> list[str]:
    """The lines of one game played by ``plan`` (its header included)."""
    game = seedbed.load(plan.game, **plan.params)
    state = game.new_state(plan.seed)
    agents = [
        seedbed.make_agent(plan.moves, seed=plan.seed * 10 + p) for p in range(game.num_players)
    ]
    lines = plan.header(game.version)
    step = 0
    while not state.is_terminal() and not (plan.max_steps and step >= plan.max_steps):
        player = state.current_player()
        assert player is not None
        last = plan.max_steps and step == plan.max_steps - 1
        lines += step_lines(state, step, bool(_views_due(step, plan) or last))
        action = agents[player].select_action(state.infoset(player))
        lines += move_lines(state, action)
        state.apply_action(action)
        step += 1
    lines += end_lines(state) if state.is_terminal() else ["stop"]
    return lines


def write(path: Path, plans: list[Plan]) -> None:
    """Write the playthrough file ``path`` for ``plans``."""
    out = [
        f"# seedbed playthrough of {plans[0].game}: seeded games, step by step.",
        "# Replayed by tests/conformance/test_playthroughs.py. If it fails because the game",
        "# changed on purpose, bump the game's version and write it again:",
        f"#   python -m seedbed.testing.playthrough --regenerate {path}",
    ]
    for plan in plans:
        out.append("")
        out += generate(plan)
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


@dataclass
class Recorded:
    """One game of a playthrough file, as read."""

    plan: Plan
    version: int
    lines: list[tuple[int, str]] = field(default_factory=list)  # (line number, text)


#: The header of every game, in this order (no step line starts with these words).
HEADER_KEYS = ("game", "params", "version", "seed", "moves", "views", "steps")


def read(path: Path) -> list[Recorded]:
    """The games of playthrough file ``path``."""
    games: list[Recorded] = []
    header: dict[str, str] = {}
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not raw or raw.startswith("#"):
            continue
        key, _, value = raw.partition(" ")
        if key in HEADER_KEYS:
            if key == "game":
                header = {}
            header[key] = value
            if len(header) == len(HEADER_KEYS):
                plan = Plan(
                    game=header["game"],
                    params=json.loads(header["params"]),
                    seed=int(header["seed"]),
                    moves=header["moves"],
                    views_every=int(header["views"]),
                    max_steps=int(header["steps"]),
                )
                games.append(Recorded(plan, int(header["version"])))
            continue
        if not games or len(header) != len(HEADER_KEYS):
            raise ValueError(f"{path}:{number}: a line outside a game: {raw[:80]}")
        games[-1].lines.append((number, raw))
    return games


def _short(text: str, limit: int = 400) -> str:
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} characters)"


def _first_difference(expected: str, actual: str) -> str:
    at = next(
        (i for i, (x, y) in enumerate(zip(expected, actual, strict=False)) if x != y),
        min(len(expected), len(actual)),
    )
    start = max(0, at - 60)
    return (
        f"first difference at character {at}:\n"
        f"  recorded: ...{expected[start : at + 80]}\n"
        f"  now:      ...{actual[start : at + 80]}"
    )


def _actual_lines(recorded: Recorded) -> Iterator[str]:
    """The lines the game of ``recorded`` gives now, replaying its recorded moves."""
    plan = recorded.plan
    game = seedbed.load(plan.game, **plan.params)
    state = game.new_state(plan.seed)
    moves = [int(text.split(" ", 2)[1]) for _, text in recorded.lines if text.startswith("move ")]
    for step, action in enumerate(moves):
        last = plan.max_steps and step == plan.max_steps - 1
        yield from step_lines(state, step, bool(_views_due(step, plan) or last))
        yield from move_lines(state, action)
        state.apply_action(action)
    yield from end_lines(state) if state.is_terminal() else ["stop"]


def replay(recorded: Recorded, source: str = "playthrough") -> None:
    """Replay one recorded game; ``AssertionError`` at the first line that differs."""
    game = seedbed.load(recorded.plan.game, **recorded.plan.params)
    assert recorded.version == game.version, (
        f"{source}: recorded with {game.id} version {recorded.version}, the engine is "
        f"version {game.version}: write the playthrough again"
    )
    expected = iter(recorded.lines)
    for actual in _actual_lines(recorded):
        number, text = next(expected, (0, "<end of the recorded game>"))
        if text != actual:
            raise AssertionError(
                f"{source}:{number}: the game differs from its playthrough\n"
                f"  recorded: {_short(text)}\n  now:      {_short(actual)}\n"
                + _first_difference(text, actual)
            )
    extra = next(expected, None)
    assert extra is None, f"{source}:{extra[0]}: the recorded game goes on: {_short(extra[1])}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m seedbed.testing.playthrough",
        description="Write a game's playthrough file (tests/playthroughs/GAME.txt).",
    )
    parser.add_argument("game", nargs="?", help="the game id")
    parser.add_argument(
        "--params",
        action="append",
        default=[],
        help="JSON params of one game, e.g. '{\"players\": 3}' (repeat for more games)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--moves", choices=MOVE_CHOICES, default="heuristic")
    parser.add_argument("--views", type=int, default=1, help="write views every N steps")
    parser.add_argument("--steps", type=int, default=0, help="stop after N steps (0: to the end)")
    parser.add_argument("--out", help="file to write (default tests/playthroughs/GAME.txt)")
    parser.add_argument("--regenerate", metavar="FILE", help="write FILE again from its headers")
    args = parser.parse_args(argv)
    if args.regenerate:
        path = Path(args.regenerate)
        plans = [r.plan for r in read(path)]
    else:
        if not args.game:
            parser.error("name a game or --regenerate FILE")
        params_list = [json.loads(p) for p in args.params] or [{}]
        game_default = seedbed.load(args.game)
        plans = [
            Plan(
                args.game,
                {**game_default.params, **params},
                args.seed + i,
                args.moves,
                args.views,
                args.steps,
            )
            for i, params in enumerate(params_list)
        ]
        path = Path(args.out or f"tests/playthroughs/{args.game}.txt")
    path.parent.mkdir(parents=True, exist_ok=True)
    write(path, plans)
    print(f"wrote {path} ({path.stat().st_size:,} bytes, {len(plans)} games)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

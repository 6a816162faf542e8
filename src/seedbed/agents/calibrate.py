"""Calibrating the strength levels from arena results (``docs/strength.md``).

    seedbed arena sow --players 2 --agents casual,strong --games 20 --seed 1 --out a.jsonl
    python -m seedbed.agents.calibrate a.jsonl b.jsonl ...

reads the games that ``seedbed arena --out`` wrote (one JSON object a line) and prints,
for each game, every pairing's win shares with 95% intervals (each deal, played in
every rotation of the seats, is one sample: :func:`seedbed.sim.stats.share`), and
openskill ratings (Plackett-Luce, every seat ranked by its final score, ties sharing a
rank) with ``mu ± 2 sigma``. An agent in several seats of one game (one against three)
moves by the mean of its seats' updates, as on the server.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from seedbed.sim.runner import GameResult
from seedbed.sim.stats import Estimate, share
from seedbed.sim.store import ResultsFileError, result_from_line


@dataclass(frozen=True)
class Pairing:
    """The agents of one arena run of one game, in seat order of the run's list."""

    game: str
    players: int
    agents: tuple[str, ...]


def read_results(paths: Iterable[Path]) -> dict[Pairing, list[GameResult]]:
    """The games in ``paths`` grouped by game and line-up (``seedbed arena --out``);
    :class:`~seedbed.sim.store.ResultsFileError` names the file and line of one that is
    not a game (``OSError`` for a file that cannot be read)."""
    out: dict[Pairing, list[GameResult]] = defaultdict(list)
    for path in paths:
        for number, line in enumerate(path.read_bytes().split(b"\n"), 1):
            if not line.strip():
                continue
            try:
                result = result_from_line(line)
            except ValueError as exc:
                raise ResultsFileError(
                    f"{path}, line {number}: not a game of seedbed arena ({exc})"
                ) from None
            game = str(result.record.get("game", "?"))
            agents: list[str] = [""] * (max(result.agent_of_seat) + 1)
            for spec, k in zip(result.seats, result.agent_of_seat, strict=True):
                agents[k] = spec
            out[Pairing(game, len(result.seats), tuple(agents))].append(result)
    return out


def win_shares(results: list[GameResult]) -> dict[str, Estimate]:
    """Each agent's share of the wins (ties shared) per seat it held, clustered by deal.

    A deal is known by its seed, not by its index in a run: runs with other seeds pooled
    together number their deals from 0 too, and those are other deals."""
    values: dict[str, list[float]] = defaultdict(list)
    clusters: dict[str, list[int]] = defaultdict(list)
    for r in results:
        for seat, spec in enumerate(r.seats):
            values[spec].append(r.returns[seat])
            clusters[spec].append(r.seed)
    return {spec: share(values[spec], clusters[spec]) for spec in values}


def ratings(results: Iterable[GameResult]) -> dict[str, tuple[float, float]]:
    """openskill (Plackett-Luce) ``(mu, sigma)`` of every agent over ``results``, in order."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current: dict[str, Any] = {}
    for r in results:
        specs = list(r.seats)
        if len(set(specs)) < 2:
            continue
        teams = [[current.get(s) or model.rating(name=s)] for s in specs]
        new = model.rate(teams, scores=[float(x) for x in r.scores])
        moves: dict[str, list[tuple[float, float]]] = defaultdict(list)
        for spec, before, after in zip(specs, teams, new, strict=True):
            moves[spec].append((after[0].mu - before[0].mu, after[0].sigma))
        for spec, deltas in moves.items():
            old = current.get(spec) or model.rating(name=spec)
            mu = old.mu + sum(d for d, _ in deltas) / len(deltas)
            sigma = min(s for _, s in deltas)
            current[spec] = model.rating(mu=mu, sigma=sigma, name=spec)
    return {spec: (rating.mu, rating.sigma) for spec, rating in current.items()}


def report(paths: list[Path]) -> str:
    """The text ``python -m seedbed.agents.calibrate`` prints."""
    grouped = read_results(paths)
    lines: list[str] = []
    for game in sorted({p.game for p in grouped}):
        lines.append(f"## {game}")
        every: list[GameResult] = []
        for pairing, results in sorted(grouped.items(), key=lambda kv: kv[0].agents):
            if pairing.game != game:
                continue
            every.extend(sorted(results, key=lambda r: r.index))
            deals = len({r.seed for r in results})
            shares = win_shares(results)
            cells = ", ".join(
                f"{spec} {shares[spec].format(percent=True)}"
                for spec in dict.fromkeys(pairing.agents)
            )
            lines.append(
                f"{pairing.players} players, {' / '.join(pairing.agents)}: "
                f"{len(results)} games ({deals} deals): {cells}"
            )
        table = sorted(ratings(every).items(), key=lambda kv: -kv[1][0])
        lines.append(
            "openskill: "
            + ", ".join(f"{spec} {mu:.1f} ± {2 * sigma:.1f}" for spec, (mu, sigma) in table)
        )
        lines.append("")
    return "\n".join(lines)


USAGE = "usage: python -m seedbed.agents.calibrate ARENA.jsonl ..."


def main(argv: list[str] | None = None) -> None:
    """Print :func:`report` for the files named; a file that cannot be read or holds
    something other than arena games ends the run with one line that says which."""
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in ("-h", "--help"):
        print(f"{USAGE}\n\n{__doc__}")
        return
    if not args:
        raise SystemExit(USAGE)
    try:
        text = report([Path(a) for a in args])
    except OSError as exc:
        raise SystemExit(f"calibrate: cannot read {exc.filename}: {exc.strerror}") from None
    except ResultsFileError as exc:
        raise SystemExit(f"calibrate: {exc}") from None
    if not text:
        raise SystemExit("calibrate: no games of seedbed arena in " + ", ".join(args))
    print(text)


if __name__ == "__main__":
    main()

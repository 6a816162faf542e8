"""SEWN: what it takes to foresee the trump a searching player names.

    .venv/bin/python tools/measure/sewn_trump_agree.py agree K ARENA.jsonl [...]
    .venv/bin/python tools/measure/sewn_trump_agree.py again ARENA.jsonl [...]

The thirty-fifth run of ``docs/strength.md`` found the expert's model of a round far
off before the Harvest, most of it from the trump: the sharper policy (the expert's
playout policy) names the suit that searching players name only 54-62% of the time.
Both modes read the trump decisions of rounds 1-3 of ``seedbed arena sewn --players 4
... --out`` files (the last round is played for the game, not for the tricks) and
print, by the namer's agent, the share of them some model of the namer gets right.

``agree K`` compares five models with the real trump:

* ``sharp``: the sharper policy's suit, from the namer's compact view;
* ``line``: the suit whose line of play gives the namer the largest share of the round,
  one line per suit from the true state (every hand seen): the suit named, then the
  Pick and the Harvest played by the expert's model (``expert``: the sharper policy
  valued by the Harvest judge) or by today's search's playouts (``plain``: the plain
  policy, the tricks counted);
* ``worldsK``: the same lines from K worlds drawn from what the namer knows (as a
  search draws its determinizations), the namer's shares summed over the worlds.

``again`` asks the real namer's agent (its spec from the file, each an ``ismcts``) to
name the trump again with two other seeds, and prints how often each rerun makes the
real move and how often the two agree: how repeatable the player is. A model that
always named the suit such a search names most often would do at least as well as that
(the chance of the likeliest suit is never below the chance two searches agree).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from typing import Any

from sewn_round_value import MODEL, _moves

from seedbed.agents import ismcts, make_agent
from seedbed.agents.heuristic import sewn
from seedbed.games.sewn.rules import CV_PHASE, TRUMP

#: The playout models a suit's line is played with (``ismcts`` options): the expert's
#: (``sewn_round_value.MODEL``) and today's default.
MODELS: dict[str, dict[str, str]] = {
    "expert": dict(o.split("=") for o in MODEL.split(",")),
    "plain": {},
}


def trump_decisions(paths: list[str]) -> Iterator[tuple[dict[str, Any], Any, int, int]]:
    """(arena row, state, namer, real action) at every trump decision of rounds 1-3."""
    for path in paths:
        for row, state, action in _moves(path):
            seat = state.current_player()
            if (
                state.compact_view(seat)[CV_PHASE] == TRUMP
                and len(state.legal_actions()) > 1
                and len(state.records()) <= 3  # records() counts the round in play
            ):
                yield row, state, seat, action


def _seed(row: dict[str, Any], state: Any) -> int:
    """The seed of a decision's lines and reruns (game index and round)."""
    return 17 * int(row["index"]) + len(state.records())


def playout(state: Any, model: str) -> Any:
    """The playout and judge of ``model`` for ``state``'s game (``ismcts._Playout``:
    it reads the searcher's options only, so one serves every world and seed)."""
    return ismcts._Playout(ismcts._make(dict(MODELS[model]), 0).searcher, state.infoset(0))


def line_values(world: Any, seat: int, play: Any, seed: int) -> dict[int, float]:
    """Seat ``seat``'s share of the round after each trump it may name in ``world``, by
    one line of ``play`` (:func:`playout`) each."""
    start = world.scores()
    out: dict[int, float] = {}
    for action in world.legal_actions():
        line = world.clone()
        line.apply_action(action)
        out[action] = play.values(line, start, random.Random(seed))[seat]
    return out


def _best(values: dict[int, float]) -> int:
    return max(values, key=values.__getitem__)


def agree(k: int, paths: list[str]) -> None:
    names = ["sharp"] + [f"line {m}" for m in MODELS] + [f"worlds{k} {m}" for m in MODELS]
    seen: dict[str, list[int]] = {}
    for row, state, seat, action in trump_decisions(paths):
        counts = seen.setdefault(row["seats"][seat], [0] * (len(names) + 1))
        counts[0] += 1
        view = state.compact_view(seat)
        legal = state.legal_actions()
        picks = [sewn.choose_sharp_compact(view, seat, legal, random.Random(1))]
        seed = _seed(row, state)
        plays = [playout(state, m) for m in MODELS]
        picks += [_best(line_values(state, seat, play, seed)) for play in plays]
        for play in plays:
            known = state.infoset(seat)  # what the namer knows, nothing more
            draw = random.Random(seed)
            total = dict.fromkeys(legal, 0.0)
            for i in range(k):
                for a, v in line_values(known.sample(draw), seat, play, seed + i).items():
                    total[a] += v
            picks.append(_best(total))
        for i, pick in enumerate(picks, start=1):
            counts[i] += pick == action
    _table(names, seen)


def again(paths: list[str]) -> None:
    names = ["rerun 1", "rerun 2", "reruns agree"]
    seen: dict[str, list[int]] = {}
    for row, state, seat, action in trump_decisions(paths):
        spec = row["seats"][seat]
        counts = seen.setdefault(spec, [0] * (len(names) + 1))
        seed = _seed(row, state)
        first, second = (
            int(make_agent(spec, seed=base + seed).select_action(state.infoset(seat)))
            for base in (1_000_003, 2_000_003)
        )
        for i, hit in enumerate((first == action, second == action, first == second), start=1):
            counts[i] += hit
        counts[0] += 1
    _table(names, seen)


def _table(names: list[str], seen: dict[str, list[int]]) -> None:
    print(f"{'namer':<40} {'trumps':>6}  " + "  ".join(f"{n:>14}" for n in names))
    for spec, (n, *hits) in sorted(seen.items()):
        print(f"{spec:<40} {n:>6}  " + "  ".join(f"{h / n:>14.3f}" for h in hits))


def main(args: list[str]) -> None:
    if args[:1] == ["agree"] and len(args) > 2 and args[1].isdigit():
        agree(int(args[1]), args[2:])
    elif args[:1] == ["again"] and len(args) > 1:
        again(args[1:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])

"""How much could knowing the hidden cards be worth to a search? An upper bound.

One seat plays ISMCTS whose every determinization is the true state (it sees every
hand, every face-down card and the deck: a cheat, which no product agent may be),
the other seats play the same ISMCTS honestly, at the same iteration budget, over
duplicate deals (each deal with the cheat in every seat). No inference from what a
seat saw (how rivals play, plant or pick) can tell a search more than the truth
does, so if the cheat's edge is small, a better model of the hidden cards cannot
give the honest search a large one: its gains must come from the search or its
playouts instead.

    .venv/bin/python tools/measure/cheat_bound.py GAME PLAYERS SPEC DEALS SEED OUT.jsonl
    .venv/bin/python tools/measure/cheat_bound.py --part GAME PLAYERS SPEC DEALS SEED OUT.jsonl
    .venv/bin/python tools/measure/cheat_bound.py --part --mix 0.5 --against SPEC2 \
        GAME PLAYERS SPEC DEALS SEED OUT.jsonl

With ``--part`` the cheat sees only what a player could in principle infer from the
play, not what chance has yet to decide: in Harvest every hand and house but not the
order of the deck (each determinization is the truth with the deck shuffled again),
in SOW the Favourite Colours but not the centres of the Seeds (the honest resampler's
draw with the true colours), in SEWN this round's cards where they are but not the
rounds to come (dealt afresh, as the honest resampler deals them). That bounds what a
model of the rivals could give.

A search with deterministic playouts gets little from one world: on the truth every
playout of a move returns the same value, and the honest search's averaging over
worlds is lost (seventh run in ``docs/strength.md``). With ``--mix P`` only a share P
of the cheat's determinizations is the truth (or ``--part``'s draw) and the rest are
honest draws: a belief that puts weight P on the true world and keeps the averaging,
sharper than any belief a real model of the rivals could hold. With ``--closest K``
(SEWN) each determinization is the nearest to the truth of K honest draws (the fewest
of this round's cards in another hand or among another seat's plants): a belief
sharpened towards the truth that is still spread over many worlds.

SPEC is an ``ismcts`` spec (``ismcts:iterations=300``); the other seats play SPEC
too, or ``--against SPEC2`` (the cheat can be the expert's search and its rivals
today's: ``--against ismcts:iterations=300``). The report gives the cheat's
share of the wins with a 95% interval clustered by deal (fair: 1 / PLAYERS) and its
points minus the other seats' mean. Run two processes with different seeds to use
two cores; rerunning the report over several files: ``... summary OUT.jsonl ...``.
This is a measuring tool that reads the real state on purpose: it lives outside the
package, and nothing in ``src/`` may do what it does.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from seedbed.agents import ismcts
from seedbed.agents.base import register_agent
from seedbed.core.protocol import InfoSet, State
from seedbed.sim import stats
from seedbed.sim.runner import GameResult, plan_matches, run_matches

#: A state's determinization for ``player`` (the truth, or part of it).
Draw = Callable[[Any, int, random.Random], State]


def _harvest_part(truth: Any, player: int, rng: random.Random) -> State:
    """Every hand and house as they are, the deck shuffled again."""
    out: Any = truth.clone()
    deck = list(out.deck)
    rng.shuffle(deck)
    out.deck = deck
    return cast(State, out)


def _sow_part(truth: Any, player: int, rng: random.Random) -> State:
    """The honest draw of the Seeds' centres, with the true Favourite Colours (the two
    are drawn independently, so the result is a state the game can reach)."""
    out: Any = truth.resample_from_infostate(player, rng)
    out.favourites = truth.favourites
    return cast(State, out)


def _sewn_part(truth: Any, player: int, rng: random.Random) -> State:
    """This round's cards where they are, the rounds to come dealt afresh (as the
    honest resampler deals them: nobody has seen them)."""
    from seedbed.games.sewn._round import deal_drawn
    from seedbed.games.sewn._sampler import Draws
    from seedbed.games.sewn.rules import deal_size

    out: Any = truth.clone()
    out.seed = None
    out._chance = None  # the rounds to come are drawn here, from no key
    deals = list(truth.deals[: len(truth.past) + 1])
    draws, size = Draws(rng), deal_size(truth.seed_count)
    while len(deals) < int(truth.game.option("rounds")):
        deals.append(deal_drawn(draws, 0, size))
    out.deals = tuple(deals)
    return cast(State, out)


#: ``--part``, per game: see what the rivals hold, not what chance has yet to decide.
_PART_DRAWS: dict[str, Draw] = {"harvest": _harvest_part, "sewn": _sewn_part, "sow": _sow_part}


def _sewn_distance(drawn: Any, truth: Any) -> int:
    """How far an honest draw is from the truth: this round's cards it puts in another
    hand or among another seat's plants (each such card counted in both places)."""
    hands: int = sum((a ^ b).bit_count() for a, b in zip(drawn.hands, truth.hands, strict=True))
    plants = sum(len(set(a) ^ set(b)) for a, b in zip(drawn.plants, truth.plants, strict=True))
    return hands + plants


#: ``--closest``, per game: a draw's distance from the truth.
_DISTANCES: dict[str, Callable[[Any, Any], int]] = {"sewn": _sewn_distance}


class _Known(State):
    """A state whose every determinization is itself: the whole truth (with a
    ``draw``, the cheat's belief from :func:`_belief`: with ``--part`` the truth about
    the rivals and a fresh draw of what chance holds, with ``--mix`` or ``--closest``
    honest draws too)."""

    def __init__(self, inner: State, draw: Draw | None = None) -> None:
        self._init_base(inner.game, inner.seed)
        self.inner = inner
        self.draw = draw

    def current_player(self) -> int | None:
        return self.inner.current_player()

    def legal_actions(self) -> list[int]:
        return self.inner.legal_actions()

    def apply_action(self, action: int) -> None:
        raise NotImplementedError("only searched, never played")

    def action_to_string(self, action: int) -> str:
        return self.inner.action_to_string(action)

    def clone(self) -> State:
        return _Known(self.inner.clone(), self.draw)

    def scores(self) -> list[float]:
        return self.inner.scores()

    def resample_from_infostate(self, player: int, rng: random.Random) -> State:
        if self.draw is None:
            return self.inner.clone()
        return self.draw(self.inner, player, rng)

    def compact_view(self, player: int) -> tuple[int, ...]:
        return self.inner.compact_view(player)

    def information_state_string(self, player: int) -> str:
        return self.inner.information_state_string(player)

    def _to_dict(self) -> Any:
        return self.inner._to_dict()


class CheatAgent:
    name = "ismcts-cheat"

    def __init__(
        self, searcher: ismcts.ISMCTS, part: bool = False, mix: float = 1.0, closest: int = 1
    ) -> None:
        self.searcher = searcher
        self.part = part
        self.mix = mix
        self.closest = closest

    def select_action(self, infoset: InfoSet) -> int:
        draw = _belief(infoset.game.id, self.part, self.mix, self.closest)
        truth = InfoSet(_Known(infoset._state, draw), infoset.player)
        return self.searcher.ranked(truth)[0][0]


def _belief(game_id: str, part: bool, mix: float, closest: int) -> Draw | None:
    """The cheat's determinizations as one draw (``None``: the truth itself)."""
    if closest > 1:  # the nearest of several honest draws: sharp, yet spread

        def nearest(truth: Any, player: int, rng: random.Random) -> State:
            far = _DISTANCES[game_id]
            drawn = [truth.resample_from_infostate(player, rng) for _ in range(closest)]
            return cast(State, min(drawn, key=lambda d: far(d, truth)))

        return nearest
    seen = _PART_DRAWS[game_id] if part else None
    if mix >= 1.0:
        return seen

    def mixed(truth: Any, player: int, rng: random.Random) -> State:
        if rng.random() >= mix:
            return cast(State, truth.resample_from_infostate(player, rng))  # an honest draw
        return truth.clone() if seen is None else seen(truth, player, rng)

    return mixed


def _cheat_maker(part: bool) -> Callable[[dict[str, str], int | None], CheatAgent]:
    def make(options: dict[str, str], seed: int | None) -> CheatAgent:
        mix, closest = float(options.pop("mix", "1")), int(options.pop("closest", "1"))
        searcher = ismcts._make(options, seed).searcher
        return CheatAgent(searcher, part=part, mix=mix, closest=closest)

    return make


def _interval(est: stats.Estimate, spec: str) -> str:
    if est.low is None or est.high is None:
        return "[n/a]"
    return f"[{est.low:{spec}}, {est.high:{spec}}]"


def summary(paths: list[str]) -> None:
    rows = [json.loads(line) for p in paths for line in Path(p).read_text("utf-8").splitlines()]
    if not rows:
        raise SystemExit("no games in those files")
    players = len(rows[0]["scores"])
    wins = [r["returns"][r["seat"]] for r in rows]
    margins = []
    for r in rows:
        others = [s for q, s in enumerate(r["scores"]) if q != r["seat"]]
        margins.append(r["scores"][r["seat"]] - sum(others) / len(others))
    deals = [(r["seed"], r["deal"]) for r in rows]
    share, margin = stats.share(wins, deals), stats.mean(margins, deals)
    print(
        f"{rows[0]['cheat']} (cheating) against {rows[0]['honest']}: {len(rows)} games "
        f"({len(set(deals))} deals), win share {share.mean:.3f} {_interval(share, '.3f')} "
        f"(fair {1 / players:.3f}), points vs the others' mean {margin.mean:+.2f} "
        f"{_interval(margin, '+.2f')}"
    )


def main(argv: list[str]) -> None:
    if argv[:1] == ["summary"]:
        summary(argv[1:])
        return
    flags: dict[str, str] = {}
    while argv[:1] in (["--part"], ["--mix"], ["--closest"], ["--against"]):
        flag = argv[0].removeprefix("--")
        if flag != "part" and len(argv) < 2:
            raise SystemExit(f"--{flag} needs a value")
        flags[flag], argv = ("1", argv[1:]) if flag == "part" else (argv[1], argv[2:])
    if len(argv) != 6:
        raise SystemExit(__doc__)
    try:
        part, mix = "part" in flags, float(flags.get("mix", "1"))
        closest = int(flags.get("closest", "1"))
    except ValueError:
        raise SystemExit("--mix takes a number and --closest a whole number") from None
    game_id, players, spec, deals, seed, out = argv
    honest = flags.get("against", spec)
    if not spec.startswith("ismcts") or not honest.startswith("ismcts"):
        raise SystemExit("SPEC and --against must be ismcts specs")
    if part and game_id not in _PART_DRAWS:
        raise SystemExit(f"--part knows {', '.join(sorted(_PART_DRAWS))}, not {game_id}")
    if not 0.0 < mix <= 1.0:
        raise SystemExit("--mix is a share of the determinizations: above 0, at most 1")
    if closest < 1 or (closest > 1 and (part or mix < 1.0 or game_id not in _DISTANCES)):
        known = ", ".join(sorted(_DISTANCES))
        raise SystemExit(f"--closest K is at least 1, alone, and knows {known}")
    register_agent("ismcts-cheat", _cheat_maker(False), "ISMCTS that sees the true state")
    register_agent("ismcts-cheat-part", _cheat_maker(True), "ISMCTS that sees the rivals' cards")
    options = [o for o in spec.removeprefix("ismcts").removeprefix(":").split(",") if o]
    options += [f"mix={mix:g}"] * (mix < 1.0) + [f"closest={closest}"] * (closest > 1)
    cheat = ("ismcts-cheat-part" if part else "ismcts-cheat") + ":" * bool(options)
    cheat += ",".join(options)
    n = int(players)
    matches = plan_matches(n, [cheat] + [honest] * (n - 1), int(deals), int(seed), duplicate=True)
    t0 = time.perf_counter()
    with open(out, "a", encoding="utf-8") as f:

        def record(r: GameResult) -> None:
            row = {"cheat": cheat, "honest": honest, "seed": int(seed), "deal": r.deal}
            row |= {"seat": r.agent_of_seat.index(0), "scores": r.scores}
            row |= {"returns": r.returns, "moves": r.moves}
            f.write(json.dumps(row) + "\n")
            f.flush()

        run_matches(game_id, {"players": n}, matches, int(seed), workers=1, on_result=record)
    print(f"{time.perf_counter() - t0:.0f} s", file=sys.stderr)
    summary([out])


if __name__ == "__main__":
    main(sys.argv[1:])

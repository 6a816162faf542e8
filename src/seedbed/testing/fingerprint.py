"""A fingerprint of everything observable about seeded games, to prove that a change
of code is not a change of behaviour.

For every configuration of every registered game (each player count and option
value) it plays seeded games, mixing random and heuristic moves, and hashes at every
step: the legal actions and their notation, what each seat is told of the move made
(``notation_for``), scores, the full state (``to_json``), ``rule_counts``, and at
regular steps a resampled state, the heuristic's and a small ISMCTS's decision, and
the compact view where a game has one. At the end it hashes returns, winners, the
history and the record. Views and compact views are hashed apart (``views``,
``compact``), because a change of their shape is a change of presentation, not of
the game. ``--engine-only`` leaves the agents out (random moves only): it proves an
engine unchanged across a change that also changes a heuristic on purpose.

    python -m seedbed.testing.fingerprint --games 25 --out before.json
    ... change the code, rebuild ...
    python -m seedbed.testing.fingerprint --games 25 --compare before.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from typing import Any

import seedbed
from seedbed.core.protocol import State
from seedbed.testing.conformance import game_configurations


class _Hasher:
    def __init__(self) -> None:
        self._h = hashlib.sha256()

    def add(self, *items: Any) -> None:
        for item in items:
            self._h.update(json.dumps(item, sort_keys=True, default=repr).encode())
            self._h.update(b"\x00")

    def hexdigest(self) -> str:
        return self._h.hexdigest()[:16]


def _compact(state: State, player: int) -> Any:
    try:
        return list(state.compact_view(player))
    except NotImplementedError:
        return None


PARTS = ("behaviour", "compact", "views")


def fingerprint_game(game: seedbed.Game, seed: int, agents: bool = True) -> dict[str, str]:
    """Hashes of one seeded game: ``behaviour`` (must never change in a refactoring),
    ``compact`` and ``views`` (change with the shape of the compact view and view)."""
    rules = _Hasher()
    views = _Hasher()
    compact = _Hasher()
    rng = random.Random(seed)
    state = game.new_state(seed)
    heuristic = seedbed.make_agent("heuristic", seed=seed)
    step = 0
    while not state.is_terminal():
        player = state.current_player()
        assert player is not None
        legal = state.legal_actions()
        rules.add(step, player, legal, [state.action_to_string(a) for a in legal])
        rules.add(state.scores(), state.rule_counts(), state.to_json())
        if step % 3 == 0:
            for p in [*range(game.num_players), None]:
                views.add(state.view(p))
            compact.add(_compact(state, player))
        if step % 7 == 0:
            sample = state.resample_from_infostate(player, random.Random(seed * 1000 + step))
            rules.add(sample.to_json())
            compact.add(_compact(sample, player))
        # Without agents: a fixed spread of moves (the first legal move would pile up
        # Four Fields cards until a turn has hundreds of thousands of moves).
        choice = (
            heuristic.select_action(state.infoset(player))
            if agents
            else legal[(seed + 7 * step) % len(legal)]
        )
        rules.add("heuristic", choice)
        if agents and step % 61 == 0 and len(legal) > 1:
            search = seedbed.make_agent("ismcts:iterations=24", seed=step)
            rules.add("ismcts", search.select_action(state.infoset(player)))
        action = choice if rng.random() < 0.5 else legal[rng.randrange(len(legal))]
        rules.add([state.notation_for(action, player, v) for v in [*range(game.num_players), None]])
        state.apply_action(action)
        step += 1
    for p in [*range(game.num_players), None]:
        views.add(state.view(p))
    rules.add(state.scores(), state.returns(), state.winners(), state.history())
    rules.add(state.rule_counts(), state.to_json())
    record = seedbed.Record.from_state(state)
    rules.add(record.moves, record.scores)
    return {"behaviour": rules.hexdigest(), "compact": compact.hexdigest(),
            "views": views.hexdigest()}  # fmt: skip


def fingerprint(
    games: int = 25, only: list[str] | None = None, agents: bool = True
) -> dict[str, Any]:
    """``{game id: {config: {part: hash}}}`` for the :data:`PARTS` over ``games``
    seeded games per configuration."""
    out: dict[str, Any] = {}
    for game_id in only or seedbed.available_games():
        per_config: dict[str, Any] = {}
        for params in game_configurations(game_id):
            game = seedbed.load(game_id, **params)
            key = json.dumps(params, sort_keys=True)
            hashers = {part: _Hasher() for part in PARTS}
            for i in range(games):
                h = fingerprint_game(game, 1000 + i, agents)
                for part in PARTS:
                    hashers[part].add(h[part])
            per_config[key] = {part: hashers[part].hexdigest() for part in PARTS}
        out[game_id] = per_config
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=25, help="seeded games per configuration")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--out", help="write the fingerprint to this JSON file")
    parser.add_argument("--compare", help="compare with a fingerprint written by --out")
    parser.add_argument(
        "--engine-only", action="store_true", help="random moves only: leave the agents out"
    )
    args = parser.parse_args(argv)
    result = fingerprint(args.games, args.game, agents=not args.engine_only)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(result, f, indent=1, sort_keys=True)
    if args.compare:
        with open(args.compare) as f:
            before = json.load(f)
        differ = 0
        for game_id, configs in result.items():
            for key, now in configs.items():
                then = before.get(game_id, {}).get(key)
                if then is None:
                    print(f"{game_id} {key}: not in {args.compare}")
                    continue
                for part in PARTS:
                    if part not in then:
                        print(f"{game_id} {key} {part}: not in {args.compare}")
                        continue
                    same = then[part] == now[part]
                    if not same and part == "behaviour":
                        differ += 1
                    print(f"{game_id} {key} {part}: {'same' if same else 'DIFFERENT'}")
        return 1 if differ else 0
    if not args.out:
        json.dump(result, sys.stdout, indent=1, sort_keys=True)
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

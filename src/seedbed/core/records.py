"""Game records: a JSON file that names the game, its options and seed, and every move
in notation, so that a game can be replayed exactly, read by people and shared.

A record is the only persistence format seedbed needs: a saved game in progress is a
record without final scores, and resuming it replays the moves.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from seedbed._version import __version__
from seedbed.core.errors import RecordError, SeedbedError
from seedbed.core.protocol import State
from seedbed.core.registry import load

RECORD_FORMAT = 1


@dataclass
class Record:
    """One game: enough to replay it move by move."""

    game: str
    params: dict[str, Any]
    seed: int
    moves: list[str] = field(default_factory=list)
    scores: list[float] | None = None
    players: list[str] | None = None
    game_version: int = 1
    seedbed_version: str = __version__

    # -- making ------------------------------------------------------------------------
    @classmethod
    def from_state(cls, state: State, players: list[str] | None = None) -> Record:
        """The record of ``state``'s game so far (final scores only once it is over)."""
        if state.seed is None:
            raise RecordError("this state was not dealt from a seed (resampled?): no record")
        return cls(
            game=state.game.id,
            params=dict(state.game.params),
            seed=state.seed,
            moves=state.history(),
            scores=list(state.scores()) if state.is_terminal() else None,
            players=list(players) if players is not None else None,
            game_version=state.game.version,
        )

    # -- JSON ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "seedbed_version": self.seedbed_version,
            "game": self.game,
            "game_version": self.game_version,
            "params": self.params,
            "seed": self.seed,
            "players": self.players,
            "moves": self.moves,
            "scores": self.scores,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Read a record; anything malformed raises :class:`RecordError` saying what."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not a seedbed record: invalid JSON ({exc})") from None
        if not isinstance(data, dict):
            raise RecordError("not a seedbed record: expected a JSON object")
        fmt = data.get("format", RECORD_FORMAT)
        if fmt != RECORD_FORMAT:
            raise RecordError(
                f"record format {fmt!r} is not one this seedbed {__version__} reads "
                f"(format {RECORD_FORMAT}): it was written by another version"
            )
        for key in ("game", "params", "seed", "moves"):
            if key not in data:
                raise RecordError(f"not a seedbed record: missing {key!r}")
        game, params, seed, moves = data["game"], data["params"], data["seed"], data["moves"]
        if not isinstance(game, str):
            raise RecordError("record 'game' must be a game id string")
        if not isinstance(params, dict):
            raise RecordError("record 'params' must be an object")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RecordError("record 'seed' must be an integer")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise RecordError("record 'moves' must be a list of move strings")
        scores = data.get("scores")
        if scores is not None and (
            not isinstance(scores, list) or not all(isinstance(x, int | float) for x in scores)
        ):
            raise RecordError("record 'scores' must be a list of numbers or null")
        players = data.get("players")
        if players is not None and (
            not isinstance(players, list) or not all(isinstance(x, str) for x in players)
        ):
            raise RecordError("record 'players' must be a list of names or null")
        return cls(
            game=game,
            params=params,
            seed=seed,
            moves=list(moves),
            scores=scores,
            players=players,
            game_version=int(data.get("game_version", 1)),
            seedbed_version=str(data.get("seedbed_version", "?")),
        )

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read record {str(path)!r}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{str(path)!r} is not a text file") from None
        return cls.from_json(text)

    def save(self, path: str | Path) -> None:
        """Write the record atomically: into a temporary file beside ``path``, flushed
        to disk, then renamed over it, so that an interruption at any moment leaves
        either the old record or the new one, never a torn file."""
        target = Path(path)
        tmp: str | None = None
        try:
            mode = target.stat().st_mode & 0o777 if target.exists() else _new_file_mode()
            fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(self.to_json() + "\n")
                f.flush()
                os.fsync(f.fileno())
            os.chmod(tmp, mode)
            os.replace(tmp, target)
            tmp = None
        except OSError as exc:
            raise RecordError(f"cannot write record {str(path)!r}: {exc.strerror}") from None
        finally:
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)

    # -- replaying -----------------------------------------------------------------------
    def initial_state(self) -> State:
        try:
            game = load(self.game, **self.params)
        except ValueError as exc:
            raise RecordError(f"record names a game that cannot be set up: {exc}") from None
        if self.players is not None and len(self.players) != game.num_players:
            raise RecordError(
                f"record names {len(self.players)} players for a {game.num_players}-player "
                f"{self.game} game"
            )
        if game.version != self.game_version:
            raise RecordError(
                f"record was made with {self.game} rules version {self.game_version}; "
                f"this seedbed has version {game.version}"
            )
        return game.new_state(self.seed)

    def states(self) -> list[State]:
        """Every state of the game: before the first move, after each move."""
        state = self.initial_state()
        out = [state.clone()]
        for i, text in enumerate(self.moves):
            _apply_notation(state, i, text)
            out.append(state.clone())
        self._check_scores(state)
        return out

    def replay(self) -> State:
        """The state after every move; errors name the move number and the reason."""
        state = self.initial_state()
        for i, text in enumerate(self.moves):
            _apply_notation(state, i, text)
        self._check_scores(state)
        return state

    def _check_scores(self, state: State) -> None:
        if self.scores is None:
            return
        if not state.is_terminal():
            raise RecordError("record has final scores but its moves do not finish the game")
        if [float(x) for x in self.scores] != [float(x) for x in state.scores()]:
            raise RecordError(
                f"record's final scores {self.scores} differ from the replay's {state.scores()}"
            )


def _new_file_mode() -> int:
    """What ``open()`` would give a new file: 0o666 less the process's umask."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _apply_notation(state: State, index: int, text: str) -> None:
    try:
        action = state.string_to_action(text)
        state.apply_action(action)
    except SeedbedError as exc:
        raise RecordError(f"move {index + 1} {text!r} does not replay: {exc}") from None

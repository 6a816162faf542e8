"""Game records: a JSON file that names the game, its options and seed, and every move
in notation, so that a game can be replayed exactly, read by people and shared.

A record is the only persistence format seedbed needs: a saved game in progress is a
record without final scores, and resuming it replays the moves.

Records come from files and, through the server, from strangers: reading one checks
every field's type and size before anything uses it (see "Untrusted input" in
docs/architecture.md), and every fault is a :class:`RecordError` naming the field.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from seedbed._version import __version__
from seedbed.core.cards import MAX_MOVE_TEXT
from seedbed.core.errors import RecordError, SeedbedError, quote
from seedbed.core.protocol import State
from seedbed.core.registry import load

RECORD_FORMAT: Final = 1
#: A record longer than this is refused unread. A whole game takes a few kilobytes:
#: the longest of 40 random games in every configuration of every game, 660 Harvest
#: moves, is 10.6 KB.
MAX_RECORD_BYTES: Final = 1 << 20
#: Game ids, option names and version strings are short words.
MAX_NAME: Final = 64
#: Player labels (agent specs or people's names) and option values given as text.
MAX_LABEL: Final = 200
MAX_PARAMS: Final = 32
MAX_SEATS: Final = 16


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
        if any(type(a) is not int for a in state.actions()):
            raise RecordError(
                "this state holds an action that is not a whole number "
                "(untrusted input must go through State.apply_checked)"
            )
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
        """Read a record; anything malformed raises :class:`RecordError` saying what.

        Every field is checked (type, size, no nesting where none belongs) before it is
        used; fields this version does not know are ignored.
        """
        if not isinstance(text, str):
            raise RecordError(f"a record is JSON text, not {quote(text)}")
        if len(text) > MAX_RECORD_BYTES:
            raise RecordError(
                f"not a seedbed record: {len(text):,} characters, more than any game "
                f"needs (at most {MAX_RECORD_BYTES:,})"
            )
        try:
            data = json.loads(text, parse_constant=_no_constant)
        except RecursionError:
            raise RecordError("not a seedbed record: JSON nested too deeply") from None
        except ValueError as exc:  # invalid JSON, NaN, an int of 5,000 digits
            raise RecordError(
                f"not a seedbed record: invalid JSON ({quote(str(exc), 120)})"
            ) from None
        if not isinstance(data, dict):
            raise RecordError("not a seedbed record: expected a JSON object")
        for key in ("game", "params", "seed", "moves"):
            if key not in data:
                raise RecordError(f"not a seedbed record: missing {key!r}")
        fmt = data.get("format", RECORD_FORMAT)
        if type(fmt) is not int or fmt < 1:
            raise RecordError(f"record 'format' must be {RECORD_FORMAT}, not {quote(fmt)}")
        if fmt > RECORD_FORMAT:
            raise RecordError(
                f"record format {fmt} is not one this seedbed {__version__} reads: format "
                f"{fmt} is newer than format {RECORD_FORMAT}, written by a later version "
                "(upgrade seedbed)"
            )
        return cls(
            game=_name(data["game"], "game", "a game id"),
            params=_params(data["params"]),
            seed=_whole(data["seed"], "seed"),
            moves=_moves(data["moves"]),
            scores=_scores(data.get("scores")),
            players=_players(data.get("players")),
            game_version=_version(data.get("game_version", 1)),
            seedbed_version=_name(data.get("seedbed_version", "?"), "seedbed_version", "text"),
        )

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read the record in file ``path`` (at most :data:`MAX_RECORD_BYTES`)."""
        shown = quote(str(path))
        try:
            with Path(path).open("rb") as f:
                data = f.read(MAX_RECORD_BYTES + 1)
        except OSError as exc:
            raise RecordError(f"cannot read record {shown}: {exc.strerror}") from None
        if len(data) > MAX_RECORD_BYTES:
            raise RecordError(
                f"{shown} is not a seedbed record: larger than any game needs "
                f"(at most {MAX_RECORD_BYTES:,} bytes)"
            )
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError(f"{shown} is not a text file") from None
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
                f"record was made with {self.game} rules version {quote(self.game_version)}; "
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
                f"record's final scores {quote(self.scores, 120)} differ from the replay's "
                f"{state.scores()}"
            )


def _new_file_mode() -> int:
    """What ``open()`` would give a new file: 0o666 less the process's umask."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _apply_notation(state: State, index: int, text: str) -> None:
    try:
        state.apply_checked(state.string_to_action(text))
    except SeedbedError as exc:
        raise RecordError(f"move {index + 1} {quote(text)} does not replay: {exc}") from None


# -- checking each field of a record read from JSON -------------------------------------
def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number a record holds")


def _whole(value: Any, key: str) -> int:
    if type(value) is not int:
        raise RecordError(f"record {key!r} must be a whole number, not {quote(value)}")
    return value


def _version(value: Any) -> int:
    if type(value) is not int or value < 1:
        raise RecordError(
            f"record 'game_version' must be a whole number from 1, not {quote(value)}"
        )
    return value


def _name(value: Any, key: str, what: str) -> str:
    if not isinstance(value, str) or not value or len(value) > MAX_NAME:
        raise RecordError(
            f"record {key!r} must be {what} of 1 to {MAX_NAME} characters, not {quote(value)}"
        )
    return value


def _params(value: Any) -> dict[str, Any]:
    """The game's player count and options: a flat object of short names and plain
    values (whether they suit the game is for the game to say, at replay)."""
    if not isinstance(value, dict):
        raise RecordError(f"record 'params' must be an object, not {quote(value)}")
    if len(value) > MAX_PARAMS:
        raise RecordError(f"record 'params' has {len(value):,} entries; a game has a few")
    for name, v in value.items():
        if len(name) > MAX_NAME:
            raise RecordError(f"record 'params' has a name too long for an option: {quote(name)}")
        ok = isinstance(v, str) and len(v) <= MAX_LABEL
        if not (ok or v is None or isinstance(v, bool) or _is_number(v)):
            raise RecordError(
                f"record 'params' {quote(name)} must be a number, true/false or short text, "
                f"not {quote(v)}"
            )
    return dict(value)


def _moves(value: Any) -> list[str]:
    if not isinstance(value, list):
        raise RecordError(f"record 'moves' must be a list of move strings, not {quote(value)}")
    for i, m in enumerate(value):
        if not isinstance(m, str):
            raise RecordError(
                f"record 'moves' must be a list of move strings: move {i + 1} is {quote(m)}"
            )
        if len(m) > MAX_MOVE_TEXT:
            raise RecordError(
                f"record move {i + 1} is {len(m):,} characters long, more than any move's "
                f"notation ({MAX_MOVE_TEXT}): {quote(m)}"
            )
    return list(value)


def _is_number(x: Any) -> bool:
    """An int or a finite float, and not a bool."""
    if isinstance(x, float):
        return math.isfinite(x)
    return isinstance(x, int) and not isinstance(x, bool)


def _scores(value: Any) -> list[float] | None:
    if value is None:
        return None
    if not (isinstance(value, list) and len(value) <= MAX_SEATS and all(map(_is_number, value))):
        raise RecordError(f"record 'scores' must be a list of numbers or null, not {quote(value)}")
    return list(value)


def _players(value: Any) -> list[str] | None:
    if value is None:
        return None
    ok = isinstance(value, list) and len(value) <= MAX_SEATS
    ok = ok and all(isinstance(x, str) and len(x) <= MAX_LABEL for x in value)
    if not ok:
        raise RecordError(
            f"record 'players' must be a list of names (at most {MAX_LABEL} characters) "
            f"or null, not {quote(value)}"
        )
    return list(value)

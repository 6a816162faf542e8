"""Where a game in the terminal is saved, and the rule that no save destroys another game.

A file may receive a game's record when it does not exist, is empty, or already holds
the same game (same game, options and seed) at a move this game has reached: that is
the game continuing. Anything else, another game or this game further on than here or
a file that is not a record at all, is refused with the way out (``--resume`` or
another name), so that a 105-move game is never replaced by a 3-move one.
"""

from __future__ import annotations

import re
from pathlib import Path

from seedbed.core.errors import RecordError, SeedbedError
from seedbed.core.protocol import State
from seedbed.core.records import Record


def check_save_target(path: Path, state: State) -> None:
    """Raise :class:`RecordError` if writing ``state``'s record to ``path`` would
    overwrite anything but an earlier save of this same game."""
    if path.is_dir():
        raise RecordError(f"{path} is a folder: name a file to save the game in")
    if not path.exists():
        return
    try:
        if path.stat().st_size == 0:
            return
        old = Record.load(path)
    except (SeedbedError, OSError):
        raise RecordError(
            f"{path} exists and is not a seedbed game record: choose another file name"
        ) from None
    ours = state.history()
    same_deal = (old.game, old.params, old.seed) == (
        state.game.id,
        dict(state.game.params),
        state.seed,
    )
    if same_deal and old.moves == ours[: len(old.moves)]:
        return
    if same_deal and ours == old.moves[: len(ours)]:
        raise RecordError(
            f"{path} holds this game {len(old.moves) - len(ours)} moves further on: "
            f"continue it with 'seedbed play --resume {path}', or save to another file"
        )
    state_word = "finished" if old.scores is not None else "unfinished"
    raise RecordError(
        f"{path} holds another game ({state_word} {old.game}, seed {old.seed}, "
        f"{len(old.moves)} moves): continue it with 'seedbed play --resume {path}', "
        "or save to another file"
    )


def recovery_path(state: State, folder: Path | None = None) -> Path:
    """A new file name for a game that was not being saved when it was interrupted:
    ``seedbed-sewn-1234.json`` in ``folder`` (the current one), never an existing file."""
    folder = folder or Path.cwd()
    stem = re.sub(r"[^A-Za-z0-9_-]", "", f"seedbed-{state.game.id}-{state.seed}")
    candidate = folder / f"{stem}.json"
    k = 2
    while candidate.exists():
        candidate = folder / f"{stem}-{k}.json"
        k += 1
    return candidate

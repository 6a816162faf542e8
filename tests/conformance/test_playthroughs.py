"""Every registered game has a playthrough file, and every game in it replays line for
line (seedbed.testing.playthrough: views, legal moves and what each seat was told)."""

from __future__ import annotations

from pathlib import Path

import pytest

import seedbed
from seedbed.testing.playthrough import read, replay

FOLDER = Path(__file__).resolve().parents[1] / "playthroughs"


@pytest.mark.parametrize("game_id", seedbed.available_games())
def test_game_replays_its_playthrough(game_id: str) -> None:
    path = FOLDER / f"{game_id}.txt"
    assert path.is_file(), (
        f"{game_id} has no playthrough: python -m seedbed.testing.playthrough {game_id}"
    )
    games = read(path)
    assert games, f"{path} holds no game"
    assert all(g.plan.game == game_id for g in games)
    for recorded in games:
        replay(recorded, source=str(path.relative_to(FOLDER.parent.parent)))

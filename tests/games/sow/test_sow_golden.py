"""Golden playthroughs: three recorded SOW games (2, 3 and 4 players) replayed from
their notation; every checkpoint view, legal-move list and the final result must
match (regenerate sow_golden.json only for a deliberate rule change, with a
``version`` bump)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import seedbed

GOLDEN = json.loads((Path(__file__).parent / "sow_golden.json").read_text())


@pytest.mark.parametrize("record", GOLDEN, ids=lambda r: f"{r['players']}p")
def test_golden_replay(record: dict[str, Any]) -> None:
    game = seedbed.load("sow", players=record["players"])
    state = game.new_state(record["seed"])
    checkpoints = {c["move"]: c for c in record["checkpoints"]}
    for i, move in enumerate(record["moves"]):
        if i in checkpoints:
            c = checkpoints[i]
            assert state.current_player() == c["seat"]
            assert state.view(c["seat"]) | {"history": None} == c["view"]
            assert [state.action_to_string(a) for a in state.legal_actions()] == c["legal"]
        state.apply_action(state.string_to_action(move))
    assert state.is_terminal()
    assert state.scores() == record["scores"]
    assert state.winners() == record["winners"]
    assert state.view(None) | {"history": None} == record["final"]

"""Golden playthroughs: recorded SEWN games replayed from their notation give the same
moves, trumps, trick counts, scores and final state (regenerate sewn_golden.json only
for a deliberate rule or dealing change, and bump SewnGame.version)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

import seedbed

GOLDEN = json.loads((Path(__file__).parent / "sewn_golden.json").read_text())


@pytest.mark.parametrize("record", GOLDEN, ids=[str(r["seed"]) for r in GOLDEN])
def test_sewn_golden_replay(record: dict[str, Any]) -> None:
    game = seedbed.load("sewn")
    state = game.new_state(record["seed"])
    for text in record["moves"]:
        state.apply_action(state.string_to_action(text))
    assert state.is_terminal()
    assert state.history() == record["moves"]
    assert state.scores() == record["scores"]
    assert [list(r.won) for r in state.past] == record["round_tricks"]
    assert ["SHDC"[r.trump] for r in state.past] == record["trumps"]
    assert hashlib.sha256(state.to_json().encode()).hexdigest() == record["state_sha256"]

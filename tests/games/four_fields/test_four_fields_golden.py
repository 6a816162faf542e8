"""Golden playthroughs: fixed games replayed from their notation give the same rounds,
scores and winners (a regression guard; regenerate only with a version bump)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import seedbed

GOLDEN = json.loads((Path(__file__).parent / "four_fields_golden.json").read_text())


@pytest.mark.parametrize("record", GOLDEN, ids=lambda r: f"{r['players']}p-seed{r['seed']}")
def test_golden_playthrough(record: dict[str, Any]) -> None:
    game = seedbed.load(
        "four_fields", players=record["players"], full_harvest=record["full_harvest"]
    )
    s = game.new_state(record["seed"])
    for text in record["moves"]:
        s.apply_action(s.string_to_action(text))
        s.check_invariants()
    assert s.is_terminal()
    assert s.history() == record["moves"]
    assert s.scores() == record["scores"]
    assert s.winners() == record["winners"]
    assert [[list(r) for r in rec[1:]] for rec in s._rounds] == record["rounds"]

"""The designers' knobs of every game, through the layers a designer uses: the CLI's
``-o NAME=VALUE`` (clear one-line errors), ``seedbed games``, and the heuristic and
ISMCTS agents, which must play every knob value."""

from __future__ import annotations

import json
from typing import Any

import pytest

import seedbed
from cli_kit import run_cli
from seedbed.core.registry import game_class
from seedbed.testing.conformance import game_configurations

#: Every configuration that sets a knob (an ``implied`` option) away from its default.
KNOB_CONFIGS = [
    pytest.param(g, p, id=f"{g}-" + "-".join(f"{k}={v}" for k, v in p.items()))
    for g in seedbed.available_games()
    for p in game_configurations(g)
    if any(game_class(g).options[k].implied for k in p if k != "players")
]


def test_every_game_with_knobs_has_configurations_for_them() -> None:
    for g in seedbed.available_games():
        knobs = [k for k, o in game_class(g).options.items() if o.implied]
        for knob in knobs:
            seen = {
                p.get(knob, game_class(g).options[knob].default) for p in game_configurations(g)
            }
            assert set(game_class(g).options[knob].values()) <= seen, (g, knob)


@pytest.mark.parametrize(("game_id", "params"), KNOB_CONFIGS)
def test_agents_play_every_knob_value(game_id: str, params: dict[str, Any]) -> None:
    """The heuristic plays whole games and ISMCTS (with its playouts) decides, for
    every knob value: the facts they use come from the state or the game."""
    game = seedbed.load(game_id, **params)
    heuristic = seedbed.make_agent("heuristic", seed=1)
    search = seedbed.make_agent("ismcts:iterations=30", seed=2)
    s = game.new_state(7)
    decided = 0
    while not s.is_terminal():
        p = s.current_player()
        assert p is not None
        info = s.infoset(p)
        if decided < 2 and len(info.legal_actions()) > 1 and s.move_number() % 5 == 0:
            action = search.select_action(info)
            decided += 1
        else:
            action = heuristic.select_action(info)
        assert action in s.legal_actions()
        s.apply_action(action)
    assert s.winners()


def test_games_lists_the_knobs_with_ranges(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, ["games"])
    assert code == 0
    assert "-o target=<1..99>  (default 17)" in out
    assert "-o hand_size=<2..10>  (default 4)" in out
    assert "-o full_harvest=<true|false>  (default false)" in out


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("target=0", "option target=0 is out of range; choose 1 to 99"),
        ("target=many", "option target takes a int, not 'many'"),
        ("hand_size=1", "option hand_size=1 is out of range; choose 2 to 10"),
    ],
)
def test_simulate_refuses_a_bad_knob_value_in_one_line(
    capsys: pytest.CaptureFixture[str], option: str, message: str
) -> None:
    code, out, err = run_cli(capsys, ["simulate", "four_fields", "-n", "2", "-o", option])
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err + out


def test_simulate_plays_a_knob(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "four_fields", "-n", "4", "--seed", "3", "--json", "--workers", "1"]
    code, out, _ = run_cli(capsys, [*args, "-o", "target=5"])
    assert code == 0
    data = json.loads(out)
    assert data["params"] == {"players": 2, "full_harvest": False, "target": 5}

"""Both builds treat untrusted input alike, and cheaply.

The suite runs against the compiled build (mypyc). Here the same sources run as pure
Python, in a subprocess that imports a copy of the package without its compiled
extensions, which is what ``SEEDBED_PURE_PYTHON=1 pip install`` gives:

* :func:`seedbed.testing.untrusted.untrusted_outcomes` (the exception, message or
  notation that every hostile int, non-int and junk text gives at a few states) must be
  equal in both builds, for every game: pure SOW once stored ``15.0`` and pure SEWN
  ``True``, while the compiled engines raised ``TypeError``;
* :func:`seedbed.testing.untrusted.check_game_untrusted` must pass in pure Python too;
* what refusing or naming a hostile int costs, counted in Python line events (a count
  that the machine's load cannot change, unlike a timing), must not exceed what the
  dearest legal move of the same games costs, generating the moves and playing one,
  or naming one (issue 17: a Four Fields rejection once took hours).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import seedbed
from seedbed.testing.conformance import game_configurations
from seedbed.testing.untrusted import check_game_untrusted, untrusted_outcomes

PURE_SCRIPT = r"""
import json, random, sys
import seedbed
from seedbed._build import describe
from seedbed.testing.conformance import game_configurations
from seedbed.testing.untrusted import check_game_untrusted, hostile_ints, untrusted_outcomes

assert describe() == "pure Python", describe()
mode, extra = sys.argv[1], json.loads(sys.argv[2])


def line_events(fn, *args):
    count = [0]

    def local(frame, event, arg):
        if event == "line":
            count[0] += 1
        return local

    sys.settrace(lambda frame, event, arg: local)
    try:
        fn(*args)
    except Exception:
        pass
    finally:
        sys.settrace(None)
    return count[0]


out = {}
for game_id in seedbed.available_games():
    configs = list(game_configurations(game_id))
    game = seedbed.load(game_id, **configs[-1])
    if mode == "outcomes":
        out[game_id] = untrusted_outcomes(game, seed=3)
    elif mode == "check":
        for params in configs:
            check_game_untrusted(seedbed.load(game_id, **params), seed=5, games=1, every=25)
    else:  # cost
        rng = random.Random(11)
        legal_cost = hostile_cost = 0
        named = set()
        for i in range(3):
            state = game.new_state(i)
            while not state.is_terminal():
                twin = state.clone()
                action = rng.choice(twin.legal_actions())
                twin = state.clone()
                cost = line_events(lambda: (twin.legal_actions(), twin.apply_action(action)))
                for a in state.legal_actions():  # the first notation of a move is computed
                    if a not in named:
                        named.add(a)
                        cost = max(cost, line_events(state.action_to_string, a))
                legal_cost = max(legal_cost, cost)
                if rng.randrange(4) == 0:
                    for x in hostile_ints(state, rng) + extra.get(game_id, []):
                        if x in named:
                            continue
                        named.add(x)
                        cost = line_events(state.clone().apply_action, x)
                        named_cost = line_events(state.action_to_string, x)
                        hostile_cost = max(hostile_cost, cost, named_cost)
                state.apply_action(action)
        out[game_id] = [legal_cost, hostile_cost]
print(json.dumps(out))
"""

# Four Fields numbers chosen to be slow for a grouping search (see test_bad_input.py).
_FF = [
    1095199611162,
    0x2F3D_6A1B_99C4_07E2_11,
    (0 | 1 << 8) | sum(1 << (19 + c) for c in [2, 14, 15, 16, 18, 26, 27, 28, 30, 31, 44]),
    (0 | 1 << 8) | sum(1 << (19 + c) for c in [1, 13, 18, 19, 22, 23, 26, 27, 30, 39, 51]),
    (26 | 1 << 8) | sum(1 << (19 + c) for c in [c for c in range(52) if c != 26][:12]),
]


@pytest.fixture(scope="module")
def pure_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The package's sources without its compiled extensions."""
    root = tmp_path_factory.mktemp("pure")
    source = Path(seedbed.__file__).parent
    shutil.copytree(
        source, root / "seedbed", ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__")
    )
    return root


def _run_pure(root: Path, mode: str) -> dict[str, object]:
    proc = subprocess.run(
        [sys.executable, "-c", PURE_SCRIPT, mode, json.dumps({"four_fields": _FF})],
        cwd=root,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    result: dict[str, object] = json.loads(proc.stdout)
    return result


def test_both_builds_give_the_same_outcomes_for_hostile_input(pure_copy: Path) -> None:
    pure = _run_pure(pure_copy, "outcomes")
    for game_id in seedbed.available_games():
        params = list(game_configurations(game_id))[-1]
        here = json.loads(json.dumps(untrusted_outcomes(seedbed.load(game_id, **params), seed=3)))
        assert pure[game_id] == here, f"{game_id}: pure and {seedbed.__name__} builds differ"


def test_refusing_any_int_costs_no_more_than_a_legal_move(pure_copy: Path) -> None:
    costs = _run_pure(pure_copy, "cost")
    for game_id, (legal, hostile) in costs.items():  # type: ignore[misc]
        assert hostile <= legal, (
            f"{game_id}: a hostile int costs {hostile} line events, a legal move {legal}"
        )


@pytest.mark.slow
def test_hostile_input_checks_pass_in_pure_python(pure_copy: Path) -> None:
    _run_pure(pure_copy, "check")


def test_hostile_input_checks_pass_compiled() -> None:
    """The same check, in this (compiled) build, on the last configuration of each."""
    for game_id in seedbed.available_games():
        params = list(game_configurations(game_id))[-1]
        check_game_untrusted(seedbed.load(game_id, **params), seed=5, games=1, every=25)

"""``render()`` is the same in the Gymnasium and the PettingZoo environment: the
spectator's plain text, returned ("ansi") or printed ("human")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import seedbed
import seedbed.rl

MAKERS: dict[str, Callable[..., Any]] = {
    "gymnasium": seedbed.rl.gym_env,
    "pettingzoo": seedbed.rl.raw_env,
}


@pytest.mark.parametrize("kind", sorted(MAKERS))
def test_render_returns_or_prints_what_a_spectator_sees(
    kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    ansi = MAKERS[kind]("harvest", players=3, render_mode="ansi")
    assert ansi.render() is None  # nothing dealt before reset()
    ansi.reset(seed=5)
    text = ansi.render()
    assert text == str(ansi.state)
    assert capsys.readouterr().out == ""

    human = MAKERS[kind]("harvest", players=3, render_mode="human")
    human.reset(seed=5)
    assert human.render() is None
    assert capsys.readouterr().out == text + "\n"


@pytest.mark.parametrize("kind", sorted(MAKERS))
def test_an_unknown_render_mode_is_refused_with_the_modes_there_are(kind: str) -> None:
    with pytest.raises(ValueError, match=r"render_mode 'rgb_array' is not one of ansi, human"):
        MAKERS[kind]("sow", render_mode="rgb_array")

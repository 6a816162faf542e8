"""What the PettingZoo and the Gymnasium environments share: spaces, observations
and action masks, all from the protocol."""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from gymnasium import spaces

from seedbed.core.protocol import Game, State


def observation_space(game: Game) -> spaces.Dict:
    """``{"observation": Box(float32, game.observation_shape()), "action_mask":
    Box(int8, (num_distinct_actions,))}``, PettingZoo's classic layout."""
    return spaces.Dict(
        {
            "observation": spaces.Box(
                low=-np.inf, high=np.inf, shape=game.observation_shape(), dtype=np.float32
            ),
            "action_mask": spaces.Box(
                low=0, high=1, shape=(game.num_distinct_actions(),), dtype=np.int8
            ),
        }
    )


def action_mask(state: State, seat: int) -> np.ndarray:
    """1 at the index of every legal action when ``seat`` is to move, else all 0."""
    mask = np.zeros(state.game.num_distinct_actions(), dtype=np.int8)
    if state.current_player() == seat:
        mask[[state.action_index(a) for a in state.legal_actions()]] = 1
    return mask


def observe(state: State, seat: int) -> dict[str, Any]:
    """The observation dict of ``seat``: its encoding and its action mask."""
    return {
        "observation": np.asarray(state.observation(seat), dtype=np.float32),
        "action_mask": action_mask(state, seat),
    }


def action_of(state: State, index: Any) -> int:
    """The legal action at ``index`` (an int or a NumPy integer); anything else raises
    :class:`~seedbed.core.errors.IllegalMoveError` saying why, changing nothing."""
    from seedbed.core.errors import IllegalMoveError, quote

    if isinstance(index, np.integer | np.ndarray) and np.ndim(index) == 0:
        index = int(index)
    if type(index) is not int:
        raise IllegalMoveError(f"an action is an index, a whole number, not {quote(index, 40)}")
    return state.index_action(index)


#: What ``render()`` can do: return the text ("ansi") or print it ("human").
RENDER_MODES: Final = ("ansi", "human")


def check_render_mode(render_mode: str | None) -> str | None:
    """``render_mode`` if it is ``None`` or one of :data:`RENDER_MODES`, else a
    ``ValueError`` that lists them."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode {render_mode!r} is not one of {', '.join(RENDER_MODES)}")
    return render_mode


def render_state(state: State | None, render_mode: str | None) -> str | None:
    """An environment's ``render()``: what a spectator sees of ``state``, as plain
    text (no markup), printed instead of returned in "human" mode; ``None`` before
    the first ``reset()``."""
    if state is None:
        return None
    text = str(state)
    if render_mode == "human":
        print(text)
        return None
    return text

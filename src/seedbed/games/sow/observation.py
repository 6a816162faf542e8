"""SOW's observation vector: what one seat knows, as floats (docs/rules/sow.md,
"For developers", lists the same blocks).

Built from the seat's compact view (:mod:`.rules`, ``CV_*``) and the public envelope
(whose turn it is, the scores as the seat may know them), never from hidden state:
everything in it is public but the seat's own Favourite Colour. Rows and the hand
are counts of each of the 19 looks (:data:`.rules.LOOK_NAMES`). Seats a game does not
have read 0.0.
"""

from __future__ import annotations

from typing import Final

from seedbed.core.observe import block_sizes, put_counts, put_one_hot, put_scores, put_seats
from seedbed.core.protocol import State

from .rules import (
    CV_DIRECTION,
    CV_FAVOURITE,
    CV_HAND,
    CV_HAND_SIZE,
    CV_PHASE,
    CV_ROW,
    CV_ROW_SIZES,
    CV_ROWS,
    LOOK_BITS,
    NUM_COLOURS,
    NUM_LOOKS,
    NUM_ROWS,
    PHASE_NAMES,
)

SEATS: Final = 4

#: (name, size, what it holds), in the order of the vector.
BLOCKS: Final[tuple[tuple[str, int, str], ...]] = (
    ("seat", SEATS, "the observing seat, one-hot"),
    ("to_move", SEATS, "the seat to move, one-hot (all 0 once the game is over)"),
    ("phase", 5, "the phase, one-hot: take, place, choose, garden, over"),
    ("direction", 1, "the direction of play: +1 clockwise, -1 counter-clockwise"),
    ("favourite", NUM_COLOURS, "the seat's own Favourite Colour, one-hot R Y B G"),
    ("row", NUM_ROWS, "the row of the latest card placed this turn, one-hot (0 if none)"),
    ("hand", NUM_LOOKS, "the cards still to place: how many of each look"),
    ("hand_size", 1, "how many cards are still to place"),
    ("rows", NUM_ROWS * NUM_LOOKS, "per row 0..11: how many cards of each look it holds"),
    ("row_sizes", NUM_ROWS, "per row: how many cards it holds"),
    ("scores", SEATS, "each seat's points as the seat knows them (0 where hidden)"),
    ("scores_known", SEATS, "1 where the seat knows the score (others' depend on hidden colours)"),
)
SIZE: Final = 298
assert block_sizes(BLOCKS) == SIZE


def size(players: int) -> int:
    """The length of the vector (the same for 2, 3 and 4 players)."""
    return SIZE


def encode(state: State, player: int) -> list[float]:
    """Seat ``player``'s observation: :data:`SIZE` floats in the order of :data:`BLOCKS`."""
    cv = state.compact_view(player)
    out: list[float] = []
    put_seats(out, state, player, SEATS)
    put_one_hot(out, cv[CV_PHASE], len(PHASE_NAMES))
    out.append(float(cv[CV_DIRECTION]))
    put_one_hot(out, cv[CV_FAVOURITE], NUM_COLOURS)
    put_one_hot(out, cv[CV_ROW], NUM_ROWS)
    put_counts(out, cv[CV_HAND], LOOK_BITS, NUM_LOOKS)
    out.append(float(cv[CV_HAND_SIZE]))
    for r in range(NUM_ROWS):
        put_counts(out, cv[CV_ROWS + r], LOOK_BITS, NUM_LOOKS)
    for r in range(NUM_ROWS):
        out.append(float(cv[CV_ROW_SIZES + r]))
    put_scores(out, state.scores_for(player), SEATS)
    return out

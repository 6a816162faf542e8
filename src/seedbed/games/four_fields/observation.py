"""Four Fields' observation vector: what one seat knows, as floats
(docs/rules/four_fields.md, "For developers", lists the same blocks).

Built from the seat's compact view (:mod:`.rules`, ``CV_*``) and the public envelope
(whose turn it is, the scores), never from hidden state: the seat's own hand, the
public table and what every seat is known to hold. Card sets are 52 floats, one per
card (``13 * suit + rank``). Seats a game does not have read 0.0.
"""

from __future__ import annotations

from typing import Final

from seedbed.core.observe import block_sizes, put_mask, put_one_hot, put_scores, put_seats
from seedbed.core.protocol import State

from .rules import (
    CV_BUILT,
    CV_COINS,
    CV_DEALER,
    CV_HAND,
    CV_HARVESTED,
    CV_HOLDS,
    CV_LOOSE,
    CV_PHASE,
    CV_PILE,
    CV_ROUND,
    CV_STOCKED,
    CV_SUMMER,
    FIELDS,
)

SEATS: Final = 4

#: (name, size, what it holds), in the order of the vector.
BLOCKS: Final[tuple[tuple[str, int, str], ...]] = (
    ("seat", SEATS, "the observing seat, one-hot"),
    ("to_move", SEATS, "the seat to move, one-hot (all 0 once the game is over)"),
    ("phase", 2, "the phase, one-hot: play, over"),
    ("round", 1, "the round, from 1"),
    ("dealer", SEATS, "the dealer, one-hot"),
    ("summer", FIELDS, "the field that is Summer, one-hot"),
    ("coins", 1, "coins still on the season square"),
    ("pile", 1, "cards left in the draw pile"),
    ("hand", 52, "the seat's hand"),
    ("loose", FIELDS * 52, "per field: its loose cards"),
    ("stocked", FIELDS * 52, "per field: the cards of all its stockpiles"),
    ("harvested", SEATS * 52, "per seat: its harvest pile"),
    ("holds", SEATS * 13, "per seat: 1 at value v-1 when it is known to hold a card of value v"),
    ("built", FIELDS * SEATS, "per field and seat: stockpiles in the field that seat built last"),
    ("scores", SEATS, "each seat's game points"),
    ("scores_known", SEATS, "1 for each score the seat knows (all seats of the game)"),
)
SIZE: Final = 773
assert block_sizes(BLOCKS) == SIZE


def size(players: int) -> int:
    """The length of the vector (the same for 2, 3 and 4 players)."""
    return SIZE


def encode(state: State, player: int) -> list[float]:
    """Seat ``player``'s observation: :data:`SIZE` floats in the order of :data:`BLOCKS`."""
    cv = state.compact_view(player)
    out: list[float] = []
    put_seats(out, state, player, SEATS)
    put_one_hot(out, cv[CV_PHASE], 2)
    out.append(float(cv[CV_ROUND]))
    put_one_hot(out, cv[CV_DEALER], SEATS)
    put_one_hot(out, cv[CV_SUMMER], FIELDS)
    out.append(float(cv[CV_COINS]))
    out.append(float(cv[CV_PILE]))
    put_mask(out, cv[CV_HAND], 52)
    for f in range(FIELDS):
        put_mask(out, cv[CV_LOOSE + f], 52)
    for f in range(FIELDS):
        put_mask(out, cv[CV_STOCKED + f], 52)
    for q in range(SEATS):
        put_mask(out, cv[CV_HARVESTED + q], 52)
    for q in range(SEATS):
        put_mask(out, cv[CV_HOLDS + q] >> 1, 13)
    for i in range(FIELDS * SEATS):
        out.append(float(cv[CV_BUILT + i]))
    put_scores(out, state.scores_for(player), SEATS)
    return out

"""SEWN's observation vector: what one seat knows, as floats (docs/rules/sewn.md,
"For developers", lists the same blocks).

Built from the seat's compact view (:mod:`.rules`, ``CV_*``) and the public envelope
(whose turn it is, the scores), never from hidden state, so it is equal in every
state the seat cannot tell apart. Card sets are 52 floats, one per card
(``13 * suit + rank``); one-hot blocks are all 0.0 where there is nothing to name.
"""

from __future__ import annotations

from typing import Final

from seedbed.core.observe import block_sizes, put_mask, put_one_hot, put_scores
from seedbed.core.protocol import State

from .rules import (
    CV_END_OF_SUMMER,
    CV_HAND,
    CV_KNOWN,
    CV_LEADER,
    CV_PHASE,
    CV_PLAYED,
    CV_TRICK,
    CV_TRUMP,
    PHASE_NAMES,
    PLAYERS,
)

#: (name, size, what it holds), in the order of the vector.
BLOCKS: Final[tuple[tuple[str, int, str], ...]] = (
    ("seat", 4, "the observing seat, one-hot (South, East, North, West)"),
    ("to_move", 4, "the seat to move, one-hot (all 0 once the game is over)"),
    ("phase", 7, "the phase, one-hot: seed, plant, privilege, trump, pick, harvest, over"),
    ("trump", 4, "the trump suit, one-hot S H D C (all 0 before it is named)"),
    ("hand", 52, "the seat's hand"),
    ("played", 52, "the cards played in this round's Harvest so far"),
    ("end_of_summer", 52, "the End of Summer cards (all 0 before they are shown)"),
    ("known_fields", 4 * 52, "per Field (South, East, North, West): the cards known to lie in it"),
    ("leader", 4, "the leader of the trick in progress, one-hot"),
    ("trick", 3 * 52, "the first three cards of the trick in progress, one-hot each"),
    ("scores", 4, "each seat's game points"),
    ("scores_known", 4, "1 for each score the seat knows (SEWN's are public: all 1)"),
)
SIZE: Final = 551
assert block_sizes(BLOCKS) == SIZE


def size(players: int) -> int:
    """The length of the vector (SEWN is for 4 players only)."""
    return SIZE


def encode(state: State, player: int) -> list[float]:
    """Seat ``player``'s observation: :data:`SIZE` floats in the order of :data:`BLOCKS`."""
    cv = state.compact_view(player)
    to_move = state.current_player()
    out: list[float] = []
    put_one_hot(out, player, PLAYERS)
    put_one_hot(out, -1 if to_move is None else to_move, PLAYERS)
    put_one_hot(out, cv[CV_PHASE], len(PHASE_NAMES))
    put_one_hot(out, cv[CV_TRUMP], 4)
    put_mask(out, cv[CV_HAND], 52)
    put_mask(out, cv[CV_PLAYED], 52)
    put_mask(out, cv[CV_END_OF_SUMMER], 52)
    for f in range(4):
        put_mask(out, cv[CV_KNOWN + f], 52)
    put_one_hot(out, cv[CV_LEADER], PLAYERS)
    for k in range(3):
        put_one_hot(out, cv[CV_TRICK + k], 52)
    put_scores(out, state.scores_for(player), PLAYERS)
    return out

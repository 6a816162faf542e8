"""Harvest's observation vector: what one seat knows, as floats (docs/rules/harvest.md,
"For developers", lists the same blocks).

Built from the seat's compact view (:mod:`.rules`, ``CV_*``) and the public scores,
never from hidden state: the seat sees its own hand and house, the village and every
seat's fields. Card sets are 54 floats, one per card (``13 * suit + rank``, then the
two Jokers, written canonically: one Joker is card 52). Seats a game does not have
read 0.0.
"""

from __future__ import annotations

from typing import Final

from seedbed.core.observe import block_sizes, put_mask, put_one_hot, put_scores, put_seats
from seedbed.core.protocol import State

from .rules import (
    CV_DEALER,
    CV_DECK,
    CV_FIELDS,
    CV_HAND,
    CV_HOUSE,
    CV_PASSES,
    CV_PHASE,
    CV_ROUND,
    CV_TURN,
    CV_VILLAGE,
    CV_VILLAGE_COUNTS,
    NUM_CARDS,
)

SEATS: Final = 4

#: (name, size, what it holds), in the order of the vector.
BLOCKS: Final[tuple[tuple[str, int, str], ...]] = (
    ("seat", SEATS, "the observing seat, one-hot"),
    ("to_move", SEATS, "the seat to move, one-hot (all 0 once the game is over)"),
    ("phase", 4, "the step of the go, one-hot: house, village, action, over"),
    ("village_counts", 1, "1 if the village counts for end (b) (harvest_cards_played=table)"),
    ("passes", 1, "passes made so far in the game"),
    ("round", 1, "the round, from 1"),
    ("turn", 1, "the turn within the round, from 1"),
    ("dealer", SEATS, "the dealer, one-hot"),
    ("deck", 1, "cards left in the deck"),
    ("village", NUM_CARDS, "the village"),
    ("hand", NUM_CARDS, "the seat's hand"),
    ("house", NUM_CARDS, "the seat's own house"),
    ("fields", SEATS * NUM_CARDS, "per seat: its fields (the cards planted, tended, harvested)"),
    ("scores", SEATS, "each seat's game points"),
    ("scores_known", SEATS, "1 for each score the seat knows (all seats of the game)"),
)
SIZE: Final = 407
assert block_sizes(BLOCKS) == SIZE


def size(players: int) -> int:
    """The length of the vector (the same for 2, 3 and 4 players)."""
    return SIZE


def encode(state: State, player: int) -> list[float]:
    """Seat ``player``'s observation: :data:`SIZE` floats in the order of :data:`BLOCKS`."""
    cv = state.compact_view(player)
    n = state.game.num_players
    out: list[float] = []
    put_seats(out, state, player, SEATS)
    put_one_hot(out, cv[CV_PHASE], 4)
    out.append(float(cv[CV_VILLAGE_COUNTS]))
    out.append(float(cv[CV_PASSES]))
    out.append(float(cv[CV_ROUND]))
    out.append(float(cv[CV_TURN]))
    put_one_hot(out, cv[CV_DEALER], SEATS)
    out.append(float(cv[CV_DECK]))
    put_mask(out, cv[CV_VILLAGE], NUM_CARDS)
    put_mask(out, cv[CV_HAND], NUM_CARDS)
    put_mask(out, cv[CV_HOUSE], NUM_CARDS)
    for q in range(SEATS):
        put_mask(out, cv[CV_FIELDS + q] if q < n else 0, NUM_CARDS)
    put_scores(out, state.scores_for(player), SEATS)
    return out

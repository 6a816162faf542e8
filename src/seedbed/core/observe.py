"""Building blocks of the games' observation vectors (``games/<id>/observation.py``).

An observation is a flat list of floats of a fixed length per game and player count,
built from what one seat knows (its compact view and the public envelope), never
from hidden state. Each game's module lists its blocks in ``BLOCKS`` (name, size,
what it holds) and writes them with these helpers, in that order; the rules page
("For developers") documents the same table. Compiled by mypyc with the engines.
"""

from __future__ import annotations

from collections.abc import Sequence

from seedbed.core.protocol import State


def put_mask(out: list[float], mask: int, size: int) -> None:
    """Bit ``i`` of ``mask`` as 1.0 or 0.0, for ``i`` below ``size`` (a card set)."""
    for i in range(size):
        out.append(1.0 if mask >> i & 1 else 0.0)


def put_one_hot(out: list[float], value: int, size: int) -> None:
    """``size`` floats, 1.0 at ``value``; all 0.0 when ``value`` is outside ``0..size-1``
    (a suit not named yet, a card not played yet)."""
    for i in range(size):
        out.append(1.0 if i == value else 0.0)


def put_seats(out: list[float], state: State, player: int, size: int) -> None:
    """The two blocks every game's layout opens with, ``size`` floats each: the
    observing seat ``player`` and the seat to move, one-hot (all 0.0 once the game is
    over)."""
    put_one_hot(out, player, size)
    to_move = state.current_player()
    put_one_hot(out, -1 if to_move is None else to_move, size)


def put_counts(out: list[float], multiset: int, bits: int, size: int) -> None:
    """The ``size`` counts of a multiset packed ``bits`` bits per kind."""
    low = (1 << bits) - 1
    for i in range(size):
        out.append(float(multiset >> (bits * i) & low))


def put_scores(out: list[float], scores: Sequence[float | None], size: int) -> None:
    """``size`` seats' scores as the seat may know them, then one flag per seat: 1.0
    where the score is known (a score hidden from the seat reads 0.0, flag 0.0).
    Seats a game does not have read 0.0 with flag 0.0."""
    known: list[float] = []
    for p in range(size):
        v = scores[p] if p < len(scores) else None
        out.append(0.0 if v is None else float(v))
        known.append(0.0 if v is None else 1.0)
    out.extend(known)


def block_sizes(blocks: Sequence[tuple[str, int, str]]) -> int:
    """The length of a layout: the sum of its blocks' sizes."""
    return sum(size for _, size, _ in blocks)

"""The engine's compiled stand-ins for library calls give exactly the library's results
(the deal of every game depends on them)."""

from __future__ import annotations

import random

from seedbed.games.harvest import engine


def test_shuffle_is_random_shuffle() -> None:
    for seed in [0, 1, 2**31 - 1, (2**62 - 1) * 1009 + 7, *range(2, 40)]:
        for size in [0, 1, 2, 3, 5, 17, 54, 60]:
            mine = list(range(size))
            theirs = list(range(size))
            a = random.Random(seed)
            b = random.Random(seed)
            engine._shuffle(a, mine)
            b.shuffle(theirs)
            assert mine == theirs
            assert a.getstate() == b.getstate()


def test_randbelow_is_randrange() -> None:
    for seed in range(50):
        a = random.Random(seed)
        b = random.Random(seed)
        for size in (1, 2, 3, 4, 7, 100, 2**40 + 3):
            assert engine._randbelow(a, size) == b.randrange(size)
        assert a.getstate() == b.getstate()


def test_popcount_is_bit_count() -> None:
    rng = random.Random(5)
    values = [0, 1, (1 << 54) - 1, (1 << 56) - 1, 1 << 56, (1 << 70) - 1, -1, -(1 << 60)]
    values += [rng.getrandbits(rng.randrange(1, 60)) for _ in range(2000)]
    for x in values:
        assert engine._popcount(x) == x.bit_count()

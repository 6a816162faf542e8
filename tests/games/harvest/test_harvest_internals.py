"""Internals kept for speed: the engine's compiled stand-ins for library calls give
exactly the library's results (the deal of every game depends on them), and the lazily
updated records of passed cards are those of updating them on every move."""

from __future__ import annotations

import random

import seedbed
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


def test_track_is_the_same_however_rarely_it_is_read() -> None:
    """The records of passed cards are brought up to date when read: reading them after
    every move, now and then, or only at the end (also through clones and JSON) gives the
    same records, views and information states."""
    for players, option in ((2, "table"), (3, "fields"), (4, "fields"), (4, "table")):
        game = seedbed.load("harvest", players=players, harvest_cards_played=option)
        for seed in range(6):
            every = game.new_state(seed)
            rare = game.new_state(seed)
            rng = random.Random(seed)
            moves = 0
            while not every.is_terminal():
                assert isinstance(every.track, list)  # type: ignore[attr-defined]
                legal = every.legal_actions()
                a = legal[rng.randrange(len(legal))]
                every.apply_action(a)
                rare.apply_action(a)
                moves += 1
                if moves % 37 == 0:
                    # a clone and a JSON copy made before the records are read
                    copy = rare.clone()
                    loaded = game.state_from_json(rare.to_json())
                    assert copy.track == every.track  # type: ignore[attr-defined]
                    assert loaded.track == every.track  # type: ignore[attr-defined]
                if moves % 53 == 0:
                    p = moves % players
                    assert rare.information_state_string(p) == every.information_state_string(p)
                    assert rare.view(p) == every.view(p)
            assert rare.track == every.track  # type: ignore[attr-defined]
            assert rare.to_json() == every.to_json()

"""The server's garbage-collector policy (``seedbed.server.collector``): objects that
have lived a while are frozen out of the collector's passes, nothing that is garbage
is frozen, and the periodic whole-heap pass frees cycles that died while frozen."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator

import pytest

from seedbed.server.collector import Collector, settle
from seedbed.server.perf import Perf


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def cycle() -> tuple[Node, weakref.ref[Node]]:
    a, b = Node(), Node()
    a.other, b.other = b, a
    return a, weakref.ref(b)


@pytest.fixture(autouse=True)
def unfrozen() -> Iterator[None]:
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_settle_frees_garbage_then_freezes_what_lives() -> None:
    alive, alive_ref = cycle()
    dead, dead_ref = cycle()
    del dead
    assert settle() >= 2
    assert dead_ref() is None and alive_ref() is alive.other
    assert gc.get_freeze_count() > 0
    assert all(o is not alive for o in gc.get_objects())  # frozen: out of the passes' sight


def test_a_cycle_that_dies_frozen_is_freed_by_the_whole_heap_pass() -> None:
    async def scenario() -> tuple[bool, bool, tuple[int, int, int]]:
        collector = Collector(every=0.05, major_every=0.4)
        collector.start()
        during = gc.get_threshold()
        node, ref = cycle()
        await asyncio.sleep(0.15)  # frozen since
        del node
        gc.collect()  # a pass of our own: the frozen cycle is out of its sight
        survived_young_pass = ref() is not None
        await asyncio.sleep(0.6)  # the whole-heap pass came
        freed = ref() is None
        await collector.stop()
        return survived_young_pass, freed, during

    before = gc.get_threshold()
    survived, freed, during = asyncio.run(scenario())
    assert survived and freed
    assert during == Collector.THRESHOLDS
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_the_collector_refuses_nonsense_periods() -> None:
    with pytest.raises(ValueError, match="every"):
        Collector(every=0)
    with pytest.raises(ValueError, match="every"):
        Collector(every=10, major_every=5)


def test_perf_times_the_collectors_older_passes() -> None:
    perf = Perf()
    perf.watch_gc()
    try:
        gc.collect(1)
        gc.collect()
    finally:
        perf.unwatch_gc()
    summary = perf.summary()
    assert summary["gc"]["n"] >= 1 and summary["gc_full"]["n"] >= 1  # type: ignore[index]
    gc.collect()
    assert perf.summary()["gc_full"]["n"] == summary["gc_full"]["n"]  # type: ignore[index]

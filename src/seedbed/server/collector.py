"""Short garbage-collector pauses for a long-lived process with a big heap.

CPython's collector stops every thread while it runs, for a time that grows with the
objects it scans. A full pass scans the whole heap, and at 1000 tables that heap is
millions of objects (tables, their event logs, connections): a pass took hundreds of
milliseconds, every move in flight waited for it, and the full passes came several
times a minute, because each message's objects that live a little while are promoted
to the oldest generation, and a full pass is due whenever a quarter more of it is new
(``seedbed bench-server`` prints the pauses it saw).

So the objects that have lived a while are moved out of the collector's sight
(``gc.freeze()``) every ``every`` seconds, the automatic passes stay on the two
younger generations, and every pass scans only what was made since. Every
``major_every`` seconds the frozen objects are let back and the whole heap is
collected once: reference cycles that died while frozen (a closed table's, say) are
freed then, so memory cannot creep. That pass is the one long pause, once per
``major_every`` instead of several times a minute.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time

log = logging.getLogger("seedbed.server")


def settle() -> int:
    """Collect what is garbage now and freeze what is left (after start-up, or after
    a client has opened its tables); returns the objects collected."""
    found = gc.collect()
    gc.freeze()
    return found


class Collector:
    """Freezes what is alive every ``every`` seconds and runs a whole-heap pass every
    ``major_every`` seconds, on the event loop (a pass stops every thread anyway)."""

    #: A pass over the youngest generation after 700 new objects (CPython's default:
    #: 2 to 5 ms at 1000 tables; after 10,000 it took 60 ms), over the middle one
    #: after 50 of those (CPython: 10; a middle pass took 45 ms, but with a freeze
    #: every 2 s it is seldom due), and in effect no automatic whole-heap passes:
    #: ours replace them.
    THRESHOLDS = (700, 50, 1_000_000)

    def __init__(self, every: float = 2.0, major_every: float = 600.0) -> None:
        if every <= 0 or major_every < every:
            raise ValueError("the collector needs 0 < every <= major_every")
        self.every = every
        self.major_every = major_every
        self._task: asyncio.Task[None] | None = None
        self._thresholds = gc.get_threshold()

    def start(self) -> None:
        settle()
        gc.set_threshold(*self.THRESHOLDS)
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        last_major = time.monotonic()
        while True:
            await asyncio.sleep(self.every)
            if time.monotonic() - last_major >= self.major_every:
                gc.unfreeze()
                last_major = time.monotonic()
                started = time.perf_counter()
                found = settle()
                log.debug("whole-heap collection: %d objects freed in %.0f ms", found,
                          1000 * (time.perf_counter() - started))  # fmt: skip
            else:
                # No pass first: the garbage frozen with the rest is only the cycles
                # that died since the young generations' last pass (a few hundred
                # objects), freed by the next whole-heap pass; a pass here would
                # stop the server for tens of milliseconds every time.
                gc.freeze()

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        gc.set_threshold(*self._thresholds)
        gc.unfreeze()

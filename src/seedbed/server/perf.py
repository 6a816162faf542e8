"""Where a move's time goes, measured inside the server (for ``/api/health`` and the
load benchmark). Cheap enough to be always on: a few ``perf_counter`` calls per move
and a bounded window of samples per stage.

Stages of a person's move, in order: ``queue`` (the frame read until the table's lock
is held), ``check`` (checked and applied in memory, its commit queued), ``commit``
(queued until committed: waiting for the batch in progress and its own), ``tell``
(the ack and every connection's update built and queued) and ``send`` (a message
queued until the socket took it). ``batch`` is one group commit's transaction and
``loop_lag`` how late the event loop runs a timer (everything on the loop waits that
long). ``gc_young``, ``gc`` and ``gc_full`` are the garbage collector's passes over
its youngest generation, its two younger ones and the whole heap (what is not
frozen): each stops every thread for its length.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time
from array import array

#: samples kept per stage (at 16 bytes each, allocated when the server starts)
WINDOW = 50_000


class Samples:
    """The latest ``WINDOW`` durations of one stage (seconds), each with the wall time
    it was taken at, in a ring allocated once (it never grows)."""

    def __init__(self) -> None:
        self.at = array("d", bytes(8 * WINDOW))
        self.values = array("d", bytes(8 * WINDOW))
        self.count = 0

    def add(self, seconds: float) -> None:
        i = self.count % WINDOW
        self.at[i] = time.time()
        self.values[i] = seconds
        self.count += 1

    def since(self, since: float) -> list[float]:
        kept = min(self.count, WINDOW)
        return [v for t, v in zip(self.at[:kept], self.values[:kept], strict=True) if t >= since]

    def summary(self, since: float = 0.0) -> dict[str, float | int]:
        ordered = sorted(self.since(since))
        if not ordered:
            return {"n": 0}

        def q(p: float) -> float:
            return round(1000 * ordered[min(len(ordered) - 1, int(p * len(ordered)))], 2)

        return {"n": len(ordered), "p50_ms": q(0.5), "p99_ms": q(0.99),
                "max_ms": round(1000 * ordered[-1], 2)}  # fmt: skip


class Perf:
    STAGES = (
        "queue",
        "check",
        "commit",
        "tell",
        "send",
        "batch",
        "catch_up",
        "checkpoint",
        "loop_lag",
        "gc_young",
        "gc",
        "gc_full",
    )

    def __init__(self) -> None:
        self.stages = {name: Samples() for name in self.STAGES}
        self.writes = Samples()  # writes per batch
        self._lag_task: asyncio.Task[None] | None = None
        self._gc_started = 0.0

    def add(self, stage: str, seconds: float) -> None:
        self.stages[stage].add(seconds)

    def summary(self, since: float = 0.0) -> dict[str, object]:
        """Percentiles of each stage over the samples taken since ``since`` (wall
        time), as far back as the window reaches."""
        out: dict[str, object] = {k: v.summary(since) for k, v in self.stages.items()}
        sizes = self.writes.since(since)
        if sizes:
            out["writes_per_batch"] = round(sum(sizes) / len(sizes), 2)
        return out

    # -- the event loop's lag ------------------------------------------------------
    def start(self, every: float = 0.02) -> None:
        self._lag_task = asyncio.get_running_loop().create_task(self._watch(every))
        self.watch_gc()

    def watch_gc(self) -> None:
        """Time the garbage collector's older passes from now on."""
        if self._on_gc not in gc.callbacks:
            gc.callbacks.append(self._on_gc)

    def unwatch_gc(self) -> None:
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)

    def _on_gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
        else:
            stage = ("gc_young", "gc", "gc_full")[info["generation"]]
            self.add(stage, time.perf_counter() - self._gc_started)

    async def _watch(self, every: float) -> None:
        while True:
            t = time.perf_counter()
            await asyncio.sleep(every)
            self.add("loop_lag", max(0.0, time.perf_counter() - t - every))

    async def stop(self) -> None:
        self.unwatch_gc()
        if self._lag_task is not None:
            self._lag_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._lag_task
            self._lag_task = None

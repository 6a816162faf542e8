"""The server's load benchmark: N concurrent tables of bots and scripted clients over
real WebSockets on loopback. It measures, it does not assert.

    seedbed bench-server --tables 1000 --seconds 60
    python -m seedbed.server.loadtest --tables 100 --url http://127.0.0.1:8000

Without ``--url`` it starts ``seedbed serve`` in a process of its own on a fresh
SQLite file (``--db`` for another). Each table has two scripted people (they think
``--think`` seconds on average, then play a random legal move) and heuristic bots in
its other seats (``--bot-think`` seconds each). A finished table is replaced by a new
one, so N tables are always being played. Reported, over the measured window after
the warm-up: tables, connections, moves a second (people's and bots'), and p50/p99
latency from a client sending its move to its ack and to every other client of the
table receiving the update; the server's memory per table and CPU use.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import multiprocessing
import os
import random
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import httpx

from seedbed.server.client import ServerError, TableClient
from seedbed.server.collector import settle
from seedbed.server.perf import Perf

#: game, players, scripted people (the other seats are heuristic bots)
MIX = (("sewn", 4, 2), ("harvest", 3, 2), ("four_fields", 2, 2), ("sow", 3, 2))


@dataclass
class Stats:
    ack: list[float] = field(default_factory=list)
    update: list[float] = field(default_factory=list)
    moves: int = 0
    human_moves: int = 0
    rejections: dict[str, int] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    finished: int = 0
    #: (table, seat) -> when that seat's latest move was sent
    sent: dict[tuple[str, int], float] = field(default_factory=dict)


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def _children(pid: int) -> list[int]:
    try:
        out = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return []
    pids = [int(p) for p in out]
    return pids + [g for p in pids for g in _children(p)]


class Load:
    """One load client process: its share of the tables, on its own event loop."""

    def __init__(self, args: argparse.Namespace, base: str, part: int, parts: int) -> None:
        self.args = args
        self.base = base
        self.part = part
        self.parts = parts
        self.stats = Stats()
        self.rng = random.Random(args.seed * 1009 + part)
        self.http = httpx.AsyncClient(base_url=base, timeout=60)
        self.clients: list[TableClient] = []
        self.tasks: set[asyncio.Task[None]] = set()
        self.stop = asyncio.Event()
        self._slots = asyncio.Semaphore(max(1, -(-args.connect_concurrency // parts)))
        #: the measured window, in wall time: moves sent inside it are counted
        self.window = (float("inf"), float("inf"))
        self.lag: list[float] = []

    def in_window(self, wall: float) -> bool:
        return self.window[0] <= wall < self.window[1]

    async def open_table(self, index: int) -> None:
        game, players, people = MIX[index % len(MIX)]
        seats = ["human"] * people + ["heuristic"] * (players - people)
        r = await self.http.post(
            "/api/tables",
            json={"game": game, "players": players, "seats": seats,
                  "bot_think": self.args.bot_think},
        )  # fmt: skip
        r.raise_for_status()
        table_id = r.json()["table"]["id"]
        tokens = []
        for seat in range(people):
            j = await self.http.post(
                f"/api/tables/{table_id}/join", json={"name": f"p{index}-{seat}", "seat": seat}
            )
            j.raise_for_status()
            tokens.append(j.json()["token"])
        clients = [TableClient(self.base, table_id, token=t) for t in tokens]
        for c in clients:
            await c.connect()
            self.clients.append(c)
        for i, c in enumerate(clients):
            others = [o for o in clients if o is not c]
            task = asyncio.get_running_loop().create_task(self.person(c, others, i == 0, index))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def person(
        self, c: TableClient, others: list[TableClient], counter: bool, index: int
    ) -> None:
        """A scripted person: waits its turn, thinks, plays a random legal move."""
        st = self.stats
        c.received = []  # nothing is kept: a long run must not grow the client
        c.log = []

        def arrived(client: TableClient, msg: dict[str, Any]) -> None:
            client.received.clear()
            client.log.clear()
            if msg.get("type") != "update":
                return
            now = time.perf_counter()
            for ev in msg.get("events", ()):
                if ev.get("kind") != "move":
                    continue
                if counter and self.in_window(time.time()):
                    st.moves += 1
                if ev.get("by") == "player" and ev.get("seat") != client.seat:
                    sent = st.sent.get((client.table_id, ev["seat"]))
                    if sent is not None:
                        st.update.append(now - sent)

        c.on_message = arrived
        try:
            while not self.stop.is_set():
                if c.position.get("status") == "over":
                    if counter:
                        if self.in_window(time.time()):
                            st.finished += 1
                        self.spawn(self.replace_table(index + len(MIX) * 1000))
                    return
                if c.position.get("legal"):
                    think = self.args.think * (0.5 + self.rng.random())
                    try:
                        await asyncio.wait_for(self.stop.wait(), think)
                        return
                    except TimeoutError:
                        pass
                    if not c.position.get("legal"):
                        continue
                    move = self.rng.choice(c.position["legal"])["action"]
                    assert c.seat is not None
                    measured = self.in_window(time.time())
                    sent = time.perf_counter()
                    key = (c.table_id, c.seat)
                    if measured:
                        st.sent[key] = sent
                    else:
                        st.sent.pop(key, None)
                    try:
                        await c.request({"type": "move", "version": c.version, "action": move})
                        if measured:
                            st.ack.append(time.perf_counter() - sent)
                            st.human_moves += 1
                    except ServerError as exc:
                        st.sent.pop(key, None)
                        st.rejections[str(exc.code)] = st.rejections.get(str(exc.code), 0) + 1
                    continue
                msg = await c.next_update(600)
                if msg.get("type") == "closed":
                    st.errors.append(f"closed: {msg.get('code')} {msg.get('reason')}")
                    return
        except Exception as exc:  # report, do not hide
            st.errors.append(f"{type(exc).__name__}: {exc}")

    async def replace_table(self, index: int) -> None:
        try:
            await self.open_table(index)
        except (httpx.HTTPError, ConnectionError, OSError, TimeoutError) as exc:
            self.stats.errors.append(f"opening a new table: {exc!r}")

    def spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _watch_lag(self, every: float = 0.02) -> None:
        """This process's own event-loop lag in the window: every latency it measures
        includes up to this much of its own queueing."""
        while not self.stop.is_set():
            t = time.perf_counter()
            await asyncio.sleep(every)
            if self.in_window(time.time()):
                self.lag.append(max(0.0, time.perf_counter() - t - every))

    async def open_all(self) -> tuple[int, float]:
        started = time.perf_counter()
        opened = 0

        async def opener(i: int) -> None:
            nonlocal opened
            async with self._slots:
                for attempt in range(3):  # a keep-alive socket closing under us: retry
                    try:
                        await self.open_table(i)
                        opened += 1
                        return
                    except (httpx.HTTPError, ConnectionError, OSError, TimeoutError) as exc:
                        if attempt == 2:
                            self.stats.errors.append(f"opening table {i}: {exc!r}")
                        await asyncio.sleep(0.5)

        mine = range(self.part, self.args.tables, self.parts)
        await asyncio.gather(*(opener(i) for i in mine))
        return opened, time.perf_counter() - started

    async def measure(self, t0: float, t1: float) -> dict[str, Any]:
        """Play on; count what is sent in [t0, t1) (wall time); return the samples."""
        self.window = (t0, t1)
        lag_task = asyncio.get_running_loop().create_task(self._watch_lag())
        gc_pauses = Perf()  # this process's collector pauses: its latencies include them
        gc_pauses.watch_gc()
        await asyncio.sleep(max(0.0, t0 - time.time()))
        cpu0 = time.process_time()
        await asyncio.sleep(max(0.0, t1 - time.time()))
        cpu = time.process_time() - cpu0
        gc_pauses.unwatch_gc()
        # Answers to moves sent just before t1 are still on their way.
        await asyncio.sleep(min(5.0, 2 + self.args.think))
        self.stop.set()
        lag_task.cancel()
        st = self.stats
        return {
            "ack": st.ack, "update": st.update, "moves": st.moves,
            "human_moves": st.human_moves, "finished": st.finished,
            "rejections": st.rejections, "errors": st.errors, "lag": self.lag,
            "cpu_seconds": cpu, "connections": len(self.clients), "pid": os.getpid(),
            "gc": {k: gc_pauses.stages[k].summary(t0) for k in ("gc_young", "gc", "gc_full")},
        }  # fmt: skip

    async def close(self) -> None:
        for c in self.clients:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(c.close(), 2)
        await self.http.aclose()


def _client_process(
    args: argparse.Namespace, base: str, part: int, parts: int, pipe: Connection
) -> None:
    """A load client process: open its tables, say so, measure when told, report."""
    _raise_fd_limit()
    with contextlib.suppress(ImportError):
        import uvloop

        uvloop.install()

    async def run() -> None:
        load = Load(args, base, part, parts)
        loop = asyncio.get_running_loop()
        opened, ramp = await load.open_all()
        # This process stands for a thousand people's browsers: its own collector's
        # pauses (a full pass over its positions took hundreds of ms) would be counted
        # as the server's latency. So it collects once now and not again until the
        # window is over; a minute's reference cycles are a little memory.
        settle()
        gc.disable()
        pipe.send(("opened", opened, len(load.clients), ramp, load.stats.errors[:5]))
        t0, t1 = await loop.run_in_executor(None, pipe.recv)
        try:
            result = await load.measure(t0, t1)
        finally:
            gc.enable()
        pipe.send(("result", result))
        await load.close()

    try:
        asyncio.run(run())
    except Exception as exc:  # report, do not hide
        pipe.send(("failed", f"{type(exc).__name__}: {exc}"))


class Bench:
    """The benchmark: the load client processes, the window, the report."""

    def __init__(self, args: argparse.Namespace, base: str) -> None:
        self.args = args
        self.base = base

    def run(self, server_pid: int | None) -> dict[str, Any]:
        args = self.args
        parts = args.client_processes
        ctx = multiprocessing.get_context("spawn")
        rss_before = _rss_kib(server_pid) if server_pid else 0
        pipes, procs = [], []
        started = time.perf_counter()
        for k in range(parts):
            mine, theirs = ctx.Pipe()
            proc = ctx.Process(
                target=_client_process, args=(args, self.base, k, parts, theirs), daemon=True
            )
            proc.start()
            pipes.append(mine)
            procs.append(proc)
        try:
            opened = connections = 0
            errors: list[str] = []
            for pipe in pipes:
                msg = pipe.recv()
                if msg[0] == "failed":
                    raise SystemExit(f"a load client failed: {msg[1]}")
                opened += msg[1]
                connections += msg[2]
                errors += msg[4]
            ramp = time.perf_counter() - started
            print(f"opened {opened} tables ({connections} connections) in {ramp:.1f} s with "
                  f"{parts} load client processes; warming up {args.warmup:g} s",
                  flush=True)  # fmt: skip
            t0 = time.time() + args.warmup
            t1 = t0 + args.seconds
            for pipe in pipes:
                pipe.send((t0, t1))
            time.sleep(max(0.0, t0 - time.time()))
            watched = self._server_pids(server_pid)
            cpu0 = {p: _cpu_seconds(p) for p in watched}
            load0 = os.getloadavg()
            time.sleep(max(0.0, t1 - time.time()))
            cpu1 = {p: _cpu_seconds(p) for p in cpu0}
            load1 = os.getloadavg()
            rss_after = _rss_kib(server_pid) if server_pid else 0
            workers = [p for p in cpu0 if p != server_pid]
            worker_rss = sum(_rss_kib(p) for p in workers)
            perf = self._server_perf(t0)
            results = []
            for pipe in pipes:
                msg = pipe.recv()
                if msg[0] == "failed":
                    raise SystemExit(f"a load client failed: {msg[1]}")
                results.append(msg[1])
        finally:
            for proc in procs:
                proc.join(15)
                if proc.is_alive():
                    proc.kill()
        window = t1 - t0
        moves = sum(r["moves"] for r in results)
        server_cpu = cpu1.get(server_pid, 0) - cpu0.get(server_pid, 0) if server_pid else 0.0
        ack = [x for r in results for x in r["ack"]]
        upd = [x for r in results for x in r["update"]]
        rejections: dict[str, int] = {}
        for r in results:
            for code, n in r["rejections"].items():
                rejections[code] = rejections.get(code, 0) + n
            errors += r["errors"]
        return {
            "tables": args.tables,
            "connections": sum(r["connections"] for r in results),
            "seconds": round(window, 1),
            "ramp_seconds": round(ramp, 1),
            "moves_per_second": round(moves / window, 1),
            "people_moves_per_second": round(sum(r["human_moves"] for r in results) / window, 1),
            "ack_ms": self._quantiles(ack),
            "update_ms": self._quantiles(upd),
            "acks": len(ack),
            "updates": len(upd),
            "finished_games": sum(r["finished"] for r in results),
            "rejections": rejections,
            "errors": len(errors),
            "first_errors": errors[:5],
            "server_rss_mib": round(rss_after / 1024, 1),
            "server_kib_per_table": round((rss_after - rss_before) / max(1, args.tables), 1),
            "bot_workers_rss_mib": round(worker_rss / 1024, 1),
            "server_cpu_percent": round(100 * server_cpu / window, 1) if server_pid else None,
            # a figure that noise on a shared machine hardly moves
            "server_cpu_ms_per_move": round(1000 * server_cpu / moves, 3) if moves else None,
            "bot_workers_cpu_percent": round(
                100 * sum(cpu1[p] - cpu0[p] for p in workers) / window, 1
            ),
            "load_clients": [
                {"pid": r["pid"], "connections": r["connections"],
                 "cpu_percent": round(100 * r["cpu_seconds"] / window, 1),
                 "loop_lag_ms": self._quantiles(r["lag"]), "gc": r["gc"]}
                for r in results
            ],
            # everything the benchmark ran, against the cores: well under 100% of them
            # with long latencies means other processes had the CPU (the kernel shares
            # it out per session, not per process)
            "benchmark_cpu_percent_of_machine": round(
                (100 * server_cpu + 100 * sum(cpu1[p] - cpu0[p] for p in workers)
                 + sum(100 * r["cpu_seconds"] for r in results))
                / window / (os.cpu_count() or 1), 1
            ),
            "server_perf": perf,
            "loadavg_before": [round(x, 2) for x in load0],
            "loadavg_after": [round(x, 2) for x in load1],
            "cores": os.cpu_count(),
        }  # fmt: skip

    def _server_perf(self, since: float) -> dict[str, Any]:
        try:
            r = httpx.get(self.base + "/api/health", params={"perf_since": since}, timeout=30)
            perf: dict[str, Any] = r.json().get("perf", {})
            return perf
        except (httpx.HTTPError, ValueError):
            return {}

    @staticmethod
    def _server_pids(pid: int | None) -> list[int]:
        return [] if pid is None else [pid, *_children(pid)]

    @staticmethod
    def _quantiles(values: list[float]) -> dict[str, float]:
        return {
            "p50": round(1000 * _percentile(values, 0.50), 2),
            "p99": round(1000 * _percentile(values, 0.99), 2),
            "max": round(1000 * max(values), 2) if values else float("nan"),
        }


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start_server(args: argparse.Namespace, tmp: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    db = args.db or f"sqlite:///{tmp / 'load.db'}"
    cmd = [
        sys.executable,
        "-m",
        "seedbed.cli.main",
        "serve",
        "--port",
        str(port),
        "--db",
        db,
        "--log-level",
        "warning",
        "--rate",
        "1000",
        "--sqlite-sync",
        args.sqlite_sync,
    ]
    if args.bot_workers:
        cmd += ["--bot-workers", str(args.bot_workers)]  # fmt: skip
    log = (tmp / "server.log").open("wb")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited: {(tmp / 'server.log').read_text()}")
        try:
            if httpx.get(base + "/api/health", timeout=2).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start within a minute")


def _raise_fd_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="seedbed bench-server", description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=1000, help="concurrent tables (default 1000)")
    p.add_argument("--seconds", type=float, default=60, help="measured window (default 60)")
    p.add_argument("--warmup", type=float, default=10, help="seconds before measuring")
    p.add_argument("--think", type=float, default=2.0, help="a person's mean thinking time")
    p.add_argument("--bot-think", type=float, default=1.0, help="a bot's thinking time")
    p.add_argument("--url", help="a running server (default: start one)")
    p.add_argument("--db", help="database for the started server (default: a temp SQLite)")
    p.add_argument("--sqlite-sync", default="FULL", choices=["FULL", "NORMAL"])
    p.add_argument("--bot-workers", type=int, help="bot processes of the started server")
    p.add_argument(
        "--connect-concurrency",
        type=int,
        default=20,
        help="tables being opened at once (over all load client processes)",
    )
    p.add_argument(
        "--client-processes",
        type=int,
        default=2,
        help="load client processes, each with its own event loop (default 2)",
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    args = p.parse_args(argv)
    if args.tables < 1 or args.seconds <= 0 or args.think < 0 or args.bot_think < 0:
        p.error("--tables must be at least 1 and times positive")
    if not 1 <= args.client_processes <= args.tables:
        p.error("--client-processes must be 1 to --tables")
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    _raise_fd_limit()
    # A SIGTERM must still stop the server this benchmark started (the finally below).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    tmp = Path(tempfile.mkdtemp(prefix="seedbed-load-"))
    proc = None
    if args.url:
        base = args.url.rstrip("/")
    else:
        proc, base = _start_server(args, tmp)
    try:
        report = Bench(args, base).run(proc.pid if proc else None)
    finally:
        if proc is not None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
    shutil.rmtree(tmp, ignore_errors=True)  # the database of a run that went well
    if args.json:
        print(json.dumps(report, indent=1))
        return
    print(f"{report['tables']} tables, {report['connections']} WebSocket clients, "
          f"{report['seconds']} s measured on {report['cores']} cores "
          f"(load average before {report['loadavg_before'][0]}, after "
          f"{report['loadavg_after'][0]})")  # fmt: skip
    print(f"moves/s: {report['moves_per_second']} (people {report['people_moves_per_second']})")
    for name in ("ack_ms", "update_ms"):
        q = report[name]
        what = "move -> ack" if name == "ack_ms" else "move -> others' update"
        print(f"{what:24} p50 {q['p50']:7.2f} ms  p99 {q['p99']:7.2f} ms  max {q['max']:7.2f} ms")
    print(f"server: {report['server_rss_mib']} MiB RSS, {report['server_kib_per_table']} KiB per "
          f"table, CPU {report['server_cpu_percent']}% ({report['server_cpu_ms_per_move']} ms "
          f"per move); bot workers {report['bot_workers_rss_mib']} MiB, CPU "
          f"{report['bot_workers_cpu_percent']}%")  # fmt: skip
    for lc in report["load_clients"]:
        lag = lc["loop_lag_ms"]
        print(f"load client {lc['pid']}: {lc['connections']} connections, CPU "
              f"{lc['cpu_percent']}%, its loop's lag p50 {lag['p50']:.2f} ms p99 "
              f"{lag['p99']:.2f} ms max {lag['max']:.2f} ms; {_gc_line(lc['gc'])}")  # fmt: skip
    print(f"all of the benchmark's processes: {report['benchmark_cpu_percent_of_machine']}% of "
          f"the machine's {report['cores']} cores")  # fmt: skip
    perf = report["server_perf"]
    if perf:
        stages = [(k, v) for k, v in perf.items()
                  if isinstance(v, dict) and v.get("n") and not k.startswith("gc")]  # fmt: skip
        print("in the server (p50 / p99 / max ms): " + ", ".join(
            f"{k} {v['p50_ms']:.2f} / {v['p99_ms']:.2f} / {v['max_ms']:.1f}" for k, v in stages
        ) + f"; {perf.get('writes_per_batch', 0)} writes per commit")  # fmt: skip
        print(f"the server's {_gc_line(perf)}")
    print(
        f"finished games {report['finished_games']}, rejections {report['rejections']}, "
        f"errors {report['errors']} {report['first_errors']}"
    )


def _gc_line(stages: dict[str, Any]) -> str:
    """The collector's pauses in the window: how many, their median and longest."""
    parts = []
    for key, what in (("gc_young", "young"), ("gc", "middle-generation"), ("gc_full", "full")):
        q = stages.get(key) or {"n": 0}
        n = q.get("n", 0)
        parts.append(f"{n} {what}" + (f" (p50 {q['p50_ms']:.1f}, max {q['max_ms']:.1f} ms)"
                                       if n else ""))  # fmt: skip
    return "garbage collector pauses: " + ", ".join(parts)


if __name__ == "__main__":  # pragma: no cover
    main()

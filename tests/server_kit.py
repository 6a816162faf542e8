"""A real server for the server and browser tests: ``seedbed serve`` in its own
process, on a free loopback port, with its own SQLite file (or PostgreSQL), talked to
over real HTTP and WebSocket connections. (A module of its own, not a conftest: both
test folders import it by this one name.)"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi", reason="the server extra is not installed")

from seedbed.server.client import TableClient  # needs the server extra, checked above

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``seedbed serve`` as a child process; :meth:`kill` is a real SIGKILL."""

    def __init__(self, db_url: str, *args: str) -> None:
        self.db_url = db_url
        self.args = args
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path: Path | None = None

    def start(self, log_dir: Path) -> ServerProcess:
        self.log_path = log_dir / f"server-{self.port}-{time.monotonic_ns()}.log"
        cmd = [
            sys.executable, "-m", "seedbed.cli.main", "serve", "--port", str(self.port),
            "--db", self.db_url, "--bot-workers", "1", "--log-level", "warning", *self.args,
        ]  # fmt: skip
        log = self.log_path.open("wb")
        self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log()}")
            try:
                if httpx.get(self.base + "/api/health", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"the server did not start: {self.log()}")

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path else ""

    def kill(self) -> None:
        """SIGKILL: no shutdown handler runs, as when a machine loses its process."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)

    # -- REST helpers -------------------------------------------------------------
    def post(self, path: str, body: Any = None, **kw: Any) -> httpx.Response:
        return httpx.post(self.base + path, json=body, timeout=30, **kw)

    def get(self, path: str, **kw: Any) -> httpx.Response:
        return httpx.get(self.base + path, timeout=30, **kw)

    def table(self, **body: Any) -> dict[str, Any]:
        r = self.post("/api/tables", {"bot_think": 0, **body})
        assert r.status_code == 201, r.text
        table: dict[str, Any] = r.json()["table"]
        return table

    def join(self, table_id: str, name: str, seat: int | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {"name": name}
        if seat is not None:
            body["seat"] = seat
        r = self.post(f"/api/tables/{table_id}/join", body)
        assert r.status_code == 200, r.text
        answer: dict[str, Any] = r.json()
        return answer

    async def clients(self, table_id: str, *seats: dict[str, Any]) -> list[TableClient]:
        """One connected client for each seat joined (with :meth:`join`), in order."""
        out = [TableClient(self.base, table_id, token=seat["token"]) for seat in seats]
        for c in out:
            await c.connect()
        return out


async def play_to_the_end(c: TableClient, rng: random.Random) -> dict[str, Any]:
    """Play random legal moves as ``c``'s seat, waiting for the others, until the game
    is over; the final position."""
    while c.position["status"] != "over":
        if c.position["legal"]:
            await c.move(rng.choice(c.position["legal"])["action"])
        else:
            await c.next_update()
    return c.position


def postgres_url() -> str | None:
    """A PostgreSQL server to test against: ``SEEDBED_TEST_POSTGRES`` or the local one
    that ``.ci/postgres`` sets up."""
    return os.environ.get(
        "SEEDBED_TEST_POSTGRES", "postgresql://seedbed:seedbed@127.0.0.1:5432/seedbed"
    )


def run(coro: Any) -> Any:
    """Run one async scenario (each test drives real sockets in its own loop)."""
    return asyncio.run(asyncio.wait_for(coro, 240))


def start_server(tmp: Path, db: Path | None = None, port: int | None = None) -> ServerProcess:
    """A started server on a SQLite file (``tmp``/seedbed.db unless ``db``), with the
    tests' settings: no grace for a player who is away, a generous rate limit, and
    ``NORMAL`` sync (a test has no power cut to survive)."""
    srv = ServerProcess(
        f"sqlite:///{db or tmp / 'seedbed.db'}",
        "--away-grace", "0", "--rate", "1000", "--sqlite-sync", "NORMAL",
    )  # fmt: skip
    if port is not None:
        srv.port = port
        srv.base = f"http://127.0.0.1:{port}"
    return srv.start(tmp)

"""The README's first command: ``make serve`` starts the site on its embedded database
and prints the address to open, and that address serves the lobby."""

from __future__ import annotations

import os
import re
import selectors
import shutil
import signal
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from server_kit import ROOT, free_port

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def test_make_serve_starts_the_site_and_prints_its_address(tmp_path: Path) -> None:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    db = tmp_path / "seedbed.db"
    proc = subprocess.Popen(
        ["make", "--no-print-directory", "serve", f"ARGS=--port {port} --db sqlite:///{db}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # make and the server it starts stop together
    )
    assert proc.stdout is not None
    out = ""
    try:
        sel = selectors.DefaultSelector()
        sel.register(proc.stdout, selectors.EVENT_READ)
        deadline = time.monotonic() + 120
        address = None
        while address is None and time.monotonic() < deadline and proc.poll() is None:
            if sel.select(timeout=1):
                out += proc.stdout.readline()
                m = re.search(r"open (http://\S+) in a browser", out)
                address = m.group(1) if m else None
        assert address == f"http://127.0.0.1:{port}/", out
        for _ in range(100):
            try:
                r = httpx.get(address, timeout=5)
                break
            except httpx.TransportError:
                time.sleep(0.1)
        assert r.status_code == 200
        assert 'data-page="lobby"' in r.text
        assert db.exists()
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()

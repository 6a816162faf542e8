"""The load benchmark itself works and reports everything issue 14 asks for (a tiny
run; the real figures come from ``seedbed bench-server``, never from a test)."""

from __future__ import annotations

import json
import subprocess
import sys

from server_kit import ROOT


def test_bench_server_reports_latencies_memory_and_every_process_cpu() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "seedbed.server.loadtest", "--tables", "4", "--seconds", "4",
         "--warmup", "1", "--think", "0.2", "--bot-think", "0.1", "--client-processes", "2",
         "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=180,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout[out.stdout.index("{") :])
    # Two people a table; a table whose game ends is replaced by a new one, whose
    # people count too.
    assert report["tables"] == 4 and report["connections"] >= 8
    assert report["connections"] % 2 == 0
    assert report["errors"] == 0, report["first_errors"]
    assert report["acks"] > 0 and report["updates"] > 0 and report["moves_per_second"] > 0
    for key in ("ack_ms", "update_ms"):
        q = report[key]
        assert 0 < q["p50"] <= q["p99"] <= q["max"]
    assert report["server_rss_mib"] > 0 and "server_kib_per_table" in report
    assert report["server_cpu_percent"] is not None and report["server_cpu_ms_per_move"] > 0
    assert "bot_workers_cpu_percent" in report and report["benchmark_cpu_percent_of_machine"] > 0
    clients = report["load_clients"]
    assert len(clients) == 2 and sum(c["connections"] for c in clients) == report["connections"]
    assert all(c["cpu_percent"] >= 0 and c["loop_lag_ms"]["p50"] >= 0 for c in clients)
    # The clients do not collect garbage while they measure: their pauses would be
    # counted as the server's latency.
    assert all(sum(q["n"] for q in c["gc"].values()) == 0 for c in clients)
    perf = report["server_perf"]
    assert perf["commit"]["n"] > 0 and perf["tell"]["n"] > 0 and perf["writes_per_batch"] >= 1
    assert "gc" in perf and "gc_full" in perf  # the server's collector pauses

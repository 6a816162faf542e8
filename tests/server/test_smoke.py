from __future__ import annotations

import random

from seedbed.server.client import TableClient
from server_kit import ServerProcess, play_to_the_end, run


def test_a_person_plays_sewn_against_three_bots_to_the_end(server: ServerProcess) -> None:
    table = server.table(game="sewn", seats=["human", "heuristic", "heuristic", "heuristic"])
    seat = server.join(table["id"], "Ann")
    rng = random.Random(1)

    async def play() -> dict:
        async with TableClient(server.base, table["id"], token=seat["token"]) as c:
            return await play_to_the_end(c, rng)

    final = run(play())
    assert final["status"] == "over" and final["winners"]


def test_health_says_where_the_moves_time_went(server: ServerProcess) -> None:
    """``/api/health?perf_since=T`` times the stages of the people's moves since T."""
    import time

    since = time.time()
    before = server.get("/api/health", params={"perf_since": since}).json()
    assert before["perf"]["commit"] == {"n": 0}
    table = server.table(game="harvest", players=2, seats=["human", "heuristic"])
    seat = server.join(table["id"], "Ann")

    async def two_moves() -> None:
        async with TableClient(server.base, table["id"], token=seat["token"]) as c:
            for _ in range(2):
                await c.wait_for(lambda c: bool(c.position["legal"]))
                await c.move(c.position["legal"][0]["action"])

    run(two_moves())
    perf = server.get("/api/health", params={"perf_since": since}).json()["perf"]
    for stage in ("queue", "check", "commit", "tell"):
        assert perf[stage]["n"] == 2, (stage, perf)
        assert 0 <= perf[stage]["p50_ms"] <= perf[stage]["p99_ms"] <= perf[stage]["max_ms"]
    assert perf["batch"]["n"] >= 2 and perf["send"]["n"] >= 4 and perf["loop_lag"]["n"] >= 1
    assert perf["writes_per_batch"] >= 1
    later = server.get("/api/health", params={"perf_since": time.time() + 60}).json()["perf"]
    assert later["commit"] == {"n": 0}
    assert "perf" not in server.get("/api/health").json()

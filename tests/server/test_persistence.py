"""Nothing is lost: the server is killed with SIGKILL in the middle of games and
started again on the same database; every table resumes exactly where it was and its
clients reconnect and play on. Run on an SQLite file and on a real PostgreSQL."""

from __future__ import annotations

import asyncio
import os
import random
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from seedbed.server.client import TableClient
from server_kit import ServerProcess, postgres_url, run


def _postgres_database() -> Iterator[str]:
    """A fresh database on the PostgreSQL server, dropped afterwards. Skipped (with
    the reason) when there is no server, unless SEEDBED_REQUIRE_POSTGRES=1 (CI)."""
    import asyncpg

    base = postgres_url()
    assert base is not None
    name = f"seedbed_test_{secrets.token_hex(4)}"
    plain = base.replace("postgresql+asyncpg://", "postgresql://")

    async def admin(sql: str) -> None:
        conn = await asyncpg.connect(plain, timeout=10)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    try:
        run(admin(f'CREATE DATABASE "{name}"'))
    except (OSError, asyncpg.PostgresError, TimeoutError) as exc:
        why = f"no PostgreSQL at {base} ({type(exc).__name__}: {exc}); run .ci/postgres"
        if os.environ.get("SEEDBED_REQUIRE_POSTGRES") == "1":
            pytest.fail(why)
        pytest.skip(why)
    try:
        yield plain.rsplit("/", 1)[0] + "/" + name
    finally:
        run(admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'seedbed.db'}"
    else:
        yield from _postgres_database()


def _play_some(c: TableClient, moves: int, rng: random.Random) -> Any:
    async def go() -> list[int]:
        acked = []
        while len(acked) < moves and c.position["status"] != "over":
            if c.position["legal"]:
                ack = await c.move(rng.choice(c.position["legal"])["action"])
                acked.append(ack["version"])
            else:
                await c.next_update()
        return acked

    return go()


def test_a_killed_server_resumes_every_table_exactly(db_url: str, tmp_path: Path) -> None:
    srv = ServerProcess(db_url, "--away-grace", "0", "--rate", "1000").start(tmp_path)
    try:
        bots = [
            srv.table(game=g, players=n, seats=["heuristic"] * n, bot_think=0.02)
            for g, n in (("sewn", 4), ("four_fields", 3), ("sow", 2))
        ]
        duel = srv.table(game="harvest", players=2)
        ann = srv.join(duel["id"], "Ann", seat=0)
        bob = srv.join(duel["id"], "Bob", seat=1)
        solo = srv.table(game="sow", players=2, seats=["human", "heuristic"])
        cy = srv.join(solo["id"], "Cy")
        rng = random.Random(7)

        async def before_kill() -> dict[str, Any]:
            ca = TableClient(srv.base, duel["id"], token=ann["token"])
            cb = TableClient(srv.base, duel["id"], token=bob["token"])
            cc = TableClient(srv.base, solo["id"], token=cy["token"])
            for c in (ca, cb, cc):
                await c.connect()
            acked: list[int] = []
            for _ in range(8):  # Ann and Bob: whoever is to move plays
                mover = ca if ca.position["legal"] else cb
                ack = await mover.move(rng.choice(mover.position["legal"])["action"])
                acked.append(ack["version"])
                await ca.caught_up(ack["version"])
                await cb.caught_up(ack["version"])
            solo_acked = await _play_some(cc, 5, rng)
            watchers = [TableClient(srv.base, t["id"]) for t in bots]
            for w in watchers:
                await w.connect()
                await w.wait_for(lambda w: w.version > 20, 60)
            seen = {
                "duel": (ca.version, ca.position["view"], cb.position["view"], list(cb.log)),
                "solo": (cc.version, solo_acked, [e for e in cc.log if e["kind"] == "move"]),
                "bots": [w.version for w in watchers],
                "acked": acked,
            }
            for c in (ca, cb, cc, *watchers):
                await asyncio.wait_for(c.close(), 5)
            return seen

        seen = run(before_kill())
        srv.kill()  # mid-game: bots were playing when it died
        srv.start(tmp_path)

        async def after_restart() -> None:
            version, view_a, view_b, log = seen["duel"]
            ca = TableClient(srv.base, duel["id"], token=ann["token"], since=version)
            cb = TableClient(srv.base, duel["id"], token=bob["token"])
            await ca.connect()
            await cb.connect()
            # Nobody moved at the duel after the last ack: it is exactly as it was.
            assert ca.version == version
            assert [m["type"] for m in ca.received[:2]] == ["welcome", "update"]
            assert cb.log == log
            assert ca.position["view"] == view_a and cb.position["view"] == view_b
            moves = [e["v"] for e in cb.log if e["kind"] == "move"]  # cb: a snapshot
            assert set(seen["acked"]) <= set(moves)
            # The solo table: every acked move is there; the bot's reply may have come.
            cc = TableClient(srv.base, solo["id"], token=cy["token"])
            await cc.connect()
            assert set(seen["solo"][1]) <= {e["v"] for e in cc.log if e["kind"] == "move"}
            assert [e for e in cc.log if e["kind"] == "move"][: len(seen["solo"][2])] == seen[
                "solo"
            ][2]
            # Bot tables pick up where they were and play on (to the end elsewhere).
            for t, version_seen in zip(bots, seen["bots"], strict=True):
                async with TableClient(srv.base, t["id"]) as w:
                    assert w.version >= version_seen
                    start = w.version
                    await w.wait_for(
                        lambda w, s=start: w.version > s + 10 or w.position["status"] == "over",
                        120,
                    )
            # And the people play on.
            mover = ca if ca.position["legal"] else cb
            await mover.move(rng.choice(mover.position["legal"])["action"])
            for c in (ca, cb, cc):
                await c.close()

        run(after_restart())
    finally:
        srv.stop()

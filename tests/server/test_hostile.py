"""Hostile and broken clients get a clear answer, change nothing, and never stop the
server from serving everybody else. This module's server runs the default limits."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator

import pytest
import websockets

from seedbed.server.client import ServerError, TableClient, ws_url
from server_kit import ServerProcess, run


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("strict")
    srv = ServerProcess(f"sqlite:///{tmp / 'seedbed.db'}", "--sqlite-sync", "NORMAL").start(tmp)
    try:
        yield srv
    finally:
        srv.stop()


def test_garbage_gets_reasons_and_changes_nothing(strict: ServerProcess) -> None:
    table = strict.table(game="four_fields", players=2, seats=["human", "heuristic"], bot_think=1)
    a = strict.join(table["id"], "Ann")

    async def scenario() -> None:
        async with TableClient(strict.base, table["id"], token=a["token"]) as c:
            await c.wait_for(lambda c: bool(c.position["legal"]))
            version, view = c.version, c.position["view"]
            cases: list[tuple[str | bytes, str]] = [
                ("{not json", "bad_json"),
                ("[1, 2]", "bad_message"),
                ('"hello"', "bad_message"),
                ("{}", "unknown_type"),
                ('{"type": "teleport"}', "unknown_type"),
                (b"\x00\x01binary", "bad_message"),
                ('{"type": "move", "version": 1}', "bad_message"),
                ('{"type": "move", "version": "1", "action": 1}', "bad_message"),
                ('{"type": "move", "version": 1, "action": "7"}', "bad_message"),
                ('{"type": "move", "version": 1, "action": 1.5}', "bad_message"),
                ('{"type": "move", "version": 1, "action": true}', "bad_message"),
                ('{"type": "move", "version": 1, "action": -3}', "bad_message"),
                ('{"type": "move", "version": 1, "action": 1' + "0" * 200 + "}", "bad_message"),
                ('{"type": "move", "version": 1, "action": 1, "notation": "x"}', "bad_message"),
                ('{"type": "move", "version": 1, "action": 1, "extra": 1}', "bad_message"),
                ('{"type": "move", "id": {"a": 1}, "version": 1, "action": 1}', "bad_message"),
                ('{"type": "hello", "token": "again"}', "bad_message"),
                ("[" * 3000 + "]" * 3000, "too_big"),
                ("[" * 1500 + "]" * 1500, "bad_json"),
                (json.dumps({"type": "ping", "t": "x" * 5000}), "too_big"),
                ('{"type": "undo_answer", "accept": true}', "no_undo"),
                ('{"type": "hand_to_bot", "seat": 99}', "bad_message"),
            ]
            for text, code in cases:
                answer = await c.send_raw(text)
                assert answer["type"] == "reject" and answer["code"] == code, (text[:40], answer)
                assert answer["reason"]
                await asyncio.sleep(0.12)  # stay inside the rate limit
            # An absurd action number is refused at once, by the legal-move check, and
            # so is the lowest number that is not legal now (0 is legal in some deals).
            legal = {m["action"] for m in c.position["legal"]}
            lowest_illegal = next(n for n in range(len(legal) + 1) if n not in legal)
            for absurd in (1099108419977, 2**200, lowest_illegal):
                answer = await c.send_raw(
                    json.dumps(
                        {"type": "move", "id": str(absurd), "version": c.version, "action": absurd}
                    )
                )
                assert answer["code"] == "illegal" and answer["id"] == str(absurd)
            pong = await c.send_raw('{"type": "ping", "id": 7, "t": 1.5}')
            assert pong == {**pong, "type": "pong", "id": "7", "t": 1.5}
            assert c.version == version and c.position["view"] == view
            # Still a perfectly good connection.
            await c.move(c.position["legal"][0]["action"])

    run(scenario())


def test_tokens_are_checked_and_another_seat_cannot_be_played(strict: ServerProcess) -> None:
    table = strict.table(game="sow", players=2)
    a = strict.join(table["id"], "Ann", seat=0)
    b = strict.join(table["id"], "Bob", seat=1)

    async def scenario() -> None:
        last = "B" if a["token"].endswith("A") else "A"  # a token one character off
        for bad in ("", "x" * 32, a["token"][:-1] + last, a["token"] + " "):
            with pytest.raises(ServerError) as info:
                await TableClient(strict.base, table["id"], token=bad).connect()
            assert info.value.code == "bad_token"
        with pytest.raises(ServerError) as info:
            await TableClient(strict.base, "no-such-table", token=a["token"]).connect()
        assert info.value.code == "no_table"
        ca, cb = await strict.clients(table["id"], a, b)
        waiting = cb if ca.position["legal"] else ca
        mover = ca if waiting is cb else cb
        # The waiting seat sends the mover's move: refused, nothing changes.
        with pytest.raises(ServerError) as info:
            await waiting.request({"type": "move", "version": waiting.version,
                                   "action": mover.position["legal"][0]["action"]})  # fmt: skip
        assert info.value.code == "not_your_turn"
        assert mover.position["legal"]
        # Nobody ever sees a token.
        for c in (ca, cb):
            text = json.dumps(c.received)
            assert a["token"] not in text and b["token"] not in text
        await ca.close()
        await cb.close()

    run(scenario())


def test_hello_must_come_first_and_oversized_frames_close(strict: ServerProcess) -> None:
    table = strict.table(game="sow", players=2)

    async def scenario() -> None:
        url = ws_url(strict.base, table["id"])
        async with websockets.connect(url, compression=None) as ws:
            await ws.send('{"type": "move", "version": 0, "action": 1}')
            msg = json.loads(await ws.recv())
            assert msg["code"] == "hello_first"
            with pytest.raises(websockets.ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 10)
            assert ws.close_code == 4000
        async with websockets.connect(url, compression=None, max_size=None) as ws:
            await ws.send('{"type": "hello"}')
            await ws.recv()
            await ws.send("x" * 200_000)  # beyond the frame limit: the socket refuses it
            with pytest.raises(websockets.ConnectionClosed):
                while True:
                    await asyncio.wait_for(ws.recv(), 10)
            assert ws.close_code == 1009

    run(scenario())


def test_a_flood_is_closed_with_a_reason_and_other_tables_play_on(strict: ServerProcess) -> None:
    flooded = strict.table(game="sow", players=2)
    # Four Fields, because its games last: random moves can end a Harvest game in a
    # few moves (a suit's three court cards face up), before the 15 asserted below.
    calm = strict.table(game="four_fields", players=2, seats=["human", "heuristic"])
    c_token = strict.join(calm["id"], "Cal")["token"]

    async def flood() -> tuple[int | None, str | None, list[dict]]:
        async with websockets.connect(ws_url(strict.base, flooded["id"]), compression=None) as ws:
            await ws.send('{"type": "hello"}')
            got: list[dict] = []
            try:
                for i in range(5000):
                    await ws.send(json.dumps({"type": "ping", "id": i}))
                while True:
                    got.append(json.loads(await asyncio.wait_for(ws.recv(), 10)))
            except websockets.ConnectionClosed:
                pass
            return ws.close_code, ws.close_reason, got

    async def play_calm() -> int:
        rng = random.Random(2)
        moves = 0
        async with TableClient(strict.base, calm["id"], token=c_token) as c:
            while c.position["status"] != "over" and moves < 15:
                if c.position["legal"]:
                    await c.move(rng.choice(c.position["legal"])["action"])
                    moves += 1
                    await asyncio.sleep(0.05)
                else:
                    await c.next_update()
        return moves

    async def scenario() -> None:
        (code, reason, got), moves = await asyncio.gather(flood(), play_calm())
        assert code == 1008 and "rate limit" in (reason or "")
        assert any(m.get("code") == "rate_limited" for m in got)
        assert moves == 15

    run(scenario())
    assert strict.get("/api/health").json()["ok"]

"""Tables over real sockets: bots, rejections with reasons, resends, reconnects,
seats handed to bots and back, undo by policy, clocks, records and replays."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

import seedbed
from seedbed.server.client import ServerError, TableClient
from server_kit import ServerProcess, play_to_the_end, run


async def _reject(coro: Any) -> ServerError:
    with pytest.raises(ServerError) as info:
        await coro
    return info.value


def test_four_bots_play_to_the_end_and_the_record_replays(server: ServerProcess) -> None:
    table = server.table(game="harvest", players=4, seats=["heuristic", "random", "heuristic",
                                                           "random"])  # fmt: skip

    async def watch() -> TableClient:
        async with TableClient(server.base, table["id"]) as c:
            await c.wait_for(lambda c: c.position["status"] == "over", 120)
            return c

    c = run(watch())
    moves = [e for e in c.log if e["kind"] == "move"]
    assert moves and all(e["by"] == "bot" for e in moves)
    assert c.log[-1]["kind"] == "over"
    r = server.get(f"/api/tables/{table['id']}/record")
    assert r.status_code == 200
    record = seedbed.Record.from_json(r.text)
    final = record.replay()
    assert final.is_terminal() and list(final.scores()) == c.log[-1]["scores"]
    assert record.players == ["heuristic", "random", "heuristic", "random"]
    # Each seat's replay is its own view, the spectator's the spectator's.
    rep = server.get(f"/api/tables/{table['id']}/replay").json()
    assert len(rep["positions"]) == len(record.moves) + 1
    assert rep["positions"][-1]["view"] == final.view(None, moves=False)


def test_bots_that_reuse_their_tree_play_each_go_as_one_agent_would(
    server: ServerProcess,
) -> None:
    from seedbed.agents.base import make_agent, reuses
    from seedbed.sim.runner import derive_seed

    spec = "ismcts:iterations=12,depth=2,reuse=1"
    table = server.table(game="harvest", players=2, seats=[spec, "heuristic"])

    async def watch() -> TableClient:
        async with TableClient(server.base, table["id"]) as c:
            await c.wait_for(lambda c: c.position["status"] == "over", 120)
            return c

    run(watch())
    record = seedbed.Record.from_json(server.get(f"/api/tables/{table['id']}/record").text)
    # Offline: the searching seat's every go decided by one agent, the heuristic's
    # moves each by a fresh one, seeded as the server seeds a decision.
    state = seedbed.load("harvest", players=2).new_state(record.seed)
    specs = [spec, "heuristic"]
    gos = 0
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        agent = make_agent(specs[seat], seed=derive_seed(record.seed, "bot", seat,
                                                         state.move_number()))  # fmt: skip
        gos += reuses(agent)
        state.apply_action(agent.select_action(state.infoset(seat)))
        while reuses(agent) and not state.is_terminal() and state.current_player() == seat:
            state.apply_action(agent.select_action(state.infoset(seat)))
    assert gos > 1 and record.moves == state.history()


def test_moves_get_an_ack_or_a_reason_and_a_resent_move_is_harmless(
    server: ServerProcess,
) -> None:
    table = server.table(game="sow", players=2)
    a = server.join(table["id"], "Ann")
    b = server.join(table["id"], "Bob")

    async def scenario() -> None:
        ca, cb = await server.clients(table["id"], a, b)
        first, other = (ca, cb) if ca.position["legal"] else (cb, ca)
        legal = first.position["legal"]
        # Not your turn.
        err = await _reject(other.request({"type": "move", "version": other.version,
                                           "action": legal[0]["action"]}))  # fmt: skip
        assert err.code == "not_your_turn"
        # Illegal: the engine's reason comes back.
        bad = max(m["action"] for m in legal) + 1000
        err = await _reject(first.move(bad))
        assert err.code == "illegal" and "legal" in err.reason
        # Bad notation.
        err = await _reject(first.move("no such move"))
        assert err.code == "illegal"
        # From the future.
        err = await _reject(first.request({"type": "move", "version": first.version + 5,
                                           "action": legal[0]["action"]}))  # fmt: skip
        assert err.code == "bad_version"
        # A move by notation, then the same message again: acked once, applied once.
        version_before = first.version
        ack = await first.move(legal[0]["move"], msg_id="m-1")
        again = await first.request({"type": "move", "id": "m-1", "version": version_before,
                                     "action": legal[0]["action"]})  # fmt: skip
        assert again["duplicate"] is True and again["version"] == ack["version"]
        await other.caught_up(ack["version"])
        moves = [e for e in other.log if e["kind"] == "move"]
        assert len(moves) == 1
        # Stale: a move made against a position that has changed since.
        mover = first if first.position["legal"] else other
        err = await _reject(
            mover.request(
                {
                    "type": "move",
                    "version": version_before,
                    "action": mover.position["legal"][0]["action"],
                }
            )
        )
        assert err.code == "stale"
        # A spectator cannot move.
        async with TableClient(server.base, table["id"]) as spec:
            err = await _reject(spec.request({"type": "move", "version": spec.version,
                                              "action": 0}))  # fmt: skip
            assert err.code == "not_seated"
        await ca.close()
        await cb.close()

    run(scenario())


def test_a_reconnecting_client_gets_what_it_missed_or_a_snapshot(server: ServerProcess) -> None:
    table = server.table(game="four_fields", players=2, seats=["human", "heuristic"])
    a = server.join(table["id"], "Ann")
    rng = random.Random(3)

    async def scenario() -> None:
        c = TableClient(server.base, table["id"], token=a["token"])
        await c.connect()
        for _ in range(3):
            await c.wait_for(lambda c: bool(c.position["legal"]))
            await c.move(rng.choice(c.position["legal"])["action"])
        seen, log_len = c.version, len(c.log)
        await c.close()
        # Meanwhile the bot moved on; coming back with `since` gives just the rest.
        again = TableClient(server.base, table["id"], token=a["token"], since=seen)
        await again.connect()
        first = next(m for m in again.received if m["type"] in ("update", "snapshot"))
        assert first["type"] == "update"
        assert [e["v"] for e in first["events"]] == list(range(seen + 1, again.version + 1))
        # Without `since` (or with nonsense) it is a full snapshot.
        fresh = TableClient(server.base, table["id"], token=a["token"], since=10**6)
        await fresh.connect()
        snap = next(m for m in fresh.received if m["type"] in ("update", "snapshot"))
        assert snap["type"] == "snapshot" and len(snap["log"]) >= log_len
        assert snap["position"]["view"] == again.position["view"]
        await again.close()
        await fresh.close()

    run(scenario())


def test_a_seat_left_empty_is_handed_to_a_bot_and_given_back(server: ServerProcess) -> None:
    table = server.table(game="harvest", players=2)
    a = server.join(table["id"], "Ann")
    b = server.join(table["id"], "Bob")
    rng = random.Random(5)

    async def scenario() -> None:
        ca, cb = await server.clients(table["id"], a, b)
        # Bob can't be handed over while he is here.
        err = await _reject(ca.request({"type": "hand_to_bot", "seat": b["seat"]}))
        assert err.code == "conflict"
        await cb.close()
        await ca.wait_for(lambda c: c.table["seats"][b["seat"]]["connected"] is False)
        await ca.request({"type": "hand_to_bot", "seat": b["seat"]})
        await ca.wait_for(lambda c: c.table["seats"][b["seat"]]["stand_in"])
        # The stand-in plays Bob's moves while Ann plays hers.
        for _ in range(6):
            await ca.wait_for(lambda c: bool(c.position["legal"]), 60)
            await ca.move(rng.choice(ca.position["legal"])["action"])
        assert any(e.get("by") == "stand-in" for e in ca.log if e["kind"] == "move")
        # Bob comes back: the seat is his again.
        cb = TableClient(server.base, table["id"], token=b["token"], since=cb.version)
        await cb.connect()
        await ca.wait_for(lambda c: not c.table["seats"][b["seat"]]["stand_in"])
        assert any(e["kind"] == "return" for e in ca.log)
        await ca.close()
        await cb.close()

    run(scenario())


def test_a_client_waiting_for_a_player_to_go_is_woken_by_the_presence_alone(
    server: ServerProcess,
) -> None:
    """Nothing else happens at a table when a player goes (no move, no update), so the
    presence message alone must wake a client waiting on who is connected."""
    table = server.table(game="harvest", players=2)
    a = server.join(table["id"], "Ann")
    b = server.join(table["id"], "Bob")

    async def scenario() -> None:
        ca, cb = await server.clients(table["id"], a, b)
        await ca.wait_for(lambda c: c.table["seats"][b["seat"]]["connected"] is True, 10)
        waiting = asyncio.ensure_future(
            ca.wait_for(lambda c: c.table["seats"][b["seat"]]["connected"] is False, 10)
        )
        await asyncio.sleep(0.2)  # Ann is waiting before Bob goes
        assert not waiting.done()
        await cb.close()
        await waiting
        await ca.close()

    run(scenario())


def test_undo_of_a_hidden_plant_is_allowed_and_of_a_shown_card_is_not(
    server: ServerProcess,
) -> None:
    table = server.table(
        game="sewn", seats=["human", "heuristic", "heuristic", "heuristic"], bot_think=0.5
    )
    a = server.join(table["id"], "Ann")

    async def scenario() -> None:
        async with TableClient(server.base, table["id"], token=a["token"]) as c:
            # Trick play shows cards: those moves cannot be taken back.
            while True:
                await c.wait_for(lambda c: bool(c.position["legal"]), 60)
                legal = c.position["legal"]
                if legal[0]["move"].startswith("plant"):
                    break
                await c.move(legal[0]["action"])
                if c.position["to_move"] != c.seat:  # the bots think for half a second
                    err = await _reject(c.request({"type": "undo", "version": c.version}))
                    assert err.code == "undo_refused" and "card" in err.reason
            before = c.position["view"]
            await c.move(legal[0]["action"])
            assert c.position["view"] != before
            # A face-down plant shows nothing: the bots agree, it is taken back at once.
            ack = await c.request({"type": "undo", "version": c.version})
            await c.caught_up(ack["version"])
            assert c.log[-1]["kind"] == "undo"
            assert c.position["view"]["table"]["hand"] == before["table"]["hand"]

    run(scenario())


def test_an_undo_between_people_needs_the_others_to_agree(server: ServerProcess) -> None:
    table = server.table(game="harvest", players=2, seed=11)
    a = server.join(table["id"], "Ann", seat=0)
    b = server.join(table["id"], "Bob", seat=1)

    async def scenario() -> None:
        ca = TableClient(server.base, table["id"], token=a["token"])
        cb = TableClient(server.base, table["id"], token=b["token"])
        spec = TableClient(server.base, table["id"])
        for c in (ca, cb, spec):
            await c.connect()
        mover, other = (ca, cb) if ca.position["legal"] else (cb, ca)
        house = next(m for m in mover.position["legal"] if m["move"].startswith("house"))
        await mover.move(house["action"])
        ack = await mover.request({"type": "undo", "version": mover.version})
        await other.caught_up(ack["version"])
        assert other.log[-1]["kind"] == "undo_request"
        assert other.position["undo"]["waiting"] == [other.seat]
        # Spectators see a stub, not the players' vote.
        await spec.caught_up(ack["version"])
        assert spec.log[-1] == {"v": ack["version"], "kind": "hidden"}
        # A refusal ends it; the move stays.
        no = await other.request({"type": "undo_answer", "accept": False})
        await mover.caught_up(no["version"])
        assert mover.log[-1]["kind"] == "undo_answer" and not mover.log[-1]["accept"]
        # Asked again and accepted: the move is taken back.
        ack = await mover.request({"type": "undo", "version": mover.version})
        await other.caught_up(ack["version"])
        yes = await other.request({"type": "undo_answer", "accept": True})
        await mover.caught_up(yes["version"])
        assert mover.log[-1]["kind"] == "undo"
        assert any(m["action"] == house["action"] for m in mover.position["legal"])
        for c in (ca, cb, spec):
            await c.close()

    run(scenario())


def test_a_move_clock_runs_out_and_the_heuristic_plays_for_the_seat(
    server: ServerProcess,
) -> None:
    table = server.table(game="sow", players=2, seats=["human", "heuristic"],
                         clock={"kind": "move", "seconds": 1})  # fmt: skip
    a = server.join(table["id"], "Ann")

    async def scenario() -> None:
        async with TableClient(server.base, table["id"], token=a["token"]) as c:
            await c.wait_for(lambda c: bool(c.position["legal"]), 30)
            assert c.position["clocks"]["running"] == c.seat
            await c.wait_for(
                lambda c: any(e.get("by") == "timeout" for e in c.log if e["kind"] == "move"), 30
            )

    run(scenario())


def test_a_fischer_bank_shrinks_by_the_time_taken_and_grows_by_the_increment(
    server: ServerProcess,
) -> None:
    table = server.table(game="sow", players=2, seats=["human", "heuristic"],
                         clock={"kind": "fischer", "base": 60, "increment": 2})  # fmt: skip
    a = server.join(table["id"], "Ann")

    async def scenario() -> None:
        async with TableClient(server.base, table["id"], token=a["token"]) as c:
            await c.wait_for(lambda c: bool(c.position["legal"]), 30)
            assert c.position["clocks"]["remaining"][c.seat] == 60
            await asyncio.sleep(0.5)
            await c.move(c.position["legal"][0]["action"])
            bank = c.position["clocks"]["remaining"][c.seat]
            assert 60 < bank < 61.6

    run(scenario())


def test_who_may_watch(server: ServerProcess) -> None:
    closed = server.table(game="sow", players=2, watch="nobody")
    r = server.post("/api/tables", {"game": "sow", "players": 2, "watch": "link"})
    link = r.json()

    async def scenario() -> None:
        err = await _reject(TableClient(server.base, closed["id"]).connect())
        assert err.code == "not_allowed"
        err = await _reject(TableClient(server.base, link["table"]["id"], watch="wrong").connect())
        assert err.code == "not_allowed"
        ok = TableClient(server.base, link["table"]["id"], watch=link["watch_token"])
        await ok.connect()
        assert ok.seat is None
        await ok.close()

    run(scenario())
    listed = {t["id"] for t in server.get("/api/tables?status=open").json()["tables"]}
    assert closed["id"] in listed  # its seats are open; watching it is not


def test_registered_players_are_rated_after_a_finished_game(server: ServerProcess) -> None:
    assert (
        server.post("/api/players", {"name": "Rita", "password": "correct horse"}).status_code
        == 201
    )
    assert server.post("/api/players", {"name": "rita", "password": "whatever1"}).status_code == 409
    assert (
        server.post("/api/session", {"name": "Rita", "password": "wrong pass"}).status_code == 403
    )
    login = server.post("/api/session", {"name": "Rita", "password": "correct horse"})
    assert login.status_code == 200 and "seedbed_session" in login.headers["set-cookie"]
    assert "HttpOnly" in login.headers["set-cookie"]
    bearer = {"Authorization": f"Bearer {login.json()['token']}"}
    assert server.get("/api/me", headers=bearer).json()["name"] == "Rita"
    table = server.table(game="harvest", players=2, seats=["human", "random"])
    # A guest may not take a registered name.
    r = server.post(f"/api/tables/{table['id']}/join", {"name": "RITA"})
    assert r.status_code == 409
    r = server.post(f"/api/tables/{table['id']}/join", {}, headers=bearer)
    assert r.status_code == 200 and r.json()["name"] == "Rita"
    token = r.json()["token"]
    run(_finish_as(server, table["id"], token))
    for _ in range(50):
        names = {row["name"]: row for row in server.get("/api/leaderboard").json()["ratings"]}
        if "Rita" in names:
            break
        run(asyncio.sleep(0.1))
    assert names["Rita"]["games"] == 1 and names["Rita"]["kind"] == "player"
    assert names["random"]["kind"] == "agent"
    assert names["Rita"]["sigma"] < 25 / 3  # one game: less uncertain


async def _finish_as(server: ServerProcess, table_id: str, token: str) -> None:
    async with TableClient(server.base, table_id, token=token) as c:
        await play_to_the_end(c, random.Random(0))


def test_rest_mistakes_get_clear_answers(server: ServerProcess) -> None:
    cases = [
        ({"game": "sewm"}, "Did you mean 'sewn'"),
        ({"game": "sewn", "players": 3}, "4 players"),
        ({"game": "sow", "players": 2, "seats": ["human"]}, "needs 2 seats"),
        ({"game": "sow", "seats": ["human", "grandmaster"]}, "no agent"),
        ({"game": "sow", "seats": ["human", "ismcts:time=3600"]}, "allows agent time"),
        ({"game": "harvest", "options": {"nope": 1}}, "no option"),
        ({"game": "sow", "clock": {"kind": "sundial"}}, "clock kind"),
    ]
    for body, words in cases:
        r = server.post("/api/tables", body)
        assert r.status_code == 422, (body, r.text)
        assert words in json.dumps(r.json()), (body, r.text)
    assert server.get("/api/tables/nope").status_code == 404
    table = server.table(game="sow", players=2)
    assert server.post(f"/api/tables/{table['id']}/join", {}).status_code == 422
    assert server.post(f"/api/tables/{table['id']}/join", {"name": "\u0000evil"}).status_code == 422
    server.join(table["id"], "Ann", seat=0)
    assert (
        server.post(f"/api/tables/{table['id']}/join", {"name": "Cy", "seat": 0}).status_code == 409
    )
    assert server.post(f"/api/tables/{table['id']}/leave", {"token": "x" * 30}).status_code == 403
    assert server.get(f"/api/tables/{table['id']}/record").status_code == 409

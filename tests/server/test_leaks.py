"""Nothing leaks: whole games of every game, player count and option value played
through real WebSocket connections, one client per seat and a spectator; every
message each of them received is checked against what the protocol allows that
viewer (``view(p)``, ``notation_for``, ``scores_for``, its own legal moves), and no
message to anyone ever holds a card that viewer had not been allowed to see, or
anybody's secret token."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

import seedbed
from seedbed.core.protocol import State
from seedbed.server.client import TableClient
from seedbed.server.table import _card_tokens
from seedbed.testing.conformance import game_configurations
from server_kit import ServerProcess, run


async def _play_table(server: ServerProcess, config: dict[str, Any], seed: int) -> dict[str, Any]:
    params = dict(config)
    n = params.pop("players")
    r = server.post(
        "/api/tables",
        {"game": config["game"], "players": n, "options": params.get("options", {}), "seed": seed},
    )
    assert r.status_code == 201, r.text
    table_id = r.json()["table"]["id"]
    joins = [server.join(table_id, f"P{i}", seat=i) for i in range(n)]
    tokens = [j["token"] for j in joins]
    rng = random.Random(seed)
    spectator = TableClient(server.base, table_id)
    clients = [TableClient(server.base, table_id, token=t) for t in tokens]
    await spectator.connect()
    for c in clients:
        await c.connect()

    async def seat_loop(c: TableClient) -> None:
        while c.position.get("status") != "over":
            legal = c.position.get("legal")
            if legal:
                try:
                    await c.move(rng.choice(legal)["action"])
                except Exception as exc:  # a stale view is fine: look again
                    if getattr(exc, "code", None) not in ("stale", "not_your_turn"):
                        raise
                    await c.next_update()
            else:
                await c.next_update()

    await asyncio.gather(*(seat_loop(c) for c in clients))
    await spectator.wait_for(lambda c: c.position.get("status") == "over")
    record = server.get(f"/api/tables/{table_id}/record").json()
    for c in [*clients, spectator]:
        await c.close()
    return {
        "clients": clients,
        "spectator": spectator,
        "record": record,
        "tokens": tokens,
        "table_id": table_id,
    }


def _check_viewer(
    states: list[State],
    actions: list[int],
    actors: list[int],
    viewer: int | None,
    received: list[dict[str, Any]],
    secrets_: list[str],
    label: str,
    table_id: str = "",
) -> int:
    """Check every message ``viewer`` received; returns how many were checked."""
    allowed: list[set[str]] = []  # cards the viewer may know after k moves
    seen: set[str] = set()
    for k, st in enumerate(states):
        seen |= _card_tokens(st.view(viewer))
        if k > 0:
            seen |= _card_tokens(states[k - 1].notation_for(actions[k - 1], actors[k - 1], viewer))
        allowed.append(set(seen))
    moves_seen = 0  # move events delivered so far (they arrive in order)
    checked = 0
    for msg in received:
        text = json.dumps(msg)
        for secret in secrets_:
            assert secret not in text, f"{label}: a secret token reached viewer {viewer}"
        kind = msg["type"]
        events = msg.get("log") if kind == "snapshot" else msg.get("events", [])
        for ev in events or []:
            if ev["kind"] == "move":
                j = moves_seen
                told = states[j].notation_for(actions[j], actors[j], viewer)
                assert ev["move"] == told and ev["seat"] == actors[j], (label, viewer, ev)
                moves_seen += 1
            if viewer is None:
                assert ev["kind"] not in ("undo_request", "undo_answer"), (label, ev)
        if kind in ("snapshot", "update"):
            k = moves_seen
            st = states[k]
            pos = msg["position"]
            # the view without its move log: the moves came as events, checked above
            assert pos["view"] == st.view(viewer, moves=False), (label, viewer, k)
            assert pos["scores"] == st.scores_for(viewer), (label, viewer, k)
            if viewer is not None and st.current_player() == viewer and not st.is_terminal():
                legal = [{"action": a, "move": st.action_to_string(a)} for a in st.legal_actions()]
                assert pos["legal"] == legal, (label, viewer, k)
            else:
                assert pos["legal"] == [], f"{label}: viewer {viewer} got another seat's moves"
            # The table's id is random text that may hold a card's name ("x_AC-y9"):
            # it is not a card sent to the viewer.
            extra = _card_tokens(json.dumps(msg).replace(table_id or "\0", "")) - allowed[k]
            assert not extra, f"{label}: viewer {viewer} was sent {sorted(extra)} at move {k}"
            checked += 1
    assert moves_seen == len(actions), f"{label}: viewer {viewer} missed moves"
    return checked


def _verify(result: dict[str, Any], label: str) -> None:
    record = seedbed.Record.from_json(json.dumps(result["record"]))
    states = record.states()
    actions, actors = [], []
    for before, text in zip(states, record.moves, strict=False):
        actions.append(before.string_to_action(text))
        who = before.current_player()
        assert who is not None
        actors.append(who)
    secrets_ = result["tokens"]
    total = 0
    for c in result["clients"]:
        total += _check_viewer(
            states, actions, actors, c.seat, c.received, secrets_, label, result["table_id"]
        )
    total += _check_viewer(
        states,
        actions,
        actors,
        None,
        result["spectator"].received,
        secrets_,
        label,
        result["table_id"],
    )
    assert total > len(actions)


@pytest.mark.parametrize("game_id", seedbed.available_games())
def test_no_seat_and_no_spectator_is_ever_sent_what_it_may_not_know(
    server: ServerProcess, game_id: str
) -> None:
    configs = list(game_configurations(game_id))

    async def scenario() -> list[dict[str, Any]]:
        jobs = []
        for i, cfg in enumerate(configs):
            options = {k: v for k, v in cfg.items() if k != "players"}
            jobs.append(
                _play_table(
                    server, {"game": game_id, "players": cfg["players"], "options": options}, i
                )
            )
        return list(await asyncio.gather(*jobs))

    results = run(scenario())
    for cfg, result in zip(configs, results, strict=True):
        _verify(result, f"{game_id} {cfg}")

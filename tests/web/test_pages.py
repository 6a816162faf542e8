"""The pages over real HTTP: what each serves, its security headers, the data it
embeds, the rules and the leaderboard, the server additions the table needs, and
the committed build of the client matching its sources."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from seedbed.server.pages import STATIC, bot_choices, games_catalogue

ROOT = Path(__file__).resolve().parents[2]


def _page_data(html: str) -> Any:
    m = re.search(r'<script type="application/json" id="page-data">(.*?)</script>', html, re.S)
    assert m, "the page embeds its data"
    return json.loads(m.group(1))


def test_the_lobby_lists_every_game_with_its_options_and_bots(server: Any) -> None:
    r = server.get("/")
    assert r.status_code == 200
    assert "default-src 'self'" in r.headers["content-security-policy"]
    assert r.headers["x-content-type-options"] == "nosniff"
    data = _page_data(r.text)
    ids = [g["id"] for g in data["games"]]
    assert sorted(ids) == sorted(
        server.get("/api/games").json()["games"][i]["id"] for i in range(len(ids))
    )
    sewn = next(g for g in data["games"] if g["id"] == "sewn")
    assert sewn["seat_names"]["4"] == ["South", "East", "North", "West"]
    assert {b["spec"] for b in data["bots"]} >= {"random", "heuristic", "ismcts:time=1"}
    # No page asks anything of another host: scripts, styles and icons are ours.
    for url in re.findall(r'(?:src|href)="([^"]+)"', r.text):
        assert url.startswith("/"), url


def test_static_files_are_served_and_versioned(server: Any) -> None:
    html = server.get("/").text
    for name in ("app.js", "app.css", "icon.svg"):
        m = re.search(rf"/static/{re.escape(name)}\?v=([0-9a-f]{{12}})", html)
        assert m, name
        r = server.get(f"/static/{name}?v={m.group(1)}")
        assert r.status_code == 200 and len(r.content) > 100
    script = server.get("/static/app.js", headers={"Accept-Encoding": "gzip"})
    assert "http://" not in script.text.replace("http://www.w3.org/2000/svg", "")
    # compressed on the way, the same file once unpacked
    assert script.headers["content-encoding"] == "gzip"
    assert script.num_bytes_downloaded < len(script.content) / 2
    assert script.content == (STATIC / "app.js").read_bytes()


def test_embedded_data_cannot_close_its_script_element(server: Any) -> None:
    table = server.table(game="sow", players=2, name="</script><b>x</b>&")
    r = server.get(f"/t/{table['id']}")
    assert r.status_code == 200
    assert "</script><b>" not in r.text
    data = _page_data(r.text)
    assert data["table"] == table["id"] and data["game"] == "sow"
    assert data["seat_names"] == ["seat 0", "seat 1"] or len(data["seat_names"]) == 2


def test_an_unknown_table_or_game_is_a_page_that_says_so(server: Any) -> None:
    r = server.get("/t/nope")
    assert r.status_code == 404 and "There is no table" in r.text
    r = server.get("/t/nope/replay")
    assert r.status_code == 404
    r = server.get("/rules/sewm")
    assert r.status_code == 404 and "sewm" in r.text


def test_rules_pages_render_from_docs_rules(server: Any) -> None:
    index = server.get("/rules")
    assert index.status_code == 200
    for game in games_catalogue():
        r = server.get(f"/rules/{game['id']}")
        assert r.status_code == 200, game["id"]
        assert "<h1>" in r.text and "<table>" in r.text
        assert f'href="/rules/{game["id"]}"' in index.text


def test_the_leaderboard_shows_bots_after_a_rated_game(server: Any) -> None:
    import asyncio

    from seedbed.server.client import TableClient

    table = server.table(game="four_fields", players=2, seats=["heuristic", "random"])

    async def wait() -> None:
        async with TableClient(server.base, table["id"]) as c:
            await c.wait_for(lambda c: c.position["status"] == "over", 120)

    asyncio.run(asyncio.wait_for(wait(), 150))
    for _ in range(50):
        if server.get("/api/leaderboard").json()["ratings"]:
            break
        asyncio.run(asyncio.sleep(0.1))
    r = server.get("/leaderboard")
    assert r.status_code == 200
    assert "heuristic" in r.text and "random" in r.text


def test_a_position_carries_the_score_sheet_and_replays_show_any_seat(server: Any) -> None:
    import asyncio

    from seedbed.server.client import TableClient

    table = server.table(game="harvest", players=2, seats=["heuristic", "heuristic"], seed=4)

    async def watch() -> dict[str, Any]:
        async with TableClient(server.base, table["id"]) as c:
            await c.wait_for(lambda c: c.position["status"] == "over", 120)
            return c.position

    pos = asyncio.run(asyncio.wait_for(watch(), 150))
    assert pos["score_sheet"]["total"] == pos["scores"]
    for seat in (None, 0, 1):
        q = "" if seat is None else f"?seat={seat}"
        rep = server.get(f"/api/tables/{table['id']}/replay{q}").json()
        assert rep["seat"] == seat
        assert rep["positions"][-1]["view"]["seat"] == seat
        assert rep["score_sheet"]["total"] == pos["scores"]
    assert server.get(f"/api/tables/{table['id']}/replay?seat=2").status_code == 422


def test_bot_choices_offer_strength_levels_when_the_registry_has_them() -> None:
    plain = bot_choices({"random": "r", "heuristic": "h", "ismcts": "s"})
    assert [b["spec"] for b in plain] == ["random", "heuristic", "ismcts:time=1", "ismcts:time=3"]
    levels = bot_choices({"expert": "e", "beginner": "b", "heuristic": "h"})
    assert [b["spec"] for b in levels] == ["beginner", "expert", "heuristic"]
    assert levels[0]["label"] == "Beginner" and levels[0]["doc"] == "b"


def test_the_committed_client_is_what_its_sources_build() -> None:
    """``make static`` writes src/seedbed/server/static from web/src: a change to the
    sources without the rebuilt files (or the other way round) fails here."""
    node = shutil.which("node")
    if node is None or not (ROOT / "web" / "node_modules" / "esbuild").is_dir():
        why = "node and web/node_modules are needed (make web/node_modules)"
        if os.environ.get("SEEDBED_REQUIRE_BROWSER"):
            pytest.fail(why)
        pytest.skip(why)
    done = subprocess.run([node, "build.mjs", "--check"], cwd=ROOT / "web", capture_output=True,
                          text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr + done.stdout

"""The lobby in Chromium: a table opened through the form with the settings a person
chose, a friend who takes the open seat from the link, a spectator, and the lobby's
lists of tables."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from layout_check import shoot


def _context(browser: Any) -> Any:
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    context.errors = []
    context.on("weberror", lambda e: context.errors.append(str(e.error)))
    return context


def test_a_table_opened_in_the_lobby_is_joined_from_its_link_and_watched(
    server: Any, browser: Any, artifacts: Path
) -> None:
    host = _context(browser)
    page = host.new_page()
    page.goto(server.base + "/")
    page.wait_for_selector("[data-new='four_fields']")
    # Every game is offered with its summary and player counts.
    for game in server.get("/api/games").json()["games"]:
        card = page.locator(f".game[data-game='{game['id']}']")
        assert game["name"] in card.inner_text()
    page.click("[data-new='four_fields']")
    page.fill("#create input[name='name']", "Ann")
    page.select_option("#create select[name='players']", "3")
    page.select_option("#create select[name='seat1']", "heuristic")
    page.select_option("#create select[name='seat2']", "human")
    page.check("#create input[name='opt:full_harvest']")
    page.select_option("#create select[name='clock']", "move")
    page.fill("#create input[name='clock_seconds']", "90")
    page.fill("#create input[name='table_name']", "Friday")
    assert shoot(page, artifacts, "lobby-form") == {"laptop": [], "phone": []}
    page.click("#create button[type='submit']")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".seat.you")
    table_id = page.url.rsplit("/", 1)[-1]
    table = server.get(f"/api/tables/{table_id}").json()["table"]
    assert table["game"] == "four_fields" and table["players"] == 3
    assert table["params"]["full_harvest"] is True
    assert table["clock"]["kind"] == "move" and table["clock"]["seconds"] == 90
    assert table["name"] == "Friday"
    seats = table["seats"]
    assert seats[0]["name"] == "Ann" and seats[1]["kind"] == "bot" and seats[2]["free"]
    assert "Waiting for 1 player" in page.inner_text("#status")
    # The lobby lists it as open; a friend follows the link and sits down.
    friend = _context(browser)
    lobby = friend.new_page()
    lobby.goto(server.base + "/")
    lobby.wait_for_selector(f"#open-tables [data-table='{table_id}']")
    shoot(lobby, artifacts, "lobby")
    other = friend.new_page()
    other.goto(f"{server.base}/t/{table_id}")
    other.fill("#join-name", "Bea")
    other.click("[data-join='2']")
    for p in (page, other):
        p.wait_for_function("() => document.body.dataset.status === 'playing'")
        assert "Bea" in p.inner_text("#seats") and "Ann" in p.inner_text("#seats")
    # A spectator sees the table but no hand, and cannot move.
    watcher = _context(browser)
    look = watcher.new_page()
    look.goto(f"{server.base}/t/{table_id}")
    look.wait_for_function("() => document.body.dataset.status === 'playing'")
    assert look.locator(".hand-box").count() == 0
    assert look.locator("#picker").is_hidden()
    assert look.locator("#join").is_hidden()  # the game has started: no seat to take
    lobby.reload()
    lobby.wait_for_selector(f"#playing-tables [data-table='{table_id}']")
    assert "Watch" in lobby.inner_text(f"#playing-tables [data-table='{table_id}']")
    for c in (host, friend, watcher):
        assert c.errors == []
        c.close()

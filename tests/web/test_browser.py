"""The browser table in real Chromium against a real server: whole games played only
by clicking, several people at one table, a reload and a server restart mid-game,
nothing hidden reaching a seat's page, and screenshots at two widths."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from browser_kit import SeatPage, open_table, over, play
from layout_check import shoot
from leak_check import Replayed, check_dom, check_frames, dom_cards, move_versions

from seedbed.core.registry import available_games, game_class
from server_kit import start_server

#: Every game at every player count, a person against heuristic bots (Four Fields'
#: full harvest at three players, so that its picker is played too).
AGAINST_BOTS = [
    (gid, n, {"full_harvest": True} if gid == "four_fields" and n == 3 else {})
    for gid in available_games()
    for n in range(game_class(gid).min_players, game_class(gid).max_players + 1)
]


def _new_context(browser: Any) -> Any:
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    context.errors = []  # JavaScript errors of its pages: each is a failure
    context.on("weberror", lambda e: context.errors.append(str(e.error)))
    return context


def _record(server: Any, table_id: str) -> Replayed:
    r = server.get(f"/api/tables/{table_id}/record")
    assert r.status_code == 200, r.text
    return Replayed(r.text)


@pytest.mark.parametrize(
    ("game", "players", "options"), AGAINST_BOTS, ids=[f"{g}-{n}" for g, n, _ in AGAINST_BOTS]
)
def test_a_person_plays_a_whole_game_against_bots_by_clicking(
    server: Any, browser: Any, artifacts: Path, game: str, players: int, options: dict[str, Any]
) -> None:
    seed = 11
    table = server.table(game=game, players=players, options=options, seed=seed,
                         seats=["human"] + ["heuristic"] * (players - 1))  # fmt: skip
    context = _new_context(browser)
    me = open_table(context, server.base, table["id"], "Ann", 0)
    rng = random.Random(seed)
    snapshots: list[tuple[set[str], int]] = []
    shot = False

    def done() -> bool:
        nonlocal shot
        if me.clicks and me.clicks % 12 == 0:
            snapshots.append(dom_cards(me.page))
        if not shot and me.clicks >= 6:
            shot = True
            problems = shoot(me.page, artifacts, f"{game}-{players}p-table")
            assert problems == {"laptop": [], "phone": []}, problems
        return over(me)

    play([me], rng, done)
    page = me.page
    page.wait_for_selector("#result .headline")
    snapshots.append(dom_cards(page))
    headline = page.inner_text("#result .headline")
    final = page.inner_text("#result .final-scores")
    game_record = _record(server, table["id"])
    end = game_record.states[-1]
    assert end.is_terminal()
    for seat, score in enumerate(end.scores()):
        assert f"{end.game.seat_name(seat)} {score:g}" in final.replace(".0,", ",").replace(
            ".0", ""
        ) or (f"{score}" in final)
    assert headline.strip()
    assert page.locator("#result .score-sheet tr").count() >= 2
    assert me.clicks > 0
    if not page.query_selector(".raw-view"):  # an engine without its table part is drawn as text
        assert me.board_clicks > 0, "moves were chosen on the table itself"
    assert shoot(page, artifacts, f"{game}-{players}p-over") == {"laptop": [], "phone": []}
    # Nothing the seat could not know reached its page.
    frames = me.messages()
    assert check_frames(frames, 0, game_record, []) > 0
    check_dom(snapshots, 0, game_record, move_versions(frames))
    # The replay: step back and forth, as this seat and as a spectator.
    page.click("#result a[href$='/replay']")
    page.wait_for_selector("#board > *")
    page.keyboard.press("End")
    page.wait_for_selector("#result:not([hidden]) .headline")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#result", state="hidden")
    page.select_option("#replay-viewer", "")
    page.wait_for_function(
        "() => document.getElementById('replay-where').textContent.startsWith('move')"
    )
    assert "of" in page.inner_text("#replay-where")
    assert shoot(page, artifacts, f"{game}-{players}p-replay") == {"laptop": [], "phone": []}
    assert context.errors == []
    context.close()


def test_four_people_play_a_sewn_round(server: Any, browser: Any) -> None:
    table = server.table(game="sewn", players=4, seed=5)
    contexts = [_new_context(browser) for _ in range(4)]
    pages = [open_table(c, server.base, table["id"], f"P{i}", i) for i, c in enumerate(contexts)]
    rng = random.Random(5)
    snapshots: list[list[tuple[set[str], int]]] = [[] for _ in pages]
    rounds = {"seen": 0}

    def round_over() -> bool:
        rounds["seen"] += 1
        if rounds["seen"] % 40 == 0:
            for i, p in enumerate(pages):
                snapshots[i].append(dom_cards(p.page))
        # One round is 13 seed moves a seat... done when a score appears.
        text = pages[0].page.inner_text("#seats")
        return any(s.isdigit() and s != "0" for s in _scores(text))

    play(pages, rng, round_over, timeout=400)
    for p in pages:
        p.page.wait_for_function("() => document.body.dataset.status === 'playing'")
    # The seat tokens before the seats are left (leaving forgets them on the page).
    tokens = [_token(p) for p in pages]
    # Finish the game quickly with bots for the record (the leak check needs it).
    _hand_to_bots_and_finish(server, pages, table["id"])
    game_record = _record(server, table["id"])
    for i, p in enumerate(pages):
        frames = p.messages()
        others = [t for j, t in enumerate(tokens) if j != i]
        assert check_frames(frames, i, game_record, others) > 0
        snapshots[i].append(dom_cards(p.page))
        check_dom(snapshots[i], i, game_record, move_versions(frames))
    for c in contexts:
        assert c.errors == []
        c.close()


def _scores(text: str) -> list[str]:
    return [w for w in text.split() if w.isdigit()]


def _token(p: SeatPage) -> str:
    table = p.page.url.rsplit("/", 1)[-1]
    token: str = p.page.evaluate(
        f"() => JSON.parse(localStorage.getItem('seedbed:seat:{table}')).token"
    )
    return token


def _hand_to_bots_and_finish(server: Any, pages: list[SeatPage], table_id: str) -> None:
    """Leave every seat but the first and let the stand-in bots play them; the first
    page plays on by clicking until the end."""
    for p in pages[1:]:
        p.page.once("dialog", lambda d: d.accept())
        p.page.click("#actions button:has-text('Leave the game')")
    first = pages[0]
    for _ in range(1, len(pages)):
        first.page.wait_for_selector("#actions button:has-text('Let a bot play for')")
        first.page.click("#actions button:has-text('Let a bot play for') >> nth=0")
        time.sleep(0.3)
    play([first], random.Random(1), lambda: over(first), timeout=300)


TWO_PEOPLE = [("sow", {}), ("harvest", {}), ("four_fields", {})]


@pytest.mark.parametrize(("game", "options"), TWO_PEOPLE, ids=[g for g, _ in TWO_PEOPLE])
def test_two_people_play_a_whole_game(
    server: Any, browser: Any, game: str, options: dict[str, Any]
) -> None:
    table = server.table(game=game, players=2, options=options, seed=3)
    contexts = [_new_context(browser) for _ in range(2)]
    pages = [open_table(c, server.base, table["id"], f"P{i}", i) for i, c in enumerate(contexts)]
    rng = random.Random(3)
    snapshots: list[list[tuple[set[str], int]]] = [[], []]
    count = {"n": 0}

    def done() -> bool:
        count["n"] += 1
        if count["n"] % 30 == 0:
            for i, p in enumerate(pages):
                snapshots[i].append(dom_cards(p.page))
        return over(pages[0]) and over(pages[1])

    play(pages, rng, done, timeout=400)
    game_record = _record(server, table["id"])
    tokens = [_token(p) for p in pages]
    for i, p in enumerate(pages):
        frames = p.messages()
        assert check_frames(frames, i, game_record, [tokens[1 - i]]) > 0
        snapshots[i].append(dom_cards(p.page))
        check_dom(snapshots[i], i, game_record, move_versions(frames))
        p.page.wait_for_selector("#result .headline")
    for c in contexts:
        assert c.errors == []
        c.close()


def test_reload_and_server_restart_resume_the_same_table(
    browser: Any, tmp_path: Path, artifacts: Path
) -> None:
    srv = start_server(tmp_path)
    try:
        table = srv.table(game="four_fields", players=2, seed=9, seats=["human", "heuristic"])
        context = _new_context(browser)
        me = open_table(context, srv.base, table["id"], "Ann", 0)
        rng = random.Random(9)
        play([me], rng, lambda: me.state()["version"] >= 12)
        me.page.wait_for_selector("#picker .option")
        before = me.state()["version"]
        log_before = me.page.inner_text("#log")
        # A reload: the page comes back to the same seat, same table, same moves.
        me.page.reload()
        me.page.wait_for_function(f"() => Number(document.body.dataset.version) === {before}")
        me.page.wait_for_selector("#picker .option")
        assert me.page.inner_text("#log") == log_before
        assert "(you)" in me.page.inner_text(".seat.you")
        # A server restart on the same database and port: "reconnecting", then the table.
        port = srv.port
        srv.stop()
        me.page.wait_for_selector("#banner:not([hidden])", timeout=10000)
        assert "Reconnecting" in me.page.inner_text("#banner")
        me.page.screenshot(path=str(artifacts / "reconnecting.png"))
        srv = start_server(tmp_path, port=port)
        me.page.wait_for_selector("#banner", state="hidden", timeout=20000)
        me.page.wait_for_function(f"() => Number(document.body.dataset.version) === {before}")
        me.page.wait_for_selector("#picker .option")
        assert me.page.inner_text("#log") == log_before
        # And the game goes on.
        play([me], rng, lambda: me.state()["version"] >= before + 2)
        assert context.errors == []
        context.close()
    finally:
        srv.stop()

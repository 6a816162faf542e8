"""The pages people see: the lobby, the table, the replay viewer, the rules and the
leaderboard, rendered with Jinja2, and the built client (``static/``).

The pages are thin: the lobby and the table are drawn by the TypeScript client
(``web/src``, built into ``static/app.js`` by ``make static``), an ordinary client
of the REST API and the table socket, so the browser gets nothing that the protocol
would not give any other client. The rules pages are the Markdown files of
``docs/rules`` (shipped in the package), rendered with markdown-it-py.

Every page is sent with a Content Security Policy that allows scripts, styles and
connections to this server only: nothing is loaded from elsewhere and the site
works offline.
"""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from jinja2 import Environment, PackageLoader, select_autoescape
from markdown_it import MarkdownIt
from markupsafe import Markup
from starlette.middleware.gzip import GZipMiddleware

from seedbed.agents.base import available_agents
from seedbed.core.docs import rules_page
from seedbed.core.registry import available_games, game_class
from seedbed.server.manager import Manager, NotFound
from seedbed.server.ratings import ordinal

STATIC = Path(__file__).resolve().parent / "static"

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)

#: Bot strengths offered first, when the agent registry has them (weakest first).
LEVELS = ("beginner", "casual", "strong", "expert")

#: Bots offered whatever the registry holds beyond the levels: a spec and its words.
STANDARD_BOTS = (
    ("random", "Random", "plays any legal move: for learning the rules"),
    ("heuristic", "Heuristic", "quick, plays by rules of thumb"),
    ("ismcts:time=1", "Search, 1 s", "searches sampled deals for about a second a move"),
    ("ismcts:time=3", "Search, 3 s", "searches about three seconds a move: the strongest here"),
)

_env = Environment(
    loader=PackageLoader("seedbed.server", "templates"),
    autoescape=select_autoescape(default=True),
    trim_blocks=True,
    lstrip_blocks=True,
)
_markdown = MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")


def bot_choices(agents: dict[str, str] | None = None) -> list[dict[str, str]]:
    """The bots a seat may be given, as ``{"spec", "label", "doc"}``: the strength
    levels the registry lists (when it has them), then the standard agents it has."""
    agents = available_agents() if agents is None else agents
    out = [
        {"spec": name, "label": name.capitalize(), "doc": agents[name]}
        for name in LEVELS
        if name in agents
    ]
    for spec, label, doc in STANDARD_BOTS:
        if spec.split(":", 1)[0] in agents:
            out.append({"spec": spec, "label": label, "doc": doc})
    return out


def games_catalogue() -> list[dict[str, Any]]:
    """Every game with what the lobby needs to offer it (the same facts as
    ``GET /api/games``, plus its seat names)."""
    out = []
    for gid in available_games():
        cls = game_class(gid)
        out.append(
            {
                "id": gid,
                "name": cls.name,
                "summary": cls.summary,
                "min_players": cls.min_players,
                "max_players": cls.max_players,
                "default_players": cls.default_players,
                "seat_names": {
                    str(n): [cls(n).seat_name(p) for p in range(n)]
                    for n in range(cls.min_players, cls.max_players + 1)
                },
                "options": [
                    {
                        "name": name,
                        "default": o.default,
                        "doc": o.doc,
                        "choices": list(o.choices) if o.choices is not None else None,
                        "type": type(o.default).__name__,
                    }
                    for name, o in cls.options.items()
                ],
            }
        )
    return out


@functools.cache
def _asset_version(name: str) -> str:
    """A short hash of a static file, appended to its URL so that a browser never
    keeps an old client after an upgrade."""
    path = STATIC / name
    if not path.is_file():
        return "missing"
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def _asset(name: str) -> str:
    return f"/static/{name}?v={_asset_version(name)}"


_env.globals["asset"] = _asset


@functools.cache
def rules_html(game: str) -> tuple[str, str]:
    """A rules page as HTML: the part for players, and the part for developers
    (from its "For developers" heading on; empty if it has none)."""
    text = rules_page(game).read_text(encoding="utf-8")
    players, marker, developers = text.partition("\n## For developers")
    dev_html = _markdown.render(marker.lstrip("\n") + developers) if marker else ""
    return _markdown.render(players), dev_html


def _page(template: str, status: int = 200, **context: Any) -> HTMLResponse:
    html = _env.get_template(template).render(**context)
    return HTMLResponse(html, status_code=status, headers=_HEADERS)


_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


def _json(data: Any) -> Markup:
    """JSON for a ``<script type="application/json">`` block. The text inside a script
    element is not HTML-decoded, so instead of entities the characters that could end
    the element (``<``, ``>``, ``&``) are written as JSON escapes."""
    text = json.dumps(data, separators=(",", ":"))
    for ch, esc in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026")):
        text = text.replace(ch, esc)
    return Markup(text)


def _manager(request: Request) -> Manager:
    m: Manager = request.app.state.manager
    return m


def mount_pages(app: FastAPI) -> None:
    # The client's files go out compressed (app.js is about a third of its size
    # gzipped); the API's small JSON answers and the WebSocket frames are not.
    static = GZipMiddleware(StaticFiles(directory=STATIC), minimum_size=1024, compresslevel=6)
    app.mount("/static", static, name="static")

    @app.get("/", include_in_schema=False)
    async def lobby() -> HTMLResponse:
        data = {"games": games_catalogue(), "bots": bot_choices()}
        return _page("lobby.html", title="Lobby", data=_json(data), page="lobby")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table(table_id: str, request: Request) -> HTMLResponse:
        return await _table_page(request, table_id, "table")

    @app.get("/t/{table_id}/replay", include_in_schema=False)
    async def replay(table_id: str, request: Request) -> HTMLResponse:
        return await _table_page(request, table_id, "replay")

    async def _table_page(request: Request, table_id: str, page: str) -> HTMLResponse:
        try:
            live = await _manager(request).table_for_read(table_id[:64])
        except NotFound:
            return _page("missing.html", 404, title="No such table", table_id=table_id)
        cls = game_class(live.game.id)
        data = {
            "table": table_id,
            "game": live.game.id,
            "name": cls.name,
            "seat_names": [live.game.seat_name(p) for p in range(live.n)],
        }
        title = f"{cls.name} table" if page == "table" else f"{cls.name} replay"
        return _page(f"{page}.html", title=title, data=_json(data), page=page, game=cls.name,
                     game_id=live.game.id, table_id=table_id)  # fmt: skip

    @app.get("/rules", include_in_schema=False)
    async def rules_index() -> HTMLResponse:
        return _page("rules_index.html", title="Rules", games=games_catalogue(), page="rules")

    @app.get("/rules/{game}", include_in_schema=False)
    async def rules(game: str) -> HTMLResponse:
        if game not in available_games() or not rules_page(game).is_file():
            return _page("missing.html", 404, title="No such game", game=game[:40])
        players, developers = rules_html(game)
        return _page("rules.html", title=f"{game_class(game).name} rules", rules=players,
                     developers=developers, page="rules")  # fmt: skip

    @app.get("/leaderboard", include_in_schema=False)
    async def leaderboard(request: Request) -> HTMLResponse:
        rows = await request.app.state.store.leaderboard(100)
        ratings = [{**r, "ordinal": ordinal(r["mu"], r["sigma"])} for r in rows]
        return _page("leaderboard.html", title="Leaderboard", ratings=ratings, page="leaderboard")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response((STATIC / "icon.svg").read_bytes(), media_type="image/svg+xml")

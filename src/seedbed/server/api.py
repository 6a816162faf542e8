"""The REST API (under ``/api``): games, tables, seats, records, players, ratings.

Requests and answers are JSON; FastAPI documents every route at ``/docs``. A mistake
is an HTTP error whose ``detail`` says what was wrong: 404 for an unknown table, 409
for a request the table's state refuses (a taken seat), 422 for invalid input, 403
for a missing or wrong token.
"""

from __future__ import annotations

import secrets
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, HTTPException, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from seedbed.agents.base import available_agents
from seedbed.core.records import Record
from seedbed.core.registry import available_games, game_class
from seedbed.server import auth
from seedbed.server.manager import Conflict, Manager, NotFound
from seedbed.server.ratings import ordinal
from seedbed.server.store import Store
from seedbed.server.table import OVER, LiveTable, token_hash

router = APIRouter(prefix="/api")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TableRequest(_Strict):
    game: str = Field(max_length=32, examples=["sewn"])
    players: int | None = Field(default=None, ge=1, le=16)
    options: dict[str, Any] = Field(default_factory=dict, max_length=32)
    seats: list[Annotated[str, Field(max_length=200)]] | None = Field(
        default=None,
        max_length=16,
        description="'human' or an agent spec (a level: beginner, casual, strong, expert; "
        "or heuristic, ismcts:time=1, ...) per seat; "
        "default: every seat human",
        examples=[["human", "heuristic", "heuristic", "ismcts:time=1"]],
    )
    clock: dict[str, Any] | None = Field(
        default=None,
        description="{'kind': 'none'} | {'kind': 'move', 'seconds': 30} | "
        "{'kind': 'fischer', 'base': 300, 'increment': 5}",
    )
    watch: Literal["anyone", "nobody", "link"] = "anyone"
    bot_think: float | None = Field(default=None, ge=0, le=30)
    name: str = Field(default="", max_length=80)
    seed: int | None = Field(default=None, ge=0, lt=2**62)


class JoinRequest(_Strict):
    name: str | None = Field(default=None, max_length=64)
    seat: int | None = Field(default=None, ge=0, le=15)


class TokenRequest(_Strict):
    token: str = Field(max_length=200)


class Credentials(_Strict):
    name: str = Field(max_length=64)
    password: str = Field(max_length=auth.MAX_PASSWORD)


def manager(request: Request) -> Manager:
    m: Manager = request.app.state.manager
    return m


def store(request: Request) -> Store:
    s: Store = request.app.state.store
    return s


Mgr = Annotated[Manager, Depends(manager)]
Db = Annotated[Store, Depends(store)]


async def current_player(
    request: Request, db: Db, authorization: Annotated[str | None, Header()] = None
) -> dict[str, Any] | None:
    """The registered player of this request's session, if any (cookie or bearer)."""
    token = request.cookies.get(auth.COOKIE)
    if authorization and authorization.lower().startswith("bearer "):
        token = authorization[7:].strip()
    if not token or len(token) > 200:
        return None
    return await db.session_player(token_hash(token))


Player = Annotated[dict[str, Any] | None, Depends(current_player)]


def _unprocessable(exc: Exception) -> HTTPException:
    return HTTPException(422, str(exc))


# -- games ------------------------------------------------------------------------------
@router.get("/games")
async def games() -> dict[str, Any]:
    """The games this server runs, with their player counts and options, and the agents."""
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
                "options": {
                    name: {"default": o.default, "doc": o.doc, "choices": o.choices}
                    for name, o in cls.options.items()
                },
            }
        )
    return {"games": out, "agents": available_agents()}


# -- tables -----------------------------------------------------------------------------
@router.post("/tables", status_code=201)
async def create_table(body: TableRequest, m: Mgr) -> dict[str, Any]:
    """Open a table. Seats are 'human' (to be joined) or an agent spec (a bot)."""
    try:
        table, watch_token = await m.create_table(
            body.game,
            body.players,
            body.options,
            body.seats,
            body.clock,
            body.watch,
            body.bot_think,
            body.name,
            body.seed,
        )
    except ValueError as exc:
        raise _unprocessable(exc) from None
    out = {"table": table.summary(), "ws": f"/ws/tables/{table.id}"}
    if watch_token:
        out["watch_token"] = watch_token
    return out


@router.get("/tables")
async def list_tables(
    m: Mgr,
    db: Db,
    status: Literal["open", "playing", "over", "all"] = "open",
    game: str | None = Query(default=None, max_length=32),
    limit: int = Query(default=100, ge=1, le=500),
) -> dict[str, Any]:
    """Tables with a free seat ('open', the default), games being played that anyone
    may watch ('playing'), or finished games ('over')."""
    out: list[dict[str, Any]] = []
    for t in m.tables.values():
        if game and t.game.id != game:
            continue
        if status == "open" and not (t.status == "waiting" and any(s.free for s in t.seats)):
            continue
        if status == "playing" and not (t.status == "playing" and t.watch == "anyone"):
            continue
        if status == "over" and t.status != OVER:
            continue
        if status in ("over", "all") and t.watch != "anyone" and t.status == OVER:
            continue
        out.append(t.summary())
    if status == "over":
        known = {t["id"] for t in out}
        for row in await db.list_tables(["over"], limit):
            if row["id"] in known or row["watch"] != "anyone" or (game and row["game"] != game):
                continue
            out.append(
                {
                    "id": row["id"],
                    "name": row["name"],
                    "game": row["game"],
                    "params": row["params"],
                    "status": row["status"],
                    "version": row["version"],
                    "result": row["result"],
                    "created_at": row["created_at"],
                }
            )
    out.sort(key=lambda t: t["created_at"], reverse=True)
    return {"tables": out[:limit]}


@router.get("/tables/{table_id}")
async def get_table(table_id: str, m: Mgr) -> dict[str, Any]:
    try:
        table = await m.table_for_read(table_id)
    except NotFound as exc:
        raise HTTPException(404, str(exc)) from None
    return {"table": table.summary()}


@router.post("/tables/{table_id}/join")
async def join(table_id: str, body: JoinRequest, m: Mgr, db: Db, player: Player) -> dict[str, Any]:
    """Take a free seat (the first free one unless ``seat`` is given). The answer holds
    the seat's secret token: keep it, it is the only proof that the seat is yours."""
    if player is not None:
        name = player["name"]
        player_id: int | None = player["id"]
    else:
        if not body.name:
            raise HTTPException(422, "a guest needs a display name")
        try:
            name = auth.check_name(body.name)
        except ValueError as exc:
            raise _unprocessable(exc) from None
        if await db.player_by_name(name) is not None:
            raise HTTPException(409, f"{name!r} is a registered name: log in to use it")
        player_id = None
    try:
        answer = await m.join(table_id, name, body.seat, player_id)
    except NotFound as exc:
        raise HTTPException(404, str(exc)) from None
    except Conflict as exc:
        raise HTTPException(409, str(exc)) from None
    except ValueError as exc:
        raise _unprocessable(exc) from None
    out = {
        "table": table_id,
        "seat": answer.seat,
        "name": name,
        "token": answer.token,
        "ws": f"/ws/tables/{table_id}",
    }
    if answer.watch_token:
        out["watch_token"] = answer.watch_token
    return out


@router.post("/tables/{table_id}/leave")
async def leave(table_id: str, body: TokenRequest, m: Mgr) -> dict[str, Any]:
    """Give up a seat: before the game it is free again; during it, you may come back
    with the same token, and the others may hand your seat to a bot meanwhile."""
    try:
        seat = await m.leave(table_id, body.token)
    except NotFound as exc:
        raise HTTPException(404, str(exc)) from None
    except PermissionError as exc:
        raise HTTPException(403, str(exc)) from None
    except Conflict as exc:
        raise HTTPException(409, str(exc)) from None
    return {"table": table_id, "seat": seat, "left": True}


def _viewer_allowed(table: LiveTable, seat_token: str | None, watch_token: str | None) -> None:
    """Whoever may watch the table (or holds one of its seats) may read its record."""
    if table.seat_for_token(seat_token) is None and not table.may_watch(watch_token):
        raise HTTPException(403, "this table may not be watched without its link")


async def _finished_table(m: Manager, table_id: str) -> LiveTable:
    try:
        table = await m.table_for_read(table_id)
    except NotFound as exc:
        raise HTTPException(404, str(exc)) from None
    if table.status != OVER:
        raise HTTPException(409, "the game is not over: its record is not published yet")
    return table


@router.get("/tables/{table_id}/record")
async def record(
    table_id: str,
    m: Mgr,
    x_seat_token: Annotated[str | None, Header(max_length=200)] = None,
    x_watch_token: Annotated[str | None, Header(max_length=200)] = None,
) -> Response:
    """The finished game's record, the JSON file ``seedbed replay`` reads. Nothing is
    hidden any more once the game is over, so it holds every move in full."""
    table = await _finished_table(m, table_id)
    _viewer_allowed(table, x_seat_token, x_watch_token)
    names = [s.name or s.agent or "?" for s in table.seats]
    rec = Record.from_state(table.state, players=names)
    return Response(
        rec.to_json() + "\n",
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{table.game.id}-{table_id}.json"'},
    )


@router.get("/tables/{table_id}/replay")
async def replay(
    table_id: str,
    m: Mgr,
    seat: int | None = Query(default=None, ge=0, le=15),
    x_seat_token: Annotated[str | None, Header(max_length=200)] = None,
    x_watch_token: Annotated[str | None, Header(max_length=200)] = None,
) -> dict[str, Any]:
    """Every position of a finished game as one seat (``seat=K``) or a spectator saw
    it: the view before the first move and after each move, with the move as that
    viewer was told of it, and the final score sheet. Whoever may read the record
    (which holds every card) may see the game through any seat's eyes."""
    table = await _finished_table(m, table_id)
    if seat is not None and not 0 <= seat < table.n:
        raise HTTPException(422, f"seat must be 0 to {table.n - 1}")
    _viewer_allowed(table, x_seat_token, x_watch_token)
    state = table.game.new_state(table.seed)
    positions: list[dict[str, Any]] = [
        {"move": None, "actor": None, "view": state.view(seat, moves=False)}
    ]
    for event in table.iter_moves():
        assert event.action is not None and event.seat is not None
        told = state.notation_for(event.action, event.seat, seat)
        state.apply_action(event.action)
        positions.append({"move": told, "actor": event.seat, "view": state.view(seat, moves=False)})
    return {
        "table": table_id,
        "seat": seat,
        "positions": positions,
        "result": table.result,
        "score_sheet": state.score_sheet(seat),
    }


# -- players ----------------------------------------------------------------------------
@router.post("/players", status_code=201)
async def register(body: Credentials, db: Db) -> dict[str, Any]:
    """Register a name protected by a password (hashed with argon2id)."""
    try:
        name = auth.check_name(body.name)
        password = auth.check_password(body.password)
    except ValueError as exc:
        raise _unprocessable(exc) from None
    if await db.player_by_name(name) is not None:
        raise HTTPException(409, f"the name {name!r} is taken")
    hashed = await auth.hash_password(password)
    try:
        player_id = await db.add_player(name, hashed)
    except Exception:  # a race with the same name: the unique key decides
        raise HTTPException(409, f"the name {name!r} is taken") from None
    return {"id": player_id, "name": name}


@router.post("/session")
async def login(body: Credentials, db: Db, request: Request, response: Response) -> dict[str, Any]:
    """Log in: the answer sets the session cookie and also returns the token (for
    programs, as ``Authorization: Bearer TOKEN``)."""
    player = await db.player_by_name(body.name.strip())
    if player is None or not await auth.verify_password(player["password_hash"], body.password):
        raise HTTPException(403, "wrong name or password")
    if auth.needs_rehash(player["password_hash"]):
        await db.set_password(player["id"], await auth.hash_password(body.password))
    token = secrets.token_urlsafe(32)
    settings = request.app.state.settings
    await db.add_session(token_hash(token), player["id"], settings.session_days)
    response.set_cookie(
        auth.COOKIE,
        token,
        max_age=int(settings.session_days * 86400),
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookies,
    )
    return {"name": player["name"], "token": token}


@router.delete("/session")
async def logout(request: Request, response: Response, db: Db) -> dict[str, Any]:
    token = request.cookies.get(auth.COOKIE)
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        token = header[7:].strip()
    if token:
        await db.drop_session(token_hash(token))
    response.delete_cookie(auth.COOKIE)
    return {"logged_out": True}


@router.get("/me")
async def me(player: Player) -> dict[str, Any]:
    if player is None:
        raise HTTPException(401, "not logged in")
    return {"id": player["id"], "name": player["name"]}


@router.get("/leaderboard")
async def leaderboard(db: Db, limit: int = Query(default=50, ge=1, le=500)) -> dict[str, Any]:
    """Ratings (openskill Plackett-Luce) of registered players and agent specs, best
    first by their conservative estimate ``mu - 3 sigma``."""
    rows = await db.leaderboard(limit)
    return {
        "ratings": [
            {
                "name": r["name"],
                "kind": r["kind"],
                "mu": round(r["mu"], 3),
                "sigma": round(r["sigma"], 3),
                "ordinal": round(ordinal(r["mu"], r["sigma"]), 3),
                "games": r["games"],
            }
            for r in rows
        ]
    }


@router.get("/health")
async def health(m: Mgr, perf_since: float | None = None) -> dict[str, Any]:
    """Counts of tables, connections and moves; with ``perf_since`` (a Unix time) also
    where moves' time went since then (``seedbed/server/perf.py``)."""
    out: dict[str, Any] = {"ok": True, **m.counts()}
    if perf_since is not None:
        out["perf"] = m.perf.summary(perf_since)
    return out

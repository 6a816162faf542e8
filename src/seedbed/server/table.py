"""One live table: the game state, the seats, the version counter and the event log.

Everything that happens at a table is an :class:`Event` with the next version number:
players joining and leaving, the start, every move, undo requests and answers, a seat
handed to a bot and given back, the end. Events are the persistence model (one
database row each, written in the transaction that accepts them) and the protocol's
unit of change: a client that saw version ``v`` is sent events ``v+1...`` as its own
seat may see them. An event a viewer may not see at all (the players' undo vote, for
a spectator) reaches that viewer as a stub, ``{"v": 12, "kind": "hidden"}``, so the
numbering stays continuous and leaks nothing, as in lichess's socket protocol.

This module holds no I/O: the manager validates a request here, applies the events,
persists them, and only then tells anybody (see ``manager.py``). Rebuilding a table
after a restart applies its stored events again, from the seed.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import random
import re
import time
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from seedbed.core.cards import CARD_NAMES, try_parse_card
from seedbed.core.errors import IllegalMoveError, NotationError
from seedbed.core.protocol import Game, State
from seedbed.server.clocks import Clock
from seedbed.server.wire import Rejection, json_int

HUMAN = "human"
BOT = "bot"
#: The agent that stands in for an absent player and plays moves whose time ran out.
STAND_IN_AGENT = "heuristic"

WAITING, PLAYING, OVER, ABORTED = "waiting", "playing", "over", "aborted"
LIVE = (WAITING, PLAYING)

#: Events a spectator may not see (it gets a stub): the players' undo vote.
PRIVATE_KINDS = frozenset({"undo_request", "undo_answer"})
#: Events that change the position: a move sent must have seen the latest of them.
POSITION_KINDS = frozenset({"start", "move", "undo"})

#: Resamples per seat when deciding whether a move showed anything hidden.
REVEAL_SAMPLES = 12
#: Client ids of applied moves remembered per seat, so a resent move is harmless.
REMEMBERED_IDS = 512


def token_hash(token: str) -> str:
    """What the database keeps of a secret token (never the token itself)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str | None, stored: str | None) -> bool:
    """Constant-time comparison of a presented token with a stored hash."""
    given = token_hash(token or "")
    return hmac.compare_digest(given, stored or "0" * 64) and bool(token) and bool(stored)


@dataclass
class Seat:
    index: int
    kind: str  # HUMAN or BOT
    agent: str | None = None  # the spec of a bot seat
    name: str | None = None  # a human seat's display name, once taken
    player_id: int | None = None  # a registered player's id
    token_hash: str | None = None
    left: bool = False  # the player left during the game (may come back)
    stand_in: bool = False  # handed to the stand-in bot while the player is away
    clock: float | None = None  # Fischer bank, seconds
    # runtime only
    connections: int = 0
    away_since: float | None = None

    @property
    def free(self) -> bool:
        return self.kind == HUMAN and self.token_hash is None

    @property
    def bot_controlled(self) -> bool:
        return self.kind == BOT or self.stand_in

    def agent_spec(self) -> str:
        return self.agent if self.kind == BOT and self.agent else STAND_IN_AGENT

    def row(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "agent": self.agent,
            "name": self.name,
            "player_id": self.player_id,
            "token_hash": self.token_hash,
            "left": self.left,
            "stand_in": self.stand_in,
            "clock": self.clock,
        }


@dataclass
class Event:
    version: int
    kind: str
    seat: int | None = None
    action: int | None = None
    client_id: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    at: float = 0.0
    #: moves: the notation each viewer was told (seats 0..n-1, then the spectator)
    seen: tuple[str, ...] = ()

    def row(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "kind": self.kind,
            "seat": self.seat,
            "action": None if self.action is None else str(self.action),
            "client_id": self.client_id,
            "data": self.data,
            "at": self.at,
        }


@dataclass
class UndoRequest:
    seat: int
    version: int  # the version of the undo_request event
    waiting: set[int]  # human seats still to answer


_RANK = r"(?:10|[2-9TJQKA])"
_SUIT = r"[SHDC♠♥♦♣♤♡♢♧]"
_CARD_RE = re.compile(rf"(?<![A-Za-z0-9])(?:{_RANK}{_SUIT}|{_SUIT}{_RANK}|JK|JOKER)(?![A-Za-z0-9])")


def _card_tokens(data: Any) -> set[str]:
    """Every card named anywhere in JSON ``data``, in canonical ``QS`` form (``JK`` for
    a Joker): one regular-expression pass over its JSON text. Engines write cards in
    upper case (``QS``, ``10H``, ``Q♠``), so lower-case words (``as``, ``th``) are
    never taken for cards."""
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    return {_canonical(word) for word in set(_CARD_RE.findall(text))}


@functools.lru_cache(maxsize=1024)
def _canonical(word: str) -> str:
    card = try_parse_card(word)
    assert card is not None, word
    return CARD_NAMES[card]


def move_revealed(
    before: State, action: int, rng: random.Random, budget: float = 2.0
) -> str | None:
    """Why taking back ``action`` (legal in ``before``) would be unfair, or ``None``.

    A move may be taken back only if it showed no seat anything it did not know: no
    card came into anybody's sight (a card played face up, a card drawn, a Field's
    top card seen) and the mover learned nothing from chance. Checked two ways through
    the protocol alone, so that it holds for any game:

    * no seat's view names a card after the move that it did not name before;
    * for every seat ``v``, in states resampled from ``v``'s information set (states
      ``v`` cannot tell from the real one), some move ``v`` would have been told of in
      the same words leads to the same view for ``v``. If the view after the move
      depends on something ``v`` could not see, some resample tells it apart.

    A check that takes longer than ``budget`` seconds refuses (nothing is taken back
    that was not shown to be harmless).
    """
    deadline = time.monotonic() + budget
    late = "it could not be checked in time"
    mover = before.current_player()
    assert mover is not None
    after = before.clone()
    after.apply_action(action)
    n = before.game.num_players
    for v in [*range(n), None]:
        if _card_tokens(after.view(v)) - _card_tokens(before.view(v)):
            return "the move showed a card"
    for v in range(n):
        told = before.notation_for(action, mover, v)
        target = after.view(v)
        for _ in range(REVEAL_SAMPLES):
            sample = before.resample_from_infostate(v, rng)
            same = False
            if time.monotonic() > deadline:
                return late
            legal = sample.legal_actions()
            candidates = [action] if v == mover else legal
            for a in candidates:
                if a not in legal or sample.notation_for(a, mover, v) != told:
                    continue
                if time.monotonic() > deadline:
                    return late
                trial = sample.clone()
                trial.apply_action(a)
                if trial.view(v) == target:
                    same = True
                    break
            if not same:
                return "the move showed something that was hidden, or chance took part"
    return None


class LiveTable:
    """A table in memory. Mutated only by :meth:`apply`, under the manager's lock."""

    def __init__(
        self,
        table_id: str,
        game: Game,
        seed: int,
        seats: list[Seat],
        *,
        name: str = "",
        watch: str = "anyone",
        watch_token_hash: str | None = None,
        clock: Clock | None = None,
        bot_think: float = 0.5,
        created_at: float | None = None,
    ) -> None:
        self.id = table_id
        self.game = game
        self.seed = seed
        self.seats = seats
        self.name = name
        self.watch = watch
        self.watch_token_hash = watch_token_hash
        self.clock = clock or Clock()
        self.bot_think = bot_think
        self.created_at = created_at if created_at is not None else time.time()
        self.updated_at = self.created_at
        self.finished_at: float | None = None
        self.status = WAITING
        self.abandoned = False
        self.rated = False
        self.result: dict[str, Any] | None = None
        self.state: State = game.new_state(seed)
        self.events: list[Event] = []
        self.position_version = 0
        #: index into ``events`` of each move on the board, in order
        self.board: list[int] = []
        self.undo: UndoRequest | None = None
        #: monotonic time the current turn began (clocks)
        self.turn_started = time.monotonic()
        self.applied: list[OrderedDict[str, int]] = [OrderedDict() for _ in seats]
        self._legal_cache: tuple[int, list[dict[str, Any]]] | None = None

    # -- facts ---------------------------------------------------------------------
    @property
    def version(self) -> int:
        return len(self.events)

    @property
    def n(self) -> int:
        return self.game.num_players

    def to_move(self) -> int | None:
        return self.state.current_player() if self.status == PLAYING else None

    def seat_for_token(self, token: str | None) -> int | None:
        """The seat whose secret ``token`` is (every seat compared, in constant time)."""
        found = None
        for seat in self.seats:
            if token_matches(token, seat.token_hash):
                found = seat.index
        return found

    def may_watch(self, watch_token: str | None) -> bool:
        if self.watch == "anyone":
            return True
        if self.watch == "link":
            return token_matches(watch_token, self.watch_token_hash)
        return False

    def bot_to_move(self) -> Seat | None:
        p = self.to_move()
        if p is None:
            return None
        seat = self.seats[p]
        return seat if seat.bot_controlled else None

    def human_to_move(self) -> Seat | None:
        p = self.to_move()
        if p is None:
            return None
        seat = self.seats[p]
        return None if seat.bot_controlled else seat

    def turn_budget(self) -> float | None:
        """Seconds left for the human seat to move, now (``None``: no clock)."""
        seat = self.human_to_move()
        if seat is None or not self.clock.enabled:
            return None
        budget = self.clock.budget(seat.clock)
        assert budget is not None
        return budget - (time.monotonic() - self.turn_started)

    # -- building events (no change to the table) ---------------------------------
    def _event(self, kind: str, **kw: Any) -> Event:
        return Event(version=self.version + 1, kind=kind, at=time.time(), **kw)

    def check_move(
        self, seat: int | None, version: int, action: int | None, notation: str | None
    ) -> int:
        """The action a player's move message asks for, or :class:`Rejection`."""
        if seat is None:
            raise Rejection("not_seated", "spectators cannot move")
        if self.status == WAITING:
            raise Rejection("not_started", "the game has not started: seats are free")
        if self.status != PLAYING:
            raise Rejection("game_over", "the game is over")
        if version > self.version:
            raise Rejection("bad_version", f"version {version} is ahead of the table's")
        to_move = self.to_move()
        if to_move != seat:
            who = "nobody" if to_move is None else self.game.seat_name(to_move)
            raise Rejection("not_your_turn", f"it is {who}'s turn, not yours")
        if self.seats[seat].bot_controlled:
            raise Rejection("not_your_turn", "a bot is playing this seat")
        if version < self.position_version:
            raise Rejection(
                "stale",
                f"the position changed at version {self.position_version}; "
                f"you saw {version}: look again and resend",
            )
        if notation is not None:
            try:
                return self.state.string_to_action(notation)
            except NotationError as exc:
                raise Rejection("illegal", str(exc)) from None
        assert action is not None
        return action

    def move_event(
        self, seat: int, action: int, by: str, client_id: str | None = None
    ) -> tuple[Event, State]:
        """The event of ``seat`` playing ``action`` and the state after it;
        ``IllegalMoveError`` (as a Rejection) if the move is not legal."""
        after = self.state.clone()
        try:
            after.apply_checked(action)
        except IllegalMoveError as exc:
            raise Rejection("illegal", str(exc)) from None
        s = self.seats[seat]
        data: dict[str, Any] = {"by": by}
        if self.clock.kind == "fischer":
            elapsed = time.monotonic() - self.turn_started
            data["clock_before"] = s.clock
            data["clock"] = (
                self.clock.after_move(s.clock, elapsed) if not s.bot_controlled else s.clock
            )
        seen = self._seen(action, seat)
        return self._event("move", seat=seat, action=action, client_id=client_id, data=data,
                           seen=seen), after  # fmt: skip

    def _seen(self, action: int, actor: int, state: State | None = None) -> tuple[str, ...]:
        st = state or self.state
        return tuple(st.notation_for(action, actor, v) for v in [*range(self.n), None])

    def duplicate_of(self, seat: int | None, client_id: str | None) -> int | None:
        """The version at which ``seat``'s move ``client_id`` was applied, if it was."""
        if seat is None or client_id is None:
            return None
        return self.applied[seat].get(client_id)

    def check_undo(self, seat: int | None, version: int) -> Event:
        """The move ``seat`` may ask to take back, or :class:`Rejection`. Whether it
        showed anything hidden is checked apart (:func:`move_revealed`, in the pool)."""
        if seat is None:
            raise Rejection("not_seated", "spectators cannot undo")
        if self.status != PLAYING:
            raise Rejection("undo_refused", "undo is only possible while the game is on")
        if self.undo is not None:
            raise Rejection("undo_refused", "an undo has been asked already")
        if version < self.position_version:
            raise Rejection("stale", "the position changed since you looked")
        if not self.board:
            raise Rejection("undo_refused", "there is no move to take back")
        last = self.events[self.board[-1]]
        if last.seat != seat:
            raise Rejection("undo_refused", "only the last move can be taken back, by its player")
        if last.data.get("by") != "player":
            raise Rejection("undo_refused", "that move was played for you, not by you")
        return last

    def undo_voters(self, asker: int) -> set[int]:
        """Human seats that must agree to an undo (bots, and stand-ins, agree)."""
        return {s.index for s in self.seats if s.index != asker and not s.bot_controlled}

    def state_before_last(self) -> State:
        """The position before the last move on the board, replayed from the seed."""
        state = self.game.new_state(self.seed)
        for i in self.board[:-1]:
            action = self.events[i].action
            assert action is not None
            state.apply_action(action)
        return state

    # -- applying events ---------------------------------------------------------
    def apply(self, event: Event, after: State | None = None, replaying: bool = False) -> None:
        """Make ``event`` part of the table. ``after`` is the state after a move when the
        caller has it; ``replaying`` rebuilds a table from stored events (seats, status
        and clocks then come from their own rows)."""
        assert event.version == self.version + 1, (event.version, self.version)
        kind = event.kind
        if kind == "move":
            assert event.seat is not None and event.action is not None
            if not event.seen:
                event.seen = self._seen(event.action, event.seat)
            if after is None:
                self.state.apply_action(event.action)
            else:
                self.state = after
            self.board.append(len(self.events))
            self.undo = None
            if event.client_id is not None:
                ids = self.applied[event.seat]
                ids[event.client_id] = event.version
                while len(ids) > REMEMBERED_IDS:
                    ids.popitem(last=False)
            if "clock" in event.data:
                self.seats[event.seat].clock = event.data["clock"]
        elif kind == "undo":
            assert self.board
            taken = self.events[self.board[-1]]
            self.state = self.state_before_last()
            self.board.pop()
            self.undo = None
            if "clock_before" in taken.data and taken.seat is not None:
                self.seats[taken.seat].clock = taken.data["clock_before"]
        elif kind == "undo_request":
            assert event.seat is not None
            self.undo = UndoRequest(event.seat, event.version, set(event.data["voters"]))
        elif kind == "undo_answer":
            assert event.seat is not None
            if self.undo is not None:
                if event.data.get("accept"):
                    self.undo.waiting.discard(event.seat)
                else:
                    self.undo = None
        self.events.append(event)
        if kind in POSITION_KINDS:
            self.position_version = event.version
            self.turn_started = time.monotonic()
            self._legal_cache = None
        self.updated_at = event.at
        if replaying:
            return
        seat = self.seats[event.seat] if event.seat is not None else None
        if kind == "join":
            assert seat is not None
            seat.name = event.data["name"]
            seat.player_id = event.data.get("player_id")
            seat.left = False  # the token hash is set by the caller: never in an event
        elif kind == "leave":
            assert seat is not None
            if self.status == WAITING:
                seat.name = seat.token_hash = seat.player_id = None
            else:
                seat.left = True
        elif kind == "start":
            self.status = PLAYING
            for s in self.seats:
                s.clock = self.clock.initial()
        elif kind == "stand_in":
            assert seat is not None
            seat.stand_in = True
        elif kind == "return":
            assert seat is not None
            seat.stand_in = False
            seat.left = False
        elif kind == "over":
            self.status = OVER
            self.abandoned = bool(event.data.get("abandoned"))
            self.result = {k: event.data[k] for k in ("scores", "winners", "abandoned")}
            self.finished_at = event.at
        elif kind == "aborted":
            self.status = ABORTED
            self.finished_at = event.at

    def over_event(self) -> Event:
        state = self.state
        abandoned = any(s.kind == HUMAN and (s.stand_in or s.left) for s in self.seats)
        return self._event(
            "over",
            data={
                "scores": list(state.scores()),
                "winners": state.winners(),
                "abandoned": abandoned,
            },
        )

    # -- what a viewer is sent ---------------------------------------------------
    def _viewer_index(self, viewer: int | None) -> int:
        return self.n if viewer is None else viewer

    def render_event(self, event: Event, viewer: int | None) -> dict[str, Any]:
        if event.kind in PRIVATE_KINDS and viewer is None:
            return {"v": event.version, "kind": "hidden"}
        out: dict[str, Any] = {"v": event.version, "kind": event.kind}
        if event.seat is not None:
            out["seat"] = event.seat
        k = event.kind
        if k == "move":
            out["move"] = event.seen[self._viewer_index(viewer)]
            out["by"] = event.data.get("by", "player")
        elif k == "join":
            out["name"] = event.data.get("name")
        elif k == "undo_answer":
            out["accept"] = bool(event.data.get("accept"))
        elif k == "undo":
            out["move"] = event.data.get("seen", ["?"] * (self.n + 1))[self._viewer_index(viewer)]
        elif k == "stand_in":
            out["by"] = event.data.get("by")
        elif k == "over":
            for key in ("scores", "winners", "abandoned"):
                out[key] = event.data.get(key)
        return out

    def events_since(self, since: int, viewer: int | None) -> list[dict[str, Any]]:
        return [self.render_event(e, viewer) for e in self.events[since:]]

    def legal_for(self, viewer: int | None) -> list[dict[str, Any]]:
        """The legal moves with their notation, for the seat to move only."""
        seat = self.human_to_move()
        if seat is None or viewer != seat.index:
            return []
        if self._legal_cache is None or self._legal_cache[0] != self.position_version:
            st = self.state
            moves = [
                {"action": json_int(a), "move": st.action_to_string(a)} for a in st.legal_actions()
            ]
            self._legal_cache = (self.position_version, moves)
        return self._legal_cache[1]

    def clocks_json(self) -> dict[str, Any]:
        out: dict[str, Any] = dict(self.clock.to_json())
        if self.clock.kind == "fischer":
            out["remaining"] = [s.clock for s in self.seats]
        seat = self.human_to_move()
        out["running"] = seat.index if seat is not None and self.clock.enabled else None
        left = self.turn_budget()
        out["turn_left"] = None if left is None else round(max(0.0, left), 3)
        return out

    def position(self, viewer: int | None) -> dict[str, Any]:
        """What a viewer draws the table from: its view, whose turn, its legal moves."""
        st = self.state
        out: dict[str, Any] = {
            "status": self.status,
            "to_move": self.to_move(),
            "phase": st.phase_name(),
            "scores": st.scores_for(viewer),
            "winners": st.winners() if st.is_terminal() else [],
            "view": st.view(viewer),
            "score_sheet": st.score_sheet(viewer),
            "legal": self.legal_for(viewer),
            "clocks": self.clocks_json(),
        }
        if viewer is not None and self.undo is not None:
            out["undo"] = {"seat": self.undo.seat, "waiting": sorted(self.undo.waiting)}
        return out

    def seats_json(self) -> list[dict[str, Any]]:
        return [
            {
                "seat": s.index,
                "label": self.game.seat_name(s.index),
                "kind": s.kind,
                "agent": s.agent if s.kind == BOT else None,
                "name": s.name if s.kind == HUMAN else s.agent,
                "registered": s.player_id is not None,
                "free": s.free,
                "connected": s.connections > 0 or s.bot_controlled,
                "left": s.left,
                "stand_in": s.stand_in,
            }
            for s in self.seats
        ]

    def summary(self) -> dict[str, Any]:
        """The public facts of the table (REST listing and the snapshot's header)."""
        return {
            "id": self.id,
            "name": self.name,
            "game": self.game.id,
            "params": self.game.params,
            "players": self.n,
            "status": self.status,
            "version": self.version,
            "seats": self.seats_json(),
            "free_seats": [s.index for s in self.seats if s.free],
            "clock": self.clock.to_json(),
            "watch": self.watch,
            "bot_think": self.bot_think,
            "created_at": self.created_at,
            "result": self.result,
        }

    def table_row(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "version": self.version,
            "abandoned": self.abandoned,
            "rated": self.rated,
            "result": self.result,
            "updated_at": self.updated_at,
            "finished_at": self.finished_at,
        }

    def presence(self) -> list[bool]:
        return [s.connections > 0 or s.bot_controlled for s in self.seats]

    def iter_moves(self) -> Iterator[Event]:
        for i in self.board:
            yield self.events[i]


def seats_from_specs(specs: Iterable[str]) -> list[Seat]:
    out = []
    for i, spec in enumerate(specs):
        if spec == HUMAN:
            out.append(Seat(i, HUMAN))
        else:
            out.append(Seat(i, BOT, agent=spec, name=spec))
    return out


def json_size(data: Any) -> int:
    return len(json.dumps(data, separators=(",", ":")))

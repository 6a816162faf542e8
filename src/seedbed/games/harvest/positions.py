"""Harvest positions as one line of text, and states as JSON data.

A position is ``key=value`` parts separated by spaces, in this order (``position()``
writes them all; ``from_position`` accepts any order and fills in what is left out)::

    round=1 turn=1 dealer=1 passes=0 to=0 phase=house
    hands=3S,5H,7H,4D,QD,9C,KC/4S,2D,3D,6D,8D,9D,TD houses=-/- fields=-/- village=-
    deck=rest chance=0

* ``round``, ``turn`` (both from 1), ``dealer``, ``passes`` (passes made in the game:
  they set the next direction), ``to`` (the seat whose go it is; ``-`` once over),
  ``phase`` (``house``, ``village``, ``action``, ``over``), ``chance`` (the key the
  village reshuffles are drawn from);
* ``hands``, ``houses``, ``fields``: one group a seat, ``/`` between seats; a group is
  its cards separated by commas (``JK`` a Joker), ``-`` if none; ``village`` one group;
* ``deck``: its cards from the top (the next dealt first); ``rest`` (in ``deck`` or in
  ``village``, the default for ``deck``) is every card placed nowhere else;
* ``end`` (once over): ``four-fields``, ``harvest-cards`` or ``no-deal``;
* ``tracked`` (only if a seat passed cards it has not seen since): per seat,
  ``card:seats`` separated by commas, the seats that may hold the card written as
  digits (``4S:13``: with seat 1 or seat 3);
* ``worlds`` (only where the tracked cards say less than the seat knows): per seat,
  ``cards:world,world...``, a world giving each card's seat in order, ``x`` for a
  Joker seen again (``4S.7S:11,13,31``); ``-`` for a seat whose ``tracked`` says all.

Defaults: ``round=1 turn=1 dealer=0 passes=0``, ``to`` the seat after the dealer,
``phase=house``, empty houses, fields and village, ``deck=rest``, ``chance=0``.

>>> import seedbed
>>> game = seedbed.load("harvest", players=2)
>>> state = game.from_position("dealer=1 hands=7H,KC,JK/2D,3D,4S fields=AS,6S,JS/5H")
>>> state.scores(), state.current_player()
([18.0, 0.0], 0)
>>> game.from_position(state.position()).position() == state.position()
True
"""

from __future__ import annotations

from typing import Any

from seedbed.core.cards import CARD_NAMES, JOKER_1, JOKER_2, cards_of, try_parse_card
from seedbed.core.errors import PositionError
from seedbed.core.protocol import JSON, Game
from seedbed.games.harvest import _knowledge, engine
from seedbed.games.harvest._knowledge import GONE, Known, World
from seedbed.games.harvest.rules import (
    ALL_CARDS,
    JOKERS,
    PH_OVER,
    PHASE_NAMES,
    playable_mask,
)

#: The parts of a position, in the order they are written.
KEYS = (
    "round",
    "turn",
    "dealer",
    "passes",
    "to",
    "phase",
    "hands",
    "houses",
    "fields",
    "village",
    "deck",
    "chance",
    "end",
    "tracked",
    "worlds",
)
_END_WORDS = {"four fields": "four-fields", "harvest cards": "harvest-cards", "no deal": "no-deal"}


# -- writing ----------------------------------------------------------------------------


def _group(mask: int) -> str:
    return ",".join(CARD_NAMES[c] for c in cards_of(mask)) or "-"


def _seats(mask: int) -> str:
    return "".join(str(q) for q in cards_of(mask))


def position(state: engine.HarvestState) -> str:
    """The one-line position of ``state`` (see the module's docstring)."""
    n = state.n
    over = state.phase == PH_OVER
    parts = [
        f"round={state.round}",
        f"turn={state.turn}",
        f"dealer={state.dealer}",
        f"passes={state.passes}",
        f"to={'-' if over else state.cur}",
        f"phase={PHASE_NAMES[state.phase]}",
        "hands=" + "/".join(_group(h) for h in state.hands),
        "houses=" + "/".join(_group(h) for h in state.houses),
        "fields=" + "/".join(_group(f) for f in state.fields),
        f"village={_group(state.village)}",
        "deck=" + (",".join(CARD_NAMES[c] for c in reversed(state.deck)) or "-"),
        f"chance={state.chance}",
    ]
    if over and state.end is not None:
        parts.append(f"end={_END_WORDS[state.end]}")
    track = state.track
    if any(track):
        parts.append(
            "tracked="
            + "/".join(
                ",".join(f"{CARD_NAMES[x]}:{_seats(h)}" for x, h in sorted(t.items())) or "-"
                for t in track
            )
        )
    worlds = []
    for q in range(n):
        exact = _knowledge.known_worlds(*_passed_card_worlds(state, q))
        worlds.append("-" if exact == _knowledge.worlds_of_track(track[q]) else _worlds(exact))
    if any(w != "-" for w in worlds):
        parts.append("worlds=" + "/".join(worlds))
    return " ".join(parts)


def _passed_card_worlds(state: engine.HarvestState, q: int) -> tuple[list[int], list[World]]:
    if not _knowledge.has_own_records(state, q):
        return [], [()]
    known = None if state._known is None else state._known[q]
    return _knowledge.passed_card_worlds(state.n, q, state._actions, state.movers, state.log, known)


def _worlds(known: tuple[tuple[int, ...], tuple[World, ...]]) -> str:
    items, worlds = known
    return (
        ".".join(CARD_NAMES[c] for c in items)
        + ":"
        + ",".join("".join("x" if s == GONE else str(s) for s in w) for w in worlds)
    )


# -- reading ----------------------------------------------------------------------------


class _Reader:
    """Reads the parts of one position; every mistake is a :class:`PositionError`."""

    def __init__(self, game: Game, text: str) -> None:
        if not isinstance(text, str):
            raise PositionError(f"a position is a line of text, not {type(text).__name__}")
        self.n: int = game.num_players
        self.parts: dict[str, str] = {}
        for token in text.split():
            key, eq, value = token.partition("=")
            if not eq or not value:
                raise PositionError(f"{token!r} is not a part of a position (write key=value)")
            if key not in KEYS:
                raise PositionError(
                    f"a position has no part {key!r}; its parts are: {', '.join(KEYS)}"
                )
            if key in self.parts:
                raise PositionError(f"{key!r} is given twice")
            self.parts[key] = value
        if "hands" not in self.parts:
            raise PositionError("a position needs the hands (hands=...)")
        self.used = 0
        self.jokers_read = 0

    def number(self, key: str, default: int, low: int = 0, high: int | None = None) -> int:
        text = self.parts.get(key)
        if text is None:
            return default
        if not text.isdigit():
            raise PositionError(f"{key}={text!r}: expected a whole number")
        value = int(text)
        if value < low or (high is not None and value > high):
            top = "" if high is None else f"..{high}"
            raise PositionError(f"{key}={value} is out of range ({low}{top})")
        return value

    def cards(self, key: str, text: str) -> list[int]:
        """The cards of one group, placed (a card may be placed only once)."""
        if text == "-":
            return []
        out = []
        for token in text.split(","):
            c = try_parse_card(token)
            if c is None:
                raise PositionError(f"{key}: {token!r} is not a card (write e.g. QS, TD, JK)")
            if c == JOKER_1:
                if self.jokers_read >= 2:
                    raise PositionError(f"{key}: a third Joker (there are two)")
                c = JOKER_1 if self.jokers_read == 0 else JOKER_2
                self.jokers_read += 1
            bit = 1 << c
            if self.used & bit:
                raise PositionError(f"{key}: {CARD_NAMES[c]} is placed twice")
            self.used |= bit
            out.append(c)
        return out

    def seat_groups(self, key: str) -> list[str]:
        text = self.parts.get(key)
        if text is None:
            return ["-"] * self.n
        groups = text.split("/")
        if len(groups) != self.n:
            raise PositionError(
                f"{key} has {len(groups)} seats ('/' between them), the game has {self.n}"
            )
        return groups

    def seat(self, key: str, text: str) -> int:
        if not (text.isdigit() and int(text) < self.n):
            raise PositionError(f"{key}: {text!r} is not a seat (0..{self.n - 1})")
        return int(text)


def _mask(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def from_position(game: Game, text: str) -> engine.HarvestState:
    """The state that position ``text`` describes (see the module's docstring)."""
    r = _Reader(game, text)
    n = r.n
    s = engine.HarvestState.blank(game, None)
    s.hands = [_mask(r.cards("hands", g)) for g in r.seat_groups("hands")]
    s.houses = [_mask(r.cards("houses", g)) for g in r.seat_groups("houses")]
    s.fields = [_mask(r.cards("fields", g)) for g in r.seat_groups("fields")]
    if any(f & JOKERS for f in s.fields):
        raise PositionError("fields: a Joker never lies on a field")
    s.playable = [playable_mask(f) for f in s.fields]
    village_text = r.parts.get("village", "-")
    deck_text = r.parts.get("deck", "rest")
    if village_text == "rest" and deck_text == "rest":
        raise PositionError("only one of village and deck may be 'rest'")
    if village_text != "rest":
        s.village = _mask(r.cards("village", village_text))
    deck: list[int] = []
    if deck_text != "rest":
        deck = r.cards("deck", deck_text)
    rest = cards_of(ALL_CARDS & ~r.used)
    if village_text == "rest":
        s.village = _mask(rest)
    elif deck_text == "rest":
        deck = rest
    elif rest:
        missing = ", ".join(CARD_NAMES[c] for c in rest)
        raise PositionError(f"cards placed nowhere: {missing} (or write deck=rest)")
    s.deck = deck[::-1]  # written from the top; the engine deals from the end
    s.round = r.number("round", 1, low=1)
    s.turn = r.number("turn", 1, low=1)
    s.dealer = s.first_dealer = r.number("dealer", 0, high=n - 1)
    s.passes = r.number("passes", 0)
    s.chance = r.number("chance", 0)
    phase = r.parts.get("phase", "house")
    if phase not in PHASE_NAMES:
        raise PositionError(f"phase={phase!r}: choose one of {', '.join(PHASE_NAMES)}")
    s.phase = PHASE_NAMES.index(phase)
    to = r.parts.get("to")
    end = r.parts.get("end")
    if s.phase == PH_OVER:
        if to not in (None, "-"):
            raise PositionError("to: nobody is to move once the game is over (write to=-)")
        words = {w: e for e, w in _END_WORDS.items()}
        if end not in words:
            raise PositionError(f"end={end!r}: say why it ended: {', '.join(words)}")
        s.end = words[end]
        s.cur = (s.dealer + 1) % n
    else:
        if end is not None:
            raise PositionError("end: the game is not over (phase is not 'over')")
        s.cur = (s.dealer + 1) % n if to is None else r.seat("to", to)
        s.acted = (s.cur - s.dealer - 1) % n
    s._track = _read_tracked(r)
    village_jokers = (s.village & JOKERS).bit_count()
    known: list[Known | None] = []
    for q, text_q in enumerate(r.seat_groups("worlds")):
        items, worlds = (
            _knowledge.worlds_of_track(s._track[q]) if text_q == "-" else _read_worlds(r, q, text_q)
        )
        own_jokers = ((s.hands[q] | s.houses[q]) & JOKERS).bit_count()
        known.append((items, worlds, own_jokers, village_jokers))
    s._known = known
    try:
        s.check_invariants()
    except AssertionError as exc:
        raise PositionError(f"not a possible position: {exc}") from None
    return s


def _read_tracked(r: _Reader) -> list[dict[int, int]]:
    out: list[dict[int, int]] = []
    for q, group in enumerate(r.seat_groups("tracked")):
        t: dict[int, int] = {}
        for entry in [] if group == "-" else group.split(","):
            name, colon, seats = entry.partition(":")
            c = try_parse_card(name)
            if c is None or not colon or not seats:
                raise PositionError(f"tracked: {entry!r} is not card:seats (e.g. 4S:13)")
            if c == JOKER_1 and JOKER_1 in t:
                c = JOKER_2
            if c in t:
                raise PositionError(f"tracked: seat {q} tracks {CARD_NAMES[c]} twice")
            holders = 0
            for digit in seats:
                holders |= 1 << r.seat("tracked", digit)
            if holders >> q & 1:
                raise PositionError(f"tracked: seat {q} passed {CARD_NAMES[c]}: not to itself")
            t[c] = holders
        out.append(t)
    return out


def _read_worlds(r: _Reader, q: int, text: str) -> tuple[tuple[int, ...], tuple[World, ...]]:
    names, colon, rest = text.partition(":")
    if not colon or not names or not rest:
        raise PositionError(f"worlds: {text!r} is not cards:worlds (e.g. 4S.7S:11,13)")
    items = []
    for name in names.split("."):
        c = try_parse_card(name)
        if c is None:
            raise PositionError(f"worlds: {name!r} is not a card")
        items.append(52 if c >= 52 else c)
    worlds = []
    for w in rest.split(","):
        if len(w) != len(items):
            raise PositionError(f"worlds: {w!r} gives {len(w)} seats for {len(items)} cards")
        seats = []
        for c, digit in zip(items, w, strict=True):
            if digit == "x" and c >= 52:
                seats.append(GONE)
                continue
            seat = r.seat("worlds", digit)
            if seat == q:
                raise PositionError(f"worlds: seat {q}'s passed cards are with others")
            seats.append(seat)
        worlds.append(tuple(seats))
    return _knowledge.known_worlds(items, worlds)


# -- JSON ---------------------------------------------------------------------------------


def to_dict(state: engine.HarvestState) -> JSON:
    """Everything about ``state`` as JSON data (``state_from_json`` reads it back).
    Saved states of version 1 count rounds and turns from 0."""
    d: JSON = {
        "dealer": state.dealer,
        "first_dealer": state.first_dealer,
        "to_move": state.cur,
        "phase": PHASE_NAMES[state.phase],
        "acted": state.acted,
        "round": state.round - 1,
        "turn": state.turn - 1,
        "passes": state.passes,
        "hands": state.hands[:],
        "houses": state.houses[:],
        "fields": state.fields[:],
        "village": state.village,
        "deck": state.deck[:],
        "chance": state.chance,
        "log": [list(e) for e in state.log],
        "track": [sorted([x, h] for x, h in t.items()) for t in state.track],
        "deals": state.deals[:],
        "movers": state.movers[:],
        "reshuffles": state.reshuffles[:],
        "end": state.end,
    }
    if state._known is not None:  # only a state set up from a position has these
        d["known"] = [
            None if k is None else [list(k[0]), [list(w) for w in k[1]], k[2], k[3]]
            for k in state._known
        ]
    return d


def from_dict(game: Game, d: JSON) -> engine.HarvestState:
    """The state :func:`to_dict` wrote."""
    s = engine.HarvestState.blank(game, None)
    n = s.n
    s.dealer = int(d["dealer"])
    s.first_dealer = int(d["first_dealer"])
    s.cur = int(d["to_move"])
    s.phase = PHASE_NAMES.index(d["phase"])
    s.acted = int(d["acted"])
    s.round = int(d["round"]) + 1
    s.turn = int(d["turn"]) + 1
    s.passes = int(d["passes"])
    s.hands = [int(x) for x in d["hands"]]
    s.houses = [int(x) for x in d["houses"]]
    s.fields = [int(x) for x in d["fields"]]
    if not len(s.hands) == len(s.houses) == len(s.fields) == n:
        raise ValueError("wrong number of seats")
    s.playable = [playable_mask(f) for f in s.fields]
    s.village = int(d["village"])
    s.deck = [int(x) for x in d["deck"]]
    s.chance = int(d["chance"])
    s.log = [(int(a), int(b), int(c), int(m), int(t)) for a, b, c, m, t in d["log"]]
    s._track = [{int(x): int(h) for x, h in t} for t in d["track"]]
    s.deals = [int(x) for x in d["deals"]]
    s.movers = [int(x) for x in d["movers"]]
    s.reshuffles = [int(x) for x in d["reshuffles"]]
    s.end = d["end"]
    s._track_at = len(s.movers)
    s._track_log = len(s.log)
    known: Any = d.get("known")
    if known is not None:
        s._known = [
            None
            if k is None
            else (
                tuple(int(c) for c in k[0]),
                tuple(tuple(int(x) for x in w) for w in k[1]),
                int(k[2]),
                int(k[3]),
            )
            for k in known
        ]
    return s

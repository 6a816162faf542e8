"""SOW positions as one line of text, and the JSON form of a state.

A position is ``key=value`` fields separated by spaces (``docs/rules/sow.md``, "For
developers", has the whole format). A card is ``R/Y`` (a Flower, centre/outer),
``r/y`` (a Seed whose hidden centre is red and outer yellow), ``windmill``,
``gopher`` or ``can`` (the Gopher card, Watering Can side up); cards of a row are
separated by commas, ``-`` is no card. The rulebook's first turn example::

    phase=take to_move=0 r0=y/b,r/g,b/r r3=y/r,g/r,r/b,R/Y r5=windmill r11=gopher

Fields left out take their defaults (the start of a turn, or the end if no row can
be taken; empty rows, hand and bouquets; seat 0 starts; colours ``RYBG``; clockwise;
turn and idle 0); cards mentioned nowhere count as Flowers the Gopher removed, unless
``removed`` is given. SOW draws nothing after the
deal, so a position needs no chance key: the same moves give the same game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from seedbed.core.errors import PositionError
from seedbed.core.protocol import JSON, Game

from ._tables import ALL_ROWS, CAN, FLOWER, GOPHER, WINDMILL
from .rules import (
    CHOOSE_PHASE,
    COLOURS,
    IDLE_LIMIT,
    NUM_ROWS,
    NUM_TYPES,
    OVER,
    PHASE_NAMES,
    TAKE_PHASE,
    TYPE_NAMES,
    type_of,
)

if TYPE_CHECKING:
    from .engine import SowState

# -- cards as text ---------------------------------------------------------------------
_GARDEN_TOKENS = {WINDMILL: "windmill", GOPHER: "gopher", CAN: "can"}
_GARDEN_CODES = {"windmill": WINDMILL, "gopher": GOPHER, "can": CAN}


def card_token(x: int) -> str:
    """``R/Y`` a Flower, ``r/y`` a Seed (centre/outer), ``windmill``, ``gopher``, ``can``."""
    if x < FLOWER:
        return TYPE_NAMES[x].lower()
    if x < WINDMILL:
        return TYPE_NAMES[x - FLOWER]
    return _GARDEN_TOKENS[x]


def card_tokens(cards: Iterable[int]) -> list[str]:
    """The tokens of ``cards``, sorted (for people and tests: order has no effect)."""
    return sorted(card_token(x) for x in cards)


def colour_letters(colours: Iterable[int]) -> str:
    return "".join(COLOURS[c] for c in colours)


def parse_card(token: str) -> int:
    """The card code of one token (see :func:`card_token`)."""
    low = token.lower()
    if low in _GARDEN_CODES:
        return _GARDEN_CODES[low]
    if len(token) == 3 and token[1] == "/" and low[0] in "rybg" and low[2] in "rybg":
        centre, outer = "rybg".index(low[0]), "rybg".index(low[2])
        if centre == outer:
            raise PositionError(f"{token!r}: a card's centre and outer colours differ")
        if token[0].isupper() != token[2].isupper():
            raise PositionError(
                f"{token!r}: write a Flower in capitals (R/Y), a Seed in small letters (r/y)"
            )
        t = type_of(centre, outer)
        return FLOWER + t if token[0].isupper() else t
    raise PositionError(
        f"{token!r} is not a SOW card: write R/Y (a Flower, centre/outer), r/y (a Seed: "
        "hidden centre, outer), windmill, gopher or can"
    )


def parse_cards(text: str) -> list[int]:
    """The card codes of a comma-separated list (``-`` or nothing: no card)."""
    if text in ("", "-"):
        return []
    return [parse_card(tok) for tok in text.split(",")]


def _write_cards(cards: Iterable[int]) -> str:
    return ",".join(card_token(x) for x in cards) or "-"


# -- the position line -----------------------------------------------------------------
_DIRECTIONS = {"cw": 1, "clockwise": 1, "ccw": -1, "counter-clockwise": -1}
_YES_NO = {"yes": 1, "no": 0}
_ROW_KEYS = tuple(f"r{r}" for r in range(NUM_ROWS))
#: Every field, in the order position() writes them.
_KEYS = (
    "phase",
    "to_move",
    "start",
    "turn",
    "idle",
    "direction",
    "favourites",
    *_ROW_KEYS,
    "hand",
    "taken",
    "at",
    "met",
    "progress",
    "last",
    "bouquets",
    "removed",
)
_MID_TURN_KEYS = ("taken", "at", "met", "progress")


def position(s: SowState) -> str:
    """The position of ``s`` as one line (the inverse of :func:`from_position`).

    Rows and the hand keep the order of their cards: which of two alike-looking Seeds
    is placed first decides where a hidden centre goes, so the order is part of the
    future. The fields of a turn in progress (``taken``, ``at``, ``met``, ``progress``,
    and ``last`` while a colour is chosen) are written only mid-turn.
    """
    ph = s.phase
    fields = [
        f"phase={PHASE_NAMES[ph]}",
        f"to_move={'-' if s.to_move is None else s.to_move}",
        f"start={s.start}",
        f"turn={s.turn}",
        f"idle={s.idle}",
        f"direction={'cw' if s.direction > 0 else 'ccw'}",
        f"favourites={colour_letters(s.favourites)}",
    ]
    fields += [f"r{r}={_write_cards(row)}" for r, row in enumerate(s.rows)]
    fields.append(f"hand={_write_cards(s.hand)}")
    if ph != TAKE_PHASE and ph != OVER:
        fields.append(f"taken={s.taken}")
        fields.append(f"at={s.pos}")
        fields.append(f"met={'yes' if s.met else 'no'}")
        fields.append(f"progress={'yes' if s.progress else 'no'}")
        if ph == CHOOSE_PHASE:
            fields.append(f"last={card_token(s.last)}")
    fields.append("bouquets=" + "|".join(_write_cards(b) for b in s.bouquets))
    fields.append(f"removed={_write_cards(s.removed)}")
    return " ".join(fields)


def _int(fields: dict[str, str], key: str, default: int, low: int, high: int) -> int:
    text = fields.get(key)
    if text is None:
        return default
    try:
        value = int(text)
    except ValueError:
        raise PositionError(f"{key}={text!r}: a whole number {low}..{high} is needed") from None
    if not low <= value <= high:
        raise PositionError(f"{key}={value}: must be {low}..{high}")
    return value


def _choice(fields: dict[str, str], key: str, default: str, options: dict[str, int]) -> int:
    text = fields.get(key, default)
    if text not in options:
        raise PositionError(f"{key}={text!r}: write one of {', '.join(options)}")
    return options[text]


def _fields(text: str) -> dict[str, str]:
    if not isinstance(text, str) or not text.strip():
        raise PositionError("an empty SOW position: write fields such as 'r0=r/y,b/g r5=windmill'")
    fields: dict[str, str] = {}
    for word in text.split():
        key, eq, value = word.partition("=")
        if not eq:
            raise PositionError(f"{word!r} is not a field: a SOW position is key=value fields")
        if key not in _KEYS:
            raise PositionError(
                f"{key!r} is not a SOW position field; the fields: {', '.join(_KEYS)}"
            )
        if key in fields:
            raise PositionError(f"the field {key!r} is given twice")
        fields[key] = value
    return fields


def from_position(game: Game, text: str) -> SowState:
    """The state that ``text`` describes; :class:`PositionError` says what is wrong."""
    from .engine import SowState, problems, takeable_rows

    fields = _fields(text)
    n = game.num_players
    rows = [parse_cards(fields.get(key, "")) for key in _ROW_KEYS]
    idle = _int(fields, "idle", 0, 0, IDLE_LIMIT)
    # Left out, the phase is the start of a turn, or the end if no turn can begin.
    ended = not takeable_rows(rows) or idle >= IDLE_LIMIT
    phases = {name: i for i, name in enumerate(PHASE_NAMES)}
    phase = _choice(fields, "phase", "over" if ended else "take", phases)
    hand = parse_cards(fields.get("hand", ""))
    bouquet_text = fields.get("bouquets")
    bouquets: list[list[int]]
    if bouquet_text is None:
        bouquets = [[] for _ in range(n)]
    else:
        bouquets = [parse_cards(b) for b in bouquet_text.split("|")]
        if len(bouquets) != n:
            raise PositionError(f"bouquets: {n} players need {n} bouquets separated by '|'")
    if "removed" in fields:
        removed = parse_cards(fields["removed"])
    else:  # cards mentioned nowhere are Flowers the Gopher removed
        count = [0] * NUM_TYPES
        for group in (*rows, hand, *bouquets):
            for y in group:
                if y < WINDMILL:
                    count[y % FLOWER] += 1
        removed = [FLOWER + t for t in range(NUM_TYPES) for _ in range(2 - count[t])]
    favourites_text = fields.get("favourites", "RYBG")
    if sorted(favourites_text) != sorted(COLOURS):
        raise PositionError(
            f"favourites={favourites_text!r}: the four colours RYBG in the order of "
            "wheelbarrows 0..3, e.g. favourites=BGRY"
        )
    start = _int(fields, "start", -1, 0, n - 1)
    turn = _int(fields, "turn", 0, 0, 10**9)
    if phase == OVER:
        if fields.get("to_move", "-") != "-":
            raise PositionError("to_move: nobody is to move once the game is over; write to_move=-")
        to_move = None
        start = 0 if start < 0 else start
    else:
        mover = _int(fields, "to_move", -1, 0, n - 1)
        if mover < 0:
            start = 0 if start < 0 else start
            mover = (start + turn) % n
        elif start < 0:
            start = (mover - turn) % n
        to_move = mover
    mid = phase != TAKE_PHASE and phase != OVER
    for key in (*_MID_TURN_KEYS, "last"):
        if key in fields and not mid:
            raise PositionError(f"{key}: only a turn in progress has this field")
    taken = _int(fields, "taken", -1, 0, NUM_ROWS - 1)
    if mid and taken < 0:
        raise PositionError("taken: a turn in progress needs the row taken, e.g. taken=4")
    last_text = fields.get("last")
    last = -1
    if last_text is not None:
        if phase != CHOOSE_PHASE:
            raise PositionError("last: only the choose phase has a Flower awaiting a colour")
        last = parse_card(last_text)
    elif phase == CHOOSE_PHASE:
        raise PositionError(
            "last: the choose phase needs the Flower awaiting a colour, e.g. last=R/Y"
        )

    s = SowState(game, None)
    s.players = n
    s.rows = rows
    s.owned = ALL_ROWS
    s.hand = hand
    s.bouquets = [tuple(b) for b in bouquets]
    s.removed = tuple(removed)
    s.favourites = [COLOURS.index(c) for c in favourites_text]
    s.start = start
    s.to_move = to_move
    s.phase = phase
    s.direction = _choice(fields, "direction", "cw", _DIRECTIONS)
    s.pos = _int(fields, "at", taken, 0, NUM_ROWS - 1) if mid else 0
    s.taken = taken
    s.met = bool(_choice(fields, "met", "no", _YES_NO))
    s.water = any(CAN in group for group in (*rows, hand))
    s.last = last
    s.idle = idle
    s.progress = bool(_choice(fields, "progress", "no", _YES_NO))
    s.turn = turn
    s.takeable = takeable_rows(rows)
    wrong = problems(s)
    if wrong:
        raise PositionError("not a SOW position: " + "; ".join(wrong))
    return s


# -- JSON (to_json / state_from_json) ---------------------------------------------------
def to_dict(s: SowState) -> JSON:
    """Everything about ``s``, hidden information included (card codes: ``_tables``)."""
    return {
        "rows": [list(r) for r in s.rows],
        "hand": s.hand,
        "favourites": s.favourites,
        "start": s.start,
        "player": s.to_move,
        "phase": PHASE_NAMES[s.phase],
        "direction": s.direction,
        "pos": s.pos,
        "taken": s.taken,
        "met": s.met,
        "water": s.water,
        "last": s.last,
        "bouquets": [list(b) for b in s.bouquets],
        "removed": list(s.removed),
        "idle": s.idle,
        "progress": s.progress,
        "turn": s.turn,
    }


def from_dict(game: Game, data: JSON) -> SowState:
    """The state :func:`to_dict` wrote; ``ValueError`` when it is not consistent."""
    from .engine import SowState, problems, takeable_rows

    s = SowState(game, None)
    s.players = game.num_players
    s.rows = [[int(x) for x in r] for r in data["rows"]]
    s.hand = [int(x) for x in data["hand"]]
    s.favourites = [int(x) for x in data["favourites"]]
    s.start = int(data["start"])
    cur = data["player"]
    s.to_move = None if cur is None else int(cur)
    s.phase = PHASE_NAMES.index(data["phase"])
    s.direction = int(data["direction"])
    s.pos = int(data["pos"])
    s.taken = int(data["taken"])
    s.met = bool(data["met"])
    s.water = bool(data["water"])
    s.last = int(data["last"])
    s.bouquets = [tuple(int(x) for x in b) for b in data["bouquets"]]
    s.removed = tuple(int(x) for x in data["removed"])
    s.idle = int(data["idle"])
    s.progress = bool(data["progress"])
    s.turn = int(data["turn"])
    s.takeable = takeable_rows(s.rows)
    s.owned = ALL_ROWS
    wrong = problems(s)
    if wrong:
        raise ValueError("inconsistent SOW state: " + "; ".join(wrong))
    return s

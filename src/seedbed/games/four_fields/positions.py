"""Four Fields positions as one line of text (like chess's FEN), and as JSON data.

A position is sections separated by ``/``, each a keyword and its content; per-field
and per-seat parts are separated by ``|`` and ``-`` is an empty part::

    fields 5C 3H 2D 9S | [3C 5H add 8 by 1] | - | - / hands 5D 7C | 4C 6C /
    harvests - | - / coins 0 0 / holds - | 8 / scores 0 0 / pile 2S 3S 4S ... /
    aside - / turn 0 / dealer 1 / round 1 / summer f0 / chance 0

(one line). ``fields`` lists each field's loose cards and its stockpiles in brackets
(cards, ``add`` or ``match``, the value, ``by`` the builder, and ``AS=14`` for each Ace
counted 14); ``hands`` and ``harvests`` each seat's cards; ``coins`` the coins each seat
took this round (the rest are on the square); ``holds`` the values (1..13, an Ace 1)
each seat is known to keep for a stockpile it built; ``scores`` the running totals;
``pile`` the draw pile from the top; ``aside`` the cards out of play until the next
deal (the rulebook puts a round's leftovers aside; a game dealt from a seed never has
any mid-round); ``turn`` the seat to move (``-``: the game is over); ``summer`` the
field that is Summer; ``chance`` the key later rounds are dealt from.

:func:`position` writes every section; :func:`from_position` needs only ``hands``
and reads the others' defaults: empty fields and harvests, no coins taken, nothing
known held, scores 0, an empty pile, nothing aside, turn 0, the dealer on the right of
the seat to move, round 1, summer f0, chance 0. The cards placed nowhere else lie
under the pile (lowest card first), or aside with ``rest aside`` (handy near the end
of a round, when the pile is out). Case does not matter and cards read as in moves
(``10h``, ``Q♠``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from seedbed.core.cards import CARD_NAMES, CARD_SUIT, cards_of, mask_of, try_parse_card
from seedbed.core.errors import PositionError
from seedbed.core.protocol import JSON

from .rules import ADD, FIELDS, MATCH, NUM, OVER, PLAY, Stockpile

if TYPE_CHECKING:
    from .engine import FourFieldsState
    from .game import FourFieldsGame

#: The sections, in the order :func:`position` writes them.
SECTIONS = (
    "fields",
    "hands",
    "harvests",
    "coins",
    "holds",
    "scores",
    "pile",
    "aside",
    "turn",
    "dealer",
    "round",
    "summer",
    "chance",
)
#: Read but never written: where the cards placed nowhere else lie (a field).
_READ_ONLY = ("rest",)
_STOCKPILE = re.compile(r"\[([^\[\]]*)\]")
_KIND_WORDS = {"add": ADD, "adding": ADD, "match": MATCH, "matching": MATCH}


# -- writing -----------------------------------------------------------------------
def _cards(mask: int) -> str:
    return " ".join(CARD_NAMES[c] for c in cards_of(mask)) or "-"


def _stockpile(st: Stockpile) -> str:
    m, value, kind, builder, high = st
    aces = "".join(f" {CARD_NAMES[s * 13]}=14" for s in range(4) if high >> s & 1)
    word = "add" if kind == ADD else "match"
    return f"[{_cards(m)} {word} {value} by {builder}{aces}]"


def _field(s: FourFieldsState, f: int) -> str:
    parts = [CARD_NAMES[c] for c in cards_of(s.loose[f])]
    parts += [_stockpile(st) for st in s.stockpiles[f]]
    return " ".join(parts) or "-"


def position(s: FourFieldsState) -> str:
    """The one-line text of ``s`` (see the module docstring): every card where it
    lies, what the seats know, the draw pile in order and the chance still to come."""
    seats = range(s.n)
    holds = [" ".join(str(r) for r in range(1, 14) if s.holds[q] >> r & 1) or "-" for q in seats]
    sections = [
        "fields " + " | ".join(_field(s, f) for f in range(FIELDS)),
        "hands " + " | ".join(_cards(s.hands[q]) for q in seats),
        "harvests " + " | ".join(_cards(s.harvested[q]) for q in seats),
        "coins " + " ".join(str(c) for c in s.coins),
        "holds " + " | ".join(holds),
        "scores " + " ".join(str(t) for t in s.totals),
        "pile " + (" ".join(CARD_NAMES[c] for c in reversed(s.pile)) or "-"),
        "aside " + _cards(s.aside),
        f"turn {'-' if s.cur is None else s.cur}",
        f"dealer {s.dealer}",
        f"round {s.round}",
        f"summer f{s.summer}",
        f"chance {s.chance}",
    ]
    return " / ".join(sections)


# -- reading -----------------------------------------------------------------------
def _card_list(text: str, where: str) -> list[int]:
    if text.strip() == "-":
        return []
    out = []
    for tok in text.split():
        c = try_parse_card(tok)
        if c is None or c >= 52:
            raise PositionError(f"{tok!r} in {where} is not a card")
        out.append(c)
    return out


def _mask(cards: list[int], where: str) -> int:
    m = 0
    for c in cards:
        if m >> c & 1:
            raise PositionError(f"{CARD_NAMES[c]} appears twice in {where}")
        m |= 1 << c
    return m


def _cards_of_seat(text: str, seat: int, what: str) -> int:
    where = f"seat {seat}'s {what}"
    return _mask(_card_list(text, where), where)


def _number(text: str, where: str, low: int | None = 0, high: int | None = None) -> int:
    t = text.strip()
    if not re.fullmatch(r"-?\d{1,200}", t):
        raise PositionError(f"{where} must be a whole number, not {t[:20]!r}")
    v = int(t)
    if (low is not None and v < low) or (high is not None and v > high):
        top = f"at least {low}" if high is None else f"{low} to {high}"
        raise PositionError(f"{where} must be {top}, not {v}")
    return v


def _per(text: str, count: int, what: str) -> list[str]:
    parts = [p.strip() for p in text.split("|")]
    if len(parts) != count:
        raise PositionError(f"{what} needs {count} parts separated by '|', not {len(parts)}")
    return parts


def _numbers(text: str, count: int, what: str) -> list[int]:
    parts = text.split()
    if len(parts) != count:
        raise PositionError(f"{what} needs {count} numbers, not {len(parts)}")
    return [_number(p, what) for p in parts]


def _values(text: str, where: str) -> int:
    """Bit v set for each value v (1..13) in ``text`` (``-``: none)."""
    bits = 0
    for v in [] if text == "-" else text.split():
        bits |= 1 << _number(v, f"a value in {where}", 1, 13)
    return bits


def _read_stockpile(text: str, f: int) -> Stockpile:
    where = f"a stockpile of field {f}"
    toks = text.lower().split()
    words = [i for i, t in enumerate(toks) if t in _KIND_WORDS]
    if len(words) != 1 or len(toks) < words[0] + 4 or toks[words[0] + 2] != "by":
        raise PositionError(
            f"{where} reads '[cards add|match value by seat]', not [{text.strip()}]"
        )
    i = words[0]
    cards = _mask(_card_list(" ".join(toks[:i]), where), where)
    value = _number(toks[i + 1], f"the value of {where}", 1, 14)
    builder = _number(toks[i + 3], f"the builder of {where}", 0, 3)
    high = 0
    for tok in toks[i + 4 :]:
        ace, eq, v = tok.partition("=")
        c = try_parse_card(ace)
        if not eq or v != "14" or c is None or c >= 52 or NUM[c] != 1 or not cards >> c & 1:
            raise PositionError(f"{tok!r} in {where}: only its own Aces may be 'AS=14'")
        high |= 1 << CARD_SUIT[c]
    return (cards, value, _KIND_WORDS[toks[i]], builder, high)


def _read_field(text: str, f: int) -> tuple[int, tuple[Stockpile, ...]]:
    stocks = sorted(_read_stockpile(m.group(1), f) for m in _STOCKPILE.finditer(text))
    rest = _STOCKPILE.sub(" ", text)
    if "[" in rest or "]" in rest:
        raise PositionError(f"field {f} has an unclosed '[' or a stray ']'")
    loose = _mask(_card_list(rest if rest.strip() else "-", f"field {f}"), f"field {f}")
    return loose, tuple(stocks)


def from_position(game: FourFieldsGame, text: str) -> FourFieldsState:
    """The state that ``text`` describes (see the module docstring). Raises
    :class:`PositionError` saying what is wrong: an unknown or repeated section, the
    wrong number of fields or seats, a card that is no card or lies in two places, a
    stockpile not worth its value, or any other broken rule."""
    from .engine import FourFieldsState  # the engine imports this module

    if not isinstance(text, str) or not text.strip():
        raise PositionError("an empty position: it needs at least 'hands ...'")
    if "\n" in text:
        raise PositionError("a position is one line")
    n = game.num_players
    given: dict[str, str] = {}
    for part in text.split("/"):
        word, _, content = part.strip().partition(" ")
        key = word.lower()
        if key not in SECTIONS and key not in _READ_ONLY:
            known = ", ".join((*SECTIONS, *_READ_ONLY))
            raise PositionError(f"{word[:20]!r} is not a section of a position; they are {known}")
        if key in given:
            raise PositionError(f"section {key!r} appears twice")
        given[key] = content.strip()
    if "hands" not in given:
        raise PositionError("a position needs 'hands ...' (one part per seat)")
    s = FourFieldsState.blank(game, None)
    fields = _per(given.get("fields", "- | - | - | -"), FIELDS, "fields")
    for f, part in enumerate(fields):
        s.loose[f], s.stockpiles[f] = _read_field(part, f)
    hands = _per(given["hands"], n, "hands")
    s.hands = [
        _mask(_card_list(h, f"seat {q}'s hand"), f"seat {q}'s hand") for q, h in enumerate(hands)
    ]
    if any(h.bit_count() > s.hand_size for h in s.hands):
        raise PositionError(f"a hand holds more than {s.hand_size} cards")
    if "harvests" in given:
        piles = _per(given["harvests"], n, "harvests")
        s.harvested = [
            _mask(_card_list(h, f"seat {q}'s harvest"), "a harvest") for q, h in enumerate(piles)
        ]
    if "coins" in given:
        s.coins = _numbers(given["coins"], n, "coins")
    s.coins_on_square = n - sum(s.coins)
    if s.coins_on_square < 0:
        raise PositionError(f"the seats took {sum(s.coins)} coins; there are only {n}")
    if "holds" in given:
        held = _per(given["holds"], n, "holds")
        s.holds = [_values(h, f"seat {q}'s holds") for q, h in enumerate(held)]
    if "scores" in given:
        s.totals = _numbers(given["scores"], n, "scores")
    turn = given.get("turn", "0")
    s.cur = None if turn == "-" else _number(turn, "turn", 0, n - 1)
    s.phase = OVER if s.cur is None else PLAY
    default_dealer = 0 if s.cur is None else (s.cur - 1) % n
    s.dealer = _number(given["dealer"], "dealer", 0, n - 1) if "dealer" in given else default_dealer
    s.round = _number(given.get("round", "1"), "round", 1)
    summer = given.get("summer", "f0").lower()
    s.summer = _number(summer[1:] if summer.startswith("f") else summer, "summer", 0, 3)
    s.chance = _number(given.get("chance", "0"), "chance", None)
    stocked = [st[0] for fs in s.stockpiles for st in fs]
    top_first = _card_list(given.get("pile", "-"), "the pile")
    s.aside = _mask(_card_list(given.get("aside", "-"), "aside"), "aside")
    used = 0
    for m in (*s.hands, *s.loose, *s.harvested, *stocked, _mask(top_first, "the pile"), s.aside):
        if used & m:
            twice = " ".join(CARD_NAMES[c] for c in cards_of(used & m))
            raise PositionError(f"a card lies in two places: {twice}")
        used |= m
    # The cards placed nowhere else: under the pile (lowest first), or in a field.
    rest = [c for c in range(51, -1, -1) if not used >> c & 1]
    if "rest" in given:
        if given["rest"].lower() != "aside":
            raise PositionError(f"'rest' takes 'aside', not {given['rest'][:20]!r}")
        s.aside |= mask_of(rest)
        rest = []
    s.pile = rest + top_first[::-1]
    s.deals = tuple((0, f, s.loose[f]) for f in range(FIELDS))
    problem = s.invariant_problem()
    if problem is not None:
        raise PositionError(f"not a Four Fields position: {problem}")
    s._origin = (
        0,
        0 if s.cur is None else s.cur,
        len(s.pile),
        tuple(h.bit_count() for h in s.hands),
        tuple(s.totals),
    )
    return s


# -- JSON ----------------------------------------------------------------------------
def to_dict(s: FourFieldsState) -> JSON:
    """Everything about the state, hidden cards included (``State.to_json``)."""
    d: JSON = {
        "round": s.round - 1,
        "deal_key": s.chance,
        "dealer": s.dealer,
        "to_play": s.cur,
        "orient": s.summer,
        "hands": list(s.hands),
        "pile": list(s.pile),
        "loose": list(s.loose),
        "stockpiles": [[list(st) for st in fs] for fs in s.stockpiles],
        "harvested": list(s.harvested),
        "coins": list(s.coins),
        "coins_on_square": s.coins_on_square,
        "holds": list(s.holds),
        "totals": list(s.totals),
        "rounds": [[list(r) for r in rec] for rec in s.results],
        "deals": [list(d) for d in s.deals],
    }
    if s.aside:  # only a position puts cards aside
        d["aside"] = s.aside
    if s._origin is not None:  # only states set up from a position have one
        r, cur, pile, sizes, totals = s._origin
        d["origin"] = [r, cur, pile, list(sizes), list(totals)]
    return d


def from_dict(game: FourFieldsGame, d: JSON) -> FourFieldsState:
    """The state :func:`to_dict` wrote (the protocol wraps errors in StateFormatError)."""
    from .engine import FourFieldsState  # the engine imports this module

    s = FourFieldsState.blank(game, None)
    n = game.num_players
    s.round = int(d["round"]) + 1
    s.chance = int(d["deal_key"])
    s.dealer = int(d["dealer"])
    s.cur = None if d["to_play"] is None else int(d["to_play"])
    s.phase = OVER if s.cur is None else PLAY
    s.summer = int(d["orient"]) % 4
    s.hands = [int(x) for x in d["hands"]]
    s.pile = [int(x) for x in d["pile"]]
    s.loose = [int(x) for x in d["loose"]]
    s.stockpiles = [
        tuple((int(a), int(b), int(c), int(e), int(g)) for a, b, c, e, g in fs)
        for fs in d["stockpiles"]
    ]
    s.harvested = [int(x) for x in d["harvested"]]
    s.coins = [int(x) for x in d["coins"]]
    s.coins_on_square = int(d["coins_on_square"])
    s.holds = [int(x) for x in d["holds"]]
    s.totals = [int(x) for x in d["totals"]]
    s.results = tuple(tuple(tuple(int(x) for x in r) for r in rec) for rec in d["rounds"])
    s.deals = tuple((int(a), int(b), int(c)) for a, b, c in d["deals"])
    s.aside = int(d.get("aside", 0))
    if "origin" in d:
        r, cur, pile, sizes, totals = d["origin"]
        s._origin = (
            int(r),
            int(cur),
            int(pile),
            tuple(int(x) for x in sizes),
            tuple(int(x) for x in totals),
        )
    if not (
        len(s.hands) == n == len(s.harvested) == len(s.coins) == len(s.totals)
        and len(s.loose) == 4 == len(s.stockpiles)
    ):
        raise ValueError("wrong number of players or fields")
    return s

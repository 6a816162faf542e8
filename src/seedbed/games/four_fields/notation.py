"""Move notation of Four Fields: written from the action number alone, read forgivingly.

Examples (see ``docs/rules/four_fields.md``)::

    QS sow f0
    5D harvest f2: 5C + 3H 2D
    8H harvest f1: [5H 3C]
    3C add f1: 5H = 8                       (adding up)
    2S add f1: [5H 3C] 4D = 14              (raising an adding-up stockpile)
    3C match f0: 2H + 5S = 5                (3C with 2H makes 5, matched with 5S)
    AS match f3: KD + AC = 14, AS=14, AC=14 (Aces counted as 14 are named)
    2C 3D 4H 5S full harvest f1: 9S + 5C 4D
    2C 3D 4H QS full harvest f1: 9S, QS turns

Stockpiles taken or used appear in square brackets. Groups in a harvest are separated
by ``+``; how the taken cards are grouped does not matter (ruling 4), so reading accepts
the cards in any order and grouping.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from seedbed.core.cards import (
    CARD_NAMES,
    CARD_SUIT,
    canonical_card_tokens,
    cards_of,
    try_parse_card,
)
from seedbed.core.errors import NotationError
from seedbed.core.protocol import State

from .rules import (
    ADD,
    FULL,
    HARVEST,
    KIND_WORDS,
    MATCH,
    NO_CARD,
    NUM,
    SOW,
    VALUES,
    full_harvest_values,
    unpack,
)

if TYPE_CHECKING:
    from .engine import FourFieldsState


def _sort_key(c: int) -> tuple[int, int]:
    return (-NUM[c], CARD_SUIT[c])


def _names(cards: list[int]) -> str:
    return " ".join(CARD_NAMES[c] for c in sorted(cards, key=_sort_key))


def _partition(cards: list[int], value: int, high: int | None) -> list[list[int]] | None:
    """Split ``cards`` into groups worth ``value`` each. ``high`` is the suit mask of Aces
    counted as 14 (``None``: any Ace may be 14 when alone in a group of 14)."""
    if not cards:
        return []
    first, rest = cards[0], cards[1:]

    def worth(c: int, alone: bool) -> tuple[int, ...]:
        if NUM[c] != 1:
            return (NUM[c],)
        if high is None:
            return (1, 14) if alone else (1,)
        return (14,) if high >> CARD_SUIT[c] & 1 else (1,)

    # ``first`` goes into a group with some subset of ``rest``.
    k = len(rest)
    for size in range(k + 1):
        for combo in _combinations(k, size):
            grp = [first] + [rest[i] for i in combo]
            alone = len(grp) == 1
            totals = {0}
            for c in grp:
                totals = {t + w for t in totals for w in worth(c, alone)}
            if value not in totals:
                continue
            left = [c for i, c in enumerate(rest) if i not in combo]
            tail = _partition(left, value, high)
            if tail is not None:
                return [grp, *tail]
    return None


def _combinations(k: int, size: int) -> list[tuple[int, ...]]:
    return list(combinations(range(k), size))


def _groups_text(cards: list[int], value: int, high: int | None) -> str:
    parts = _partition(sorted(cards), value, high) if len(cards) <= 12 else None
    if parts is None:
        return _names(cards)
    parts.sort(key=lambda g: (len(g), *(_sort_key(c) for c in sorted(g, key=_sort_key))))
    return " + ".join(_names(g) for g in parts)


@lru_cache(maxsize=1 << 16)
def action_text(action: int) -> str:
    """The notation of ``action`` (a function of the number alone)."""
    if not isinstance(action, int) or action < 0:
        raise ValueError(f"{action!r} is not a Four Fields action")
    card, field, kind, value, high, loose, stock, played = unpack(action)
    if kind > FULL or (kind != FULL and card >= 52) or (card >= 52 and card != NO_CARD):
        raise ValueError(f"{action} is not a Four Fields action")
    if kind == SOW:
        return f"{CARD_NAMES[card]} sow f{field}"
    stock_text = f"[{_names(cards_of(stock))}]" if stock else ""
    if kind in (HARVEST, FULL):
        if kind == HARVEST:
            head = f"{CARD_NAMES[card]} harvest f{field}"
            values: tuple[int, ...] = VALUES[card]
        else:
            hand = cards_of(played)
            head = f"{_names(hand)} full harvest f{field}"
            low = sum(NUM[c] for c in hand)
            aces = sum(1 for c in hand if NUM[c] == 1)
            values = tuple(low + 13 * k for k in range(aces + 1) if low + 13 * k <= 14) or (low,)
        text = ""
        for v in values:
            text = _groups_text(cards_of(loose), v, None)
            if _partition(sorted(cards_of(loose)), v, None) is not None:
                break
        items = " + ".join(x for x in (text, stock_text) if x)
        tail = f", {CARD_NAMES[card]} turns" if kind == FULL and card != NO_CARD else ""
        return f"{head}: {items}{tail}"
    word = KIND_WORDS[kind]
    if kind == ADD:
        items = " ".join(x for x in (stock_text, _names(cards_of(loose))) if x)
        return f"{CARD_NAMES[card]} {word} f{field}: {items} = {value}"
    # MATCH: group the played card with loose cards, show its partners first.
    cards = sorted([card, *cards_of(loose)])
    parts = _partition(cards, value, high) if len(cards) <= 12 else None
    if parts is None:
        items = _names(cards_of(loose))
    else:
        own = next(g for g in parts if card in g)
        others = [g for g in parts if g is not own]
        others.sort(key=lambda g: (len(g), *(_sort_key(c) for c in sorted(g, key=_sort_key))))
        texts = [_names([c for c in own if c != card])] if len(own) > 1 else []
        texts += [_names(g) for g in others]
        items = " + ".join(texts)
    items = " + ".join(x for x in (items, stock_text) if x)
    ace_text = "".join(
        f", {CARD_NAMES[c]}=14"
        for c in sorted([card, *cards_of(loose)])
        if NUM[c] == 1 and high >> CARD_SUIT[c] & 1
    )
    return f"{CARD_NAMES[card]} {word} f{field}: {items} = {value}{ace_text}"


# -- reading -----------------------------------------------------------------------
#: Parsed kind for the word "stockpile": adding up or matching.
ANY_BUILD = -1
_FIELD_RE = re.compile(r"^(?:f|field)([0-3])$")


class Parsed:
    """What a piece of notation says; ``None`` fields were not given."""

    __slots__ = ("aces_high", "field", "items", "kind", "played", "turn", "value")

    def __init__(self) -> None:
        self.kind: int | None = None
        self.field: int | None = None
        self.played: frozenset[int] = frozenset()
        self.items: frozenset[int] = frozenset()
        self.value: int | None = None
        self.aces_high: frozenset[int] | None = None
        self.turn: int | None = None


def parse(text: str) -> Parsed:
    """Read notation into its parts (cards, kind word, field, items, value, Aces)."""
    canon = canonical_card_tokens(text)
    main, *extras = canon.split(",")
    out = Parsed()
    high: set[int] = set()
    for extra in extras:
        toks = extra.split()
        cards = [try_parse_card(t) for t in toks]
        if len(toks) == 3 and cards[0] is not None and toks[1:] == ["=", "14"]:
            high.add(cards[0])
        elif len(toks) == 2 and cards[0] is not None and toks[1] in ("turns", "turn"):
            out.turn = cards[0]
        elif toks:
            raise NotationError(f"cannot read {extra.strip()!r} in {text!r}")
    if high:
        out.aces_high = frozenset(high)
    head, _, rest = main.partition(":")
    items_text, eq, value_text = rest.partition("=")
    played: list[int] = []
    words: list[str] = []
    for tok in head.split():
        c = try_parse_card(tok)
        m = _FIELD_RE.match(tok)
        if c is not None:
            played.append(c)
        elif m:
            out.field = int(m.group(1))
        elif tok in ("sow", "harvest", "add", "match", "full", "stockpile"):
            words.append(tok)
        else:
            raise NotationError(f"cannot read {tok!r} in {text!r}")
    if "sow" in words:
        out.kind = SOW
    elif "full" in words or ("harvest" in words and len(played) > 1):
        out.kind = FULL
    elif "harvest" in words:
        out.kind = HARVEST
    elif "add" in words:
        out.kind = ADD
    elif "match" in words:
        out.kind = MATCH
    elif "stockpile" in words:
        out.kind = ANY_BUILD
    items = []
    for tok in items_text.split():
        if tok in ("+", "[", "]", "(", ")"):
            continue
        c = try_parse_card(tok)
        if c is None:
            raise NotationError(f"{tok!r} in {text!r} is not a card")
        items.append(c)
    if eq:
        v = value_text.strip()
        if not v.isdigit():
            raise NotationError(f"the value after '=' must be a number, not {v!r}")
        out.value = int(v)
    out.played = frozenset(played)
    out.items = frozenset(items)
    return out


def describe(
    action: int,
) -> tuple[int, int, frozenset[int], frozenset[int], int, frozenset[int], int]:
    """``(kind, field, played, items, value, aces_high, turn)`` of an action, for matching
    what :func:`parse` read against the legal moves."""
    card, field, kind, value, high, loose, stock, played = unpack(action)
    hand = frozenset(cards_of(played)) if kind == FULL else frozenset((card,))
    used = [card, *cards_of(loose)] if kind != FULL else cards_of(loose)
    aces = frozenset(c for c in used if c < 52 and NUM[c] == 1 and high >> CARD_SUIT[c] & 1)
    return (
        kind,
        field,
        hand,
        frozenset(cards_of(loose | stock)),
        value,
        aces,
        card if kind == FULL else NO_CARD,
    )


def matches(p: Parsed, action: int) -> bool:
    """Whether the parsed notation ``p`` can mean ``action``."""
    kind, field, played, items, value, aces, turn = describe(action)
    if p.kind == ANY_BUILD:
        if kind not in (ADD, MATCH):
            return False
    elif p.kind is not None and p.kind != kind:
        return False
    if p.field is not None and p.field != field:
        return False
    if p.played != played or p.items != items:
        return False
    if p.value is not None and kind in (ADD, MATCH) and p.value != value:
        return False
    if p.aces_high is not None and p.aces_high != aces:
        return False
    return not (p.turn is not None and p.turn != turn)


def string_to_action(state: FourFieldsState, text: str) -> int:
    """The legal move of ``state`` that ``text`` names, read forgivingly: exact
    notation first, then by its parts, so the harvested cards may be written in any
    order and grouping (ruling 4). Raises :class:`NotationError` saying what is legal."""
    try:
        return State.string_to_action(state, text)
    except NotationError:
        if state.is_terminal():
            raise
    try:
        parsed = parse(text)
    except NotationError as exc:
        raise NotationError(f"{exc}; {state._no_such_move(text, state.legal_actions())}") from None
    legal = state.legal_actions()
    found = [a for a in legal if matches(parsed, a)]
    if len(found) > 1 and parsed.aces_high is None:
        plain = [a for a in found if not unpack(a)[4]]
        if len(plain) == 1:
            found = plain
    if len(found) == 1:
        return found[0]
    if found:
        options = "; ".join(action_text(a) for a in found[:6])
        raise NotationError(f"{text!r} is ambiguous: it could be {options}")
    raise NotationError(state._no_such_move(text, legal))


# -- the cards of a move in the order the notation lists them ---------------------------
def _in_order(cards: list[int]) -> list[int]:
    return sorted(cards, key=_sort_key)


def _group_key(group: list[int]) -> tuple[int, list[tuple[int, int]]]:
    """Groups are listed smallest first, then by their cards."""
    return (len(group), [_sort_key(c) for c in _in_order(group)])


def _flat(groups: list[list[int]]) -> list[int]:
    return [c for g in sorted(groups, key=_group_key) for c in _in_order(g)]


def listed_cards(action: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(used, played)`` of ``action`` in the order :func:`action_text` writes them:
    what :func:`seedbed.games.four_fields.rules.listed` answers."""
    card, _field, kind, value, high, loose, stock, played = unpack(action)
    stocked = _in_order(cards_of(stock))
    taken = cards_of(loose)
    if kind == SOW:
        return (), (card,)
    if kind == ADD:
        return (*stocked, *_in_order(taken)), (card,)
    if kind == MATCH:
        # The played card's partners first, then the other groups, as action_text.
        cards = sorted([card, *taken])
        parts = _partition(cards, value, high) if len(cards) <= 12 else None
        if parts is None:
            return (*_in_order(taken), *stocked), (card,)
        own = next(g for g in parts if card in g)
        partners = [c for c in _in_order(own) if c != card]
        return (*partners, *_flat([g for g in parts if g is not own]), *stocked), (card,)
    # HARVEST and FULL: grouped by the first value that splits the taken cards.
    used = _in_order(taken)
    if len(taken) <= 12:
        for v in VALUES[card] if kind == HARVEST else full_harvest_values(played):
            parts = _partition(taken, v, None)
            if parts is not None:
                used = _flat(parts)
                break
    hand = (card,) if kind == HARVEST else tuple(_in_order(cards_of(played)))
    return (*used, *stocked), hand

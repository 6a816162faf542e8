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
from typing import TYPE_CHECKING, Final

from seedbed.core.cards import (
    CARD_NAMES,
    CARD_SUIT,
    canonical_card_tokens,
    cards_of,
    check_move_text,
    try_parse_card,
)
from seedbed.core.errors import NotationError, quote
from seedbed.core.protocol import State

from .rules import (
    ACES,
    ADD,
    FULL,
    HARVEST,
    KIND_WORDS,
    MATCH,
    MAX_HAND,
    MIN_HAND,
    NO_CARD,
    NUM,
    PLAYED_SHIFT,
    SOW,
    VALUE_SHIFT,
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


#: Grouping is shown for at most this many cards; more are listed ungrouped (reading
#: ignores the grouping anyway, ruling 4). Legal moves of random games take at most 9
#: loose cards.
MAX_GROUPED: Final = 12


def _partition(cards: list[int], value: int, high: int | None) -> list[list[int]] | None:
    """Split ``cards`` (sorted) into groups worth ``value`` each. ``high`` is the suit
    mask of Aces counted as 14 (``None``: any Ace may be 14 when alone in a group of 14).

    The split shown is the one an exhaustive search finds first: ``cards[0]`` with the
    fewest, then the lexicographically first, other cards, and so on. Instead of trying
    every subset of every subset, each step keeps only the groups whose leftover cards
    can still be split (:func:`_splittable`, which works on the multiset of worths), so
    the walk never backtracks; a step budget bounds the whole, so that the notation of
    no number of any shape is slow (over budget, the cards are listed ungrouped).
    """
    worth = [_worth(c, high) for c in cards]
    # An Ace may stand alone as 14 only when ``high`` is None: the one flexible worth.
    free_ace = [high is None and value == 14 and NUM[c] == 1 for c in cards]
    if value < 1 or any(w > value for w in worth):
        return None
    cls = [FREE_ACE if f else w for w, f in zip(worth, free_ace, strict=True)]
    memo: dict[int, bool] = {}
    budget = [_SPLIT_BUDGET]
    left = list(range(len(cards)))
    if not _splittable(_key(cls, left), value, memo, budget):
        return None
    groups: list[list[int]] = []
    while left:
        first, rest = left[0], left[1:]
        group = _first_group(first, rest, worth, cls, value, memo, budget)
        if group is None:  # only when the budget ran out
            return None
        groups.append([cards[i] for i in group])
        left = [i for i in rest if i not in group]
    return groups


#: Steps (multisets examined and groups tried) before :func:`_partition` gives up. The
#: legal moves of 1,500 random games need at most 17, the slowest twelve cards that a
#: hill-climbing search found 28: the budget only bounds what nobody has found.
_SPLIT_BUDGET: Final = 200
#: The class of an Ace that may stand alone as 14 (other cards' class is their worth,
#: 1 to 14); 0 keeps every multiset key below 2**60, a small int for compiled code.
FREE_ACE: Final = 0


def _worth(card: int, high: int | None) -> int:
    """What ``card`` counts in a group of two or more cards."""
    if NUM[card] != 1 or high is None:
        return NUM[card]
    return 14 if high >> CARD_SUIT[card] & 1 else 1


def _key(cls: list[int], positions: list[int]) -> int:
    """The multiset of classes of the cards at ``positions``: 4 bits of count a class."""
    key = 0
    for i in positions:
        key += 1 << (4 * cls[i])
    return key


def _first_group(
    first: int,
    rest: list[int],
    worth: list[int],
    cls: list[int],
    value: int,
    memo: dict[int, bool],
    budget: list[int],
) -> list[int] | None:
    """The first group with ``first`` (fewest cards, then lexicographic) whose leftover
    cards can be split; the cards given can be split, so there is one."""
    # Alone: the card is worth ``value`` itself (an Ace as 14 when it may be).
    alone = worth[first] == value or cls[first] == FREE_ACE
    if alone and _splittable(_key(cls, rest), value, memo, budget):
        return [first]
    need = value - worth[first]
    for size in range(1, len(rest) + 1):
        for combo in _combos(rest, cls, worth, 0, size, need):
            budget[0] -= 1
            if budget[0] < 0:
                return None
            left = [i for i in rest if i not in combo]
            if _splittable(_key(cls, left), value, memo, budget):
                return [first, *combo]
    return None


def _combos(
    items: list[int], cls: list[int], worth: list[int], start: int, size: int, need: int
) -> list[list[int]]:
    """The ``size``-element combinations of ``items[start:]`` (lexicographic order) whose
    worths add up to ``need``, one for each multiset of classes: of two items of one
    class only the first is tried in a place, since whatever the second completes the
    first completes too, with the same cards left over, and comes first."""
    if size == 0:
        return [[]] if need == 0 else []
    out: list[list[int]] = []
    tried = 0
    for k in range(start, len(items) - size + 1):
        c = cls[items[k]]
        w = worth[items[k]]
        if w > need - (size - 1) or tried >> c & 1:
            continue
        tried |= 1 << c
        for tail in _combos(items, cls, worth, k + 1, size - 1, need - w):
            out.append([items[k], *tail])
    return out


def _splittable(key: int, value: int, memo: dict[int, bool], budget: list[int]) -> bool:
    """Whether the multiset ``key`` (see :func:`_key`) splits into groups worth
    ``value``. The card of the highest worth is grouped first: it has the fewest
    possible partners. Over budget it answers no."""
    if key == 0:
        return True
    known = memo.get(key)
    if known is not None:
        return known
    budget[0] -= 1
    if budget[0] < 0:
        return False
    counts = [key >> (4 * c) & 15 for c in range(15)]
    aces = counts[FREE_ACE]
    total = aces
    top = 0
    for c in range(1, 15):
        if counts[c]:
            total += c * counts[c]
            top = c
    # Every group is worth ``value``; an Ace alone as 14 adds 13 to the total.
    ok = any((total + 13 * j) % value == 0 for j in range(aces + 1))
    if ok and top:  # (with only Aces that may stand alone as 14 left, each is a group)
        base = key - (1 << (4 * top))
        if top == value:  # a card worth the value is a group on its own
            ok = _splittable(base, value, memo, budget)
        else:
            counts[top] -= 1
            partners: list[int] = []
            _partners(counts, top, value - top, 0, partners)
            ok = any(_splittable(base - taken, value, memo, budget) for taken in partners)
    memo[key] = ok
    return ok


def _partners(counts: list[int], c: int, need: int, taken: int, out: list[int]) -> None:
    """Append to ``out`` every multiset (as a key) of cards of worth ``c`` or less from
    ``counts`` that adds up to ``need`` (an Ace that may stand alone counts 1 here)."""
    if need == 0:
        out.append(taken)
        return
    if c == 1:
        one = FREE_ACE if counts[FREE_ACE] else 1
        if counts[one] >= need:
            out.append(taken + (need << (4 * one)))
        return
    for k in range(min(counts[c], need // c), -1, -1):
        _partners(counts, c - 1, need - k * c, taken + (k << (4 * c)), out)


def _groups(cards: list[int], value: int, high: int | None) -> list[list[int]] | None:
    """The groups of ``cards`` worth ``value`` to show, or ``None`` (no split, or too
    many cards to look for one)."""
    if len(cards) > MAX_GROUPED:
        return None
    return _partition(sorted(cards), value, high)


def _groups_text(cards: list[int], parts: list[list[int]] | None) -> str:
    if parts is None:
        return _names(cards)
    parts.sort(key=lambda g: (len(g), *(_sort_key(c) for c in sorted(g, key=_sort_key))))
    return " + ".join(_names(g) for g in parts)


#: Every action number is below this: the played cards end at bit 174.
ACTION_LIMIT: Final = 1 << (PLAYED_SHIFT + 52)


def malformed(action: int) -> str:
    """Why ``action`` is no Four Fields move in any state ("" if it could be one).

    The checks read only the packed fields (see ``_tables``), so that notation and
    rejection cost the same few operations for any int, however large: a number the
    engine never makes gets no notation instead of a misleading one.
    """
    if not 0 <= action < ACTION_LIMIT:
        return "out of range"
    card, _field, kind, value, high, loose, stock, played = unpack(action)
    if kind > FULL:
        return "no such kind of move"
    if kind == SOW:
        return "" if card < 52 and action >> VALUE_SHIFT == 0 else "a sowing plays one card"
    if loose & stock or played & (loose | stock):
        return "a card is used twice"
    if kind == FULL:
        if not MIN_HAND <= played.bit_count() <= MAX_HAND:
            return f"a full harvest plays a whole hand ({MIN_HAND} to {MAX_HAND} cards)"
        if card != NO_CARD and not played >> card & 1:
            return "the turning card is not one of the cards played"
        return "" if value == 0 and high == 0 else "a full harvest builds nothing"
    if card >= 52 or played:
        return "no such card"
    if (loose | stock) >> card & 1:
        return "a card is used twice"
    if kind == HARVEST:
        return "" if value == 0 and high == 0 else "a harvest builds nothing"
    if not 1 <= value <= 14:
        return "a stockpile is worth 1 to 14"
    if kind == ADD:
        return "" if high == 0 else "only matching counts Aces as 14"
    aces = ACES & (loose | 1 << card)
    if any(high >> s & 1 and not aces >> (13 * s) & 1 for s in range(4)):
        return "an Ace counted as 14 is not in the stockpile"
    return ""


@lru_cache(maxsize=1 << 16)
def action_text(action: int) -> str:
    """The notation of ``action`` (a function of the number alone); ``ValueError`` for a
    number that is no Four Fields move (:func:`malformed`). Microseconds for any int."""
    if not isinstance(action, int) or isinstance(action, bool):
        raise ValueError(f"{quote(action)} is not a Four Fields action")
    why = malformed(action)
    if why:
        raise ValueError(f"{quote(action)} is not a Four Fields action: {why}")
    card, field, kind, value, high, loose, stock, played = unpack(action)
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
        taken = cards_of(loose)
        parts = None
        for v in values:
            parts = _groups(taken, v, None)
            if parts is not None:
                break
        text = _groups_text(taken, parts)
        items = " + ".join(x for x in (text, stock_text) if x)
        tail = f", {CARD_NAMES[card]} turns" if kind == FULL and card != NO_CARD else ""
        return f"{head}: {items}{tail}"
    word = KIND_WORDS[kind]
    if kind == ADD:
        items = " ".join(x for x in (stock_text, _names(cards_of(loose))) if x)
        return f"{CARD_NAMES[card]} {word} f{field}: {items} = {value}"
    # MATCH: group the played card with loose cards, show its partners first.
    cards = sorted([card, *cards_of(loose)])
    parts = _groups(cards, value, high)
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
            raise NotationError(f"cannot read {quote(extra.strip())} in {quote(text)}")
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
            raise NotationError(f"cannot read {quote(tok)} in {quote(text)}")
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
            raise NotationError(f"{quote(tok)} in {quote(text)} is not a card")
        items.append(c)
    if eq:
        v = value_text.strip()
        if not (v.isascii() and v.isdigit()):
            raise NotationError(f"the value after '=' must be a number, not {quote(v)}")
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
    check_move_text(text)  # not text, or too long to be a move: refused unread
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
        parts = _groups(cards, value, high)
        if parts is None:
            return (*_in_order(taken), *stocked), (card,)
        own = next(g for g in parts if card in g)
        partners = [c for c in _in_order(own) if c != card]
        return (*partners, *_flat([g for g in parts if g is not own]), *stocked), (card,)
    # HARVEST and FULL: grouped by the first value that splits the taken cards.
    used = _in_order(taken)
    for v in VALUES[card] if kind == HARVEST else full_harvest_values(played):
        parts = _groups(taken, v, None)
        if parts is not None:
            used = _flat(parts)
            break
    hand = (card,) if kind == HARVEST else tuple(_in_order(cards_of(played)))
    return (*used, *stocked), hand

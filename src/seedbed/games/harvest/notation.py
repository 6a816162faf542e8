"""Harvest notation: a move's text is a function of its action number alone.

``house 7H``, ``village KC``, ``plant 3S`` / ``tend 8S`` / ``harvest QS`` (the rank
says which), ``discard 4D``, ``assistant: JK takes QD -> harvest``; a Joker is ``JK``.
Other seats see a house card as ``house ??``.

>>> action_to_string(106 + 11)
'harvest QS'
>>> notation_for(7, actor=0, viewer=1)
'house ??'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from seedbed.core.cards import CARD_NAMES, canonical_card_tokens, try_parse_card
from seedbed.core.errors import NotationError
from seedbed.games.harvest.rules import (
    ASSIST,
    DISCARD,
    HIDDEN_HOUSE,
    NUM_ACTIONS,
    PLAY,
    VILLAGE,
    action_card,
    play_word,
)

if TYPE_CHECKING:
    from seedbed.games.harvest.engine import HarvestState


def _build_names() -> tuple[str, ...]:
    names: list[str] = []
    for c in range(53):
        names.append(f"house {CARD_NAMES[c]}")
    for c in range(53):
        names.append(f"village {CARD_NAMES[c]}")
    for c in range(52):
        names.append(f"{play_word(c)} {CARD_NAMES[c]}")
    for c in range(53):
        names.append(f"discard {CARD_NAMES[c]}")
    for c in range(52):
        names.append(f"assistant: JK takes {CARD_NAMES[c]} -> {play_word(c)}")
    names.append("house ??")
    return tuple(names)


#: Notation of every action number (``ACTION_NAMES[a]``), ``HIDDEN_HOUSE`` included.
ACTION_NAMES: Final[tuple[str, ...]] = _build_names()
assert len(ACTION_NAMES) == NUM_ACTIONS + 1


def action_to_string(action: int) -> str:
    if not isinstance(action, int) or not 0 <= action <= NUM_ACTIONS:
        raise ValueError(f"{action!r} is not a Harvest action (0..{NUM_ACTIONS - 1})")
    return ACTION_NAMES[action]


def notation_for(action: int, actor: int, viewer: int | None) -> str:
    """A house card is kept face down: other seats (and spectators) see ``house ??``."""
    if action < VILLAGE and viewer != actor:
        return ACTION_NAMES[HIDDEN_HOUSE]
    return action_to_string(action)


_FILLER = frozenset({":", "->", "-", ">", "a", "the", "with", "to", "and"})
#: Words accepted in loose move input, and the move kind each names.
_KEYWORDS = {
    "house": "house",
    "keep": "house",
    "village": "village",
    "show": "village",
    "plant": "plant",
    "tend": "tend",
    "harvest": "harvest",
    "play": "play",
    "discard": "discard",
    "assistant": "assistant",
    "assist": "assistant",
    "joker": "assistant",
    "takes": "assistant",
    "take": "assistant",
}


def loose_action(state: HarvestState, text: str, exc: NotationError) -> int:
    """The legal move that ``text`` names loosely: a bare card (``"7H"``) or a keyword
    with a card (``"keep 7H"``, ``"assistant QD"``, ``"joker QD"``) when that names
    exactly one legal move; else ``exc`` (what the exact reading said) or the
    ambiguity."""
    tokens = canonical_card_tokens(text).split()
    cards = [t for t in tokens if try_parse_card(t) is not None]
    words = {t for t in tokens if try_parse_card(t) is None} - _FILLER
    if not cards or not words <= set(_KEYWORDS) or len(cards) > 2:
        raise exc
    wanted = {_KEYWORDS[w] for w in words}
    matches = []
    for a in state.legal_actions():
        card, kinds = _action_card_and_kinds(a)
        extra = cards[:-1]
        if CARD_NAMES[card] != cards[-1] or not wanted <= kinds:
            continue
        if extra and (a < ASSIST or extra != ["JK"]):
            continue
        matches.append(a)
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        shown = ", ".join(ACTION_NAMES[a] for a in matches)
        raise NotationError(f"{text!r} is ambiguous: it could be {shown}") from exc
    raise exc


def _action_card_and_kinds(a: int) -> tuple[int, frozenset[str]]:
    """The card an action names and the keywords that describe it."""
    c = action_card(a)
    if a < VILLAGE:
        return c, frozenset({"house"})
    if a < PLAY:
        return c, frozenset({"village"})
    if a < DISCARD:
        return c, frozenset({"play", play_word(c)})
    if a < ASSIST:
        return c, frozenset({"discard"})
    return c, frozenset({"assistant", play_word(c)})

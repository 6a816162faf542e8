"""SEWN's move notation: what each action number is called, how other seats are told of
it, and the forgiving words a player may type.

>>> action_to_string(11), action_to_string(PLANT_BASE + 35), action_to_string(112)
('QS', 'plant TD', 'pick North')
>>> notation_for(PLANT_BASE + 35, actor=0, viewer=1)
'plant ?'
>>> alias("trump hearts", TRUMP) == TRUMP_BASE + 1
True
"""

from __future__ import annotations

from typing import Final

from seedbed.core.cards import CARD_NAMES, SUITS, parse_cards, try_parse_card
from seedbed.games.sewn.rules import (
    NUM_ACTIONS,
    PICK,
    PICK_BASE,
    PLANT,
    PLANT_BASE,
    SEAT_NAMES,
    TAKE_FIRST_PICK,
    TAKE_TRUMP,
    TRUMP,
    TRUMP_BASE,
)


def _action_names() -> tuple[str, ...]:
    names = [CARD_NAMES[c] for c in range(52)]
    names += [f"plant {CARD_NAMES[c]}" for c in range(52)]
    names += ["take trump", "take first pick"]
    names += [f"trump {s}" for s in SUITS]
    names += [f"pick {n}" for n in SEAT_NAMES]
    return tuple(names)


#: The notation of every action number.
ACTION_NAMES: Final = _action_names()

#: Words for the suits when naming the trump.
_SUIT_WORDS: Final = {
    "s": 0, "spades": 0, "spade": 0, "♠": 0,
    "h": 1, "hearts": 1, "heart": 1, "♥": 1,
    "d": 2, "diamonds": 2, "diamond": 2, "♦": 2,
    "c": 3, "clubs": 3, "club": 3, "♣": 3,
}  # fmt: skip


def action_to_string(action: int) -> str:
    """The notation of ``action``: a function of the number alone."""
    if isinstance(action, bool) or not isinstance(action, int):
        raise ValueError(f"{action!r} is not a SEWN action")
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"{action} is not a SEWN action (0..{NUM_ACTIONS - 1})")
    return ACTION_NAMES[action]


def notation_for(action: int, actor: int, viewer: int | None) -> str:
    """A plant is face down: only its planter sees the card (``plant ?`` to others).
    Every other move is public."""
    if PLANT_BASE <= action < TAKE_TRUMP and viewer != actor:
        return "plant ?"
    return action_to_string(action)


def _is_card(word: str) -> bool:
    c = try_parse_card(word)
    return c is not None and c < 52


def alias(text: str, phase: int) -> int | None:
    """The action a player meant by ``text`` in ``phase`` when it is not the notation
    itself: ``play QS``, a bare card while planting, ``first pick``, ``trump``, ``trump
    hearts``/``trump ♥``/``hearts`` while naming the trump, ``pick n``/``north`` while
    picking. ``None`` if ``text`` is none of these (legality is the caller's check)."""
    words = text.strip().lower().replace("_", " ").split()
    if not words:
        return None
    if words[0] == "play" and len(words) == 2:
        words = words[1:]
    if len(words) == 1 and phase == PLANT:
        words = ["plant", words[0]]
    if words[0] == "plant" and len(words) == 2:
        cards = parse_cards(words[1]) if _is_card(words[1]) else []
        return PLANT_BASE + cards[0] if cards else None
    if len(words) == 1 and _is_card(words[0]):
        return parse_cards(words[0])[0]
    joined = " ".join(words)
    if joined in ("first pick", "take first", "first", "take pick", "pick first"):
        return TAKE_FIRST_PICK
    if joined in ("trump", "take trump"):
        return TAKE_TRUMP
    if phase == TRUMP:
        last = words[-1]
        if last in _SUIT_WORDS and (len(words) == 1 or words[0] == "trump"):
            return TRUMP_BASE + _SUIT_WORDS[last]
    if phase == PICK:
        last = words[-1]
        if len(words) <= 2 and (len(words) == 1 or words[0] == "pick"):
            for i, n in enumerate(SEAT_NAMES):
                if last in (n.lower(), n[0].lower()):
                    return PICK_BASE + i
    return None

"""Moves as the terminal shows them and reads them.

Every move the client prints goes through :func:`move_text` (the one card display
form of :func:`seedbed.core.cards.display_notation`, red hearts and diamonds), and
every move a person types goes through :func:`read_move`, which accepts what the
game's own parser accepts and, failing that, any unambiguous prefix of a legal move's
notation (``jc harvest f1`` for ``JC harvest f1: 5C + 6C``).
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from seedbed.core.cards import canonical_card_tokens, display_notation
from seedbed.core.errors import NotationError
from seedbed.core.protocol import State

#: How many candidate moves an error message names before it says how to see them all.
SHOWN_IN_ERRORS = 12


#: Hearts and diamonds in red, as the game renderers draw them.
_RED_CARD = r"(?:10|[2-9JQKA])[♥♦]"


def move_text(notation: str) -> Text:
    """A move (or a log line holding moves) as rich text in the display form."""
    text = Text(display_notation(notation))
    text.highlight_regex(_RED_CARD, "red")
    return text


def move_columns(entries: list[str], width: int) -> Text:
    """Many short entries (a game's history: hundreds of moves) in aligned columns,
    row by row, in the display form. rich's ``Columns`` measures every entry as a
    renderable, a third of a second for a 400-move SEWN game; plain strings need not."""
    shown = [display_notation(e) for e in entries]
    if not shown:
        return Text()
    cell = max(cell_len(e) for e in shown) + 3
    per_row = max(1, (width + 3) // cell)
    rows = [shown[i : i + per_row] for i in range(0, len(shown), per_row)]
    text = Text(
        "\n".join(
            "".join(e + " " * (cell - cell_len(e)) for e in row[:-1]) + row[-1] for row in rows
        )
    )
    text.highlight_regex(_RED_CARD, "red")
    return text


def _tokens(text: str) -> list[str]:
    return canonical_card_tokens(text).split()


def read_move(state: State, text: str) -> int:
    """The legal action ``text`` names, or :class:`NotationError` saying why not.

    First the game's own forgiving parser (``QS``, ``10h``, ``Q♠``, the game's short
    forms); then the legal moves whose notation starts with ``text`` word by word,
    which must be exactly one. Error lists longer than :data:`SHOWN_IN_ERRORS` say
    how to see them all.
    """
    try:
        return state.string_to_action(text)
    except NotationError as exc:
        original = exc
    wanted = _tokens(text)
    legal = state.legal_actions()
    if not wanted or not legal:
        raise original
    fits = [a for a in legal if _tokens(state.action_to_string(a))[: len(wanted)] == wanted]
    if len(fits) == 1:
        return fits[0]
    if len(fits) > 1:
        shown = ", ".join(display_notation(state.action_to_string(a)) for a in fits)
        if len(fits) > SHOWN_IN_ERRORS:
            shown = ", ".join(
                display_notation(state.action_to_string(a)) for a in fits[:SHOWN_IN_ERRORS]
            )
            shown += f" and {len(fits) - SHOWN_IN_ERRORS} more ('moves' lists every move)"
        raise NotationError(
            f"{text!r} starts {len(fits)} moves: {shown}; type more of it, or its number"
        ) from None
    # The cards the message lists in the display form, what the person typed as typed.
    message = repr(text).join(display_notation(part) for part in str(original).split(repr(text)))
    if len(legal) > SHOWN_IN_ERRORS and "more)" in message:
        message += "; 'moves' lists them all"
    raise NotationError(message) from None

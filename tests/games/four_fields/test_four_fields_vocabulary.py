"""The public vocabulary (``seedbed.games.four_fields.rules``) agrees with the game:
action numbers decode to what their notation says, ``listed`` gives a move's cards in
its notation's order, and the action count bounds every action."""

from __future__ import annotations

import random

import pytest

import seedbed
from seedbed.core.cards import CARD_NAMES, cards_of, try_parse_card
from seedbed.core.protocol import State
from seedbed.games.four_fields import rules
from seedbed.testing.helpers import mid_game_states


def _cards_named(text: str) -> set[int]:
    out = set()
    for token in text.replace("[", " ").replace("]", " ").replace(",", " ").split():
        c = try_parse_card(token.split("=")[0])  # "AS=14" names AS
        if c is not None:
            out.add(c)
    return out


def _states(players: int, full: bool) -> list[State]:
    game = seedbed.load("four_fields", players=players, full_harvest=full)
    return mid_game_states(game, 10 * players + full, 12)


@pytest.mark.parametrize(("players", "full"), [(2, False), (3, True), (4, True)])
def test_decode_encode_and_notation_agree(players: int, full: bool) -> None:
    """Every legal action decodes to its notation's kind, field and cards, and encodes
    back to the same number below ``num_actions``."""
    limit = rules.num_actions(players)
    for s in _states(players, full):
        for a in s.legal_actions():
            move = rules.decode(a)
            assert rules.encode(move) == a and 0 <= a < limit
            assert rules.kind_of(a) == move.kind and rules.field_of(a) == move.field
            text = s.action_to_string(a)
            assert f"{rules.KIND_WORDS[move.kind]} f{move.field}" in text
            assert _cards_named(text) == set(cards_of(move.loose | move.stock)) | (
                set(cards_of(move.played)) if move.kind == rules.FULL else {move.card}
            )


@pytest.mark.parametrize(("players", "full"), [(2, False), (3, True), (4, False)])
def test_listed_follows_the_notation(players: int, full: bool) -> None:
    """``rules.listed`` gives the cards a move uses and plays in the order its notation
    writes them (what the heuristic's sums rely on)."""
    for s in _states(players, full):
        for a in s.legal_actions():
            used, played = rules.listed(a)
            text = s.action_to_string(a)
            head, _, tail = text.partition(":")
            items = tail.split(",")[0].split("=")[0]
            in_text = [t.strip("[]") for t in items.split() if t.strip("[]") in CARD_NAMES]
            assert [CARD_NAMES[c] for c in used] == in_text, text
            assert [CARD_NAMES[c] for c in played] == [t for t in head.split() if t in CARD_NAMES]


def test_round_breakdown_lines_add_up() -> None:
    """``round_points`` is the sum of ``round_breakdown``'s lines, in the rulebook's
    order of ``SCORE_LINES``."""
    rng = random.Random(3)
    for _ in range(200):
        n = rng.randint(2, 4)
        counts = [[rng.randint(0, 8) for _ in range(n)] for _ in range(5)]
        lines = rules.round_breakdown(*counts)
        assert len(lines) == len(rules.SCORE_LINES)
        assert rules.round_points(*counts) == [sum(line[p] for line in lines) for p in range(n)]

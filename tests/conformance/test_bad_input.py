"""Bad input to any registered engine gets a clear seedbed error, never a crash."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import seedbed
from seedbed.core.protocol import State
from seedbed.testing.conformance import random_moves

GAMES = seedbed.available_games()


def _midgame(game_id: str, seed: int) -> State:
    game = seedbed.load(game_id)
    state = game.new_state(seed)
    rng = random.Random(seed)
    random_moves(state, rng, rng.randrange(1, 60))
    return state


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), text=st.text(max_size=30))
def test_any_text_is_a_legal_move_or_a_notation_error(game_id: str, seed: int, text: str) -> None:
    state = _midgame(game_id, seed)
    before = state.to_json()
    try:
        action = state.string_to_action(text)
    except seedbed.NotationError as exc:
        assert str(exc)
    else:
        assert action in state.legal_actions()
    assert state.to_json() == before


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), action=st.integers(-(2**70), 2**70))
def test_any_int_is_legal_or_an_illegal_move_error(game_id: str, seed: int, action: int) -> None:
    state = _midgame(game_id, seed)
    before = state.to_json()
    if action in state.legal_actions():
        state.apply_action(action)
        return
    with pytest.raises(seedbed.IllegalMoveError):
        state.apply_action(action)
    assert state.to_json() == before


@pytest.mark.parametrize("game_id", GAMES)
def test_corrupt_state_json_is_a_state_format_error(game_id: str) -> None:
    state = _midgame(game_id, 3)
    game = state.game
    text = state.to_json()
    data = json.loads(text)
    broken_inner = dict(data, state={"nonsense": True})
    wrong_game = dict(data, game="chess")
    for bad in (
        "",
        "[]",
        "{}",
        text[: len(text) // 2],
        json.dumps(broken_inner),
        json.dumps(wrong_game),
    ):
        with pytest.raises(seedbed.StateFormatError):
            game.state_from_json(bad)
    assert game.state_from_json(text).to_json() == text


# -- issue 17: the reproductions, each at its root --------------------------------------
def _harvest_of(card: int, loose: list[int]) -> int:
    """A Four Fields action number: ``card`` harvests ``loose`` from field 0."""
    from seedbed.games.four_fields import rules

    return rules.encode(rules.Action(rules.HARVEST, card, 0, loose=sum(1 << c for c in loose)))


ABSURD_FOUR_FIELDS = [
    1095199611162,  # "AD harvest f0" taking 19 loose cards: 6 s before the fix
    _harvest_of(26, [c for c in range(52) if c != 26][:22]),  # 22 cards: 3.5 s
    _harvest_of(26, [c for c in range(52) if c != 26][:12]),  # the most it groups
    _harvest_of(0, [1, 2, 14, 15, 16, 18, 27, 28, 30, 31, 44]),  # slow for the old search
    0x2F3D_6A1B_99C4_07E2_11,  # a random 70-bit number: over 10 minutes
    2**4000 + 1,
]


@pytest.mark.parametrize("action", ABSURD_FOUR_FIELDS, ids=lambda a: f"{a.bit_length()}-bits")
def test_absurd_four_fields_actions_are_refused_at_once(action: int) -> None:
    """Rejecting (or naming) any int never searches: the harvest notation is guarded
    like the other branches and the grouping search is bounded."""
    state = seedbed.load("four_fields", full_harvest=True).new_state(0)
    before = state.to_json()
    with pytest.raises(seedbed.IllegalMoveError) as info:
        state.apply_action(action)
    assert len(str(info.value)) < 300
    assert state.to_json() == before
    try:
        text = state.action_to_string(action)
    except ValueError:
        return
    assert "harvest" in text


def test_notation_of_a_big_harvest_lists_the_cards() -> None:
    taken = [c for c in range(52) if c != 26][:22]
    text = seedbed.load("four_fields").new_state(0).action_to_string(_harvest_of(26, taken))
    assert text.startswith("AD harvest f0: ") and len(text.split(": ")[1].split()) == 22


def test_malformed_four_fields_numbers_have_no_notation() -> None:
    """Numbers the engine never makes (a sowing with cards taken, a card used twice,
    a full harvest of one card: a whole hand is at least two) are not given a
    misleading name."""
    from seedbed.games.four_fields.rules import ADD, FULL, SOW, Action, encode

    def pack(card: int, field: int, kind: int, **parts: int) -> int:
        return encode(Action(kind, card, field, **parts))

    state = seedbed.load("four_fields", full_harvest=True).new_state(0)
    for action in (
        2**70,  # "AS sow f0" with a stray bit, once
        pack(0, 1, SOW, loose=1 << 5),
        pack(3, 0, ADD, value=9, loose=1 << 3),
        pack(63, 0, FULL, played=0b1),
        pack(3, 0, ADD, value=15, loose=1 << 4),
    ):
        with pytest.raises(ValueError, match="not a Four Fields action"):
            state.action_to_string(action)


def test_history_and_views_of_a_loaded_state_are_fast_for_absurd_actions() -> None:
    """A resampled (seedless) state's JSON holding absurd actions: refused when they
    are no move, named at once when they are well formed; a seeded state's JSON must
    replay, so it is refused."""
    game = seedbed.load("four_fields", full_harvest=True)
    state = game.new_state(0)
    random_moves(state, random.Random(0), 5)
    player = state.current_player()
    assert player is not None
    seedless = json.loads(state.resample_from_infostate(player, random.Random(1)).to_json())
    for bad in (1095199611162, 2**70):
        text = json.dumps(dict(seedless, actions=[*seedless["actions"], bad]))
        with pytest.raises(seedbed.StateFormatError, match="is no move"):
            game.state_from_json(text)
    big = _harvest_of(26, [c for c in range(52) if c != 26][:22])
    loaded = game.state_from_json(json.dumps(dict(seedless, actions=[*seedless["actions"], big])))
    assert loaded.history()[-1].startswith("AD harvest f0")
    loaded.view(player)
    seeded = json.loads(state.to_json())
    with pytest.raises(seedbed.StateFormatError, match="does not replay"):
        game.state_from_json(json.dumps(dict(seeded, actions=[*seeded["actions"], big])))


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("bad", [True, False, 15.0, 1.0, "3", None, 2**4000], ids=repr)
def test_non_int_actions_are_illegal_moves_through_the_checked_entry(
    game_id: str, bad: object
) -> None:
    """Pure SOW once stored ``15.0`` and pure SEWN and Four Fields ``True``; compiled
    engines raised ``TypeError``. Untrusted callers use ``apply_checked``."""
    state = _midgame(game_id, 4)
    before = state.to_json()
    with pytest.raises(seedbed.IllegalMoveError, match=r"whole number|illegal|not one of"):
        state.apply_checked(bad)
    assert state.to_json() == before
    seedbed.Record.from_state(state).replay()


@pytest.mark.parametrize("game_id", GAMES)
def test_state_json_with_non_int_actions_is_refused(game_id: str) -> None:
    state = _midgame(game_id, 5)
    data = json.loads(state.to_json())
    for actions in ([True], [*data["actions"], 1.0], "12", [[1]]):
        with pytest.raises(seedbed.StateFormatError, match="list of whole numbers"):
            state.game.state_from_json(json.dumps(dict(data, actions=actions)))


@pytest.mark.parametrize("game_id", GAMES)
def test_move_text_is_refused_unread_when_too_long(game_id: str) -> None:
    state = _midgame(game_id, 6)
    legal = state.action_to_string(state.legal_actions()[0])
    for text in ("x" * 6_000_000, "QS " * 2_000_000, legal + " " * 500):
        with pytest.raises(seedbed.NotationError, match="too long to be a move") as info:
            state.string_to_action(text)
        assert len(str(info.value)) < 200
    for thing in (None, 5, b"QS", [legal]):  # a caller's bug, in either build
        with pytest.raises(TypeError):
            state.string_to_action(thing)  # type: ignore[arg-type]

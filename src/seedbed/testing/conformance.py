"""The protocol contract as executable checks, shared by the test suite and by anyone
who adds a game: ``check_game(game)`` plays random games and asserts every promise of
:mod:`seedbed.core.protocol` (cf. Gymnasium's ``check_env`` and pgx's ``api_test``):
legal moves, notation, errors, clones, JSON, the view envelope and the move log,
what each seat is told, resampling, compact views, observations (the documented
length at every step, equal in every resample), action indices, score sheets and
positions.

Game-specific invariants (cards conserved, views hiding the right things) are provided
by each engine through :meth:`State.check_invariants` (optional) and are called here on
every visited state.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from collections.abc import Iterator
from typing import Any

from seedbed.core.errors import IllegalMoveError, NotationError, PositionError
from seedbed.core.protocol import JSON, Game, State
from seedbed.core.registry import game_class

#: The keys of every view's envelope (``State.view``).
ENVELOPE_KEYS = frozenset(
    {"game", "seat", "to_move", "phase", "scores", "moves", "winners", "table"}
)


def game_configurations(game_id: str) -> Iterator[dict[str, Any]]:
    """Every player count crossed with every value of every rulebook option (bool
    options: both; choice options: each choice), and with each designer's knob
    (an ``implied`` option) at each of its :meth:`Option.values` in turn, the other
    knobs at their defaults: knobs change numbers, and one at a time keeps the suite
    short while still playing every value. Params are as :attr:`Game.params` gives
    them (a knob at its default is left out)."""
    cls = game_class(game_id)
    names = sorted(n for n in cls.options if not cls.options[n].implied)
    knobs = sorted(n for n in cls.options if cls.options[n].implied)
    value_lists = [list(cls.options[name].values()) for name in names]
    knob_settings: list[dict[str, Any]] = [{}]
    for knob in knobs:
        knob_settings += [{knob: v} for v in cls.options[knob].values()[1:]]
    for n in range(cls.min_players, cls.max_players + 1):
        for setting in knob_settings:
            for values in itertools.product(*value_lists):
                params = {"players": n, **dict(zip(names, values, strict=True)), **setting}
                yield cls(**params).params


def random_moves(state: State, rng: random.Random, count: int | None = None) -> int:
    """Play up to ``count`` uniformly random moves (all of them if ``None``), stopping
    early at the end of the game; returns the number of moves made."""
    made = 0
    while not state.is_terminal() and (count is None or made < count):
        legal = state.legal_actions()
        assert legal, "a non-terminal state must have a legal action"
        state.apply_action(legal[rng.randrange(len(legal))])
        made += 1
    return made


def random_playout(state: State, rng: random.Random, max_moves: int = 100_000) -> int:
    """Play random moves to the end; returns the number of moves made."""
    moves = random_moves(state, rng, max_moves)
    assert state.is_terminal(), f"game did not end within {max_moves} moves"
    return moves


def _invariants(state: State) -> None:
    check = getattr(state, "check_invariants", None)
    if check is not None:
        check()


def check_state_contract(state: State, rng: random.Random) -> None:
    """Everything that must hold at one non-terminal ``state``."""
    game = state.game
    player = state.current_player()
    assert player is not None and 0 <= player < game.num_players
    legal = state.legal_actions()
    assert legal, "no legal actions in a non-terminal state"
    assert legal == sorted(set(legal)), "legal_actions must be sorted and distinct"
    assert all(isinstance(a, int) and not isinstance(a, bool) for a in legal)

    # Notation: unique among legal actions and parses back to the same action.
    names = [state.action_to_string(a) for a in legal]
    assert len(set(names)) == len(names), f"notation not unique: {names}"
    for a, name in zip(legal, names, strict=True):
        assert state.string_to_action(name) == a, f"{name!r} does not parse back to {a}"
        assert state.notation_for(a, player, player) == name, "the mover sees the full move"
        for viewer in [*range(game.num_players), None]:
            assert isinstance(state.notation_for(a, player, viewer), str)
    # Forgiving: case does not matter.
    a = legal[rng.randrange(len(legal))]
    assert state.string_to_action(state.action_to_string(a).lower()) == a
    assert state.string_to_action(state.action_to_string(a).upper()) == a
    # A bad notation is a NotationError, a ValueError.
    try:
        state.string_to_action("zz-not-a-move")
    except NotationError:
        pass
    else:
        raise AssertionError("string_to_action accepted nonsense")

    # What another seat is told of a move never tells apart moves its view cannot.
    sample_actions = legal if len(legal) <= 24 else rng.sample(legal, 24)
    for viewer in [*(q for q in range(game.num_players) if q != player), None]:
        told: dict[str, str] = {}
        for a in sample_actions:
            after = state.clone()
            after.apply_action(a)
            key = json.dumps(after.view(viewer), sort_keys=True)
            shown = state.notation_for(a, player, viewer)
            assert told.setdefault(key, shown) == shown, (
                f"seat {viewer} is shown {shown!r} and {told[key]!r} for moves it cannot tell apart"
            )

    # An illegal action raises and changes nothing.
    before = state.to_json()
    legal_set = set(legal)
    gaps = (x for x in range(min(legal), max(legal)) if x not in legal_set)
    for bad in (next(gaps, -1), -1, max(legal) + 1):
        try:
            state.apply_action(bad)
        except IllegalMoveError as exc:
            assert str(exc), "an illegal-move error must say why"
        else:
            raise AssertionError(f"illegal action {bad} was accepted")
        assert state.to_json() == before, "an illegal action changed the state"

    # clone() is independent.
    twin = state.clone()
    assert twin.to_json() == before
    twin.apply_action(legal[0])
    assert state.to_json() == before, "changing a clone changed the original"

    # JSON round-trip.
    back = game.state_from_json(before)
    assert back.to_json() == before, "to_json/state_from_json does not round-trip"
    assert back.legal_actions() == legal
    assert back.history() == state.history()

    # Views: JSON-ready, and identical for a resampled state (that player cannot tell).
    for p in [*range(game.num_players), None]:
        json.dumps(state.view(p))
    for p in range(game.num_players):
        sample = state.resample_from_infostate(p, random.Random(rng.random()))
        assert sample.view(p) == state.view(p), f"resampled state shows seat {p} something else"
        compact = _compact(state, p)
        assert _compact(sample, p) == compact, f"resampled state's compact view differs for {p}"
        assert _observation(sample, p) == _observation(state, p), (
            f"resampled state's observation differs for seat {p}"
        )
        assert sample.information_state_string(p) == state.information_state_string(p)
        assert sample.current_player() == state.current_player()
        if p == player:
            assert sample.legal_actions() == legal
        _invariants(sample)
    # Resampling is a function of the information set and the generator only.
    p = player
    s1 = state.resample_from_infostate(p, random.Random(7))
    s2 = s1.resample_from_infostate(p, random.Random(7))
    s3 = state.resample_from_infostate(p, random.Random(7))
    assert s1.to_json() == s3.to_json(), "resampling with the same rng must give the same state"
    assert s2.to_json() == s3.to_json(), (
        "resampling must depend only on the player's information and the rng: "
        "a resampled state, resampled again, must give the same state"
    )
    assert s2.view(p) == state.view(p)
    # A determinization is a real game: it plays on to the end.
    playout = s1.clone()
    random_playout(playout, rng)
    _invariants(playout)
    assert len(playout.returns()) == game.num_players
    # The infoset offers what an agent needs.
    info = state.infoset(player)
    assert info.player == player and info.legal_actions() == legal
    assert info.key() == state.information_state_string(player)
    assert info.view() == state.view(player)
    for p in [*range(game.num_players), None]:
        check_view_envelope(state, p)
        if p is not None:
            sample = state.resample_from_infostate(p, random.Random(rng.random()))
            assert sample.score_sheet(p) == state.score_sheet(p), "resample changes the sheet"
            assert sample.scores_for(p) == state.scores_for(p), "resample changes the scores"
            if _overrides(state, "actors"):
                assert sample.actors() == state.actors(), "resample changes who moved"
    if _overrides(state, "position"):
        check_position(state, rng)


def _overrides(state: State, method: str) -> bool:
    """Whether the engine defines ``method`` itself rather than inheriting the base's."""
    return getattr(type(state), method) is not getattr(State, method)


def view_without_moves(view: JSON) -> JSON:
    """A view without its move log: what a position must reproduce (it has no history)."""
    return {k: v for k, v in view.items() if k != "moves"}


def check_view_envelope(state: State, player: int | None) -> None:
    """``view(player)`` has the common envelope, consistent with the protocol's
    answers, and a score sheet of the documented shape."""
    view = state.view(player)
    json.dumps(view)
    n = state.game.num_players
    if not _overrides(state, "_view"):
        return  # an engine not yet on the envelope (its old view is checked elsewhere)
    assert set(view) == ENVELOPE_KEYS, f"view keys {sorted(view)}"
    assert view["game"] == state.game.id
    assert view["seat"] == player
    assert view["to_move"] == state.current_player()
    assert view["phase"] == state.phase_name() and isinstance(view["phase"], str)
    assert (view["phase"] == "over") == state.is_terminal()
    assert view["scores"] == state.scores_for(player) and len(view["scores"]) == n
    assert view["moves"] == [[a, t] for a, t in state.move_log(player)]
    assert len(view["moves"]) == state.move_number()
    assert view["winners"] == state.winners()
    assert isinstance(view["table"], dict)
    assert state.view(player, moves=False) == view_without_moves(view)
    if player is not None:
        assert view["scores"][player] is not None, "a seat always knows its own score"
    if state.is_terminal():
        assert None not in view["scores"], "at the end every score is known"
    sheet = state.score_sheet(player)
    json.dumps(sheet)
    assert set(sheet) >= {"rounds", "total"} and len(sheet["total"]) == n
    for entry in sheet["rounds"]:
        assert isinstance(entry["label"], str) and len(entry["points"]) == n
        for line in entry.get("lines", []):
            assert isinstance(line["label"], str) and len(line["points"]) == n


def check_position(state: State, rng: random.Random, future_moves: int = 40) -> None:
    """``state.position()`` is one line that gives back the same position: the same
    legal moves, scores, views (but the move log), compact views, and the same future
    for the same moves; nonsense and damaged positions raise :class:`PositionError`."""
    game = state.game
    text = state.position()
    assert isinstance(text, str) and text and "\n" not in text, "a position is one line"
    back = game.from_position(text)
    assert back.position() == text, "from_position(position()) does not round-trip"
    assert back.actions() == [] and back.actors() == [], "a position has no history"
    assert game.state_from_json(back.to_json()).position() == text
    assert back.current_player() == state.current_player()
    assert back.legal_actions() == state.legal_actions()
    assert back.scores() == state.scores()
    for p in [*range(game.num_players), None]:
        assert view_without_moves(back.view(p)) == view_without_moves(state.view(p)), (
            f"the position does not keep what seat {p} knows"
        )
        if p is not None:
            assert _compact(back, p) == _compact(state, p)
    _invariants(back)
    ahead = state.clone()
    for _ in range(future_moves):
        if ahead.is_terminal():
            break
        legal = ahead.legal_actions()
        assert back.legal_actions() == legal, "the position's future differs"
        a = legal[rng.randrange(len(legal))]
        ahead.apply_action(a)
        back.apply_action(a)
    assert back.position() == ahead.position(), "the same moves from the position differ"
    # Nonsense and damage never pass silently as another kind of error.
    for bad in ("", "not a position", text[: len(text) // 2], text + " x", text.swapcase()):
        if bad == text:
            continue
        try:
            damaged = game.from_position(bad)
        except PositionError:
            continue
        _invariants(damaged)  # accepted: it must at least be a real position


def _observation(state: State, player: int) -> list[float] | None:
    """``observation(player)``, checked against the documented shape (``None`` for a
    game without an encoding)."""
    try:
        vector = state.observation(player)
    except NotImplementedError:
        return None
    (length,) = state.game.observation_shape()
    assert len(vector) == length, f"observation has {len(vector)} floats, not {length}"
    assert all(type(x) is float and math.isfinite(x) for x in vector), "observation not floats"
    return vector


def check_action_indices(state: State) -> None:
    """Every legal action has an index below ``num_distinct_actions()`` that maps back
    to it (games without a fixed action space are skipped)."""
    try:
        size = state.game.num_distinct_actions()
    except NotImplementedError:
        return
    legal = state.legal_actions()
    indices = [state.action_index(a) for a in legal]
    assert all(0 <= i < size for i in indices), f"an action index is outside 0..{size - 1}"
    assert len(set(indices)) == len(indices), "two legal actions share an index"
    assert [state.index_action(i) for i in indices] == legal, "index_action does not invert"


def _compact(state: State, player: int) -> tuple[int, ...] | None:
    """``compact_view(player)``, or ``None`` for a game without one."""
    try:
        return state.compact_view(player)
    except NotImplementedError:
        return None


def check_game(game: Game, seed: int = 0, games: int = 2, deep_every: int = 1) -> None:
    """Play ``games`` random games and check the whole contract along the way.

    ``deep_every`` runs the expensive per-state checks on every n-th state.
    """
    rng = random.Random(seed)
    for _ in range(games):
        game_seed = rng.randrange(2**31)
        state = game.new_state(game_seed)
        assert state.seed == game_seed
        replay = game.new_state(game_seed)
        assert replay.to_json() == state.to_json(), "same seed must give the same game"
        moves = 0
        movers: list[int] = []
        while not state.is_terminal():
            _invariants(state)
            # The observation has its documented length at every step, for every seat.
            for p in range(game.num_players):
                _observation(state, p)
            if moves % deep_every == 0:
                check_state_contract(state, rng)
                check_action_indices(state)
            legal = state.legal_actions()
            a = legal[rng.randrange(len(legal))]
            who = state.current_player()
            assert who is not None
            movers.append(who)
            state.apply_action(a)
            replay.apply_action(a)
            moves += 1
            assert moves < 100_000, "game does not end"
        _invariants(state)
        assert state.current_player() is None
        assert state.legal_actions() == []
        assert replay.to_json() == state.to_json(), "same seed and moves must give the same game"
        assert len(state.history()) == moves
        assert state.actors() == movers, "actors() must name the seat of every move"
        for p in [*range(game.num_players), None]:
            check_view_envelope(state, p)
        for p in range(game.num_players):
            _observation(state, p)
        ret = state.returns()
        assert len(ret) == game.num_players
        assert abs(sum(ret) - 1.0) < 1e-9, f"returns must share one victory: {ret}"
        assert len(state.scores()) == game.num_players
        try:
            state.apply_action(0)
        except IllegalMoveError:
            pass
        else:
            raise AssertionError("a finished game accepted a move")
        # Replaying the notation reproduces the game.
        again = game.new_state(game_seed)
        for text in state.history():
            again.apply_action(again.string_to_action(text))
        assert again.to_json() == state.to_json(), "replaying the notation differs"

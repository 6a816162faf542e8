"""The protocol contract as executable checks, shared by the test suite and by anyone
who adds a game: ``check_game(game)`` plays random games and asserts every promise of
:mod:`seedbed.core.protocol` (cf. Gymnasium's ``check_env`` and pgx's ``api_test``).

Game-specific invariants (cards conserved, views hiding the right things) are provided
by each engine through :meth:`State.check_invariants` (optional) and are called here on
every visited state.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import random
from collections.abc import Iterator
from typing import Any

from seedbed.core.errors import IllegalMoveError, NotationError, StateFormatError
from seedbed.core.protocol import Game, State
from seedbed.core.registry import game_class


def game_configurations(game_id: str) -> Iterator[dict[str, Any]]:
    """Every player count crossed with every value of every option that has a finite
    set of values (bool options: both; choice options: each choice)."""
    cls = game_class(game_id)
    names = sorted(cls.options)
    value_lists = []
    for name in names:
        opt = cls.options[name]
        if opt.choices is not None:
            value_lists.append(list(opt.choices))
        elif isinstance(opt.default, bool):
            value_lists.append([False, True])
        else:
            value_lists.append([opt.default])
    for n in range(cls.min_players, cls.max_players + 1):
        for values in itertools.product(*value_lists):
            yield {"players": n, **dict(zip(names, values, strict=True))}


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
        while not state.is_terminal():
            _invariants(state)
            if moves % deep_every == 0:
                check_state_contract(state, rng)
            legal = state.legal_actions()
            a = legal[rng.randrange(len(legal))]
            state.apply_action(a)
            replay.apply_action(a)
            moves += 1
            assert moves < 100_000, "game does not end"
        _invariants(state)
        assert state.current_player() is None
        assert state.legal_actions() == []
        assert replay.to_json() == state.to_json(), "same seed and moves must give the same game"
        assert len(state.history()) == moves
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


# -- untrusted input ------------------------------------------------------------------
#: Values that are not actions, for :meth:`State.apply_checked`.
NOT_ACTIONS: tuple[object, ...] = (
    True,
    False,
    0.0,
    1.0,
    15.0,
    float("nan"),
    "3",
    b"3",
    None,
    [1],
    {"action": 1},
    (1,),
)
#: A message quoting hostile input stays shorter than this (it may list legal moves).
MAX_MESSAGE = 2_000


def hostile_ints(state: State, rng: random.Random) -> list[int]:
    """Ints that are not legal in ``state``, of every kind a stranger could send: out of
    range, huge, negative, and legal actions with bits flipped or random high bits (the
    latter decode, in a game that packs a move into an int, as moves of absurd size).
    The issue-17 number ``1095199611162`` (a Four Fields harvest of 19 cards) is one."""
    legal = state.legal_actions() or [0]
    top = max(legal)
    out = [
        -1,
        -(2**70),
        top + 1,
        2**31,
        2**63,
        2**4000 + 1,
        1095199611162,
        rng.getrandbits(70) | 1 << 69,
        rng.getrandbits(200),
    ]
    for _ in range(6):
        a = rng.choice(legal)
        out.append(a ^ 1 << rng.randrange(max(8, a.bit_length() + 8)))
    for bits in (19, 40, 71, 123):
        # the low bits of a legal action under random high ones
        a = rng.choice(legal)
        out.append(rng.getrandbits(60) << bits | a & ((1 << bits) - 1))
    out.append(rng.choice(legal) | rng.choice(legal))
    legal_set = set(state.legal_actions())
    return [x for x in out if x not in legal_set]


def _hostile_texts(state: State, rng: random.Random) -> list[object]:
    legal = state.legal_actions()
    some = state.action_to_string(rng.choice(legal)) if legal else "QS"
    return [
        "",
        "\x00",
        "QS " * 400,
        some + " " * 600,
        "x" * 1_000_000,
        some * 50,
        "[" * 10_000,
        "\u202e" + some,
        "5D harvest f2: 5C = \u00b2",
        None,
        5,
        b"QS",
        [some],
    ]


def _assert_refused(exc_type: type[Exception], action: Any, fn: Any, *args: Any) -> None:
    try:
        fn(*args)
    except exc_type as exc:
        text = str(exc)
        assert text, f"{exc_type.__name__} for {action!r:.60} says nothing"
        assert len(text) <= MAX_MESSAGE, f"a {len(text):,}-character message for {action!r:.60}"
    else:
        raise AssertionError(f"{fn.__name__} accepted {action!r:.60}")


def check_untrusted_input(state: State, rng: random.Random) -> None:
    """Everything that must hold for hostile input at ``state`` (any point of a game,
    over) in either build, as docs/architecture.md ("Untrusted input") promises:

    * every int that is not legal is an :class:`IllegalMoveError` from both
      ``apply_action`` and ``apply_checked`` and changes nothing; its notation is a
      string or a ``ValueError``, nothing else;
    * anything that is not an int is an :class:`IllegalMoveError` from
      ``apply_checked`` and changes nothing;
    * any text, or anything that is not text, given to ``string_to_action`` is a
      legal action or a :class:`NotationError` with a short message;
    * ``state_from_json`` of the state's JSON with hostile actions, seed, version,
      nesting or position is a :class:`StateFormatError`, and of the true JSON gives a
      state whose history and views are the original's;
    * a record of the game with any field made hostile is a :class:`RecordError` when
      read or replayed (or replays, when the change is harmless).
    """
    from seedbed.core.records import Record  # records import the registry

    game = state.game
    before = state.to_json()
    legal = state.legal_actions()
    for x in hostile_ints(state, rng):
        _assert_refused(IllegalMoveError, x, state.apply_action, x)
        _assert_refused(IllegalMoveError, x, state.apply_checked, x)
        with contextlib.suppress(ValueError):  # no notation: a ValueError, nothing else
            assert isinstance(state.action_to_string(x), str)
        assert state.to_json() == before, f"refusing {x} changed the state"
    for v in NOT_ACTIONS:
        _assert_refused(IllegalMoveError, v, state.apply_checked, v)
    if legal:
        state.clone().apply_checked(legal[0])
    for text in _hostile_texts(state, rng):
        try:
            a = state.string_to_action(text)  # type: ignore[arg-type]
        except NotationError as exc:
            assert len(str(exc)) <= MAX_MESSAGE, f"a {len(str(exc)):,}-character message"
        else:
            assert a in legal, f"{text!r:.60} read as {a}, which is not legal"
    assert state.to_json() == before

    # JSON, as a stranger could send it.
    data = json.loads(before)
    back = game.state_from_json(before)
    assert back.to_json() == before
    assert back.history() == state.history()
    for p in [*range(game.num_players), None]:
        assert back.view(p) == state.view(p)
    bad_actions = [x for x in hostile_ints(state, rng) if abs(x) < 2**4000][:3]
    corrupt: list[Any] = [
        dict(data, actions=[*data["actions"], bad_actions[0]]),
        dict(data, actions=[*data["actions"], legal[0] if legal else 0, *bad_actions]),
        dict(data, actions=[True, *data["actions"]]),
        dict(data, actions=[float(a) for a in data["actions"]] or [1.0]),
        dict(data, actions=data["actions"][:-1] or [0]),
        dict(data, seed="1"),
        dict(data, seed=True),
        dict(data, game_version=None),
        dict(data, game_version=1.5),
        dict(data, state={"nonsense": [[[[]]]]}),
    ]
    texts = [json.dumps(d) for d in corrupt]
    texts += [
        "[" * 100_000 + "]" * 100_000,
        before.replace('"state": {', '"state": ' + "[" * 5000, 1),
    ]
    texts += [before[: rng.randrange(len(before))], before.replace("1", "9" * 5000, 1)]
    for text in texts:
        if state.seed is not None:
            _assert_refused(StateFormatError, text[:60], game.state_from_json, text)
        else:  # without a seed to replay, fewer or other moves may be consistent
            _loads_or_refuses(game, text)
    # A position with one leaf changed: with a seed, it is not where its moves lead;
    # without one, the engine reads it and may find it consistent, or refuse it.
    leaves = [p for p in _leaves(data["state"], []) if p]
    for path in rng.sample(leaves, min(3, len(leaves))):
        values: list[Any] = [None, -1, 10**6, 2**80, "x", [], {}, True, 0.5]
        for value in values:
            changed = json.loads(before)
            _set(changed["state"], path, value)
            if changed["state"] == data["state"]:
                continue
            text = json.dumps(changed)
            if state.seed is not None:
                _assert_refused(StateFormatError, path, game.state_from_json, text)
            else:
                _loads_or_refuses(game, text)

    # Records of this game with one field made hostile.
    if state.seed is None:
        return
    rec = Record.from_state(state).to_dict()
    assert (
        Record.from_json(json.dumps(rec)).replay().to_json()
        == Record.from_state(state).replay().to_json()
    )
    hostile_values: list[Any] = [
        None,
        True,
        1.7,
        -1,
        "two",
        "x" * 100_000,
        2**100,
        [],
        {},
        [[[[[[]]]]]],
        {"players": {"players": 2}},
    ]
    for key in ("format", "game", "game_version", "params", "seed", "moves", "scores", "players"):
        for value in hostile_values:
            text = json.dumps(dict(rec, **{key: value}))
            _read_and_replay(Record, text)
    for move in (None, 5, "x" * 100_000, "QS" * 300, ["QS"]):
        _read_and_replay(Record, json.dumps(dict(rec, moves=[*rec["moves"], move])))
    _read_and_replay(Record, json.dumps(rec).replace("{", "[" * 5000 + "{", 1))


def _loads_or_refuses(game: Game, text: str) -> None:
    """``text`` loads as a state that works, or is a short ``StateFormatError``."""
    try:
        loaded = game.state_from_json(text)
    except StateFormatError as exc:
        assert 0 < len(str(exc)) <= MAX_MESSAGE, f"a {len(str(exc)):,}-character message"
    else:
        loaded.history()
        json.loads(loaded.to_json())


def _read_and_replay(record_class: Any, text: str) -> None:
    """Reading and replaying ``text`` ends in a replay or a short ``RecordError``."""
    from seedbed.core.errors import RecordError

    try:
        record_class.from_json(text).replay()
    except RecordError as exc:
        assert 0 < len(str(exc)) <= MAX_MESSAGE, f"a {len(str(exc)):,}-character message"


def _leaves(node: Any, path: list[Any]) -> list[list[Any]]:
    """The paths to the scalar leaves of JSON data."""
    if isinstance(node, dict):
        return [p for k, v in node.items() for p in _leaves(v, [*path, k])]
    if isinstance(node, list):
        return [p for i, v in enumerate(node) for p in _leaves(v, [*path, i])]
    return [path]


def _set(node: Any, path: list[Any], value: Any) -> None:
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


def check_game_untrusted(game: Game, seed: int = 0, games: int = 1, every: int = 7) -> None:
    """Play ``games`` random games and run :func:`check_untrusted_input` on about one
    state in ``every`` (at random), on a resampled (seedless) copy of some of them, and
    on the finished game."""
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_state(rng.randrange(2**31))
        while not state.is_terminal():
            if rng.randrange(every) == 0:
                check_untrusted_input(state, rng)
                if rng.randrange(3) == 0:
                    player = state.current_player()
                    assert player is not None
                    check_untrusted_input(
                        state.resample_from_infostate(player, random.Random(rng.random())), rng
                    )
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        check_untrusted_input(state, rng)


def untrusted_outcomes(game: Game, seed: int = 0, states: int = 3) -> list[Any]:
    """What hostile input gives at a few states of a seeded game, as JSON data: for
    every int of :func:`hostile_ints` and every value of :data:`NOT_ACTIONS`, the
    exception (type and message) of ``apply_checked``, of ``apply_action`` for ints and
    the notation or exception of ``action_to_string``; for junk text, what
    ``string_to_action`` says. Two builds of seedbed (compiled and pure Python) must
    give equal lists."""
    rng = random.Random(seed)
    out: list[Any] = []

    def outcome(fn: Any, *args: Any) -> Any:
        try:
            result = fn(*args)
        except Exception as exc:
            return [type(exc).__name__, str(exc)]
        return ["ok", result]

    state = game.new_state(rng.randrange(2**31))
    for _ in range(states):
        random_moves(state, rng, rng.randrange(1, 12))
        for x in hostile_ints(state, rng):
            out.append([x % 2**64, outcome(state.clone().apply_action, x)])
            out.append(outcome(state.clone().apply_checked, x))
            out.append(outcome(state.action_to_string, x))
        for v in NOT_ACTIONS:
            out.append([repr(v), outcome(state.clone().apply_checked, v)])
        for text in _hostile_texts(state, rng):
            out.append(outcome(state.string_to_action, text))
        out.append(state.to_json())
    return out

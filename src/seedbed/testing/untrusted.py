"""Hostile input as executable checks, for every game (the untrusted-input contract of
docs/architecture.md): ``check_game_untrusted(game)`` plays random games and, at random
states, throws at the protocol what a stranger could send: illegal and absurd ints,
things that are not ints, junk text, corrupt state JSON and records with one field made
hostile. ``untrusted_outcomes(game)`` lists what that input gives, so that two builds
(compiled and pure Python) can be compared.
"""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

from seedbed.core.errors import IllegalMoveError, NotationError, RecordError, StateFormatError
from seedbed.core.protocol import Game, State
from seedbed.core.records import Record
from seedbed.testing.conformance import random_moves

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


def _hostile_texts(state: State, rng: random.Random) -> list[str]:
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
    * any text given to ``string_to_action`` is a legal action or a
      :class:`NotationError` with a short message (what is not a ``str`` is a
      ``TypeError``, the compiled build's own check);
    * ``state_from_json`` of the state's JSON with hostile actions, seed, version,
      nesting or position is a :class:`StateFormatError`, and of the true JSON gives a
      state whose history and views are the original's;
    * a record of the game with any field made hostile is a :class:`RecordError` when
      read or replayed (or replays, when the change is harmless).
    """
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
            a = state.string_to_action(text)
        except NotationError as exc:
            assert len(str(exc)) <= MAX_MESSAGE, f"a {len(str(exc)):,}-character message"
        else:
            assert a in legal, f"{text!r:.60} read as {a}, which is not legal"
    for thing in (None, 5, b"QS", ["QS"]):
        with contextlib.suppress(TypeError):
            state.string_to_action(thing)  # type: ignore[arg-type]
            raise AssertionError(f"string_to_action read {thing!r}")
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
            _read_and_replay(text)
    for move in (None, 5, "x" * 100_000, "QS" * 300, ["QS"]):
        _read_and_replay(json.dumps(dict(rec, moves=[*rec["moves"], move])))
    _read_and_replay(json.dumps(rec).replace("{", "[" * 5000 + "{", 1))


def _loads_or_refuses(game: Game, text: str) -> None:
    """``text`` loads as a state that works, or is a short ``StateFormatError``."""
    try:
        loaded = game.state_from_json(text)
    except StateFormatError as exc:
        assert 0 < len(str(exc)) <= MAX_MESSAGE, f"a {len(str(exc)):,}-character message"
    else:
        loaded.history()
        json.loads(loaded.to_json())


def _read_and_replay(text: str) -> None:
    """Reading and replaying ``text`` ends in a replay or a short ``RecordError``."""
    try:
        Record.from_json(text).replay()
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

"""The game protocol: ``Game`` (the rules with their options) and ``State`` (one position).

Every engine subclasses these two classes; every other layer of seedbed (agents,
simulation, CLI) uses only the methods defined here and reaches games through
:mod:`seedbed.core.registry`. The contract, in short:

* A ``Game`` is immutable: id, player count, options. ``new_state(seed)`` takes all
  chance (deals, reshuffles) from ``seed``, so the same seed and the same actions
  always give the same game.
* A ``State`` is mutable and owned by one caller. Actions are ints; an action's
  number means the same move in every state where it is legal, and its notation is a
  function of the number alone (``action_to_string`` needs no context), which lets
  ``history()`` be formatted from the list of actions.
* Hidden information leaves a state only through ``view(player)``,
  ``compact_view(player)``, ``information_state_string(player)`` and
  ``infoset(player)``.
* ``resample_from_infostate(player, rng)`` must depend only on what ``player`` knows
  and on ``rng``: two states that ``player`` cannot tell apart, resampled with equally
  seeded generators, give the same state. (Build the pool of unknown cards in a
  canonical order, never in the order of the true hidden places.) Agents rely on it:
  an agent that sees only the information set must act the same in both.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from seedbed.core.cards import canonical_card_tokens
from seedbed.core.errors import (
    IllegalMoveError,
    NotationError,
    StateFormatError,
    close_match,
    quote,
    quote_name,
)

JSON = dict[str, Any]


@dataclass(frozen=True)
class Option:
    """One game option: its default, the values it accepts and what it does.

    A whole-number option may give ``bounds`` (the smallest and largest value it
    accepts) and ``samples`` (values besides the default that the conformance suite
    plays: a range is too wide to play whole). A designer's knob added after records
    were written sets ``implied``: :attr:`Game.params` leaves it out while it has its
    default, so the rulebook game's records, saved states and playthroughs read exactly
    as they did before the knob existed.
    """

    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    bounds: tuple[int, int] | None = None
    samples: tuple[Any, ...] = ()
    implied: bool = False

    def check(self, name: str, value: Any) -> Any:
        """Return ``value`` if acceptable for option ``name``, else raise ``ValueError``."""
        if self.choices is not None:
            # ``True in (1, 2)`` holds: a bool is only ever the choice of a bool option.
            if not any(type(c) is type(value) and c == value for c in self.choices):
                valid = ", ".join(repr(c) for c in self.choices)
                raise ValueError(
                    f"option {name}={quote(value)} is not valid; choose one of {valid}"
                )
            return value
        expected = type(self.default)
        if expected is bool and not isinstance(value, bool):
            raise ValueError(f"option {name} takes true or false, not {quote(value)}")
        if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
            raise ValueError(f"option {name} takes a {expected.__name__}, not {quote(value)}")
        if self.bounds is not None and not self.bounds[0] <= value <= self.bounds[1]:
            low, high = self.bounds
            raise ValueError(
                f"option {name}={quote(value)} is out of range; choose {low} to {high}"
            )
        return value

    def values(self) -> tuple[Any, ...]:
        """The values the conformance suite plays, the default first: the ``samples``
        where given, else every choice, both of a bool."""
        if self.samples:
            rest = tuple(v for v in self.samples if v != self.default)
        elif self.choices is not None:
            rest = tuple(c for c in self.choices if c != self.default)
        elif isinstance(self.default, bool):
            rest = (not self.default,)
        else:
            rest = ()
        return (self.default, *rest)

    def describe(self) -> str:
        """The values it takes, for people: ``true|false``, ``3..10``, ``table|fields``."""
        if self.choices is not None:
            return "|".join(str(c).lower() if isinstance(c, bool) else str(c) for c in self.choices)
        if isinstance(self.default, bool):
            return "true|false"
        if self.bounds is not None:
            return f"{self.bounds[0]}..{self.bounds[1]}"
        return type(self.default).__name__


# Compiled by mypyc (setup.py); engines and tests may subclass from plain Python.
@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """A game's rules for a given player count and options.

    Subclasses set the class attributes and implement :meth:`new_state` and
    :meth:`_state_from_dict`. Options are validated here, so constructing a game
    directly and through :func:`seedbed.load` behave the same.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    #: Bumped whenever a rule change would make old records replay differently.
    version: ClassVar[int] = 1
    options: ClassVar[Mapping[str, Option]] = {}
    #: One line for ``seedbed games``.
    summary: ClassVar[str] = ""
    #: The game's heuristic policy as ``"module:function"`` (a function
    #: ``(observation, rng) -> action`` reading only what one seat knows), used by the
    #: ``heuristic`` agent and by search playouts; ``None``: the generic policy.
    policy: ClassVar[str | None] = None
    #: Where a search playout may stop and be valued by the scores: ``"score"`` (scores
    #: change only when a round ends, so stop at the first change), ``"round"`` (stop
    #: at the end of the round in play: after ``State.round_moves_left()`` more
    #: decisions), an int ``n`` (stop at the next multiple of ``n`` moves of the move
    #: list), or ``None`` (play to the end).
    playout_horizon: ClassVar[str | int | None] = None

    # ``players`` is an int or None; typed Any so that a wrong type reaches the clear
    # ValueError below instead of the compiled module's own TypeError.
    def __init__(self, players: Any = None, **options: Any) -> None:
        n = self.default_players if players is None else players
        if isinstance(n, bool) or not isinstance(n, int):
            raise ValueError(f"players must be a whole number, not {quote(n)}")
        if not self.min_players <= n <= self.max_players:
            counts = (
                str(self.min_players)
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise ValueError(f"{self.id} is for {counts} players, not {quote(n)}")
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            # Option names may come from a file or the network: quote a few, cut short.
            named = ", ".join(quote_name(u) for u in unknown[:3])
            more = f" (and {len(unknown) - 3} more)" if len(unknown) > 3 else ""
            close = close_match(unknown[0], self.options) if len(unknown) == 1 else None
            hint = f" did you mean {close!r}?" if close else ""
            valid = ", ".join(sorted(self.options)) or "none"
            raise ValueError(
                f"{self.id} has no option {named}{more};{hint} its options are: {valid}"
            )
        values = {name: opt.default for name, opt in self.options.items()}
        for name, value in options.items():
            values[name] = self.options[name].check(name, value)
        self.num_players: int = n
        self._options: dict[str, Any] = values

    @property
    def params(self) -> dict[str, Any]:
        """Everything that defines this game: ``players`` and every option's value,
        but for an ``implied`` option (a designer's knob) at its default."""
        out: dict[str, Any] = {"players": self.num_players}
        for name, value in self._options.items():
            opt = self.options[name]
            if not (opt.implied and value == opt.default):
                out[name] = value
        return out

    def option(self, name: str) -> Any:
        """The value of option ``name``."""
        return self._options[name]

    @abstractmethod
    def new_state(self, seed: int) -> State:
        """The initial state; all chance of the whole game comes from ``seed``."""

    @abstractmethod
    def _state_from_dict(self, data: JSON) -> State:
        """Rebuild a state from :meth:`State._to_dict` output (already unwrapped)."""

    def state_from_json(self, text: str) -> State:
        """Load a state written by :meth:`State.to_json` for this game and params.

        The text may be hostile (see "Untrusted input" in docs/architecture.md): any
        fault is a :class:`StateFormatError`. A state with a seed is rebuilt by playing
        its ``actions`` from the seed through :meth:`State.apply_checked`, and must
        then equal the ``state`` it carries; a state without one (a resampled state)
        is read by the engine, and each of its actions must be a move of this game.
        """
        if not isinstance(text, str | bytes):
            raise StateFormatError(f"a state is JSON text, not {quote(text)}")
        try:
            data = json.loads(text)
        except RecursionError:
            raise StateFormatError("state JSON is nested too deeply") from None
        except (ValueError, TypeError) as exc:  # JSONDecodeError, a 5,000-digit int
            raise StateFormatError(f"state is not valid JSON: {quote(str(exc), 120)}") from None
        if not isinstance(data, dict) or "state" not in data:
            raise StateFormatError("state JSON must be an object with 'game' and 'state'")
        if data.get("game") != self.id:
            raise StateFormatError(f"state is for game {quote(data.get('game'))}, not {self.id!r}")
        if data.get("params") != self.params:
            raise StateFormatError(
                f"state has params {quote(data.get('params'), 120)}, this game has {self.params!r}"
            )
        version = data.get("game_version", self.version)
        if type(version) is not int or version != self.version:
            raise StateFormatError(
                f"state is for {self.id} rules version {quote(version)}, "
                f"this seedbed has version {self.version}"
            )
        seed = data.get("seed")
        if seed is not None and type(seed) is not int:
            raise StateFormatError(f"state 'seed' must be an integer or null, not {quote(seed)}")
        actions = data.get("actions", [])
        if not isinstance(actions, list) or not all(type(a) is int for a in actions):
            raise StateFormatError("state 'actions' must be a list of whole numbers")
        try:
            if seed is not None:
                return self._replayed(seed, actions, data["state"])
            state = self._state_from_dict(data["state"])
            for i, a in enumerate(actions):
                try:  # a move of this game: its notation costs microseconds for any int
                    state.action_to_string(a)
                except (ValueError, LookupError) as exc:
                    raise StateFormatError(f"state action {i + 1} is no move: {exc}") from None
            state.seed = None
            state._actions = list(actions)
        except (StateFormatError, IllegalMoveError) as exc:
            raise StateFormatError(str(exc)) from None
        except RecursionError:
            raise StateFormatError("state JSON is nested too deeply") from None
        except (LookupError, TypeError, ValueError, AttributeError, ArithmeticError) as exc:
            # What an engine's reader raises for data it did not expect: a missing key,
            # a wrong type, a number too big for the compiled build (OverflowError).
            raise StateFormatError(
                f"state JSON is corrupt: {type(exc).__name__}: {quote(str(exc), 120)}"
            ) from None
        except AssertionError as exc:  # an engine's invariant check refused the position
            raise StateFormatError(f"state is impossible: {quote(str(exc), 120)}") from None
        return state

    def _replayed(self, seed: int, actions: list[int], position: object) -> State:
        """The state dealt from ``seed`` after ``actions``, which must be ``position``."""
        state = self.new_state(seed)
        for i, a in enumerate(actions):
            try:
                state.apply_checked(a)
            except IllegalMoveError as exc:
                raise StateFormatError(f"state action {i + 1} does not replay: {exc}") from None
        # Compared as JSON text: tuples in _to_dict() are lists in the file.
        mine = json.dumps(state._to_dict(), sort_keys=True)
        if json.dumps(position, sort_keys=True) != mine:
            raise StateFormatError("state is corrupt: it does not match its seed and actions")
        return state

    def from_position(self, text: str) -> State:
        """The state that :meth:`State.position` wrote as ``text`` (one line, the
        game's own position format, documented on its rules page). Raises
        :class:`PositionError` saying what is wrong with ``text``."""
        raise NotImplementedError(f"{self.id} has no position format")

    # -- for learning (seedbed.rl, seedbed.openspiel) ---------------------------------
    def max_game_length(self) -> int | None:
        """The most decisions a game of this configuration can have, where a rule
        bounds it (``None``: no rule does)."""
        return None

    def observation_shape(self) -> tuple[int, ...]:
        """The shape of :meth:`State.observation`: ``(length,)``, fixed for this game
        and player count (the rules page documents the layout)."""
        raise NotImplementedError(f"{self.id} has no observation encoding")

    def num_distinct_actions(self) -> int:
        """The size of the fixed action space learning adapters expose: every
        :meth:`State.action_index` is below it. Where action numbers are small this is
        the largest action number + 1 (``rules.num_actions``)."""
        raise NotImplementedError(f"{self.id} has no fixed action space")

    def seat_name(self, player: int) -> str:
        """What the game calls seat ``player`` (``"South"`` in SEWN); default ``"seat N"``."""
        return f"seat {player}"

    def render(self, view: JSON) -> str:
        """Text (with rich markup) showing ``view`` to a person; games override this."""
        return json.dumps(view, indent=1)

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"seedbed.load({self.id!r}, {opts})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and (self.id, self.params) == (other.id, other.params)

    def __hash__(self) -> int:
        return hash((self.id, tuple(sorted(self.params.items()))))


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """One position of a game. Mutable; :meth:`clone` gives an independent copy.

    Subclasses must set ``self.game``, ``self.seed`` (``None`` for a resampled state)
    and ``self._actions`` (the list of actions applied so far, appended by
    :meth:`apply_action`), e.g. by calling :meth:`_init_base`.
    """

    __slots__ = ("_actions", "game", "seed")

    game: Game
    seed: int | None
    _actions: list[int]

    def _init_base(self, game: Game, seed: int | None) -> None:
        self.game = game
        self.seed = seed
        self._actions = []

    # -- the core that every engine implements --------------------------------------
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to decide next, or ``None`` once the game is over."""

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player() is None

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """The legal actions, sorted and distinct (empty once the game is over)."""

    @abstractmethod
    def apply_action(self, action: int) -> None:
        """Play ``action`` for the current player: the trusted hot path of search.

        For every ``int``, however large or negative, that is not legal it raises
        :class:`IllegalMoveError` (saying why) in about the time of a legal move and
        leaves the state unchanged. It promises nothing for what is not an ``int``
        (compiled engines raise ``TypeError`` for a float or a string and read a bool
        as 0 or 1; pure Python ones may store it): checking costs every search node,
        so input from a file, a user or the network goes through :meth:`apply_checked`
        instead. Implementations append the action to ``_actions``.
        """

    @abstractmethod
    def action_to_string(self, action: int) -> str:
        """The notation of ``action``; a function of the number alone."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy (cheap: search copies states millions of times)."""

    @abstractmethod
    def scores(self) -> list[float]:
        """Game points of each seat so far; final once the game is over."""

    def round_moves_left(self) -> int | None:
        """For a game whose rounds have a fixed number of decisions (``playout_horizon =
        "round"``): the decisions left in the round in play, counted from the state
        itself (not the move list). ``None``: no such count (or the game is over)."""
        return None

    def view(self, player: int | None, moves: bool = True) -> JSON:
        """JSON-ready: everything seat ``player`` may know (``None``: a spectator).

        Every game's view has the same envelope, so that user interfaces and the
        server need no game knowledge to show whose turn it is, the scores and the
        move log::

            {"game": "sewn", "seat": 2, "to_move": 0, "phase": "seed",
             "scores": [0, 0, 0, 0], "moves": [[1, "7H"], [2, "plant ?"], ...],
             "winners": [], "table": {...}}

        ``moves`` is :meth:`move_log` (``[actor, notation as this seat was told]``),
        ``scores`` is :meth:`scores_for` and ``table`` is the game's own part,
        :meth:`_view`: the cards and places as this seat knows them. With ``moves``
        false the envelope has no ``moves``: for a reader that has the move log
        already (the server sends it move by move), since writing it out is most of
        the work of a view late in a game.
        """
        out: JSON = {
            "game": self.game.id,
            "seat": player,
            "to_move": self.current_player(),
            "phase": self.phase_name(),
            "scores": self.scores_for(player),
        }
        if moves:
            out["moves"] = [[actor, text] for actor, text in self.move_log(player)]
        out["winners"] = self.winners()
        out["table"] = self._view(player)
        return out

    def _view(self, player: int | None) -> JSON:
        """The game's own part of :meth:`view` (under ``"table"``): everything seat
        ``player`` may know that the envelope does not already say."""
        raise NotImplementedError(f"{self.game.id} does not define _view()")

    def scores_for(self, viewer: int | None) -> list[float | None]:
        """The scores as ``viewer`` may know them (``None`` where a score depends on
        something hidden from it, such as another seat's favourite colour in SOW).
        Default: :meth:`scores`, which suits games whose scores are public."""
        return list(self.scores())

    def score_sheet(self, viewer: int | None) -> JSON:
        """The score sheet so far, as ``viewer`` may know it, for people to read::

            {"rounds": [{"label": "Round 1",
                         "lines": [{"label": "most cards", "points": [3, 0, 0]}, ...],
                         "points": [5, 5, 1]}, ...],
             "total": [5, 5, 1]}

        One entry of ``rounds`` for each scored round (or one for a game scored
        once), each with the breakdown its rules give; ``None`` in ``points`` where
        ``viewer`` may not know it. Default: no rounds and :meth:`scores_for`.
        """
        return {"rounds": [], "total": self.scores_for(viewer)}

    @abstractmethod
    def resample_from_infostate(self, player: int, rng: random.Random) -> State:
        """A full state that ``player`` cannot tell from this one, with the hidden
        information drawn from what is consistent with all ``player`` saw."""

    @abstractmethod
    def _to_dict(self) -> JSON:
        """Everything about the position, hidden information included, as JSON data."""

    # -- shared behaviour, overridable for speed or for special rules ---------------
    def information_state_string(self, player: int) -> str:
        """Equal for two states exactly when ``player`` cannot tell them apart.

        The default is the canonical JSON of ``view(player)``, which is right when the
        view has perfect recall (everything the seat ever saw). Engines may override it
        with something faster that keeps the same equality.
        """
        return json.dumps(self.view(player), sort_keys=True, separators=(",", ":"))

    def compact_view(self, player: int) -> tuple[int, ...]:
        """What seat ``player`` knows now that a fast policy needs, as a flat tuple of
        ints (card sets as bitmasks) in a layout the game documents on its rules page.

        ``view()`` builds JSON with card names, which costs tens of microseconds; a
        heuristic playout inside a search asks once per move. Like ``view(player)``
        it must be equal in every state ``player`` cannot tell apart (the conformance
        suite checks it against resampled states). Optional: games without a fast
        policy raise ``NotImplementedError``.
        """
        raise NotImplementedError(f"{self.game.id} has no compact view")

    def observation(self, player: int) -> list[float]:
        """What seat ``player`` knows as a fixed-length float vector
        (:meth:`Game.observation_shape`), built from its compact view and the public
        envelope only, so it is equal in every state the seat cannot tell apart (the
        conformance suite checks it). The layout is on the game's rules page."""
        raise NotImplementedError(f"{self.game.id} has no observation encoding")

    def action_index(self, action: int) -> int:
        """The index of legal ``action`` in the fixed action space of
        :meth:`Game.num_distinct_actions`. Default: the action number itself; a game
        whose numbers are too large to be one (Four Fields packs a whole move into
        one int) maps them, and documents how, on its rules page."""
        return action

    def index_action(self, index: int) -> int:
        """The legal action at ``index`` of the fixed action space: the inverse of
        :meth:`action_index` on this state's legal actions."""
        return index

    def winners(self) -> list[int]:
        """The seats that share the victory (empty before the end). Default: the
        highest scores; games with tie-breaks override this."""
        if not self.is_terminal():
            return []
        s = self.scores()
        best = max(s)
        return [p for p, v in enumerate(s) if v == best]

    def returns(self) -> list[float]:
        """At the end, each of ``k`` winners gets ``1/k`` and everyone else 0."""
        n = self.game.num_players
        won = self.winners()
        if not won:
            return [0.0] * n
        share = 1.0 / len(won)
        return [share if p in won else 0.0 for p in range(n)]

    def string_to_action(self, text: str) -> int:
        """The legal action whose notation is ``text``, read forgivingly.

        Case, spacing, ``10H``/``TH``/``H10`` and suit symbols do not matter. Raises
        :class:`NotationError` when ``text`` names no legal action or several.
        Any text is safe: what is longer than any notation
        (:data:`seedbed.core.cards.MAX_MOVE_TEXT`) is refused before it is read, and
        messages quote it cut short. What is not a ``str`` raises ``TypeError``.
        """
        wanted = canonical_card_tokens(text)  # refuses over-long text unread
        if self.is_terminal():
            raise NotationError("the game is over: there are no moves")
        if not wanted:
            raise NotationError("empty move")
        legal = self.legal_actions()
        matches = [a for a in legal if canonical_card_tokens(self.action_to_string(a)) == wanted]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:  # pragma: no cover - engines keep notation unique
            raise NotationError(f"{quote(text)} is ambiguous")
        raise NotationError(self._no_such_move(text, legal))

    def _no_such_move(self, text: str, legal: Sequence[int]) -> str:
        shown = [self.action_to_string(a) for a in legal[:12]]
        more = f" (and {len(legal) - 12} more)" if len(legal) > 12 else ""
        return f"{quote(text)} is not a legal move here; legal: {', '.join(shown)}{more}"

    def _illegal(self, action: int, why: str = "") -> IllegalMoveError:
        """The error to raise for an illegal ``action`` (engines call this). Its
        notation, when it has one, costs microseconds for any int (protocol rule)."""
        try:
            name = repr(self.action_to_string(action))
        except (ValueError, IndexError, KeyError, TypeError):
            name = "?"
        who = self.current_player()
        reason = why or ("the game is over" if who is None else "not legal now")
        return IllegalMoveError(f"action {quote(action)} {name} is illegal: {reason}")

    def notation_for(self, action: int, actor: int, viewer: int | None) -> str:
        """How ``viewer`` (``None``: a spectator) saw ``actor`` make ``action``.

        The full notation when the move is public or the viewer made it; engines whose
        moves hide cards (a card planted face down, a card kept in a house) override
        this to mask them, so that user interfaces never show another seat's secret.
        """
        return self.action_to_string(action)

    def actors(self) -> list[int]:
        """The seat that made each move so far: one entry for each of :meth:`actions`,
        in order (a state set up from a position names only the moves made since).

        The default replays the moves from the seed, asking :meth:`current_player`
        before each; engines override it with a direct answer (a resampled state has
        no seed to replay from).
        """
        if self.seed is None:
            raise NotImplementedError(f"{self.game.id}: actors() of a state without a seed")
        replay = self.game.new_state(self.seed)
        out: list[int] = []
        for action in self._actions:
            who = replay.current_player()
            assert who is not None
            out.append(who)
            replay.apply_action(action)
        return out

    def move_log(self, viewer: int | None) -> list[tuple[int, str]]:
        """Every move so far as ``viewer`` (``None``: a spectator) was told of it:
        ``(actor, notation_for(action, actor, viewer))``. This, not :meth:`history`,
        is what a user interface may show a seat."""
        return [
            (actor, self.notation_for(action, actor, viewer))
            for action, actor in zip(self._actions, self.actors(), strict=True)
        ]

    def phase_name(self) -> str:
        """The name of the current phase in the game's own words (``"over"`` at the
        end). Engines with phases override this; the default knows only two."""
        return "over" if self.is_terminal() else "play"

    def apply_checked(self, action: object) -> None:
        """:meth:`apply_action` for untrusted input (a network message, a file).

        Anything that is not one of :meth:`legal_actions` (a bool, a float, a string,
        an absurd int) raises :class:`IllegalMoveError` and changes nothing. The check
        costs one ``legal_actions()``; trusted callers (search, simulation) use
        :meth:`apply_action` directly.
        """
        if type(action) is not int:
            raise IllegalMoveError(f"an action is a whole number, not {quote(action, 40)}")
        if action not in self.legal_actions():
            if self.is_terminal():
                raise IllegalMoveError(f"action {quote(action)} is illegal: the game is over")
            raise IllegalMoveError(f"action {quote(action)} is not one of the legal moves now")
        self.apply_action(action)

    def position(self) -> str:
        """The whole position as one line of text, like chess's FEN: every card where it
        lies, what each seat has seen, and the key of the chance still to come, so that
        ``game.from_position(state.position())`` has the same legal moves, the same views
        (but for the move log: a position has no history) and the same future. The
        format is the game's own and its rules page documents it; rule tests set up the
        rulebook's examples with it."""
        raise NotImplementedError(f"{self.game.id} has no position format")

    def rule_counts(self) -> dict[str, int]:
        """How often each rule has fired so far in this game, e.g. ``{"season_turn": 7}``.

        For designers' statistics (``seedbed simulate`` reports the mean per game).
        Engines override this; the default reports nothing.
        """
        return {}

    def infoset(self, player: int) -> InfoSet:
        """What an agent deciding for ``player`` may use."""
        return InfoSet(self, player)

    def history(self) -> list[str]:
        """Notation of every move so far."""
        return [self.action_to_string(a) for a in self._actions]

    def actions(self) -> list[int]:
        """Every action applied so far."""
        return list(self._actions)

    def move_number(self) -> int:
        """How many decisions have been made."""
        return len(self._actions)

    def to_json(self) -> str:
        """Everything, hidden information included; :meth:`Game.state_from_json` reads it."""
        return json.dumps(
            {
                "game": self.game.id,
                "game_version": self.game.version,
                "params": self.game.params,
                "seed": self.seed,
                "actions": self._actions,
                "state": self._to_dict(),
            },
            sort_keys=True,
        )

    def render(self, player: int | None) -> str:
        """The game's rendering of ``view(player)``."""
        return self.game.render(self.view(player))

    def __str__(self) -> str:
        """A spectator's rendering as plain text: ``print(state)`` in a script or a
        notebook shows the table, not the rich markup the terminal client colours."""
        text = self.render(None)
        from rich.errors import MarkupError
        from rich.text import Text

        try:
            return Text.from_markup(text).plain
        except MarkupError:  # a renderer's stray bracket: better raw than nothing
            return text


class InfoSet:
    """What an agent sees when deciding for ``player``: never the state itself.

    It keeps a private copy of the state only to answer ``legal_actions`` and to draw
    determinizations with :meth:`sample`; agents must use nothing but the methods
    below (the fairness tests in ``tests/agents`` check that).
    """

    __slots__ = ("_key", "_legal", "_state", "player")

    def __init__(self, state: State, player: int) -> None:
        self.player = player
        self._state = state.clone()
        self._legal: list[int] | None = None
        self._key: str | None = None

    def __repr__(self) -> str:
        return f"InfoSet(game={self._state.game.id!r}, player={self.player})"

    @property
    def game(self) -> Game:
        """The game (public facts: id, player count, options)."""
        return self._state.game

    @property
    def num_players(self) -> int:
        return self._state.game.num_players

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = self._state.legal_actions()
        return list(self._legal)

    def action_to_string(self, action: int) -> str:
        return self._state.action_to_string(action)

    def string_to_action(self, text: str) -> int:
        return self._state.string_to_action(text)

    def view(self) -> JSON:
        return self._state.view(self.player)

    def compact_view(self) -> tuple[int, ...]:
        """The seat's :meth:`State.compact_view` (only games that define one)."""
        return self._state.compact_view(self.player)

    def key(self) -> str:
        """The information state string: equal exactly for indistinguishable states."""
        if self._key is None:
            self._key = self._state.information_state_string(self.player)
        return self._key

    def move_number(self) -> int:
        return self._state.move_number()

    def sample(self, rng: random.Random) -> State:
        """A determinization: a full state consistent with everything the player saw."""
        return self._state.resample_from_infostate(self.player, rng)

"""Every seedbed game as an OpenSpiel game (``pip install 'seedbed[rl]'``;
docs/research.md).

>>> import pyspiel, seedbed.openspiel
>>> names = seedbed.openspiel.register()
>>> game = pyspiel.load_game("python_seedbed_sewn", {"players": 4})
>>> game.num_distinct_actions(), game.observation_tensor_shape()
(114, [551])

Each game is registered with ``pyspiel.register_game`` as ``python_seedbed_<id>``
with the parameters ``players``, every option of its rules and ``seed``. The games
are sequential with imperfect information and constant-sum returns (each of k
winners gets 1/k). Chance is *sampled*: seedbed deals every card from the game's
seed inside the engine and has no chance player (docs/architecture.md), so
``new_initial_state()`` draws a fresh seed (from the ``seed`` parameter when it is
0 or more, so a run is reproducible) and the state never is a chance node.

Actions are ``State.action_index`` numbers below ``Game.num_distinct_actions()``;
observation and information-state tensors are the game's observation vector
(``State.observation``), the information-state string is seedbed's
``information_state_string`` (perfect recall) and the observation string lists the
vector's non-zero entries. ``state.resample_from_infostate(player, sampler)`` draws
a determinization with seedbed's resampler, seeded from ``sampler()``: it is what
OpenSpiel's Python ISMCTS calls.
"""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import pyspiel

import seedbed
from seedbed.core.protocol import Game, State
from seedbed.core.registry import game_class

PREFIX = "python_seedbed_"

#: The longest game OpenSpiel is told of (``GameInfo.max_game_length``), per game: no
#: rule bounds SOW, Harvest or Four Fields, so these are about four times the longest
#: game seen in random and heuristic play at any player count (``tests/rl`` plays
#: games through the adapter), at the rulebook's settings. SEWN's is exact: 4 rounds
#: of 102 decisions.
MAX_GAME_LENGTH: dict[str, int] = {"sewn": 408, "sow": 1250, "harvest": 3000, "four_fields": 2000}


def max_game_length(game: Game) -> int:
    """The game's own bound where a rule gives one (``Game.max_game_length``: SEWN's
    rounds of a fixed number of decisions, for its knobs), else :data:`MAX_GAME_LENGTH`
    for ``game``'s designer knobs: a Four Fields game to a higher ``target`` plays more
    rounds, in proportion."""
    exact = game.max_game_length()
    if exact is not None:
        return exact
    base = MAX_GAME_LENGTH.get(game.id, 100_000)
    if game.id == "four_fields":
        return math.ceil(base * max(1.0, int(game.option("target")) / 17))
    return base


def short_name(game_id: str) -> str:
    """The OpenSpiel name of seedbed game ``game_id``."""
    return PREFIX + game_id


class _Held:
    """The seedbed state inside an OpenSpiel state. OpenSpiel clones a Python state by
    deep-copying its attributes; this makes that a seedbed ``clone()``."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.state.clone())


class SeedbedOpenSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """An OpenSpiel state around one seedbed state."""

    def __init__(self, game: SeedbedOpenSpielGame, state: State) -> None:
        super().__init__(game)
        self._held = _Held(state)

    @property
    def seedbed_state(self) -> State:
        """The seedbed state (hidden information included: not for a seat's agent)."""
        return self._held.state

    def current_player(self) -> int:
        who = self._held.state.current_player()
        return pyspiel.PlayerId.TERMINAL if who is None else who

    def _legal_actions(self, player: int) -> list[int]:
        s = self._held.state
        return [s.action_index(a) for a in s.legal_actions()]

    def _apply_action(self, action: int) -> None:
        s = self._held.state
        s.apply_checked(s.index_action(int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        s = self._held.state
        try:
            return s.action_to_string(s.index_action(int(action)))
        except ValueError:  # an index that names no move here (Four Fields)
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self._held.state.is_terminal()

    def returns(self) -> list[float]:
        s = self._held.state
        return [float(r) for r in s.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one, its hidden cards drawn by
        seedbed's resampler with a generator seeded from ``probability_sampler()``."""
        rng = random.Random(int(probability_sampler() * 2**53))
        sample = self._held.state.resample_from_infostate(player_id, rng)
        return SeedbedOpenSpielState(self.get_game(), sample)

    def __str__(self) -> str:
        return str(self._held.state)


class _Observer:
    """OpenSpiel's Python observer: the observation vector as the tensor, and the
    information-state string (perfect recall) or the vector's non-zero entries."""

    def __init__(self, game: Game, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(game.observation_shape(), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SeedbedOpenSpielState, player: int) -> None:
        self.tensor[:] = state.seedbed_state.observation(player)

    def string_from(self, state: SeedbedOpenSpielState, player: int) -> str:
        s = state.seedbed_state
        if self.perfect_recall:
            return s.information_state_string(player)
        vector = s.observation(player)
        return " ".join(f"{i}:{v:g}" for i, v in enumerate(vector) if v)


class SeedbedOpenSpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """An OpenSpiel game around one seedbed game; subclassed once per game id by
    :func:`register`."""

    game_id: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        seed = int(given.pop("seed", -1))
        players = given.pop("players", None)
        self.seedbed_game: Game = seedbed.load(self.game_id, players=players, **given)
        g = self.seedbed_game
        info = pyspiel.GameInfo(
            num_distinct_actions=g.num_distinct_actions(),
            max_chance_outcomes=0,
            num_players=g.num_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=max_game_length(g),
        )
        super().__init__(_game_type(self.game_id), info, params or {})
        self._rng = random.Random(None if seed < 0 else seed)

    def new_initial_state(self) -> SeedbedOpenSpielState:
        """A new game, dealt from the next seed."""
        return self.state_for_seed(self._rng.randrange(2**63))

    def state_for_seed(self, seed: int) -> SeedbedOpenSpielState:
        """The game seedbed deals from ``seed`` (the same deal as ``seedbed play``'s and
        the arena's for that seed: duplicate deals across frameworks)."""
        return SeedbedOpenSpielState(self, self.seedbed_game.new_state(seed))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        if params:
            raise ValueError(f"seedbed observers take no parameters, not {params!r}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self.seedbed_game, perfect_recall)


def _game_type(game_id: str) -> pyspiel.GameType:
    cls = game_class(game_id)
    params: dict[str, Any] = {"players": cls.default_players, "seed": -1}
    params.update({name: opt.default for name, opt in cls.options.items()})
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"seedbed {cls.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


_registered: set[str] = set()


def register() -> list[str]:
    """Register every game of the registry with OpenSpiel (once; calling again does
    nothing) and return their OpenSpiel names."""
    names = []
    for game_id in seedbed.available_games():
        if game_id not in _registered:
            cls = type(f"Seedbed_{game_id}", (SeedbedOpenSpielGame,), {"game_id": game_id})
            pyspiel.register_game(_game_type(game_id), cls)
            _registered.add(game_id)
        names.append(short_name(game_id))
    return names

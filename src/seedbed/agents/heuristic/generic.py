"""The policy interface and the generic policy used for games without their own.

The generic policy is a one-step lookahead on a single determinization: it draws one
state consistent with what the seat knows (``obs.sample``), tries each legal action and
keeps the one that most improves the seat's score against the best rival (ties at
random). Without ``sample`` it plays uniformly at random.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol


class Observation(Protocol):
    """What a policy may read: one seat's information (an ``InfoSet`` fits)."""

    @property
    def player(self) -> int: ...

    def legal_actions(self) -> list[int]: ...

    def action_to_string(self, action: int) -> str: ...

    def view(self) -> dict[str, Any]: ...

    def compact_view(self) -> tuple[int, ...]: ...


Policy = Callable[[Observation, random.Random], int]
#: A policy's decisions as a function of what it reads: ``(compact_view, player,
#: legal_actions, rng) -> action``, the same move as the policy on an observation
#: with that compact view, seat and legal actions (``legal`` is read, never changed).
#: Searches call it in playouts, where wrapping every position in an observation
#: and reaching its methods costs more than the decision itself.
CompactPolicy = Callable[[tuple[int, ...], int, list[int], random.Random], int]


class PlayoutJudge(Protocol):
    """A learned judge of a playout (``ismcts:judge=1``): where a game's heuristic
    offers one, a playout that passes a fixed point of the round notes every seat's
    position there, plays on to the round's end as usual, and is valued by the judge
    from those notes and the points each seat scored after them, not by the points
    alone. It corrects what the playout policy, as a model of the rest of the round,
    gets wrong on average (a policy's blind spots bias every playout alike)."""

    #: The point: this many moves before the end of a round.
    moves_before_end: int
    #: The standard deviation of the judge's error in one seat's points less
    #: another's (``ismcts:chance=1`` weighs a game's end with it).
    error: float
    #: The chance of a random legal move at each decision of the judged leg (0: the
    #: policy's own line; ``ismcts:noisy=1`` asks for a judge fitted to noise).
    leg_noise: float

    def point(self, moves_left: int) -> int:
        """Where a playout with ``moves_left`` moves left in its round notes the seats:
        the moves before the round's end (``moves_before_end`` from before it; a judge
        of later points too, ``ismcts:inner=K``, may name one past it), or -1 for none."""
        ...

    def note(self, views: list[tuple[int, ...]]) -> list[list[float]] | None:
        """Each seat's features from the seats' compact views at the point (``None``
        if the position is not one the judge was made for)."""
        ...

    def values(self, notes: list[list[float]], gains: list[float]) -> list[float]:
        """Rewards in [0, 1] for each seat from its notes and the points it scored
        from the point to the round's end."""
        ...


def on_observation(policy: CompactPolicy, obs: Observation, rng: random.Random) -> int:
    """The move of compact-view ``policy`` for the seat behind ``obs``: the one policy
    modules' ``choose(obs, rng)`` make from their ``choose_compact`` (the only legal
    move is played without reading the view)."""
    legal = obs.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return policy(obs.compact_view(), obs.player, legal, rng)


def pick_best(scored: list[tuple[float, int]], rng: random.Random) -> int:
    """The action with the highest score; ties broken by ``rng``."""
    best = max(s for s, _ in scored)
    top = [a for s, a in scored if s == best]
    return top[0] if len(top) == 1 else top[rng.randrange(len(top))]


def choose(obs: Observation, rng: random.Random) -> int:
    legal = obs.legal_actions()
    if len(legal) == 1:
        return legal[0]
    sample = getattr(obs, "sample", None)
    if sample is None:
        return legal[rng.randrange(len(legal))]
    state = sample(rng)
    me = obs.player
    before = state.scores()
    scored: list[tuple[float, int]] = []
    for a in legal:
        s = state.clone()
        s.apply_action(a)
        after = s.scores()
        mine = after[me] - before[me]
        rival = max((after[p] - before[p] for p in range(len(after)) if p != me), default=0.0)
        scored.append((mine - rival, a))
    return pick_best(scored, rng)

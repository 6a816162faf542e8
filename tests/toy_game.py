"""A minimal hidden-information trick game used to test the core without real engines.

Twelve cards (A, 2, 3 of each suit), three tricks, follow suit, highest of the led suit
wins, one point a trick. With fewer than four players the undealt cards are a hidden
stock. It is also the smallest example of a complete seedbed engine in one file (a
real game splits the same pieces over the modules of its package: see
docs/architecture.md, "Adding a game").

Its position format: ``hands=AS.2H.3C/2S.3S.AD trick=1:2S done=0:AS.1:3S won=1,0``
(hands by seat, the trick so far and the finished tricks as ``seat:card`` in the
order played, tricks won by seat); the leader is the first to play in ``trick``, or
the winner of the last finished trick, or seat 0.
"""

from __future__ import annotations

import random
from typing import Any

from seedbed.core.cards import CARD_NAMES, CARD_SUIT, mask_of, parse_card
from seedbed.core.errors import NotationError, PositionError
from seedbed.core.protocol import JSON, Game, State

DECK = [s * 13 + r for s in range(4) for r in range(3)]  # A, 2, 3 of each suit
TRICKS = 3


class ToyGame(Game):
    id = "toy"
    name = "Toy tricks"
    min_players = 2
    max_players = 4
    default_players = 2
    summary = "three tricks with twelve cards (test fixture)"

    def new_state(self, seed: int) -> ToyState:
        deck = list(DECK)
        random.Random(seed).shuffle(deck)
        hands = [mask_of(deck[TRICKS * p : TRICKS * (p + 1)]) for p in range(self.num_players)]
        return ToyState(self, seed, hands)

    def from_position(self, text: str) -> ToyState:
        fields = dict(part.partition("=")[::2] for part in text.split())
        if set(fields) != {"hands", "trick", "done", "won"}:
            raise PositionError(f"a toy position has hands=, trick=, done= and won=: {text!r}")
        try:
            hands = [
                mask_of(parse_card(c) for c in h.split(".") if c)
                for h in fields["hands"].split("/")
            ]
            trick = _plays(fields["trick"])
            done_flat = _plays(fields["done"])
            won = [int(w) for w in fields["won"].split(",")]
        except ValueError as exc:
            raise PositionError(f"bad toy position {text!r}: {exc}") from None
        n = self.num_players
        if len(hands) != n or len(won) != n or len(done_flat) % n:
            raise PositionError(f"a toy position for {n} players needs {n} hands and scores")
        state = ToyState(self, None, hands)
        state.done = [done_flat[i : i + n] for i in range(0, len(done_flat), n)]
        state.trick = trick
        state.won = won
        if state.done:
            state.leader = state._winner(state.done[-1])
        if trick:
            state.leader = trick[0][0]
        state.first = len(done_flat) + len(trick)
        if state.position() != text:
            raise PositionError(f"not a toy position as written: {text!r}")
        state.check_invariants()
        return state

    def _state_from_dict(self, data: JSON) -> ToyState:
        s = ToyState(self, None, [int(h) for h in data["hands"]])
        s.trick = [(int(p), int(c)) for p, c in data["trick"]]
        s.done = [[(int(p), int(c)) for p, c in t] for t in data["done"]]
        s.won = [int(x) for x in data["won"]]
        s.leader = int(data["leader"])
        s.first = int(data.get("first", 0))
        return s


def _plays(text: str) -> list[tuple[int, int]]:
    """``"0:AS.1:3S"`` as ``[(0, card), (1, card)]``."""
    out = []
    for item in filter(None, text.split(".")):
        seat, _, card = item.partition(":")
        out.append((int(seat), parse_card(card)))
    return out


def _written(plays: list[tuple[int, int]]) -> str:
    return ".".join(f"{p}:{CARD_NAMES[c]}" for p, c in plays)


class ToyState(State):
    __slots__ = ("done", "first", "hands", "leader", "trick", "won")

    def __init__(self, game: Game, seed: int | None, hands: list[int]) -> None:
        self._init_base(game, seed)
        self.hands = hands
        self.trick: list[tuple[int, int]] = []
        self.done: list[list[tuple[int, int]]] = []
        self.won = [0] * game.num_players
        self.leader = 0
        #: Cards played before the first recorded action (a state set up from a
        #: position has no history of them): ``actors()`` names only later moves.
        self.first = 0

    def current_player(self) -> int | None:
        if len(self.done) == TRICKS:
            return None
        return (self.leader + len(self.trick)) % self.game.num_players

    def legal_actions(self) -> list[int]:
        p = self.current_player()
        if p is None:
            return []
        hand = self.hands[p]
        if self.trick:
            led = CARD_SUIT[self.trick[0][1]]
            follow = [c for c in DECK if hand >> c & 1 and CARD_SUIT[c] == led]
            if follow:
                return follow
        return [c for c in DECK if hand >> c & 1]

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise self._illegal(action, "not a card you may play now")
        p = self.current_player()
        assert p is not None
        self.hands[p] &= ~(1 << action)
        self.trick.append((p, action))
        self._actions.append(action)
        if len(self.trick) == self.game.num_players:
            winner = self._winner(self.trick)
            self.won[winner] += 1
            self.done.append(self.trick)
            self.trick = []
            self.leader = winner

    @staticmethod
    def _winner(trick: list[tuple[int, int]]) -> int:
        led = CARD_SUIT[trick[0][1]]
        return max((c, q) for q, c in trick if CARD_SUIT[c] == led)[1]

    def actors(self) -> list[int]:
        return [p for t in [*self.done, self.trick] for p, _ in t][self.first :]

    def phase_name(self) -> str:
        return "over" if self.is_terminal() else "trick"

    def position(self) -> str:
        hands = "/".join(".".join(CARD_NAMES[c] for c in DECK if h >> c & 1) for h in self.hands)
        done = _written([x for t in self.done for x in t])
        won = ",".join(str(w) for w in self.won)
        return f"hands={hands} trick={_written(self.trick)} done={done} won={won}"

    def action_to_string(self, action: int) -> str:
        if action not in DECK:
            raise NotationError(f"no toy card {action}")
        return CARD_NAMES[action]

    def string_to_action(self, text: str) -> int:
        c = parse_card(text)
        if c not in self.legal_actions():
            raise NotationError(f"{text!r} is not a legal card here")
        return c

    def clone(self) -> ToyState:
        s = ToyState.__new__(ToyState)
        s.game, s.seed, s._actions = self.game, self.seed, list(self._actions)
        s.hands, s.trick = list(self.hands), list(self.trick)
        s.done, s.won, s.leader = list(self.done), list(self.won), self.leader
        s.first = self.first
        return s

    def scores(self) -> list[float]:
        return [float(w) for w in self.won]

    def rule_counts(self) -> dict[str, int]:
        return {"tricks": len(self.done)}

    def _view(self, player: int | None) -> JSON:
        return {
            "hand": None
            if player is None
            else [CARD_NAMES[c] for c in DECK if self.hands[player] >> c & 1],
            "trick": [[p, CARD_NAMES[c]] for p, c in self.trick],
            "done": [[[p, CARD_NAMES[c]] for p, c in t] for t in self.done],
            "won": list(self.won),
        }

    def compact_view(self, player: int) -> tuple[int, ...]:
        played = [c for t in [*self.done, self.trick] for _, c in t]
        return (self.hands[player], mask_of(played), len(self.trick))

    def score_sheet(self, viewer: int | None) -> JSON:
        n = self.game.num_players
        rounds = [
            {"label": f"Trick {i + 1}", "points": [int(self._winner(t) == p) for p in range(n)]}
            for i, t in enumerate(self.done)
        ]
        return {"rounds": rounds, "total": list(self.scores())}

    def _to_dict(self) -> JSON:
        return {
            "hands": self.hands,
            "trick": [list(x) for x in self.trick],
            "done": [[list(x) for x in t] for t in self.done],
            "won": self.won,
            "leader": self.leader,
            "first": self.first,
        }

    def _voids(self) -> list[set[int]]:
        voids: list[set[int]] = [set() for _ in range(self.game.num_players)]
        for t in [*self.done, self.trick]:
            if t:
                led = CARD_SUIT[t[0][1]]
                for p, c in t[1:]:
                    if CARD_SUIT[c] != led:
                        voids[p].add(led)
        return voids

    def resample_from_infostate(self, player: int, rng: random.Random) -> ToyState:
        n = self.game.num_players
        seen = mask_of(c for t in [*self.done, self.trick] for _, c in t) | self.hands[player]
        unknown = [c for c in DECK if not seen >> c & 1]
        sizes = [self.hands[p].bit_count() for p in range(n)]
        voids = self._voids()
        while True:  # rejection sampling: uniform over deals that respect the voids
            pool = list(unknown)
            rng.shuffle(pool)
            hands = list(self.hands)
            k = 0
            ok = True
            for p in range(n):
                if p == player:
                    continue
                cards = pool[k : k + sizes[p]]
                k += sizes[p]
                if any(CARD_SUIT[c] in voids[p] for c in cards):
                    ok = False
                    break
                hands[p] = mask_of(cards)
            if ok:
                break
        s = self.clone()
        s.seed = None
        s.hands = hands
        return s

    def check_invariants(self) -> None:
        played = [c for t in [*self.done, self.trick] for _, c in t]
        held = [c for h in self.hands for c in DECK if h >> c & 1]
        assert len(set(played + held)) == len(played) + len(held)


def make(**params: Any) -> ToyGame:
    return ToyGame(**params)

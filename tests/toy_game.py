"""A minimal hidden-information trick game used to test the core without real engines.

Twelve cards (A, 2, 3 of each suit), three tricks, follow suit, highest of the led suit
wins, one point a trick. With fewer than four players the undealt cards are a hidden
stock. It is also the smallest example of a complete seedbed engine.
"""

from __future__ import annotations

import random
from typing import Any

from seedbed.core.cards import CARD_NAMES, CARD_SUIT, mask_of, parse_card
from seedbed.core.errors import NotationError
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

    def _state_from_dict(self, data: JSON) -> ToyState:
        s = ToyState(self, None, [int(h) for h in data["hands"]])
        s.trick = [(int(p), int(c)) for p, c in data["trick"]]
        s.done = [[(int(p), int(c)) for p, c in t] for t in data["done"]]
        s.won = [int(x) for x in data["won"]]
        s.leader = int(data["leader"])
        return s


class ToyState(State):
    __slots__ = ("done", "hands", "leader", "trick", "won")

    def __init__(self, game: Game, seed: int | None, hands: list[int]) -> None:
        self._init_base(game, seed)
        self.hands = hands
        self.trick: list[tuple[int, int]] = []
        self.done: list[list[tuple[int, int]]] = []
        self.won = [0] * game.num_players
        self.leader = 0

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
            led = CARD_SUIT[self.trick[0][1]]
            winner = max((c, q) for q, c in self.trick if CARD_SUIT[c] == led)[1]
            self.won[winner] += 1
            self.done.append(self.trick)
            self.trick = []
            self.leader = winner

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
        return s

    def scores(self) -> list[float]:
        return [float(w) for w in self.won]

    def rule_counts(self) -> dict[str, int]:
        return {"tricks": len(self.done)}

    def view(self, player: int | None) -> JSON:
        return {
            "player": player,
            "hand": None
            if player is None
            else [CARD_NAMES[c] for c in DECK if self.hands[player] >> c & 1],
            "trick": [[p, CARD_NAMES[c]] for p, c in self.trick],
            "done": [[[p, CARD_NAMES[c]] for p, c in t] for t in self.done],
            "won": list(self.won),
        }

    def _to_dict(self) -> JSON:
        return {
            "hands": self.hands,
            "trick": [list(x) for x in self.trick],
            "done": [[list(x) for x in t] for t in self.done],
            "won": self.won,
            "leader": self.leader,
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

"""SEWN: does PIMC with a double-dummy solver play the last Harvest tricks better
than ISMCTS? Paired endings, and the solver they use.

The issue names "PIMC with a fast double-dummy solver for SEWN's Harvest phase" as a
method to try. This script measures its worth where it is cheapest and most exact, in
the last tricks of a round, before anything is built into the package:

- :class:`Solver`: the tricks a seat wins from a Harvest position when every hand is
  seen and the other three play to hold it down (the *paranoid* reduction of a
  four-player game to two sides, so that alpha-beta applies). A transposition table at
  the start of each trick, and cards that no card in play separates are tried once
  (a "run": the 9 and the 7 when the 8 is gone are the same card).
- ``pimc`` (an agent registered by this script only): in the Harvest with at most
  ``tricks`` cards in hand it samples ``worlds`` determinizations from the seat's
  information set, solves every legal card in each and plays the card with the most
  tricks in all (ties go to the fallback's choice); elsewhere it plays its fallback,
  ISMCTS with the spec's other options.
- ``run``: heuristic games to the first decision with at most TRICKS cards in the
  hand of the seat to move; from there, for each seat in turn (the *focus*), the rest
  of the round twice, the focus played by SPEC_A and then by SPEC_B, the others by
  OTHERS (seeded alike both times). One JSON line per (deal, focus) with the focus's
  tricks in each line and its CPU a decision.
- ``summary``: the mean tricks of each, their difference paired by ending with a 95%
  interval (a deal's four endings are one sample), how many endings differ, and the
  CPU.
- ``cost``: the solver's CPU and nodes for one world at DEALS positions with at most
  TRICKS cards in hand.
- ``check``: the solver against plain minimax through the protocol (``clone``,
  ``apply_action``) on endings of two to four tricks.

    .venv/bin/python tools/measure/sewn_endings.py run TRICKS SPEC_A SPEC_B OTHERS \
        FIRST DEALS OUT.jsonl
    .venv/bin/python tools/measure/sewn_endings.py summary OUT.jsonl [OUT.jsonl ...]
    .venv/bin/python tools/measure/sewn_endings.py cost DEALS TRICKS [TRICKS ...]
    .venv/bin/python tools/measure/sewn_endings.py check GAMES

For example ``run 5 pimc:worlds=16,tricks=5,iterations=300 ismcts:iterations=300
ismcts:iterations=300 0 60 end5.jsonl``. The solver reads every hand of a sampled
world (``compact_view`` of each seat of the determinization, never of the real
state), so the agent decides only from what its seat knows.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time

import seedbed
from seedbed.agents import make_agent
from seedbed.agents.base import Agent, register_agent, whole_option
from seedbed.core.cards import iter_cards
from seedbed.core.protocol import InfoSet, State
from seedbed.games.sewn.rules import (
    CV_HAND,
    CV_LEADER,
    CV_PHASE,
    CV_TRICK,
    CV_TRUMP,
    HARVEST,
    POWER,
    SUIT,
)

#: The solver's bit for each card: 13 * suit + power (2 lowest, Ace highest), so that
#: a higher bit of a suit is a higher card.
TO_BIT = tuple(13 * SUIT[c] + POWER[c] for c in range(52))
SUIT_MASK = tuple(0x1FFF << (13 * s) for s in range(4))


def to_bits(cards: int) -> int:
    """A card set (bit = card number) as the solver's bits."""
    return sum(1 << TO_BIT[c] for c in iter_cards(cards))


def _strength(b: int, led: int, trump: int) -> int:
    """How ``b`` ranks in a trick whose led suit is ``led`` (-1: it cannot win)."""
    s = b // 13
    return b % 13 + 13 if s == trump else (b % 13 if s == led else -1)


class Solver:
    """Tricks ``seat`` takes from a Harvest position, every hand seen, the other three
    playing to take as few for it as they can. Hands are the solver's bits by seat;
    ``trick`` the cards of the trick in progress in play order from ``leader``."""

    def __init__(self, trump: int, seat: int) -> None:
        self.trump = trump
        self.seat = seat
        #: (hands, leader) at a trick's start -> (lower, upper) bound of the value.
        self.table: dict[tuple[int, int, int, int, int], tuple[int, int]] = {}
        self.nodes = 0

    def winner(self, leader: int, trick: list[int]) -> int:
        led = trick[0] // 13
        best, key = 0, -1
        for i in range(4):
            k = _strength(trick[i], led, self.trump)
            if k > key:
                best, key = i, k
        return (leader + best) & 3

    def moves(self, hands: list[int], player: int, trick: list[int]) -> list[int]:
        """One card of each run of ``player``'s legal cards: high first when leading,
        else the cards that take the trick so far first, low before high."""
        hand = hands[player]
        if trick:
            follow = hand & SUIT_MASK[trick[0] // 13]
            legal = follow if follow else hand
        else:
            legal = hand
        in_play = hands[0] | hands[1] | hands[2] | hands[3]
        for b in trick:
            in_play |= 1 << b
        others = in_play & ~hand
        runs: list[int] = []
        previous = -1
        rest = legal
        while rest:
            top = rest.bit_length() - 1
            rest ^= 1 << top
            if previous // 13 == top // 13 and previous >= 0:
                between = ((1 << previous) - 1) & ~((1 << (top + 1)) - 1)
                if not others & between:
                    previous = top
                    continue
            runs.append(top)
            previous = top
        if not trick:
            return runs
        led = trick[0] // 13
        best = max(_strength(b, led, self.trump) for b in trick)
        return sorted(runs, key=lambda b: (_strength(b, led, self.trump) <= best, b))

    def search(self, hands: list[int], leader: int, trick: list[int], alpha: int, beta: int) -> int:
        """The exact value if it lies in (alpha, beta), else a bound on the side of it
        (fail-soft). ``hands`` and ``trick`` are changed and restored. A full
        ``trick`` is scored first and play goes on from its winner."""
        if len(trick) == 4:
            won = self.winner(leader, trick)
            gain = 1 if won == self.seat else 0
            played = trick[:]
            trick.clear()
            v = gain + self.search(hands, won, trick, alpha - gain, beta - gain)
            trick.extend(played)
            return v
        self.nodes += 1
        key = None
        if not trick:
            left = hands[leader].bit_count()
            if left == 0 or beta <= 0:
                return 0
            if alpha >= left:
                return left
            key = (hands[0], hands[1], hands[2], hands[3], leader)
            low, high = self.table.get(key, (0, left))
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        alpha0, beta0 = alpha, beta
        player = (leader + len(trick)) & 3
        maximise = player == self.seat
        best = -1 if maximise else 99
        for b in self.moves(hands, player, trick):
            hands[player] ^= 1 << b
            trick.append(b)
            v = self.search(hands, leader, trick, alpha, beta)
            trick.pop()
            hands[player] ^= 1 << b
            if maximise:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        if key is not None:
            low, high = self.table.get(key, (0, 99))
            if best <= alpha0:
                high = min(high, best)
            elif best >= beta0:
                low = max(low, best)
            else:
                low = high = best
            self.table[key] = (low, high)
        return best

    def value_after(self, hands: list[int], leader: int, trick: list[int], card: int) -> int:
        """The seat's tricks from here (this trick included) after the player to move
        plays ``card`` (a card number)."""
        hands, trick = hands[:], trick[:]
        hands[(leader + len(trick)) & 3] ^= 1 << TO_BIT[card]
        trick.append(TO_BIT[card])
        return self.search(hands, leader, trick, -1, 99)


def solver_position(world: State) -> tuple[list[int], int, int, list[int]]:
    """Hands (solver bits, by seat), trump, leader and the trick in progress of a
    Harvest state, read from each seat's compact view."""
    views = [world.compact_view(s) for s in range(4)]
    v = views[0]
    trick = [TO_BIT[c] for c in v[CV_TRICK : CV_TRICK + 3] if c >= 0]
    return [to_bits(view[CV_HAND]) for view in views], v[CV_TRUMP], v[CV_LEADER], trick


class Pimc:
    """PIMC with the solver in the last ``tricks`` Harvest tricks; ``fallback``
    elsewhere and to break ties."""

    def __init__(self, fallback: Agent, worlds: int, tricks: int, seed: int | None) -> None:
        self.name = "pimc"
        self.fallback = fallback
        self.worlds = worlds
        self.tricks = tricks
        self.rng = random.Random(seed)

    def select_action(self, infoset: InfoSet) -> int:
        v = infoset.compact_view()
        legal = infoset.legal_actions()
        if v[CV_PHASE] != HARVEST or v[CV_HAND].bit_count() > self.tricks or len(legal) == 1:
            return self.fallback.select_action(infoset)
        totals = dict.fromkeys(legal, 0)
        for _ in range(self.worlds):
            hands, trump, leader, trick = solver_position(infoset.sample(self.rng))
            solver = Solver(trump, infoset.player)
            for a in legal:
                totals[a] += solver.value_after(hands, leader, trick, a)
        most = max(totals.values())
        best = [a for a in legal if totals[a] == most]
        if len(best) == 1:
            return best[0]
        choice = self.fallback.select_action(infoset)
        return choice if choice in best else best[0]


def _make_pimc(options: dict[str, str], seed: int | None) -> Pimc:
    worlds = whole_option("pimc", "worlds", options.pop("worlds", "8"), 1)
    tricks = whole_option("pimc", "tricks", options.pop("tricks", "4"), 1)
    # The other options are the fallback's (ISMCTS rejects what it does not know).
    rest = ",".join(f"{k}={v}" for k, v in options.items())
    fallback = make_agent("ismcts" + (":" + rest if rest else ""), seed=seed)
    return Pimc(fallback, worlds, tricks, seed)


register_agent("pimc", _make_pimc, "measuring only: PIMC with a solver in SEWN's last tricks")


def _ending(game: seedbed.Game, deal: int, tricks: int) -> State:
    """The first decision of a heuristic game with at most ``tricks`` cards in the hand
    of the Harvest's seat to move."""
    state = game.new_state(seed=9000 + deal)
    heuristic = make_agent("heuristic", seed=deal)
    while True:
        seat = state.current_player()
        assert seat is not None
        v = state.compact_view(seat)
        if v[CV_PHASE] == HARVEST and v[CV_HAND].bit_count() <= tricks:
            return state
        state.apply_action(heuristic.select_action(state.infoset(seat)))


def run(
    tricks: int, spec_a: str, spec_b: str, others: str, first: int, deals: int, out: str
) -> None:
    game = seedbed.load("sewn")
    with open(out, "a", encoding="utf-8") as f:
        for deal in range(first, first + deals):
            start = _ending(game, deal, tricks)
            for focus in range(4):
                row: dict[str, object] = {"deal": deal, "focus": focus, "specs": [spec_a, spec_b]}
                for side, spec in (("a", spec_a), ("b", spec_b)):
                    state = start.clone()
                    seats = [
                        make_agent(spec if q == focus else others, seed=deal * 10 + q)
                        for q in range(4)
                    ]
                    cpu, decisions = 0.0, 0
                    while (
                        not state.is_terminal() and state.compact_view(focus)[CV_PHASE] == HARVEST
                    ):
                        seat = state.current_player()
                        assert seat is not None
                        legal = state.legal_actions()
                        if len(legal) == 1:
                            state.apply_action(legal[0])
                            continue
                        began = time.process_time()
                        action = seats[seat].select_action(state.infoset(seat))
                        if seat == focus:
                            cpu += time.process_time() - began
                            decisions += 1
                        state.apply_action(action)
                    row[side] = state.scores()[focus] - start.scores()[focus]
                    row["cpu_" + side] = cpu / max(1, decisions)
                f.write(json.dumps(row) + "\n")
                f.flush()


def summary(paths: list[str]) -> None:
    rows = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            rows += [json.loads(line) for line in f if line.strip()]
    # A deal's four endings start from one position: the deal is the sample.
    by_deal: dict[int, list[float]] = {}
    for r in rows:
        by_deal.setdefault(r["deal"], []).append(r["a"] - r["b"])
    diffs = [statistics.mean(d) for d in by_deal.values()]
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    spec_a, spec_b = rows[0]["specs"]
    print(f"{spec_a} against {spec_b}: {len(rows)} endings ({len(diffs)} deals)")
    print(
        f"  tricks {statistics.mean(r['a'] for r in rows):.3f} against "
        f"{statistics.mean(r['b'] for r in rows):.3f}; difference {mean:+.3f} "
        f"[{mean - half:+.3f}, {mean + half:+.3f}]; "
        f"{sum(r['a'] != r['b'] for r in rows)} endings differ"
    )
    cpu_a = 1000 * statistics.mean(r["cpu_a"] for r in rows)
    cpu_b = 1000 * statistics.mean(r["cpu_b"] for r in rows)
    print(f"  CPU a decision: {cpu_a:.1f} ms against {cpu_b:.1f} ms")


def cost(tricks: list[int], deals: int) -> None:
    """The solver's CPU and nodes to value every legal card of one world (the true
    state) at the first decision with at most ``t`` cards in hand, for each ``t``."""
    game = seedbed.load("sewn")
    for t in tricks:
        spent, nodes, worst = 0.0, 0, 0.0
        for deal in range(deals):
            state = _ending(game, 100 + deal, t)
            hands, trump, leader, trick = solver_position(state)
            seat = state.current_player()
            assert seat is not None
            began = time.process_time()
            solver = Solver(trump, seat)
            for a in state.legal_actions():
                solver.value_after(hands, leader, trick, a)
            took = time.process_time() - began
            spent, nodes, worst = spent + took, nodes + solver.nodes, max(worst, took)
        print(
            f"{t} tricks: {1000 * spent / deals:.1f} ms a position (worst {1000 * worst:.0f}), "
            f"{nodes / deals:.0f} nodes"
        )


def _minimax(state: State, seat: int, start: float) -> float:
    if state.is_terminal() or state.compact_view(seat)[CV_PHASE] != HARVEST:
        return state.scores()[seat] - start
    values = []
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        values.append(_minimax(child, seat, start))
    return max(values) if state.current_player() == seat else min(values)


def check(games: int) -> None:
    game = seedbed.load("sewn")
    rng = random.Random(1)
    checked = 0
    for deal in range(games):
        state = _ending(game, deal, rng.choice((2, 3, 4)))
        seat = state.current_player()
        assert seat is not None
        hands, trump, leader, trick = solver_position(state)
        solver = Solver(trump, seat)
        for a in state.legal_actions():
            child = state.clone()
            child.apply_action(a)
            want = _minimax(child, seat, state.scores()[seat])
            got = solver.value_after(hands, leader, trick, a)
            if want != got:
                sys.exit(f"deal {deal}, {state.action_to_string(a)}: solver {got}, minimax {want}")
            checked += 1
    print(f"{checked} moves of {games} endings: the solver agrees with minimax")


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["run"] and len(args) == 8:
        # A bad number or agent spec is the user's mistake: say so before playing.
        if not all(args[i].isdigit() for i in (1, 5, 6)):
            sys.exit("TRICKS, FIRST and DEALS are whole numbers")
        numbers = [int(args[i]) for i in (1, 5, 6)]
        try:
            for spec in args[2:5]:
                make_agent(spec)
        except ValueError as e:
            sys.exit(str(e))
        run(numbers[0], args[2], args[3], args[4], numbers[1], numbers[2], args[7])
    elif args[:1] == ["summary"] and len(args) > 1:
        summary(args[1:])
    elif args[:1] == ["cost"] and len(args) > 2:
        cost([int(t) for t in args[2:]], int(args[1]))
    elif args[:1] == ["check"] and len(args) == 2:
        check(int(args[1]))
    else:
        sys.exit(__doc__)

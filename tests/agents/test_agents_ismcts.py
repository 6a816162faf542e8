"""ISMCTS: budgets, determinism, hints and spec options."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

import pytest
from agents_cases import configs, mid_game_states

import seedbed
from seedbed.agents import make_agent
from seedbed.agents.base import Agent
from seedbed.agents.ismcts import ISMCTS, top_moves


def _toy_state(toy: str, players: int = 2) -> seedbed.State:
    return mid_game_states(seedbed.load(toy, players=players), seed=2, count=1, max_moves=1)[0]


def test_same_seed_and_iterations_give_the_same_tree(toy_registered: str) -> None:
    state = _toy_state(toy_registered, 3)
    player = state.current_player()
    assert player is not None
    first = ISMCTS(iterations=200, seed=4).ranked(state.infoset(player))
    second = ISMCTS(iterations=200, seed=4).ranked(state.infoset(player))
    assert [(a, v) for a, v, _ in first] == [(a, v) for a, v, _ in second]


@pytest.mark.parametrize(("game_id", "players"), configs())
def test_ismcts_is_deterministic_for_a_seed(game_id: str, players: int) -> None:
    game = seedbed.load(game_id, players=players)
    for state in mid_game_states(game, seed=5, count=2):
        player = state.current_player()
        assert player is not None
        choices = {
            make_agent("ismcts:iterations=10", seed=3).select_action(state.infoset(player))
            for _ in range(2)
        }
        assert len(choices) == 1


def test_iteration_budget_is_respected(toy_registered: str) -> None:
    state = _toy_state(toy_registered)
    player = state.current_player()
    assert player is not None
    searcher = ISMCTS(iterations=77, seed=1)
    ranked = searcher.ranked(state.infoset(player))
    assert searcher.last_iterations == 77
    assert sum(v for _, v, _ in ranked) == 77


def test_time_budget_stops(toy_registered: str) -> None:
    state = _toy_state(toy_registered)
    player = state.current_player()
    assert player is not None
    searcher = ISMCTS(iterations=None, seconds=0.05, seed=1)
    searcher.ranked(state.infoset(player))
    assert searcher.last_iterations > 0


def test_time_budget_counts_cpu_seconds(
    toy_registered: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``time=`` is CPU time of the process, not the clock: a search that waits (here
    each determinization sleeps 10 ms, as a search on a busy machine is kept waiting)
    still computes for its whole budget, taking longer by the clock."""
    import toy_game

    real = toy_game.ToyState.resample_from_infostate

    def slow(self: toy_game.ToyState, player: int, rng: random.Random) -> seedbed.State:
        time.sleep(0.01)
        busy = time.process_time() + 0.001
        while time.process_time() < busy:
            pass
        return real(self, player, rng)

    monkeypatch.setattr(toy_game.ToyState, "resample_from_infostate", slow)
    state = _toy_state(toy_registered)
    player = state.current_player()
    assert player is not None
    searcher = ISMCTS(iterations=None, seconds=0.03, seed=1)
    wall, cpu = time.perf_counter(), time.process_time()
    searcher.ranked(state.infoset(player))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert cpu >= 0.03  # a wall-clock budget would stop after about 3 ms of CPU
    assert wall > cpu
    assert searcher.last_iterations >= 3


def test_ismcts_finds_the_winning_card_in_the_toy_game(toy_registered: str) -> None:
    """Two players, last trick: leading the highest card must be preferred."""
    game = seedbed.load(toy_registered, players=2)
    state = game.new_state(1)
    wins = 0
    for _ in range(2):  # two tricks played at random leave one card each
        legal = state.legal_actions()
        state.apply_action(legal[0])
    while state.current_player() is not None and len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    if state.is_terminal():
        pytest.skip("no decision left in this deal")
    player = state.current_player()
    assert player is not None
    top = ISMCTS(iterations=400, seed=2).ranked(state.infoset(player))
    assert top[0][2] >= max(m for _, _, m in top if not math.isnan(m)) - 0.25
    wins += 1
    assert wins


def test_top_moves_gives_notation_and_win_shares(toy_registered: str) -> None:
    state = _toy_state(toy_registered, 2)
    player = state.current_player()
    assert player is not None
    moves = top_moves(state.infoset(player), iterations=100)
    legal_names = {state.action_to_string(a) for a in state.legal_actions()}
    assert moves and len(moves) <= 5
    for name, share in moves:
        assert name in legal_names
        assert 0.0 <= share <= 1.0
    assert top_moves(state.infoset(player), seconds=0.05)


def test_top_moves_with_a_single_legal_move(toy_registered: str) -> None:
    game = seedbed.load(toy_registered, players=2)
    state = game.new_state(3)
    while not state.is_terminal() and len(state.legal_actions()) != 1:
        state.apply_action(state.legal_actions()[0])
    if state.is_terminal():
        pytest.skip("no forced move in this deal")
    player = state.current_player()
    assert player is not None
    moves = top_moves(state.infoset(player), iterations=10)
    assert [m for m, _ in moves] == [state.action_to_string(state.legal_actions()[0])]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:iterations=abc", "whole number"),
        ("ismcts:iterations=0", "whole number >= 1"),
        ("ismcts:time=-1", "positive"),
        ("ismcts:time=soon", "number"),
        ("ismcts:rollout=smart", "random or heuristic"),
        ("ismcts:depth=deep", "whole number"),
        ("ismcts:speed=3", "no option speed"),
        ("ismcts:c=x", "number"),
        ("ismcts:bias=much", "number"),
        ("ismcts:bias=-1", "number >= 0"),
        ("ismcts:turns=yes", "0 or 1"),
        ("ismcts:sharp=2", "0 or 1"),
        ("heuristic:sharp=yes", "0 or 1"),
        ("ismcts:margin=2", "from 0 to 1"),
        ("ismcts:adapt=0.5", "from 1 to 100"),
        ("ismcts:settle=0", "from 0.01 to 1"),
        ("ismcts:cutoff=maybe", "auto, score"),
        ("ismcts:paired=1,depth=2", "root's moves alone"),
        ("ismcts:paired=1,adapt=2", "root's moves alone"),
        ("ismcts:paired=1,widen=3", "root's moves alone"),
        ("ismcts:paired=1,reuse=1", "no tree to reuse"),
        ("ismcts:iterations", "key=value"),
        ("heuristic:level=3", "no option level"),
        ("random:x=1", "no option x"),
        ("ismcst", "no agent"),
    ],
)
def test_bad_specs_say_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_agent(spec, seed=1)


def test_good_specs_parse() -> None:
    agent = make_agent("ismcts:iterations=50,rollout=heuristic,c=1.2,cutoff=true,bias=0.5", seed=1)
    assert agent.name == "ismcts"
    assert make_agent("ismcts:time=0.5").name == "ismcts"
    assert make_agent("heuristic").name == "heuristic"


def test_depth_caps_the_tree() -> None:
    """``depth=1`` keeps only the root's children (flat Monte Carlo below them);
    ``depth=2`` grows one level more; no cap grows deeper still."""
    from seedbed.agents.ismcts import ISMCTS

    state = seedbed.load("sow", players=2).new_state(3)
    infoset = state.infoset(state.current_player())

    def height(node: object) -> int:
        children = node.children  # type: ignore[attr-defined]
        return 1 + max((height(c) for c in children.values()), default=-1)

    heights = [
        height(ISMCTS(iterations=300, depth=d, rollout="random", seed=1).search(infoset))
        for d in (1, 2, 0)
    ]
    assert heights[0] == 1
    assert heights[1] == 2
    assert heights[2] > 2
    flat = ISMCTS(iterations=300, depth=1, rollout="random", seed=1).search(infoset)
    assert flat.visits == 300
    assert sum(c.visits for c in flat.children.values()) == 300


def test_four_fields_scores_only_at_round_ends() -> None:
    """``playout_horizon = "score"`` relies on this: Four Fields scores change only
    when a round ends (a new round number in the public view) or the game ends."""
    from seedbed.agents.heuristic import playout_cutoff

    game = seedbed.load("four_fields", players=3)
    assert playout_cutoff(game) == "score"
    state = game.new_state(8)
    agents = [make_agent("heuristic", seed=p) for p in range(3)]
    scores = state.scores()
    rounds = state.view(None)["table"]["round"]
    while not state.is_terminal():
        player = state.current_player()
        assert player is not None
        state.apply_action(agents[player].select_action(state.infoset(player)))
        if state.scores() != scores:
            assert state.is_terminal() or state.view(None)["table"]["round"] != rounds
        scores = state.scores()
        rounds = state.view(None)["table"]["round"]


@pytest.mark.parametrize("seed_tricks", [6, 3, 1])
def test_sewn_rounds_count_their_decisions_down(seed_tricks: int) -> None:
    """``playout_horizon = "round"`` for SEWN relies on this: ``round_moves_left()``
    starts every round at ``rules.decisions_per_round`` (102 in the rulebook game),
    goes down by one a move and the public round number changes exactly when it
    starts again."""
    from seedbed.agents.heuristic import playout_cutoff
    from seedbed.games.sewn import rules

    game = seedbed.load("sewn", seed_tricks=seed_tricks)
    assert playout_cutoff(game) == "round"
    per_round = rules.decisions_per_round(seed_tricks)
    state = game.new_state(4)
    agents = [make_agent("random", seed=p) for p in range(4)]
    assert state.round_moves_left() == per_round
    while not state.is_terminal():
        left = state.round_moves_left()
        assert left is not None
        assert left == per_round - state.move_number() % per_round
        assert state.view(None)["table"]["round"] == state.move_number() // per_round + 1
        player = state.current_player()
        assert player is not None
        state.apply_action(agents[player].select_action(state.infoset(player)))
    assert state.round_moves_left() is None
    assert state.move_number() == 4 * per_round == game.max_game_length()


@pytest.mark.parametrize("rollout", ["random", "heuristic"])
def test_sewn_playouts_from_a_position_stop_at_the_round_end(rollout: str) -> None:
    """A state read from a position has no move list; its playouts still stop where
    its round ends (not 102 moves on, as counting the move list did)."""
    from seedbed.agents import ismcts as search
    from seedbed.agents.heuristic import policy_for

    game = seedbed.load("sewn")
    state = game.new_state(9)
    rng = random.Random(2)
    for _ in range(150):  # into round 2's Seed Phase
        state.apply_action(rng.choice(state.legal_actions()))
    here = game.from_position(state.position())
    assert here.move_number() == 0
    left = here.round_moves_left()
    assert left == state.round_moves_left() == 2 * 102 - 150
    play = search._random_rollout if rollout == "random" else search._heuristic_rollout
    play(here, rng, "round", policy_for(game))
    assert here.move_number() == left
    assert here.view(None)["table"]["round"] == 3
    assert here.round_moves_left() == 102


def test_no_cutoff_for_other_games() -> None:
    from seedbed.agents.heuristic import playout_cutoff

    assert playout_cutoff(seedbed.load("sow")) is None
    assert playout_cutoff(seedbed.load("harvest")) is None


def test_cutoff_spec_values() -> None:
    for text in ("auto", "score", "round", "true", "none", "false", "102"):
        assert make_agent(f"ismcts:iterations=5,cutoff={text}", seed=1).name == "ismcts"


def _sow_decision(seed: int = 3) -> seedbed.InfoSet:
    state = seedbed.load("sow", players=2).new_state(seed)
    player = state.current_player()
    assert player is not None
    return state.infoset(player)


def test_turns_grow_the_tree_through_the_seats_own_turn() -> None:
    """With ``turns`` a depth counts turns, not actions: ``depth=1`` holds the SOW
    take and the placings that follow it (one seat's turn), and no move of the rival."""
    infoset = _sow_decision()
    me = infoset.player
    root = ISMCTS(iterations=400, depth=1, turns=True, seed=1).search(infoset)
    deepest = 0
    for _, node, path in _walk(root):
        deepest = max(deepest, len(path))
        del node
    assert deepest > 1  # past the take: the placings of the same turn
    # Every action in the tree is the searching seat's own: replay each path.
    for actions in (path for _, _, path in _walk(root) if path):
        state = infoset.sample(random.Random(0))
        for action in actions:
            assert state.current_player() == me
            state.apply_action(action)


def _walk(node: object, path: tuple[int, ...] = ()) -> list[tuple[int, object, tuple[int, ...]]]:
    out = [(len(path), node, path)]
    for action, child in node.children.items():  # type: ignore[attr-defined]
        out += _walk(child, (*path, action))
    return out


def test_reuse_starts_the_next_decision_of_the_turn_from_the_kept_subtree() -> None:
    """After its own move the seat decides again within its turn: with ``reuse`` the
    search adds its iterations to the subtree of that move."""
    state = seedbed.load("sow", players=2).new_state(3)
    me = state.current_player()
    assert me is not None
    agent = make_agent("ismcts:iterations=300,turns=1,reuse=1", seed=2)
    searcher = agent.searcher  # type: ignore[attr-defined]
    action = agent.select_action(state.infoset(me))
    below = searcher.last_root.children[action].visits
    state.apply_action(action)
    assert state.current_player() == me
    assert len(state.legal_actions()) > 1  # this deal's first placing is a choice
    agent.select_action(state.infoset(me))
    assert below > 0
    assert searcher.last_root.visits == below + 300


def _play_heuristic(
    state: seedbed.State,
    agents: list[Agent] | None = None,
    until: Callable[[seedbed.State], bool] | None = None,
) -> list[Agent]:
    """Play ``state`` on with heuristic ``agents`` (one per seat, seeded by seat if
    not given) to the end, or to the first move after which ``until`` holds (the
    game not over); the agents are returned to go on with."""
    if agents is None:
        agents = [make_agent("heuristic", seed=p) for p in range(state.game.num_players)]
    while not state.is_terminal():
        player = state.current_player()
        assert player is not None
        state.apply_action(agents[player].select_action(state.infoset(player)))
        if until is not None and not state.is_terminal() and until(state):
            break
    return agents


def test_margin_counts_the_lead_in_a_finished_game() -> None:
    from seedbed.agents.ismcts import _values

    game = seedbed.load("sow", players=2)
    state = game.new_state(5)
    _play_heuristic(state)
    plain = _values(state, [0.0, 0.0])
    assert plain == state.returns()
    mixed = _values(state, [0.0, 0.0], 0.3)
    scores = state.scores()
    winner = 0 if scores[0] > scores[1] else 1
    if scores[0] == scores[1]:
        assert mixed == pytest.approx([0.5, 0.5])
    else:
        assert 0.7 < mixed[winner] < 1.0  # the win, and more of the lead's part
        assert 0.0 < mixed[1 - winner] < 0.3
        assert mixed[winner] + mixed[1 - winner] == pytest.approx(1.0)


def test_adapt_spends_the_budget_on_average_not_always() -> None:
    """``adapt``: at least half the budget; a decision whose most visited move holds
    ``settle`` of the visits stops there, an unsettled one goes on, up to ``adapt``
    times the budget."""
    infoset = _sow_decision()
    quick = ISMCTS(iterations=240, adapt=3.0, settle=0.01, seed=1)
    quick.ranked(infoset)
    assert quick.last_iterations == 120
    assert quick.iterations == 240  # the budget is given back after the steps
    slow = ISMCTS(iterations=240, adapt=3.0, settle=1.0, seed=1)
    slow.ranked(infoset)
    assert slow.last_iterations == 720
    timed = ISMCTS(iterations=None, seconds=0.02, adapt=2.0, settle=1.0, seed=1)
    began = time.process_time()
    timed.ranked(infoset)
    assert time.process_time() - began >= 0.04 * 0.9
    assert timed.seconds == 0.02


def test_noise_replaces_the_heuristic_by_random_moves_in_playouts() -> None:
    """``noise=P``: each playout decision with a choice is the policy's with
    probability 1 - P, else a uniformly random legal move; ``noise=0`` is the plain
    search, move for move."""
    from seedbed.agents import ismcts as search
    from seedbed.agents.heuristic import compact_policy_for, policy_for

    game = seedbed.load("four_fields", players=2)
    fast = compact_policy_for(game)
    asked = 0

    def counting(view: tuple[int, ...], player: int, legal: list[int], rng: random.Random) -> int:
        nonlocal asked
        asked += 1
        assert fast is not None
        return fast(view, player, legal, rng)

    def playout(noise: float, seed: int) -> tuple[list[str], int]:
        nonlocal asked
        asked = 0
        state = game.new_state(4)
        search._heuristic_rollout(
            state, random.Random(seed), "round", policy_for(game), counting, noise
        )
        return state.history(), asked

    plain, plain_asked = playout(0.0, 1)
    assert plain_asked > 20
    never, never_asked = playout(1.0, 1)
    assert never_asked == 0 and never != plain
    _, some = playout(0.5, 1)
    assert 0.2 * plain_asked < some < 0.8 * plain_asked
    agent = make_agent("ismcts:iterations=40,noise=0.2", seed=1)
    assert agent.searcher.noise == 0.2  # type: ignore[attr-defined]
    for state in mid_game_states(game, seed=3, count=3):
        me = state.current_player()
        assert me is not None
        zero = make_agent("ismcts:iterations=40,noise=0", seed=5).select_action(state.infoset(me))
        assert zero == make_agent("ismcts:iterations=40", seed=5).select_action(state.infoset(me))
    with pytest.raises(ValueError, match="from 0 to 1"):
        make_agent("ismcts:noise=1.5")


def test_lead_values_a_cut_playout_by_the_total_scores_lead() -> None:
    """``lead=S``: a playout cut at a round's end is worth the logistic of the seat's
    total lead over its best rival (S points ahead: 0.73), not its share of the
    round's points; a finished game is still worth its returns."""
    from seedbed.agents.ismcts import _values

    game = seedbed.load("four_fields", players=2)
    state = game.new_state(6)
    agents = _play_heuristic(state, until=lambda s: s.scores()[0] != s.scores()[1])
    assert not state.is_terminal()
    a, b = state.scores()
    start = [a - 1.0, b - 1.0]  # one point each since the draw: the shares are even
    assert _values(state, start) == pytest.approx([0.5, 0.5])
    led = _values(state, start, lead=2.0)
    assert led[0] == pytest.approx(1.0 / (1.0 + math.exp((b - a) / 2.0)))
    assert sum(led) == pytest.approx(1.0)
    assert (led[0] > 0.5) == (a > b)
    _play_heuristic(state, agents)
    assert _values(state, [0.0, 0.0], lead=2.0) == state.returns()
    with pytest.raises(ValueError, match=">= 0"):
        make_agent("ismcts:lead=-1")


def test_horizon_stops_playouts_that_many_moves_after_the_root() -> None:
    """``horizon=N``: playouts end N moves after the decision searched (SOW is
    otherwise played out to its end) and are valued there like a cutoff's."""
    from seedbed.agents import ismcts as search
    from seedbed.agents.heuristic import compact_policy_for, policy_for

    game = seedbed.load("sow", players=2)
    state = game.new_state(3)
    search._heuristic_rollout(state, random.Random(1), ("at", 7), policy_for(game))
    assert state.move_number() == 7 and not state.is_terminal()
    noisy = game.new_state(3)
    search._heuristic_rollout(
        noisy, random.Random(1), ("at", 9), policy_for(game), compact_policy_for(game), 0.5
    )
    assert noisy.move_number() == 9
    # One move deep, nobody has scored yet: every root move is worth an even share.
    infoset = _sow_decision()
    rows = ISMCTS(iterations=60, horizon=1, seed=1).ranked(infoset)
    assert {mean for _, visits, mean in rows if visits} == {0.5}
    played_out = ISMCTS(iterations=60, seed=1).ranked(infoset)
    assert {mean for _, visits, mean in played_out if visits} != {0.5}
    assert make_agent("ismcts:iterations=5,horizon=30", seed=1).searcher.horizon == 30  # type: ignore[attr-defined]


def test_widen_lets_the_heuristics_best_moves_in_first() -> None:
    """``widen=K``: the root starts with the heuristic's K best moves (its first
    choice among them) and lets one more in at 50, 100, 200, ... root visits."""
    from seedbed.agents.heuristic import compact_policy_for, policy_for

    game = seedbed.load("four_fields", players=2)
    state = game.new_state(3)
    me = state.current_player()
    assert me is not None
    infoset = state.infoset(me)
    legal = infoset.legal_actions()
    assert len(legal) > 8
    searcher = ISMCTS(iterations=120, widen=3, seed=1)
    order = searcher._ranking(infoset, policy_for(game), compact_policy_for(game))
    assert sorted(order) == sorted(legal)
    assert order[0] == make_agent("heuristic", seed=0).select_action(infoset)
    root = searcher.search(infoset)
    assert set(root.children) == set(order[:5])  # 3, one more at 50 visits, one at 100
    assert sum(ch.visits for ch in root.children.values()) == 120
    wide = ISMCTS(iterations=120, seed=1).search(infoset)
    assert len(wide.children) == len(legal)


def test_sharp_plays_out_with_the_games_sharper_policy(monkeypatch: pytest.MonkeyPatch) -> None:
    """``sharp=1``: playouts (and the bias's first move) call the game's sharper policy
    where its policy module offers one (Harvest's ``choose_sharp``, in its compact-view
    form ``choose_sharp_compact``), and the plain search never does."""
    import seedbed.agents.heuristic as heuristic
    import seedbed.agents.heuristic.harvest as harvest_policy

    calls = []
    real = harvest_policy.choose_sharp_compact

    def counted(view, player, legal, rng):  # type: ignore[no-untyped-def]
        calls.append(player)
        return real(view, player, legal, rng)

    monkeypatch.setattr(harvest_policy, "choose_sharp_compact", counted)
    monkeypatch.setattr(heuristic, "_CACHE", {})
    monkeypatch.setattr(heuristic, "_COMPACT_CACHE", {})
    state = seedbed.load("harvest", players=2).new_state(4)
    me = state.current_player()
    assert me is not None
    infoset = state.infoset(me)
    make_agent("ismcts:iterations=20", seed=1).select_action(infoset)
    assert calls == []
    move = make_agent("ismcts:iterations=20,sharp=1", seed=1).select_action(infoset)
    assert move in infoset.legal_actions()
    assert len(calls) > 20 and set(calls) == {0, 1}  # every seat's playout moves


def test_sharp_changes_nothing_where_the_game_has_no_sharper_policy() -> None:
    """A game whose policy module offers no sharper form (Four Fields) plays out with
    its policy: the same seed gives the same tree with or without ``sharp=1``."""
    game = seedbed.load("four_fields")
    for state in mid_game_states(game, seed=2, count=2):
        player = state.current_player()
        assert player is not None
        infoset = state.infoset(player)
        plain = ISMCTS(iterations=30, seed=3).ranked(infoset)
        assert ISMCTS(iterations=30, seed=3, sharp=True).ranked(infoset) == plain


def _decision(state: seedbed.State) -> seedbed.InfoSet:
    """The information set of the seat to move in ``state``."""
    seat = state.current_player()
    assert seat is not None
    return state.infoset(seat)


def _sewn_state_at(phase: str, seed: int, **options: object) -> seedbed.State:
    """A SEWN game of heuristic play at its first decision in ``phase``."""
    game = seedbed.load("sewn", **options)
    state = game.new_state(seed)
    players = [make_agent("heuristic", seed=k) for k in range(4)]
    while state.phase_name() != phase:
        seat = state.current_player()
        assert seat is not None
        state.apply_action(players[seat].select_action(state.infoset(seat)))
    return state


def _in_second_harvest_trick(state: seedbed.State) -> seedbed.InfoSet:
    """From the Harvest's first move, into its second trick, to a decision with a
    choice."""
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    while len(state.legal_actions()) == 1:
        state.apply_action(state.legal_actions()[0])
    return _decision(state)


def test_judge_values_sewn_playouts_by_the_harvest_hands() -> None:
    """``judge=1``: from a decision before the Harvest, SEWN's playouts are valued by
    the Harvest judge (the rewards differ from the tricks' shares, the same seed
    gives the same tree); from the Harvest's second trick on, the judge has nothing
    to note and the search is the plain one."""
    for phase in ("seed", "plant", "pick"):
        state = _sewn_state_at(phase, seed=3)
        infoset = _decision(state)
        plain = ISMCTS(iterations=40, seed=5, sharp=True).ranked(infoset)
        judged = ISMCTS(iterations=40, seed=5, sharp=True, judge=True).ranked(infoset)
        assert judged == ISMCTS(iterations=40, seed=5, sharp=True, judge=True).ranked(infoset)
        assert [r[2] for r in judged] != [r[2] for r in plain]
        assert {r[0] for r in judged} == set(infoset.legal_actions())
    infoset = _in_second_harvest_trick(_sewn_state_at("harvest", seed=3))
    plain = ISMCTS(iterations=40, seed=5, sharp=True).ranked(infoset)
    assert ISMCTS(iterations=40, seed=5, sharp=True, judge=True).ranked(infoset) == plain


def test_noisy_judge_plays_the_judged_harvest_with_noise() -> None:
    """``noisy=1``: the judged leg is played with the noisy judge's random moves and
    valued by its weights (another tree than ``judge=1``'s, the same for a seed); past
    the judge's point, and without ``judge=1``, nothing changes or the spec says why."""
    state = _sewn_state_at("plant", seed=3)
    infoset = _decision(state)
    judged = ISMCTS(iterations=40, seed=5, sharp=True, judge=True).ranked(infoset)
    noisy = ISMCTS(iterations=40, seed=5, sharp=True, judge=True, noisy=True).ranked(infoset)
    assert noisy == ISMCTS(iterations=40, seed=5, sharp=True, judge=True, noisy=True).ranked(
        infoset
    )
    assert [r[2] for r in noisy] != [r[2] for r in judged]
    infoset = _in_second_harvest_trick(_sewn_state_at("harvest", seed=3))
    plain = ISMCTS(iterations=40, seed=5, sharp=True).ranked(infoset)
    noisy_search = ISMCTS(iterations=40, seed=5, sharp=True, judge=True, noisy=True)
    assert noisy_search.ranked(infoset) == plain
    agent = make_agent("ismcts:iterations=5,judge=1,noisy=1", seed=1)
    assert agent.searcher.noisy is True  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="add judge=1"):
        make_agent("ismcts:noisy=1")


def test_inner_judge_values_the_harvests_first_tricks() -> None:
    """``inner=K``: from a decision in the Harvest's first K tricks the judge values
    the playouts too, at the end of the trick in play (another tree than
    ``judge=1``'s, the same for a seed); before the Harvest, past those tricks and
    where the playout ends the game (the last round), the tree is ``judge=1``'s. The
    spec asks for judge=1, without noisy=1."""
    early = _decision(_sewn_state_at("plant", seed=3))
    judged = ISMCTS(iterations=40, seed=5, sharp=True, judge=True).ranked(early)
    assert ISMCTS(iterations=40, seed=5, sharp=True, judge=True, inner=6).ranked(early) == judged
    infoset = _in_second_harvest_trick(_sewn_state_at("harvest", seed=3))
    judged = ISMCTS(iterations=40, seed=5, sharp=True, judge=True).ranked(infoset)
    inner = ISMCTS(iterations=40, seed=5, sharp=True, judge=True, inner=6).ranked(infoset)
    assert inner == ISMCTS(iterations=40, seed=5, sharp=True, judge=True, inner=6).ranked(infoset)
    assert [r[2] for r in inner] != [r[2] for r in judged]
    assert {r[0] for r in inner} == set(infoset.legal_actions())
    # The second trick is past inner=1's reach.
    assert ISMCTS(iterations=40, seed=5, sharp=True, judge=True, inner=1).ranked(infoset) == judged
    last = _sewn_last_round(3)
    _play_heuristic(last, until=lambda s: s.phase_name() == "harvest")
    infoset = _in_second_harvest_trick(last)
    judged = ISMCTS(iterations=40, seed=5, sharp=True, judge=True).ranked(infoset)
    assert ISMCTS(iterations=40, seed=5, sharp=True, judge=True, inner=6).ranked(infoset) == judged
    agent = make_agent("ismcts:iterations=5,judge=1,inner=4", seed=1)
    assert agent.searcher.inner == 4  # type: ignore[attr-defined]
    for spec in ("ismcts:inner=2", "ismcts:judge=1,noisy=1,inner=2"):
        with pytest.raises(ValueError, match="add judge=1"):
            make_agent(spec)
    with pytest.raises(ValueError, match="option inner takes a whole number"):
        make_agent("ismcts:judge=1,inner=-1")


def test_judge_changes_nothing_where_the_game_offers_none() -> None:
    """No judge (SOW), or none for the game's options (SEWN with three Seed tricks),
    or playouts the judge was not made for (random ones, random moves in them, or
    valued by the total lead): the same tree as without."""
    cases = [
        (seedbed.load("sow", players=2).new_state(2), {}),
        (_sewn_state_at("seed", seed=4, seed_tricks=3), {}),
        (_sewn_state_at("seed", seed=4), {"rollout": "random"}),
        (_sewn_state_at("seed", seed=4), {"noise": 0.2}),
        (_sewn_state_at("seed", seed=4), {"lead": 1.5}),
    ]
    for state, options in cases:
        infoset = _decision(state)
        plain = ISMCTS(iterations=30, seed=3, **options).ranked(infoset)  # type: ignore[arg-type]
        judged = ISMCTS(iterations=30, seed=3, judge=True, **options).ranked(infoset)  # type: ignore[arg-type]
        assert judged == plain


@pytest.mark.parametrize("name", ["judge", "chance", "shares"])
def test_playout_value_flags_are_options_of_the_ismcts_spec(name: str) -> None:
    agent = make_agent(f"ismcts:iterations=5,{name}=1", seed=1)
    assert getattr(agent.searcher, name) is True  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match=name):
        make_agent(f"ismcts:{name}=maybe")


def test_chances_of_a_games_end() -> None:
    """``chance=1``: with no error a game's end is worth its result, a tie shared;
    the judge's error makes it a smooth function of the totals, ordered as they are."""
    from seedbed.agents.ismcts import _chances

    assert _chances([10.0, 12.0, 12.0, 14.0], 0.0) == [0.0, 0.0, 0.0, 1.0]
    assert _chances([10.0, 14.0, 12.0, 14.0], 0.0) == [0.0, 0.5, 0.0, 0.5]
    assert _chances([6.0] * 4, 1.3) == [0.125] * 4
    smooth = _chances([10.0, 12.0, 12.0, 14.0], 1.3)
    assert smooth[0] < smooth[1] == smooth[2] < smooth[3] < 1.0
    assert smooth[3] > 0.8
    assert smooth[0] < 0.01
    # A two-point lead is worth more than a one-point lead.
    assert _chances([12.0, 10.0], 1.3)[0] > _chances([11.0, 10.0], 1.3)[0] > 0.5


def _sewn_last_round(seed: int) -> seedbed.State:
    """A SEWN game of heuristic play at a decision with a choice in the last round's
    Seed Phase."""
    state = seedbed.load("sewn").new_state(seed)
    _play_heuristic(state, until=lambda s: s.move_number() >= 3 * 102 + 20)
    while len(state.legal_actions()) == 1:
        state.apply_action(state.legal_actions()[0])
    assert state.view(None)["table"]["round"] == 4
    return state


def test_chance_values_the_last_rounds_judged_playouts_by_the_game() -> None:
    """``chance=1``: in the last round a judged search, whose playouts were worth the
    round's tricks, values them by the chance of winning the game instead (the same
    seed gives the same tree); in the rounds before, and without the judge (whose
    playouts of the last round are worth the game's result already), nothing
    changes."""
    state = _sewn_last_round(3)
    infoset = _decision(state)
    judged = ISMCTS(iterations=40, seed=5, sharp=True, judge=True).ranked(infoset)
    both = ISMCTS(iterations=40, seed=5, sharp=True, judge=True, chance=True).ranked(infoset)
    again = ISMCTS(iterations=40, seed=5, sharp=True, judge=True, chance=True).ranked(infoset)
    assert both == again
    assert [r[2] for r in both] != [r[2] for r in judged]
    plain = ISMCTS(iterations=40, seed=5).ranked(infoset)
    assert ISMCTS(iterations=40, seed=5, chance=True).ranked(infoset) == plain
    for phase in ("seed", "pick"):
        early = _sewn_state_at(phase, seed=4)
        infoset = _decision(early)
        judged = ISMCTS(iterations=40, seed=5, sharp=True, judge=True).ranked(infoset)
        both = ISMCTS(iterations=40, seed=5, sharp=True, judge=True, chance=True)
        assert both.ranked(infoset) == judged


def test_shares_values_the_last_rounds_playouts_by_their_share() -> None:
    """``shares=1``: in the last round an unjudged playout (worth the game's result
    without it) is worth its share of the round's points, as in the rounds before,
    where nothing changes; nor does it where playouts are judged (the last round's
    Seed Phase) or valued otherwise (``lead``)."""
    state = _sewn_last_round(3)
    while state.phase_name() != "harvest":
        state.apply_action(state.legal_actions()[0])
    infoset = _in_second_harvest_trick(state)  # past the judge's point
    plain = ISMCTS(iterations=40, seed=5).ranked(infoset)
    shared = ISMCTS(iterations=40, seed=5, shares=True).ranked(infoset)
    assert shared == ISMCTS(iterations=40, seed=5, shares=True).ranked(infoset)
    assert [r[2] for r in shared] != [r[2] for r in plain]
    assert ISMCTS(iterations=40, seed=5, shares=True, lead=1.5).ranked(infoset) == ISMCTS(
        iterations=40, seed=5, lead=1.5
    ).ranked(infoset)
    seed_phase = _sewn_last_round(3)
    infoset = _decision(seed_phase)
    judged = ISMCTS(iterations=40, seed=5, sharp=True, judge=True).ranked(infoset)
    both = ISMCTS(iterations=40, seed=5, sharp=True, judge=True, shares=True)
    assert both.ranked(infoset) == judged
    early = _sewn_state_at("seed", seed=4)
    infoset = _decision(early)
    plain = ISMCTS(iterations=40, seed=5).ranked(infoset)
    assert ISMCTS(iterations=40, seed=5, shares=True).ranked(infoset) == plain


def test_paired_halves_the_moves_on_common_worlds() -> None:
    """``paired=1``: sequential halving over the root's moves. Each world drawn is
    played out after every move still in (so a move's playouts are the worlds it was
    in), half the moves go each round, the move kept longest comes first, and the
    budget is the number of playouts; the same seed gives the same ranking."""
    state = _sewn_state_at("plant", seed=3)
    infoset = _decision(state)
    legal = infoset.legal_actions()
    assert len(legal) == 12  # four rounds: 12 moves, then 6, 3 and 2
    searcher = ISMCTS(iterations=240, seed=5, sharp=True, judge=True, paired=True)
    ranked = searcher.ranked(infoset)
    assert sorted(r[0] for r in ranked) == sorted(legal)
    visits = sorted((r[1] for r in ranked), reverse=True)
    # 240 // 4 = 60 playouts a round: 5 worlds of 12 moves, 10 of 6, 20 of 3, 30 of 2.
    assert visits == [65, 65, 35] + [15] * 3 + [5] * 6
    assert searcher.last_root is not None
    assert searcher.last_root.visits == 5 + 10 + 20 + 30  # the worlds drawn
    assert searcher.last_iterations == sum(visits) == 240
    assert ranked[0][2] >= ranked[1][2]  # of the last two, the better mean
    again = ISMCTS(iterations=240, seed=5, sharp=True, judge=True, paired=True)
    assert again.ranked(infoset) == ranked
    agent = make_agent("ismcts:iterations=240,sharp=1,judge=1,paired=1", seed=5)
    assert agent.searcher.paired  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="paired"):
        make_agent("ismcts:paired=maybe")


def test_paired_worlds_are_common_to_the_moves() -> None:
    """Each world of a round is one determinization and one playout seed for every
    move still in: replaying the first round's worlds by hand (the searcher's draws
    in its order) gives the totals of the moves dropped after it exactly."""
    from seedbed.agents.ismcts import _Playout

    state = _sewn_state_at("plant", seed=3)
    infoset = _decision(state)
    legal = infoset.legal_actions()
    searcher = ISMCTS(iterations=240, seed=5, sharp=True, judge=True, paired=True)
    ranked = searcher.ranked(infoset)
    play = _Playout(searcher, infoset)
    rng = random.Random(5)
    totals = dict.fromkeys(legal, 0.0)
    for _world in range(5):
        world = infoset.sample(rng)
        start = world.scores()
        seed = rng.getrandbits(64)
        for a in legal:
            line = world.clone()
            line.apply_action(a)
            totals[a] += play.values(line, start, random.Random(seed))[infoset.player]
    dropped = [(a, mean) for a, visits, mean in ranked if visits == 5]
    assert len(dropped) == 6
    for a, mean in dropped:
        assert mean == pytest.approx(totals[a] / 5)


def test_paired_with_a_time_budget_stops() -> None:
    infoset = _sow_decision()
    searcher = ISMCTS(iterations=None, seconds=0.05, seed=1, paired=True)
    began = time.process_time()
    ranked = searcher.ranked(infoset)
    assert time.process_time() - began < 0.5
    assert searcher.last_iterations > 0
    assert ranked[0][0] in infoset.legal_actions()


def test_mast_learns_each_seats_move_averages_and_plays_their_best() -> None:
    """``mast=E``: every move an iteration plays, in the tree and in the playout, adds
    the mover's reward to its move-average; a playout decision is, with chance E, the
    legal move with the best average (moves never played are left to the policy);
    ``mast=0`` is the plain search, move for move."""
    from seedbed.agents import ismcts as search
    from seedbed.agents.heuristic import compact_policy_for, policy_for

    game = seedbed.load("harvest", players=2)
    mast = search._Mast(1.0)
    mast.trace = [5 * 8 + 0, 7 * 8 + 1, 5 * 8 + 0]
    mast.learn([1.0, 0.0])
    mast.trace = [6 * 8 + 0]
    mast.learn([0.25, 0.75])
    assert mast.trace == []
    assert mast.total[5 * 8 + 0] == 2.0 and mast.count[5 * 8 + 0] == 2
    assert mast.best(0, [6, 5, 9]) == 5  # mean 1.0 against 0.25; 9 never played
    assert mast.best(0, [6, 9]) == 6
    assert mast.best(1, [5, 6, 9]) == -1  # seat 1 played none of them
    assert mast.best(1, [7]) == 7

    # A playout at rate 1 plays the best average wherever one was learned: here the
    # first move, one the policy would not make.
    state = game.new_state(4)
    me = state.current_player()
    assert me is not None
    legal = state.legal_actions()
    fast = compact_policy_for(game, True)
    assert fast is not None
    own = fast(state.compact_view(me), me, legal, random.Random(1))
    favourite = next(a for a in reversed(legal) if a != own)
    mast = search._Mast(1.0)
    mast.trace = [favourite * 8 + me]
    mast.learn([1.0, 1.0])
    played = state.clone()
    search._heuristic_rollout(played, random.Random(1), None, policy_for(game, True), fast, 0, mast)
    assert played.is_terminal()
    first = state.clone()
    first.apply_action(favourite)
    assert played.history()[:1] == first.history()
    # Every move was noted, for the seat that made it.
    assert len(mast.trace) == len(played.history()) and mast.trace[0] == favourite * 8 + me
    assert {key & 7 for key in mast.trace} == {0, 1}

    for state in mid_game_states(game, seed=3, count=3):
        me = state.current_player()
        assert me is not None
        zero = make_agent("ismcts:iterations=60,sharp=1,mast=0", seed=5)
        plain = make_agent("ismcts:iterations=60,sharp=1", seed=5)
        assert zero.select_action(state.infoset(me)) == plain.select_action(state.infoset(me))
        steered = [
            make_agent("ismcts:iterations=60,sharp=1,mast=0.5", seed=5).select_action(
                state.infoset(me)
            )
            for _ in range(2)
        ]
        assert steered[0] == steered[1] and steered[0] in state.legal_actions()
    with pytest.raises(ValueError, match="from 0 to 1"):
        make_agent("ismcts:mast=1.5")
    for spec in ("rollout=random,mast=0.1", "noise=0.1,mast=0.1", "judge=1,noisy=1,mast=0.1"):
        with pytest.raises(ValueError, match="mast=E steers the heuristic's playouts"):
            make_agent(f"ismcts:{spec}")
    assert make_agent("ismcts:rollout=random,mast=0").searcher.mast == 0.0  # type: ignore[attr-defined]

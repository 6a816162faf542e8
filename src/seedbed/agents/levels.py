"""Named strength levels: ``beginner``, ``casual``, ``strong`` and ``expert``.

A level is an agent spec like any other (``seedbed play --opponents strong``, the
server's seat choice, ``seedbed arena --agents casual,strong``), so every interface that
takes a spec offers the levels. Each level stands for a real agent:

- ``beginner``: the game's heuristic, but a quarter of its moves are drawn uniformly
  from the legal moves (``heuristic:noise=0.25``): legal play, sensible most of the
  time, with the mistakes a new player makes.
- ``casual``: the heuristic (microseconds a move).
- ``strong``: ISMCTS (the default configuration) with the iterations it ran in
  about 0.3 s a move when the budgets were set (about 0.03-0.10 s today: the search
  has since become about three times faster, and the budgets stayed).
- ``expert``: ISMCTS with about three times strong's budget (set at about 1 s a
  move, about 0.11-0.27 s today), with exact two-player endgames (the
  ``endgame`` agent of :mod:`seedbed.agents.expert` with its defaults: where no hidden
  information is left, as in two-player Four Fields once the draw pile is out, the
  last moves of the round, up to eight, are solved by alpha-beta instead of sampled;
  an eight-card solve costs about 0.4 s of CPU, within the second the level was set at). The
  agent's search of who wins at the end of a two-player Harvest turn (``worlds=``) is
  not part of the level: it measured no edge over ISMCTS (``docs/strength.md``).
  Where :data:`EXPERT` names a game the expert plays that search instead: in SOW,
  ISMCTS with a tree four moves deep (``depth=4``) that gives a decision between two
  moves half the budget and spends the rest on decisions with more moves, longest
  on those still open (``adapt``), with the share of the budget that costs the plain
  search's CPU; in Four Fields, ``endgame`` whose ISMCTS considers the heuristic's
  five best moves first and lets the others in as its visits grow (``widen=5``); in
  Harvest and SEWN, ISMCTS whose playouts use the game's sharper policy
  (``sharp=1``), in Harvest with a tree two actions deep kept through the seat's go
  (``depth=2,reuse=1``), in SEWN with the playouts valued at the Harvest by a learned
  judge of the hands (``judge=1``).

The search levels have **iteration budgets**, not time budgets, so a level plays the
same moves on every machine for the same seed (and its strength does not fall when
the machine is busy). The budgets were calibrated from ``seedbed bench --search``
(iterations per CPU-second at the default configuration) and are listed in
:data:`BUDGETS`; a game not listed gets :data:`FALLBACK`. ``iterations=N`` overrides
the budget (``strong:iterations=50``), for quick tests and for slow machines.

The measured margins between the levels are in ``docs/strength.md``.
"""

from __future__ import annotations

from typing import NamedTuple

from seedbed.agents.base import (
    Agent,
    make_agent,
    register_agent,
    reject_unknown,
    reuses,
    whole_option,
)
from seedbed.core.protocol import InfoSet

#: The heuristic's move is replaced by a uniformly random legal move this often.
BEGINNER_NOISE = 0.25

#: The agent each search level plays (with its iteration budget).
AGENTS: dict[str, str] = {"strong": "ismcts", "expert": "endgame"}

#: Seconds a move each search level was given when :data:`BUDGETS` were set (on a free
#: core of the reference machine); the search is about three times faster since.
TARGET_SECONDS: dict[str, float] = {"strong": 0.3, "expert": 1.0}

#: ISMCTS iterations a move for ``strong`` and ``expert``, per game id: about the
#: iterations per CPU-second that ``seedbed bench --search`` measured at the default
#: configuration (the three positions, two players; four in SEWN) before the search
#: was made faster, times the level's target seconds. Kept fixed since, so that the
#: calibration in docs/strength.md stays true: a faster search makes a level quicker,
#: not different.
BUDGETS: dict[str, dict[str, int]] = {
    "strong": {"sewn": 420, "sow": 540, "harvest": 480, "four_fields": 390},
    "expert": {"sewn": 1400, "sow": 1800, "harvest": 1600, "four_fields": 1300},
}
#: Budgets for a game :data:`BUDGETS` does not list.
FALLBACK: dict[str, int] = {"strong": 200, "expert": 600}


class ExpertSearch(NamedTuple):
    """The expert's search in one game (an entry of :data:`EXPERT`)."""

    #: The agent spec, without its budget.
    spec: str
    #: The share of the level's budget it gets.
    share: float
    #: What it adds to the plain search, in a few words, for the level's description
    #: (``seedbed games``): kept beside the spec so that the two cannot drift apart.
    adds: str


#: The expert's search where it is not :data:`AGENTS`'s, per game id. Its share of the
#: level's budget is set so that it spends on average the CPU time the level's plain
#: search would. ``adapt`` thinks longer on the decisions its first half budget leaves
#: open and stops early on the clear ones (:class:`seedbed.agents.ismcts.ISMCTS`);
#: with SOW's deeper tree it stops early often enough that 95% of the budget spends
#: what the plain search does (docs/strength.md, twelfth run); SOW's move averages
#: (``mast``) then cost enough that 1,380 of the 1,800 iterations do (twenty-ninth
#: run). ``widen`` (Four Fields, about 13 legal moves a decision) starts the root
#: with the heuristic's best moves and lets the others in as the visits grow, at no
#: cost in CPU.
EXPERT: dict[str, ExpertSearch] = {
    # A tree four moves deep (most SOW decisions offer two moves, so depth is cheap)
    # that spends half the budget on two-move decisions and the rest where decisions
    # with more moves are open (docs/strength.md, eleventh to thirteenth runs), whose
    # playouts, run to the game's end, play the move with the best mean reward in the
    # search's own iterations at a twentieth of their decisions (``mast=0.05``,
    # twenty-ninth run). Noting every playout move for the means costs about a fifth
    # more CPU an iteration, so 1,380 of the 1,800 iterations spend what the plain
    # search does.
    "sow": ExpertSearch(
        "ismcts:adapt=4,depth=4,mast=0.05",
        1380 / 1800,
        "a deeper tree thinking longest on open decisions of many moves, its playouts"
        " steered by move averages (SOW)",
    ),
    # The heuristic's five best moves first, one more at 50, 100, 200, ... visits:
    # 72% of games against plain ISMCTS at equal CPU (docs/strength.md, fifth run).
    "four_fields": ExpertSearch(
        "endgame:widen=5", 1.0, "the heuristic's best moves first (Four Fields)"
    ),
    # Playouts with the sharper Harvest policy (it reads the pass and the rival's
    # fields): 56.2% of games against plain ISMCTS at the expert's budget (eighth to
    # twenty-sixth runs). A go is three decisions of one seat (house, village,
    # action), so a tree two actions deep sorts the village cards under each house
    # card, and ``reuse`` starts each decision from the subtree below the seat's last
    # move, the go's three budgets growing one tree: 62.7% of 1,100 games at 5-7% less
    # CPU than the plain search, +6.3 points over the sharper playouts alone deal by
    # deal, level with them against strong (docs/strength.md, twenty-fifth to
    # twenty-eighth runs). The server's bots decide such a go whole
    # (seedbed.server.bots), so they keep the tree too.
    "harvest": ExpertSearch(
        "ismcts:sharp=1,depth=2,reuse=1",
        1.0,
        "sharper playouts and a tree through the seat's go (Harvest)",
    ),
    # Playouts with the sharper SEWN policy (it names trump by what its rivals' Fields
    # hold too, and always takes FIRST PICK), valued at the Harvest by the learned
    # judge of the hands (``judge``); both cost a little more an iteration, so 95% of
    # the budget (1,330 iterations) spends the plain search's CPU (docs/strength.md,
    # sixteenth, eighteenth and nineteenth runs).
    "sewn": ExpertSearch(
        "ismcts:sharp=1,judge=1", 0.95, "sharper playouts judged by the Harvest hands (SEWN)"
    ),
}

LEVELS: tuple[str, ...] = ("beginner", "casual", "strong", "expert")


def budget(level: str, game_id: str) -> int:
    """ISMCTS iterations a move for search level ``level`` in game ``game_id``."""
    return BUDGETS[level].get(game_id, FALLBACK[level])


class LevelAgent:
    """A search level: its agent (:data:`AGENTS`) with the level's iteration budget
    for the game it meets.

    The game is known only at the first decision (a spec names no game), so the
    searcher is made then, seeded with the level's seed: the same seed gives the same
    moves, as for every agent."""

    def __init__(self, level: str, seed: int | None, iterations: int | None) -> None:
        self.name = level
        self.level = level
        self.seed = seed
        self.iterations = iterations
        self._agents: dict[str, Agent] = {}

    def spec_for(self, game_id: str) -> str:
        """The agent spec this level plays in ``game_id``."""
        agent, share = AGENTS[self.level], 1.0
        if self.level == "expert" and game_id in EXPERT:
            agent, share, _ = EXPERT[game_id]
        if self.iterations is not None:
            n = self.iterations
        else:
            n = max(1, round(budget(self.level, game_id) * share))
        return f"{agent},iterations={n}" if ":" in agent else f"{agent}:iterations={n}"

    @property
    def reuse(self) -> bool:
        """Whether the level's search carries its tree from one decision to the seat's
        next (:func:`seedbed.agents.base.reuses`); known once it has decided."""
        return any(reuses(agent) for agent in self._agents.values())

    def select_action(self, infoset: InfoSet) -> int:
        game_id = infoset.game.id
        agent = self._agents.get(game_id)
        if agent is None:
            agent = self._agents[game_id] = make_agent(self.spec_for(game_id), seed=self.seed)
        return agent.select_action(infoset)


def _iterations(level: str, options: dict[str, str]) -> int | None:
    text = options.get("iterations")
    return None if text is None else whole_option(level, "iterations", text, 1)


def _search_level(level: str) -> None:
    def make(options: dict[str, str], seed: int | None) -> LevelAgent:
        reject_unknown(level, options, {"iterations"})
        return LevelAgent(level, seed, _iterations(level, options))

    seconds = TARGET_SECONDS[level]
    register_agent(
        level,
        make,
        f"level: ISMCTS with a fixed iteration budget per game (set at about {seconds:g} s "
        "a move; about a third of that on today's faster search)"
        + (", exact two-player endgames" if AGENTS[level] == "endgame" else "")
        + ("".join(f", {e.adds}" for e in EXPERT.values()) if level == "expert" else ""),
    )


def _make_beginner(options: dict[str, str], seed: int | None) -> Agent:
    reject_unknown("beginner", options, set())
    agent = make_agent(f"heuristic:noise={BEGINNER_NOISE}", seed=seed)
    agent.name = "beginner"
    return agent


def _make_casual(options: dict[str, str], seed: int | None) -> Agent:
    reject_unknown("casual", options, set())
    agent = make_agent("heuristic", seed=seed)
    agent.name = "casual"
    return agent


register_agent(
    "beginner",
    _make_beginner,
    f"level: the heuristic with a random move {BEGINNER_NOISE:.0%} of the time",
)
register_agent("casual", _make_casual, "level: the heuristic (instant)")
_search_level("strong")
_search_level("expert")

"""SEWN positions (one line of text, like chess's FEN) and the JSON serialisation.

A SEWN table is built from what was played: the Fields are the Seed tricks' cards and
the plants, the hands follow from the deal. So a position lists, for every round so
far, its deal and what has been played in it, and :func:`from_position` plays that
again through the rules (an impossible position is a :class:`PositionError` saying
where). The state it gives has no history: its move list starts empty. Tokens are
``name:value``, separated by spaces::

    chance:7 round:1 dealer:S deal:<S>/<E>/<N>/<W> seed:9SQS3SKH/... plant:2H/2D/2C/7C
        take:first trump:D pick:WNES harvest:5SQS2S3S/... round:2 dealer:E deal:...

* ``round:R`` starts round R; the rounds follow each other, the last is the one in
  play. ``dealer:`` (a seat letter, S E N W) is needed in the first round only.
* ``deal:`` the 13 cards each seat was dealt, South/East/North/West; a card is two
  characters, rank then suit (``T`` for ten): ``AS2S9HTHKC``. (With the
  ``seed_tricks`` knob at ``n``: ``2n + 1`` cards each, ``rules.deal_size``.)
* ``seed:`` the Seed tricks, ``/`` between tricks, each in play order from its leader
  (the last may be unfinished); ``plant:`` each seat's planted cards in order
  (``-`` for none), S/E/N/W; ``take:trump`` or ``take:first`` (the Season Winner's
  privilege); ``trump:`` the suit; ``pick:`` the Fields taken, in pick order;
  ``harvest:`` the Harvest tricks like the Seed tricks.
* ``chance:K`` the key the deals of the rounds still to come are drawn from (a new
  game's is its seed; 0 if left out), or ``deals:`` those deals, ``;`` between rounds.
* A position may start at a later round: ``scores:a,b,c,d round:3 ...`` (the totals
  after the rounds it leaves out; each round gives out 12 points, one a Harvest trick).

>>> import seedbed
>>> game = seedbed.load("sewn")
>>> state = game.from_position(
...     "round:1 dealer:S deal:AH2H3H4H5H6H7H8H9HTHJHQHKH/2S4S9S2D3D4D5D6D7D8D9DTDJD/"
...     "5S6SQSKSASQDKDAD2C3C4C5C6C/3S7S8STSJS7C8C9CTCJCQCKCAC seed:9SQS3SKH")
>>> state.phase_name(), game.seat_name(state.current_player())
('plant', 'North')
"""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING, Any, Final

from seedbed.core.cards import CARD_NAMES, SUITS, cards_of, mask_of
from seedbed.core.errors import IllegalMoveError, PositionError, StateFormatError
from seedbed.core.protocol import JSON, Game
from seedbed.games.sewn._round import (
    RoundRecord,
    Trick,
    deal,
    empty_record,
    is_skipped,
)
from seedbed.games.sewn.rules import (
    HARVEST,
    OVER,
    PHASE_NAMES,
    PICK,
    PICK_BASE,
    PLANT,
    PLANT_BASE,
    PRIVILEGE,
    ROUNDS,
    SEAT_LETTERS,
    SEAT_NAMES,
    SEED,
    SUIT,
    TAKE_FIRST_PICK,
    TAKE_TRUMP,
    TRUMP,
    TRUMP_BASE,
    deal_size,
    harvest_tricks,
)

if TYPE_CHECKING:
    from seedbed.games.sewn.engine import SewnState

_GLOBAL_KEYS: Final = ("scores", "chance", "deals")
_ROUND_KEYS: Final = ("dealer", "deal", "seed", "plant", "take", "trump", "pick", "harvest")
_CARD: Final = re.compile(r"(10|[2-9TJQKA])([SHDC♠♥♦♣])", re.IGNORECASE)
_SUIT_OF: Final = {"S": 0, "H": 1, "D": 2, "C": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3}
_RANK_OF: Final = {r: i for i, r in enumerate("A23456789TJQK")}


# -- writing --------------------------------------------------------------------------
def position(st: SewnState) -> str:
    """The position of ``st`` as one line (the format of this module's docstring)."""
    parts: list[str] = []
    records = st.records()
    if any(is_skipped(rec) for rec in st.past):
        before = list(st.totals)
        for rec in records:
            for q in range(4):
                before[q] -= rec.won[q]
        parts.append("scores:" + ",".join(str(x) for x in before))
    to_come = range(st.round, len(st.deals)) if st.phase != OVER else range(0)
    if len(to_come):
        if st.chance is not None:
            parts.append(f"chance:{st.chance}")
        else:
            parts.append("deals:" + ";".join(_hands(st.deals[r]) for r in to_come))
    live = len(records) - 1 if st.phase != OVER else -1
    for i, rec in enumerate(records):
        if i < len(st.past) and is_skipped(rec):
            continue
        parts += _round_tokens(st, i, rec, i == live)
    return " ".join(parts)


def _cards(cards: list[int] | tuple[int, ...]) -> str:
    return "".join(CARD_NAMES[c] for c in cards) or "-"


def _hands(hands: tuple[int, ...]) -> str:
    return "/".join(_cards(cards_of(h)) for h in hands)


def _play_order(t: Trick) -> list[int]:
    leader, by_seat, _ = t
    return [by_seat[(leader + k) & 3] for k in range(4)]


def _round_tokens(st: SewnState, i: int, rec: RoundRecord, live: bool) -> list[str]:
    out = [f"round:{i + 1}", f"dealer:{SEAT_LETTERS[rec.dealer]}", "deal:" + _hands(st.deals[i])]
    in_progress = list(st.trick) if live and st.trick else []
    seed = [_play_order(t) for t in rec.seed_tricks]
    if in_progress and st.phase == SEED:
        seed.append(in_progress)
    if seed:
        out.append("seed:" + "/".join(_cards(t) for t in seed))
    if any(rec.plants):
        out.append("plant:" + "/".join(_cards(p) for p in rec.plants))
    if rec.trump_holder >= 0:
        out.append("take:" + ("trump" if rec.trump_holder == rec.season_winner else "first"))
    if rec.trump >= 0:
        out.append("trump:" + SUITS[rec.trump])
    if rec.picks:
        out.append("pick:" + "".join(SEAT_LETTERS[f] for _, f in rec.picks))
    harvest = [_play_order(t) for t in rec.harvest_tricks]
    if in_progress and st.phase == HARVEST:
        harvest.append(in_progress)
    if harvest:
        out.append("harvest:" + "/".join(_cards(t) for t in harvest))
    return out


# -- reading --------------------------------------------------------------------------
def from_position(game: Game, text: object) -> SewnState:
    """The state that position ``text`` describes: its rounds played again through the
    rules. Raises :class:`PositionError` saying what is wrong."""
    from seedbed.games.sewn.engine import SewnState

    if not isinstance(text, str):
        raise PositionError(f"a position is a line of text, not {type(text).__name__}")
    rounds = int(game.option("rounds"))
    nseed = int(game.option("seed_tricks"))
    head, blocks = _tokens(text, rounds)
    first = blocks[0][0]
    skipped = first - 1
    for k, (number, _) in enumerate(blocks):
        if number != first + k:
            raise PositionError(f"round:{number} cannot follow round:{first + k - 1}")
    if "dealer" not in blocks[0][1]:
        raise PositionError(f"round:{first} needs its dealer (dealer:S, E, N or W)")
    dealer = _seat(blocks[0][1]["dealer"], "dealer")
    scores = _scores(head.get("scores"), skipped, rounds, harvest_tricks(nseed))
    last = blocks[-1][0]
    size = deal_size(nseed)
    dealt = [_deal(values.get("deal"), number, size) for number, values in blocks]
    to_come, chance = _future(head, last, (dealer - skipped) & 3, rounds, size)
    deals = tuple([(0, 0, 0, 0)] * skipped + dealt + to_come)

    st = SewnState(game, None)
    st._start((dealer - skipped) & 3, deals)
    st._chance = chance
    if skipped:
        st.round = first
        st.past = tuple(empty_record((dealer - skipped + r) & 3) for r in range(skipped))
        st.totals = scores
        st._new_round(dealer)
    for k, (number, values) in enumerate(blocks):
        if k and "dealer" in values and _seat(values["dealer"], "dealer") != st.dealer:
            raise PositionError(
                f"round:{number} is dealt by {SEAT_NAMES[st.dealer]} (the deal passes "
                f"clockwise), not {values['dealer']}"
            )
        _play_round(st, number, values)
        if k < len(blocks) - 1 and st.round == number:
            raise PositionError(
                f"round:{number} is not finished (its {PHASE_NAMES[st.phase]} phase), "
                f"but round:{number + 1} follows"
            )
    # The rounds now hold what was played; a position has no history of moves.
    st._prior = len(st._actions)
    st._actions = []
    return st


def _tokens(text: str, rounds: int) -> tuple[dict[str, str], list[tuple[int, dict[str, str]]]]:
    """The global tokens and each round's tokens (``name -> value``) of a game of
    ``rounds`` rounds."""
    head: dict[str, str] = {}
    blocks: list[tuple[int, dict[str, str]]] = []
    words = text.split()
    if not words:
        raise PositionError("an empty position: write at least 'round:1 dealer:S deal:...'")
    for word in words:
        key, sep, value = word.partition(":")
        if not sep or not value:
            raise PositionError(f"{word!r} is not a name:value part of a position")
        if key == "round":
            blocks.append((_int(value, "round", 1, rounds), {}))
            continue
        if key in _GLOBAL_KEYS:
            if blocks:
                raise PositionError(f"{key}: belongs before the first round:")
            values = head
        elif key in _ROUND_KEYS:
            if not blocks:
                raise PositionError(f"{key}: belongs to a round: start with round:N")
            values = blocks[-1][1]
        else:
            known = ", ".join((*_GLOBAL_KEYS, "round", *_ROUND_KEYS))
            raise PositionError(f"{key!r} is not a part of a SEWN position (parts: {known})")
        if key in values:
            raise PositionError(f"{key}: is given twice")
        values[key] = value
    if not blocks:
        raise PositionError("a position needs a round: e.g. 'round:1 dealer:S deal:...'")
    return head, blocks


def _int(text: str, name: str, low: int, high: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise PositionError(f"{name}:{text} is not a whole number") from None
    if not low <= value <= high:
        raise PositionError(f"{name}:{text} is not in {low}..{high}")
    return value


def _seat(text: str, name: str) -> int:
    letter = text.upper()
    if len(letter) != 1 or letter not in SEAT_LETTERS:
        raise PositionError(f"{name}:{text} is not a seat: S, E, N or W")
    return SEAT_LETTERS.index(letter)


def _card_list(text: str, name: str) -> list[int]:
    """Cards written one after another (``AS10H9c``), ``-`` for none."""
    if text == "-":
        return []
    out = []
    at = 0
    while at < len(text):
        m = _CARD.match(text, at)
        if m is None:
            raise PositionError(
                f"{name}: {text[at : at + 3]!r} is not a card (rank then suit, e.g. QS, TD)"
            )
        rank = "T" if m.group(1) == "10" else m.group(1).upper()
        out.append(13 * _SUIT_OF[m.group(2).upper()] + _RANK_OF[rank])
        at = m.end()
    if len(set(out)) != len(out):
        raise PositionError(f"{name}: {text} names a card twice")
    return out


def _four(text: str, name: str) -> list[list[int]]:
    parts = text.split("/")
    if len(parts) != 4:
        raise PositionError(f"{name}: needs four parts, South/East/North/West, not {len(parts)}")
    return [_card_list(part, name) for part in parts]


def _deal(text: str | None, number: int, size: int = 13) -> tuple[int, ...]:
    """The deal of round ``number``: four hands of ``size`` cards, no card twice."""
    if text is None:
        raise PositionError(f"round:{number} needs its deal (deal:South/East/North/West)")
    hands = _four(text, f"round {number} deal")
    for q, cards in enumerate(hands):
        if len(cards) != size:
            raise PositionError(
                f"round {number} deal: {SEAT_NAMES[q]} has {len(cards)} cards, not {size}"
            )
    if len(set(c for cards in hands for c in cards)) != 4 * size:
        what = "every card once" if size == 13 else "no card twice"
        raise PositionError(f"round {number} deal: the four hands must hold {what}")
    return tuple(mask_of(cards) for cards in hands)


def _scores(text: str | None, skipped: int, rounds: int, per_round: int) -> list[int]:
    """The totals before round ``skipped + 1``: ``per_round`` points a round."""
    if not skipped:
        if text is not None:
            raise PositionError("scores: is only for a position that starts after round 1")
        return [0, 0, 0, 0]
    if text is None:
        raise PositionError(
            f"a position that starts at round {skipped + 1} needs the scores so far "
            "(scores:a,b,c,d)"
        )
    parts = text.split(",")
    if len(parts) != 4:
        raise PositionError(f"scores:{text} needs four numbers, South,East,North,West")
    scores = [_int(x, "scores", 0, per_round * rounds) for x in parts]
    if sum(scores) != per_round * skipped:
        raise PositionError(
            f"scores:{text} add up to {sum(scores)}, but {skipped} round(s) give out "
            f"{per_round * skipped} points"
        )
    return scores


def _future(
    head: dict[str, str], last: int, first_dealer: int, rounds: int, size: int
) -> tuple[list[tuple[int, ...]], int | None]:
    """The deals of the rounds after round ``last`` of ``rounds``, and the chance key
    (``None`` for deals given one by one)."""
    count = rounds - last
    if "deals" in head:
        if "chance" in head:
            raise PositionError("give chance: or deals:, not both")
        given = head["deals"].split(";")
        if len(given) != count:
            raise PositionError(f"deals: gives {len(given)} round(s), but {count} are to come")
        return [_deal(text, last + 1 + k, size) for k, text in enumerate(given)], None
    if "chance" not in head and not count:
        return [], None  # no round to come: no key to keep
    chance = 0
    if "chance" in head:
        try:
            chance = int(head["chance"])
        except ValueError:
            raise PositionError(f"chance:{head['chance']} is not a whole number") from None
    return future_deals(chance, first_dealer, last, rounds, size), chance


def future_deals(
    chance: int, first_dealer: int, after: int, rounds: int = ROUNDS, size: int = 13
) -> list[tuple[int, ...]]:
    """The deals of rounds ``after + 1`` .. 4 (``rounds``) of ``size`` cards drawn from
    key ``chance`` as a new game with that seed draws them (so a game's seed gives its
    own deals)."""
    rng = random.Random(chance)
    rng.randrange(4)  # a new game draws its first dealer first
    deals = [deal(rng, (first_dealer + r) & 3, size) for r in range(rounds)]
    return deals[after:]


def _tricks(text: str, name: str, most: int) -> list[list[int]]:
    tricks = [_card_list(part, name) for part in text.split("/")]
    if len(tricks) > most:
        raise PositionError(f"{name}: {len(tricks)} tricks, but a round has {most}")
    for k, cards in enumerate(tricks):
        if not cards or len(cards) > 4 or (len(cards) < 4 and k < len(tricks) - 1):
            raise PositionError(
                f"{name}: trick {k + 1} has {len(cards)} cards (four, or fewer in the last)"
            )
    return tricks


def _play(st: SewnState, action: int, where: str) -> None:
    try:
        st.apply_action(action)
    except IllegalMoveError as exc:
        raise PositionError(f"{where}: {exc}") from None


def _expect(st: SewnState, phase: int, where: str) -> None:
    if st.phase != phase:
        now = "over" if st.phase == OVER else f"in its {PHASE_NAMES[st.phase]} phase"
        raise PositionError(f"{where}: not now: the round is {now}")


def _play_round(st: SewnState, number: int, values: dict[str, str]) -> None:
    """Play round ``number``'s tokens through the rules from its deal."""
    r = f"round {number}"
    plants = _four(values["plant"], f"{r} plant") if "plant" in values else [[], [], [], []]
    used = [0, 0, 0, 0]
    nseed = st.seed_count
    seed = _tricks(values["seed"], f"{r} seed", nseed) if "seed" in values else []
    for t, cards in enumerate(seed):
        if st.phase == PLANT:
            raise PositionError(
                f"{r}: Seed trick {t + 1} cannot start: {SEAT_NAMES[st.cur]} has not "
                f"planted after trick {t}"
            )
        _expect(st, SEED, f"{r} seed trick {t + 1}")
        for c in cards:
            _play(st, c, f"{r} seed trick {t + 1}")
        while st.phase == PLANT and len(plants[st.cur]) > t:
            q = st.cur
            _play(st, PLANT_BASE + plants[q][t], f"{r} {SEAT_NAMES[q]}'s plant {t + 1}")
            used[q] += 1
    for q in range(4):
        if used[q] != len(plants[q]):
            raise PositionError(
                f"{r} plant: {SEAT_NAMES[q]} planted {len(plants[q])} card(s), but only "
                f"{used[q]} plant turn(s) came (one after each Seed trick, clockwise "
                "from its winner)"
            )
    if "take" in values:
        choice = values["take"]
        if choice not in ("trump", "first"):
            raise PositionError(f"{r} take:{choice}: write take:trump or take:first")
        _expect(st, PRIVILEGE, f"{r} take")
        _play(st, TAKE_TRUMP if choice == "trump" else TAKE_FIRST_PICK, f"{r} take")
    if "trump" in values:
        suit = values["trump"].upper()
        if len(suit) != 1 or suit not in SUITS:
            raise PositionError(f"{r} trump:{values['trump']}: a suit is S, H, D or C")
        _expect(st, TRUMP, f"{r} trump")
        _play(st, TRUMP_BASE + SUITS.index(suit), f"{r} trump")
    if "pick" in values:
        for k, letter in enumerate(values["pick"]):
            field = _seat(letter, f"{r} pick")
            _expect(st, PICK, f"{r} pick {k + 1}")
            _play(st, PICK_BASE + field, f"{r} pick {k + 1} ({SEAT_NAMES[st.cur]})")
    if "harvest" in values:
        harvest = _tricks(values["harvest"], f"{r} harvest", harvest_tricks(nseed))
        for t, cards in enumerate(harvest):
            _expect(st, HARVEST, f"{r} harvest trick {t + 1}")
            for c in cards:
                _play(st, c, f"{r} harvest trick {t + 1}")


# -- JSON -----------------------------------------------------------------------------
def to_dict(st: SewnState) -> JSON:
    """Everything about ``st``, hidden information included (``State._to_dict``). The
    ``round`` is 0-based here, as it always was in saved states."""
    out: JSON = {
        "round": st.round - 1,
        "dealer": st.dealer,
        "deals": [list(d) for d in st.deals],
        "phase": st.phase,
        "current": st.cur,
        "leader": st.leader,
        "trick": list(st.trick),
        "hands": list(st.hands),
        "nplant": st.nplant,
        "totals": list(st.totals),
        "live": record_to_data(st._record()),
        "past": [record_to_data(r) for r in st.past],
    }
    # Only a state set up from a position has these (older saved states never do).
    if st._chance is not None:
        out["chance"] = st._chance
    if st._prior:
        out["prior_moves"] = st._prior
    return out


def from_dict(game: Game, d: JSON) -> SewnState:
    """The state :func:`to_dict` wrote."""
    from seedbed.games.sewn.engine import SewnState

    st = SewnState(game, None)
    st.seed_count = int(game.option("seed_tricks"))
    st.round = int(d["round"]) + 1
    st.dealer = int(d["dealer"])
    deals = tuple(tuple(int(x) for x in hands) for hands in d["deals"])
    rounds = int(game.option("rounds"))
    if len(deals) != rounds or any(len(h) != 4 for h in deals):
        raise StateFormatError(f"deals must be {rounds} rounds of 4 hands")
    st.deals = deals
    st.phase = int(d["phase"])
    if not 0 <= st.phase <= OVER:
        raise StateFormatError("bad phase")
    st.cur = int(d["current"])
    st.leader = int(d["leader"])
    st.trick = tuple(int(c) for c in d["trick"])
    st.led = SUIT[st.trick[0]] if st.trick else -1
    st.hands = [int(h) for h in d["hands"]]
    st.nplant = int(d["nplant"])
    st.totals = [int(x) for x in d["totals"]]
    live = record_from_data(d["live"])
    st.seed_tricks = live.seed_tricks
    st.plants = list(live.plants)
    st.eos = live.eos
    st.season_winner = live.season_winner
    st.runner_up = live.runner_up
    st.trump_holder = live.trump_holder
    st.first_picker = live.first_picker
    st.trump = live.trump
    st.picks = live.picks
    st.harvest_tricks = live.harvest_tricks
    st.won = list(live.won)
    st.past = tuple(record_from_data(r) for r in d["past"])
    if "chance" in d:
        st._chance = int(d["chance"])
    st._prior = int(d.get("prior_moves", 0))
    return st


def record_to_data(rec: RoundRecord) -> JSON:
    return {
        "dealer": rec.dealer,
        "seed_tricks": [[t[0], list(t[1]), t[2]] for t in rec.seed_tricks],
        "plants": [list(p) for p in rec.plants],
        "eos": None if rec.eos is None else list(rec.eos),
        "season_winner": rec.season_winner,
        "runner_up": rec.runner_up,
        "trump_holder": rec.trump_holder,
        "first_picker": rec.first_picker,
        "trump": rec.trump,
        "picks": [list(p) for p in rec.picks],
        "harvest_tricks": [[t[0], list(t[1]), t[2]] for t in rec.harvest_tricks],
        "won": list(rec.won),
    }


def record_from_data(d: JSON) -> RoundRecord:
    return RoundRecord(
        dealer=int(d["dealer"]),
        seed_tricks=tuple(_trick(t) for t in d["seed_tricks"]),
        plants=tuple(tuple(int(c) for c in p) for p in d["plants"]),
        eos=None if d["eos"] is None else tuple(int(c) for c in d["eos"]),
        season_winner=int(d["season_winner"]),
        runner_up=int(d["runner_up"]),
        trump_holder=int(d["trump_holder"]),
        first_picker=int(d["first_picker"]),
        trump=int(d["trump"]),
        picks=tuple((int(a), int(b)) for a, b in d["picks"]),
        harvest_tricks=tuple(_trick(t) for t in d["harvest_tricks"]),
        won=tuple(int(x) for x in d["won"]),
    )


def _trick(t: Any) -> Trick:
    leader, cards, winner = t
    return (int(leader), tuple(int(c) for c in cards), int(winner))

"""SOW heuristic: aim the last card, pick for ourselves, pick defensively for others.

Only the last card placed in a turn acts, and the player chooses the order, so a row
of ``k`` cards taken from row ``r`` can drop any of its cards last into row
``r + k`` (in the Windmill's direction). Each take is valued by its best last card:

* a Flower landing in our wheelbarrow's row: the colour that brings us the most
  points (3 for our Favourite Colour in the centre, 2 on the outer part, 1 else);
* a Flower in a rival's row: the colour that gives them least ("Play defensively!"),
  valued by their expected points (their Favourite Colour is unknown to us);
* a Seed: it flips Seeds of its colour; mildly good in our rows, bad in theirs.

Garden actions: the Watering Can takes our best Flower; the Gopher clears the
Flowers waiting in a rival's row; the Windmill and passing are neutral.
"""

from __future__ import annotations

import random
from typing import Any

from seedbed.agents.heuristic.generic import Observation, pick_best

ROWS = 12
GARDEN = ("windmill", "gopher", "watering can")


def _row_wheelbarrow(row: int) -> int:
    return -1 if row % 3 == 2 else row // 3


def _owner(view: dict[str, Any], row: int, me: int) -> int | None:
    wb = _row_wheelbarrow(row)
    if wb < 0:
        return None
    ctrl = view["controllers"][wb]
    return me if ctrl is None else int(ctrl)


def _colours(look: str) -> str:
    """The two colours of ``"flower C/O"`` as ``"CO"``."""
    pair = look.split()[-1]
    return pair[0] + pair[2]


def _mine(look: str, fav: str) -> float:
    colours = _colours(look)
    c, o = colours[0], colours[1]
    return 3.0 if c == fav else 2.0 if o == fav else 1.0


def _theirs(look: str, fav: str) -> float:
    """Expected points of a Flower for a rival whose colour is one of the other three."""
    colours = _colours(look)
    c, o = colours[0], colours[1]
    if c == fav:
        return 4.0 / 3.0
    if o == fav:
        return 5.0 / 3.0
    return 2.0


def _pick_value(view: dict[str, Any], row: int, contents: list[str], last: str, me: int) -> float:
    """What landing ``last`` (a Flower look) in ``row`` (already holding ``contents``)
    is worth to us, choosing the colour well."""
    owner = _owner(view, row, me)
    if owner is None:
        return 0.0
    fav = view["favourite"] or "R"
    flowers = [x for x in contents if x.startswith("flower")] + [last]
    options = []
    for colour in _colours(last):
        taken = [x for x in flowers if colour in _colours(x)]
        if owner == me:
            options.append(sum(_mine(x, fav) for x in taken))
        else:
            options.append(-sum(_theirs(x, fav) for x in taken))
    return max(options)


def _last_value(view: dict[str, Any], row: int, contents: list[str], last: str, me: int) -> float:
    if last.startswith("flower"):
        return _pick_value(view, row, contents, last, me)
    if last.startswith("seed"):
        owner = _owner(view, row, me)
        flipped = 1 + sum(1 for x in contents if x == last)
        if owner is None:
            return 0.0
        return 0.3 * flipped if owner == me else -0.3 * flipped
    return 0.0


def choose(obs: Observation, rng: random.Random) -> int:
    legal = obs.legal_actions()
    if len(legal) == 1:
        return legal[0]
    names = [obs.action_to_string(a) for a in legal]
    view = obs.view()
    me = obs.player
    rows: list[list[str]] = view["rows"]
    step = 1 if view["direction"] == "clockwise" else -1
    phase = view["phase"]
    scored: list[tuple[float, int]] = []
    if phase == "take":
        for name, a in zip(names, legal, strict=True):
            r = int(name.split()[1])
            cards = rows[r]
            target = (r + step * len(cards)) % ROWS
            contents = [] if target == r else rows[target]
            best = max(_last_value(view, target, contents, x, me) for x in set(cards))
            scored.append((best, a))
        return pick_best(scored, rng)
    if phase == "place":
        hand: list[str] = view["hand"]
        nxt = view["next_row"]
        target = (nxt + step * (len(hand) - 1)) % ROWS
        keep = max(sorted(set(hand)), key=lambda x: _last_value(view, target, rows[target], x, me))
        garden_here = any(x in GARDEN for x in rows[nxt])
        for name, a in zip(names, legal, strict=True):
            look = name.removeprefix("place ")
            value = 0.0
            if look == keep and hand.count(look) == 1:
                value -= 10.0
            if look in GARDEN and garden_here:
                value += 1.0  # the two Garden cards meet: a Garden action
            scored.append((value, a))
        return pick_best(scored, rng)
    if phase == "choose":
        row = view["last_row"]
        owner = _owner(view, row, me)
        fav = view["favourite"] or "R"
        flowers = [x for x in rows[row] if x.startswith("flower")]
        for name, a in zip(names, legal, strict=True):
            colour = name.split()[-1]
            taken = [x for x in flowers if colour in _colours(x)]
            if owner == me:
                value = sum(_mine(x, fav) for x in taken)
            else:
                value = -sum(_theirs(x, fav) for x in taken)
            scored.append((value, a))
        return pick_best(scored, rng)
    if phase == "garden":
        fav = view["favourite"] or "R"
        for name, a in zip(names, legal, strict=True):
            value = 0.0
            if name.startswith("water"):
                value = _mine("flower " + name.split()[-1], fav)
            elif name.startswith("gopher"):
                r = int(name.split()[-1])
                owner = _owner(view, r, me)
                flowers = [x for x in rows[r] if x.startswith("flower")]
                if owner is not None and owner != me:
                    value = 0.4 * sum(_theirs(x, fav) for x in flowers)
                elif owner == me:
                    value = -0.4 * sum(_mine(x, fav) for x in flowers)
            scored.append((value, a))
        return pick_best(scored, rng)
    return legal[rng.randrange(len(legal))]

"""Hash of ISMCTS decisions (and the visit counts behind them) at fixed positions:
the same hash before and after a speed change proves the search decides the same.

    .venv/bin/python tools/measure/decision_hash.py [--sharp] [GAME ...]

``--sharp``: the searches play out with the sharper policies (``sharp=True``, and
``sharp=True, widen=3``) instead of the default and the textbook configuration.
"""

import hashlib
import json
import random
import sys
from typing import Any

import seedbed
from seedbed.agents.ismcts import ISMCTS

args = sys.argv[1:]
sharp = "--sharp" in args
games = [a for a in args if a != "--sharp"] or ["sewn", "sow", "harvest", "four_fields"]
configs: list[dict[str, Any]] = [{}, {"depth": 0, "rollout": "random", "bias": 0.0}]
if sharp:
    configs = [{"sharp": True}, {"sharp": True, "widen": 3}]
for gid in games:
    h = hashlib.sha256()
    cls = seedbed.load(gid)
    for n in range(cls.min_players, cls.max_players + 1):
        game = seedbed.load(gid, players=n)
        for seed in (1, 2):
            rng = random.Random(seed)
            s = game.new_state(seed)
            k = 0
            while not s.is_terminal():
                legal = s.legal_actions()
                if len(legal) > 1 and k % 9 == 0:
                    p = s.current_player()
                    assert p is not None
                    for cfg in configs:
                        rows = ISMCTS(iterations=40, seed=k, **cfg).ranked(s.infoset(p))
                        h.update(json.dumps(rows[:3]).encode())
                s.apply_action(legal[rng.randrange(len(legal))])
                k += 1
    print(gid, h.hexdigest()[:16], flush=True)

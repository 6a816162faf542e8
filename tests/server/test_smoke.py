from __future__ import annotations

import random

from conftest import ServerProcess, run
from seedbed.server.client import TableClient


def test_a_person_plays_sewn_against_three_bots_to_the_end(server: ServerProcess) -> None:
    table = server.table(game="sewn", seats=["human", "heuristic", "heuristic", "heuristic"])
    seat = server.join(table["id"], "Ann")
    rng = random.Random(1)

    async def play() -> dict:
        async with TableClient(server.base, table["id"], token=seat["token"]) as c:
            while c.position["status"] != "over":
                if c.position["legal"]:
                    await c.move(rng.choice(c.position["legal"])["action"])
                else:
                    await c.next_update()
            return c.position

    final = run(play())
    assert final["status"] == "over" and final["winners"]

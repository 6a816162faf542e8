"""The Ray backend gives exactly the local results (one small run: Ray starts slowly)."""

from __future__ import annotations

import pytest

from seedbed.sim.runner import plan_matches, run_matches

ray = pytest.importorskip("ray")


def test_ray_with_two_cpus_matches_the_local_pool() -> None:
    matches = plan_matches(3, ["heuristic", "random", "random"], 6, seed=13, duplicate=True)
    params = {"players": 3, "full_harvest": True}
    local = run_matches("four_fields", params, matches, 13, workers=1)
    seen: list[int] = []
    remote = run_matches(
        "four_fields",
        params,
        matches,
        13,
        workers=2,
        backend="ray",
        on_result=lambda r: seen.append(r.index),
    )
    assert not ray.is_initialized()  # the local Ray it started is shut down
    assert sorted(seen) == list(range(len(matches)))

    def outcome(rs: list) -> list[dict[str, object]]:  # type: ignore[type-arg]
        out = []
        for r in rs:
            d = r.to_json_dict()
            d.pop("seconds")
            out.append(d)
        return out

    assert outcome(remote) == outcome(local)

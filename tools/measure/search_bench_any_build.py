"""Run ``seedbed bench --search``'s positions with another build, even one older than
the benchmark (the baseline commit b1138a5 has no ``bench --search``):

    OTHER/.venv/bin/python tools/measure/search_bench_any_build.py \
        src/seedbed/sim/bench.py [--players N] [ITERATIONS [GAME[:CONFIG] ...]]

loads this checkout's ``sim/bench.py`` into the other build's interpreter, so both
builds search from the same positions. Each game is played at its default player
count unless ``--players N`` is given.
"""

import importlib.util
import statistics
import sys

import seedbed

spec = importlib.util.spec_from_file_location("search_bench", sys.argv[1])
assert spec is not None and spec.loader is not None, f"cannot load {sys.argv[1]}"
mod = importlib.util.module_from_spec(spec)
sys.modules["search_bench"] = mod
spec.loader.exec_module(mod)
args = sys.argv[2:]
players = None
if args[:1] == ["--players"]:
    players, args = int(args[1]), args[2:]
iters = int(args[0]) if args else 300
# Which games (and configurations) to run: all by default; "sewn:default" for one.
wanted = args[1:] or ["sewn", "sow", "harvest", "four_fields"]

for item in wanted:
    gid, _, only = item.partition(":")
    n = players or seedbed.load(gid).num_players
    for config in [only] if only else mod.SEARCH_CONFIGS:
        runs = [mod.bench_search(gid, n, config, iters) for _ in range(3)]
        best = [max(stage, key=lambda r: r.per_cpu_second) for stage in zip(*runs, strict=True)]
        rates = [r.per_cpu_second for r in best]
        print(
            gid,
            n,
            config,
            " ".join(f"{r.stage}@{r.move}:{r.per_cpu_second:,.0f}" for r in best),
            f"mean {statistics.fmean(rates):,.0f}",
            flush=True,
        )

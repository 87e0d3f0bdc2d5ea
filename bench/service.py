"""Service throughput and latency: 200 concurrent matches play random legal games on a real
SQLite file (WAL, synchronous=NORMAL: commits survive a process crash).

Two ways to load it, each without and with rendering the board after every move:
- saturated: every match submits its next move the moment the last one returns, so the
  figure is the service's capacity (latency there is mostly waiting behind 199 others);
- paced: every match thinks for a random 0-800 ms between moves (about 500 moves/s offered
  in all), so latency is what a player sees under a heavy but sustainable load.

`python bench/service.py [MOVES]` (default 6000 moves a run).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.players import Load, pair
from bot.runtime import workers
from bot.service.match_service import MatchService
from bot.store import Store

MATCHES = 200
MOVES = int(sys.argv[1]) if len(sys.argv) > 1 else 6000
GUILD = 1
THINK_SECONDS = 0.8


async def run(*, render: bool, paced: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3")
        service = MatchService(store, rng=random.Random(0))
        load = Load(MOVES, render, THINK_SECONDS if paced else 0.0)
        start = time.perf_counter()
        await asyncio.gather(
            *(
                pair(service, load, GUILD, 100 + i, (2 * i + 1, 2 * i + 2), i)
                for i in range(MATCHES)
            )
        )
        elapsed = time.perf_counter() - start
        await store.close()
        workers.shutdown()
    ms = sorted(x * 1000 for x in load.latencies)
    label = f"{'paced' if paced else 'saturated'}, {'with' if render else 'without'} rendering"
    print(
        f"{label:34}: {len(ms)} moves in {elapsed:5.2f} s = {len(ms) / elapsed:6,.0f} moves/s; "
        f"per move p50 {statistics.median(ms):7.2f} ms, p99 {ms[int(len(ms) * 0.99)]:7.2f} ms"
    )


if __name__ == "__main__":
    for paced in (False, True):
        for render in (False, True):
            asyncio.run(run(render=render, paced=paced))

"""Service throughput and latency: 200 concurrent matches play random legal games on a real
SQLite file (WAL, synchronous=NORMAL: commits survive a process crash).

Three ways to load it, each without and with rendering the board after every move:
- saturated: every match submits its next move the moment the last one returns, so the
  figure is the service's capacity (latency there is mostly waiting behind 199 others);
- paced: every match thinks for a random 0-800 ms between moves (about 500 moves/s offered
  in all), so latency is what a player sees under a heavy but sustainable load;
- Discord scale: every match thinks a random 0-8 s (about 47 moves/s in all, a busy bot's
  load), so latency is what a player sees on a normal day.

The picture workers are started and warmed first, as the bot does at start.

`python bench/service.py [MOVES]` (default 6000 moves a run, a third of that at Discord
scale).
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
from render.api import prepare

MATCHES = 200
MOVES = int(sys.argv[1]) if len(sys.argv) > 1 else 6000
GUILD = 1
#: the think times: saturated, paced, Discord scale
LOADS = {"saturated": 0.0, "paced": 0.8, "Discord scale": 8.0}


async def run(*, render: bool, load_name: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3")
        service = MatchService(store, rng=random.Random(0))
        think = LOADS[load_name]
        load = Load(MOVES // 3 if think > 1 else MOVES, render, think)
        if render:
            await workers.warm(prepare)
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
    label = f"{load_name}, {'with' if render else 'without'} rendering"
    print(
        f"{label:34}: {len(ms)} moves in {elapsed:5.2f} s = {len(ms) / elapsed:6,.0f} moves/s; "
        f"per move p50 {statistics.median(ms):7.2f} ms, p99 {ms[int(len(ms) * 0.99)]:7.2f} ms"
    )


if __name__ == "__main__":
    for name in LOADS:
        for render in (False, True):
            asyncio.run(run(render=render, load_name=name))

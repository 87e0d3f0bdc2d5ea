"""How long the sweeper takes to end and announce a backlog: N games overdue after a long
stop (each times out, its news goes through the outbox and is announced), on a SQLite file
or, with --pg, a PostgreSQL server of its own. Announcing costs nothing here: the figure is
the bot's own part.

`python bench/backlog.py [--pg] [--games N]` (default 300 games).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service.match_service import MatchService
from bot.service.sweeper import Sweeper
from bot.service.views import SweepEvent
from bot.store import Store
from tests.pgserver import throwaway_database
from tests.servicekit import CHANNEL, Clock, start_match


async def drain(url: str, games: int) -> float:
    """Seconds from the sweeper's start to the last of `games` time-outs announced."""
    store = await Store.open(url)
    clock = Clock()
    service = MatchService(store, clock=clock)
    for n in range(games):
        await start_match(service, channel=CHANNEL + n, move_time="1h")
    clock.now += 3 * 86400
    heard: list[SweepEvent] = []
    done = asyncio.Event()

    async def announce(event: SweepEvent) -> None:
        heard.append(event)
        if len(heard) == games:
            done.set()

    start = time.perf_counter()
    sweeping = asyncio.create_task(Sweeper(service.deadlines, announce).run())
    await done.wait()
    elapsed = time.perf_counter() - start
    sweeping.cancel()
    await asyncio.gather(sweeping, return_exceptions=True)
    await store.close()
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pg", action="store_true", help="on a PostgreSQL server of its own")
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    if args.pg:
        with throwaway_database("backlog") as url:
            seconds = asyncio.run(drain(url, args.games))
    else:
        with tempfile.TemporaryDirectory() as folder:
            seconds = asyncio.run(drain(str(Path(folder) / "backlog.sqlite3"), args.games))
    engine = "PostgreSQL" if args.pg else "SQLite"
    print(f"{engine}: {args.games} overdue games ended and announced in {seconds:.2f} s")


if __name__ == "__main__":
    main()

"""Several bot processes on one database: `python bench/cluster.py [--db PATH|URL | --pg]
[--procs N] [--matches M] [--moves K] [--render] [--kill]`.

Starts N service processes, each playing its share of M concurrent random matches on servers
of its own (as shard ranges would split them), all on one database (a new SQLite file by
default; --db a file or a postgresql:// URL; --pg a PostgreSQL server of its own, started
from the machine's binaries for the run and removed after), until K moves are
played in all. Each process notes every move the service acknowledged. With --kill, the
first process is SIGKILLed mid-run (once it has had 1,000 moves acknowledged). Then it
checks the database (check-db: integrity and every match replayed) and that every
acknowledged move is stored exactly once.
Prints moves/s and latency per process and in all; the last line is `moves/s: N` (0 if the
check failed).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.players import Load, pair
from bot.runtime import workers
from bot.service.match_service import MatchService
from bot.service.views import MoveResult
from bot.store import Store
from bot.store.checkdb import check_db
from tests.pgserver import throwaway_database

KILL_AFTER = 1_000


async def work(index: int, db: str, matches: int, moves: int, render: bool, acks: Path) -> None:
    """One process: `matches` matches on server `index << 22`, until `moves` are played."""
    store = await Store.open(db)
    service = MatchService(store, rng=random.Random(index))
    noted = acks.open("a", buffering=1)  # a line a move, flushed as written

    def note(result: MoveResult) -> None:
        noted.write(f"{result.match.id} {result.match.ply} {result.move}\n")

    load = Load(moves, render, on_move=note)
    guild = (index + 1) << 22
    base = 10_000 * (index + 1)
    start = time.perf_counter()
    await asyncio.gather(
        *(
            pair(service, load, guild, 100 + n, (base + 2 * n, base + 2 * n + 1), n)
            for n in range(matches)
        )
    )
    elapsed = time.perf_counter() - start
    await store.close()
    workers.shutdown()
    ms = sorted(x * 1000 for x in load.latencies)
    print(json.dumps({"moves": len(ms), "seconds": elapsed, "ms": ms[:: max(1, len(ms) // 2000)]}))


async def prepare(db: str) -> None:
    """Create and migrate the database once, before the workers race to."""
    store = await Store.open(db)
    await store.close()


async def verify(db: str, acks: list[Path]) -> tuple[bool, str]:
    """check-db, and every acknowledged move stored once, as acknowledged."""
    count, problems = await check_db(db)
    store = await Store.open(db)
    stored = {(r[0], r[1]): r[2] for r in await store.all("SELECT match_id, ply, move FROM moves")}
    total = (await store.one("SELECT COUNT(*) FROM moves"))[0]  # type: ignore[index]
    await store.close()
    noted = [
        line.split() for path in acks if path.exists() for line in path.read_text().splitlines()
    ]
    lost = [n for n in noted if stored.get((int(n[0]), int(n[1]))) != n[2]]
    twice = len(noted) - len({(n[0], n[1]) for n in noted})
    ok = not problems and not lost and not twice and total == len(stored)
    return ok, (
        f"check-db: {count} matches, {len(problems)} problem(s); {len(noted)} moves "
        f"acknowledged, {len(lost)} lost, {twice} acknowledged twice; {total} stored"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", help="database (default: a new SQLite file in a temporary folder)")
    parser.add_argument("--pg", action="store_true", help="a PostgreSQL server of its own")
    parser.add_argument("--acks", help=argparse.SUPPRESS)
    parser.add_argument("--procs", type=int, default=2)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--moves", type=int, default=6000)
    parser.add_argument("--render", action="store_true")
    parser.add_argument("--kill", action="store_true", help="SIGKILL the first process mid-run")
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker is not None:
        acks = Path(args.acks) / f"acks.{args.worker}"
        share = args.matches // args.procs
        db = args.db
        asyncio.run(work(args.worker, db, share, args.moves // args.procs, args.render, acks))
        return
    folder = Path(tempfile.mkdtemp())
    if args.pg:
        with throwaway_database("cluster") as url:
            run(args, url, folder)
    else:
        run(args, args.db or str(folder / "cluster.sqlite3"), folder)


def run(args: argparse.Namespace, db: str, folder: Path) -> None:
    asyncio.run(prepare(db))
    command = [sys.executable, __file__, "--db", db, "--procs", str(args.procs)]
    command += ["--acks", str(folder)]
    command += ["--matches", str(args.matches), "--moves", str(args.moves)]
    command += ["--render"] if args.render else []
    start = time.perf_counter()
    procs = [
        subprocess.Popen([*command, "--worker", str(i)], stdout=subprocess.PIPE, text=True)
        for i in range(args.procs)
    ]
    if args.kill:  # mid-run: once the first process has had KILL_AFTER moves acknowledged
        noted = folder / "acks.0"
        while procs[0].poll() is None and (
            not noted.exists() or noted.read_text().count("\n") < KILL_AFTER
        ):
            time.sleep(0.05)
        procs[0].send_signal(signal.SIGKILL)
    outputs = [p.communicate()[0] for p in procs]
    elapsed = time.perf_counter() - start
    moves, all_ms = 0, []
    for i, (proc, out) in enumerate(zip(procs, outputs, strict=True)):
        if proc.returncode != 0:
            print(f"process {i}: killed (status {proc.returncode})")
            continue
        figures = json.loads(out.strip().splitlines()[-1])
        ms = figures["ms"]
        moves += figures["moves"]
        all_ms += ms
        print(
            f"process {i}: {figures['moves']} moves in {figures['seconds']:.2f} s = "
            f"{figures['moves'] / figures['seconds']:,.0f} moves/s; "
            f"p50 {statistics.median(ms):.2f} ms, p99 {sorted(ms)[int(len(ms) * 0.99)]:.2f} ms"
        )
    ok, summary = asyncio.run(verify(db, [folder / f"acks.{i}" for i in range(args.procs)]))
    print(summary)
    all_ms.sort()
    if all_ms:
        print(
            f"in all: {args.procs} processes, {'with' if args.render else 'without'} rendering: "
            f"{moves} moves in {elapsed:.2f} s; p50 {statistics.median(all_ms):.2f} ms, "
            f"p99 {all_ms[int(len(all_ms) * 0.99)]:.2f} ms"
        )
    print(f"moves/s: {moves / elapsed if ok else 0:.0f}")


if __name__ == "__main__":
    main()

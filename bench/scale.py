"""A large database's hot reads: `python bench/scale.py [--db PATH|URL | --pg] [--matches N]`.

Seeds a database (a new SQLite file by default; --db a file or an empty postgresql://
database; --pg a PostgreSQL server of its own, removed after) with N finished matches
(default 1,000,000) between 100,000 players on 50 servers, each with its move log (real
random games, cut at 10 to 40 plies, as many games end by resignation), their ratings, and
5,000 games in progress, then times the bot's own queries, 300 random calls each:

- a leaderboard page (`/leaderboard`, 10 rows from a random place) and a player's place;
- a player's stats in a game (`/stats`: rating, finished games against people and the
  computer);
- a channel's games in progress (`/games`, and finding the match meant by a command);
- a match's move log (`/history`, the record cache refilled);
- the sweeper's due lists (time-outs, reminders, lapsed challenges, the next wake-up).

Prints p50 and p99 per query, and the bytes the database takes per stored move.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service.match_service import MatchService
from bot.store import Store
from bot.store.drivers import driver_of
from rules import GAMES, GameRecord
from tests.pgserver import throwaway_database

SERVERS, PLAYERS, CHANNELS, ACTIVE = 50, 100_000, 20, 5_000
GAME_IDS = list(GAMES)
THREADS = 10**15  # each game's thread id: this plus its number
START = 1_700_000_000.0
BATCH = 20_000


def sample_games(rng: random.Random, count: int = 400) -> list[tuple[str, list[str], list[str]]]:
    """Real random games (game id, moves, position after each), cut at 10-40 plies."""
    games = []
    for n in range(count):
        game = GAMES[GAME_IDS[n % len(GAME_IDS)]]
        record = GameRecord(game)
        positions = []
        for _ in range(rng.randint(10, 40)):
            if record.outcome is not None:
                break
            record.play(game.format_move(rng.choice(game.legal_moves(record.position))))
            positions.append(game.encode(record.position))
        games.append((game.id, [game.format_move(m) for m in record.moves], positions))
    return games


def rows(matches: int, rng: random.Random) -> Iterator[tuple[str, list[tuple[Any, ...]]]]:
    """Batches of (table, rows) to insert, parents first."""
    games = sample_games(rng)
    starts = {g: GAMES[g].encode(GAMES[g].initial_position()) for g in GAME_IDS}
    home = [(p % SERVERS + 1) << 22 for p in range(PLAYERS)]  # each player's server
    batch_m: list[tuple[Any, ...]] = []
    batch_v: list[tuple[Any, ...]] = []
    ratings: dict[tuple[int, str, int], list[int]] = {}
    now = START + (matches + ACTIVE) * 30.0  # the clock of the measurements
    for match_id in range(1, matches + ACTIVE + 1):
        game_id, moves, positions = games[match_id % len(games)]
        first = rng.randrange(PLAYERS)
        second = (first + SERVERS * rng.randint(1, PLAYERS // SERVERS - 1)) % PLAYERS
        guild = home[first]
        channel = guild + rng.randrange(CHANNELS)
        created = START + match_id * 30.0
        active = match_id > matches
        ply = len(moves) if not active else rng.randint(0, len(moves))
        position = positions[ply - 1] if ply else starts[game_id]
        winner = None if active else GAMES[game_id].sides[match_id % 2]
        batch_m.append((
            match_id, guild, channel, THREADS + match_id, game_id, first + 1, second + 1,
            starts[game_id], position, ply, "active" if active else "finished", winner, None,
            86_400,
            now + 86_400 * rng.random() if active else None, None, created,
            None if active else created + 600, 0, None,
            None if active else "resignation", None if active else winner, None, None,
        ))  # fmt: skip
        for p in range(ply):
            user = (first, second)[p % 2] + 1
            batch_v.append((match_id, p + 1, moves[p], user, created + 10 * p, positions[p]))
        if not active:
            for user, won in ((first + 1, match_id % 2 == 0), (second + 1, match_id % 2 == 1)):
                record = ratings.setdefault((guild, game_id, user), [0, 0])
                record[0 if won else 1] += 1
        if len(batch_m) >= BATCH or match_id == matches + ACTIVE:
            yield "matches", batch_m
            yield "moves", batch_v
            batch_m, batch_v = [], []
    rated = [
        (guild, game_id, user, 1500 + rng.gauss(0, 200), 80.0, 0.06, won, 0, lost)
        for (guild, game_id, user), (won, lost) in ratings.items()
    ]
    for at in range(0, len(rated), BATCH):
        yield "ratings", rated[at : at + BATCH]
    names = [(user + 1, f"player{user + 1}") for user in range(PLAYERS)]
    yield "users", names


async def seed(store: Store, matches: int, rng: random.Random) -> float:
    """Fill the database (the match rows come complete, with their move logs)."""
    start = time.perf_counter()
    if store.dialect == "sqlite":
        path = str(store.url)
        await store.close()
        with sqlite3.connect(path, isolation_level=None) as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("BEGIN")
            for table, batch in rows(matches, rng):
                marks = ", ".join("?" * len(batch[0])) if batch else ""
                if batch:
                    db.executemany(f"INSERT INTO {table} VALUES ({marks})", batch)
            db.execute("COMMIT")
            db.execute("ANALYZE")
        db.close()
        return time.perf_counter() - start
    async with store.engine.connect() as connection:
        raw = (await driver_of(connection)).raw  # asyncpg's connection, for its COPY
        for table, batch in rows(matches, rng):
            if batch:
                await raw.copy_records_to_table(table, records=batch)
        for table in ("matches", "challenges", "announcements"):
            await raw.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"(SELECT COALESCE(MAX(id), 0) + 1 FROM {table}), false)"
            )
        await raw.execute("VACUUM ANALYZE")
    return time.perf_counter() - start


async def timed(label: str, call: Callable[[], Awaitable[Any]], times: int = 300) -> float:
    for _ in range(20):  # warm the caches, as a running bot's are
        await call()
    ms = []
    for _ in range(times):
        start = time.perf_counter()
        await call()
        ms.append((time.perf_counter() - start) * 1000)
    ms.sort()
    p99 = ms[int(len(ms) * 0.99)]
    print(f"  {label:44s} p50 {statistics.median(ms):6.2f} ms   p99 {p99:6.2f} ms")
    return p99


async def measure(store: Store, matches: int, rng: random.Random) -> float:
    service = MatchService(store, clock=lambda: START + (matches + ACTIVE) * 30.0)
    core, standings = service._shared, service.standings

    def guild() -> int:
        return (rng.randrange(SERVERS) + 1) << 22

    def player_here() -> tuple[int, int]:
        user = rng.randrange(PLAYERS)
        return (user % SERVERS + 1) << 22, user + 1

    async def stats() -> None:
        where, user = player_here()
        await standings.stats(where, user, rng.choice(GAME_IDS))

    async def place() -> None:
        where, user = player_here()
        await standings.place(where, rng.choice(GAME_IDS), user)

    async def channel_games() -> None:
        where = guild()
        await core.matches.active_here(where, where + rng.randrange(CHANNELS))

    async def history() -> None:
        await core.matches.moves(rng.randint(1, matches))

    async def due() -> None:
        now = service._shared.settings.clock() + rng.random() * 600  # a running sweeper looks often
        await core.matches.overdue(now)
        await core.matches.reminders_due(now)
        await core.challenges.due(now)
        await service.deadlines.next_due()

    board_page = lambda: standings.leaderboard(  # noqa: E731
        guild(), rng.choice(GAME_IDS), 10, rng.randrange(0, 400)
    )
    worst = 0.0
    for label, call in (
        ("leaderboard page (10 rows from a random place)", board_page),
        ("a player's place on a leaderboard", place),
        ("a player's stats in a game", stats),
        ("a channel's games in progress", channel_games),
        ("a match's move log", history),
        ("the sweeper's due lists and next wake-up", due),
    ):
        worst = max(worst, await timed(label, call))
    return worst


async def size_per_move(store: Store) -> tuple[int, int]:
    """(bytes the whole database takes, moves stored)."""
    moves = (await store.one("SELECT COUNT(*) FROM moves"))[0]  # type: ignore[index]
    if store.dialect == "sqlite":
        path = Path(str(store.url))
        files = [path, Path(f"{path}-wal")]
        return sum(f.stat().st_size for f in files if f.exists()), int(moves)
    size = (await store.one("SELECT pg_database_size(current_database())"))[0]  # type: ignore[index]
    return int(size), int(moves)


async def run(db: str, matches: int) -> None:
    rng = random.Random(1)
    store = await Store.open(db)
    print(f"{store.dialect}: seeding {matches:,} finished matches, {ACTIVE:,} in progress ...")
    seconds = await seed(store, matches, rng)
    store = await Store.open(db)
    try:
        total, moves = await size_per_move(store)
        print(f"  seeded in {seconds:.0f} s: {moves:,} moves, {total / 2**20:,.0f} MiB, "
              f"{total / moves:.0f} bytes per stored move (tables and indexes)")  # fmt: skip
        worst = await measure(store, matches, rng)
        print(f"worst p99: {worst:.2f} ms")
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", help="database (default: a new SQLite file)")
    parser.add_argument("--pg", action="store_true", help="a PostgreSQL server of its own")
    parser.add_argument("--matches", type=int, default=1_000_000)
    args = parser.parse_args()
    if args.pg:
        with throwaway_database("scale") as url:
            asyncio.run(run(url, args.matches))
        return
    folder = tempfile.mkdtemp(prefix="bench-scale-")
    db = args.db or os.path.join(folder, "scale.sqlite3")
    asyncio.run(run(db, args.matches))


if __name__ == "__main__":
    main()

"""The web site under watchers: 200 browsers' event streams open on one game while its
players move, and people opening the game's page meanwhile (the watchers run in a process
of their own, as browsers would).

Prints: how long the game page takes to answer (p50, p99), opened as fast as it answers and
then 20 times a second while the game is played; how long a move takes to reach all 200
streams (p50, worst); and what serving costs the bot's event loop (a move's time and the
loop's lateness, with the site serving the watchers and the paced pages, and without a
site at all).

`python bench/web.py [WATCHERS] [MOVES]` (default 200 watchers, 60 moves).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiohttp

from bot.service import Actor
from bot.service.match_service import MatchService
from bot.store import Store
from bot.web.serve import WebSite

WATCHERS = int(sys.argv[1]) if len(sys.argv) > 1 else 200
MOVES = int(sys.argv[2]) if len(sys.argv) > 2 else 60
GUILD, CHANNEL, ANN, BEN = 1, 10, 398765432109876543, 412345678901234567
#: between two moves: time for every stream to hear of the last
MOVE_GAP = 0.25
PAGE_READERS = 4  # people opening the page at once, over and over
FLOOD_SECONDS = 4.0  # first as fast as it answers: the page's own latency
PAGE_PAUSE = 0.2  # then each every 0.2 s (20 pages a second) while the game is played


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def watch(base: str, token: str, last_ply: int, ready: Connection) -> dict[str, list[float]]:
    """Open the streams, tell the bot, then record when each move's state reaches each
    stream and how long the page takes to answer, until every stream has the last move."""
    arrivals: dict[int, list[float]] = {}
    pages: list[float] = []
    done = asyncio.Event()
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:

        async def stream(headers: dict[str, str]) -> None:
            async with session.get(f"{base}/g/{token}/events", headers=headers) as answer:
                assert answer.status == 200, answer.status
                while True:
                    line = await answer.content.readline()
                    if line.startswith(b"data: "):
                        ply = int(line.split(b'"ply":', 1)[1].split(b",", 1)[0])
                        arrivals.setdefault(ply, []).append(time.time())
                        if ply >= last_ply:
                            return

        async def read_pages(until: float, pause: float, into: list[float]) -> None:
            while not done.is_set() and time.perf_counter() < until:
                started = time.perf_counter()
                async with session.get(f"{base}/g/{token}") as answer:
                    await answer.read()
                into.append(time.perf_counter() - started)
                await asyncio.sleep(pause)

        # each stream "from" an address of its own (through a proxy on this machine), so
        # the per-address cap applies to none of them
        streams = [
            asyncio.create_task(stream({"X-Forwarded-For": f"10.0.{n // 250}.{n % 250}"}))
            for n in range(WATCHERS)
        ]
        while len(arrivals.get(0, [])) < WATCHERS:
            await asyncio.sleep(0.05)
        flood = time.perf_counter() + FLOOD_SECONDS  # the page, as fast as it answers
        await asyncio.gather(*(read_pages(flood, 0, pages) for _ in range(PAGE_READERS)))
        ready.send("watching")
        paced: list[float] = []  # then opened now and then while the game goes on
        readers = [
            asyncio.create_task(read_pages(float("inf"), PAGE_PAUSE, paced))
            for _ in range(PAGE_READERS)
        ]
        await asyncio.gather(*streams)
        done.set()
        await asyncio.gather(*readers)
    return {"pages": pages, "paced": paced, **{str(p): t for p, t in arrivals.items()}}


def watcher_process(base: str, token: str, last_ply: int, pipe: Connection) -> None:
    pipe.send(asyncio.run(watch(base, token, last_ply, pipe)))


async def play(
    service: MatchService, match_id: int, moves: int
) -> tuple[list[float], dict[int, float]]:
    """Random moves, MOVE_GAP apart, until the game is `moves` plies long (a checkmated
    Prince's leave, played at once, makes two of one move): each one's time in the service,
    and when each ply it reached was committed."""
    rng = random.Random(1)
    took: list[float] = []
    committed: dict[int, float] = {}
    while not committed or max(committed) < moves:
        match = await service.match(match_id)
        user = match.user_to_move
        assert user is not None and match.active
        actor = Actor(GUILD, CHANNEL, user)
        move = rng.choice(await service.play.legal_moves(actor, match_id))
        started = time.perf_counter()
        result = await service.play.move(actor, move, match_id)
        took.append(time.perf_counter() - started)
        committed[result.match.ply] = time.time()
        await asyncio.sleep(MOVE_GAP)
    return took, committed


async def lateness(stop: asyncio.Event) -> list[float]:
    """How late the bot's loop wakes a task that asked for 5 ms (its lag), until `stop`."""
    late = []
    while not stop.is_set():
        started = time.perf_counter()
        await asyncio.sleep(0.005)
        late.append(time.perf_counter() - started - 0.005)
    return late


async def run(folder: Path, *, serve: bool) -> None:
    database = folder / f"bench-{serve}.sqlite3"
    store = await Store.open(database)
    service = MatchService(store, rng=random.Random(0))
    await service.standings.remember(GUILD, ANN, "Ann", "ann")
    await service.standings.remember(GUILD, BEN, "Ben", "ben")
    await service.site.see_channel(GUILD, CHANNEL, True)
    await service.site.turn(Actor(GUILD, CHANNEL, ANN), manager=True, on=True)
    challenge = await service.challenges.challenge(
        Actor(GUILD, CHANNEL, ANN), "the-crown", opponent_id=BEN
    )
    match = await service.challenges.accept(Actor(GUILD, CHANNEL, BEN), challenge.id)
    token = await service.site.token_of(match.id)
    assert token is not None
    web = None
    here, there = multiprocessing.get_context("spawn").Pipe()
    watcher = None
    if serve:
        web = WebSite(str(database), "127.0.0.1", 0)
        await asyncio.to_thread(web.start)
        store.watchers.append(web.changed)
        watcher = multiprocessing.get_context("spawn").Process(
            target=watcher_process, args=(f"http://127.0.0.1:{web.port}", token, MOVES, there)
        )
        watcher.start()
        assert await asyncio.to_thread(here.recv) == "watching"
    stop = asyncio.Event()
    lag = asyncio.create_task(lateness(stop))
    took, committed = await play(service, match.id, MOVES)
    stop.set()
    late = await lag
    name = f"with the site serving {WATCHERS} watchers" if serve else "without a site"
    print(
        f"bot's loop {name}: a move p50 {statistics.median(took) * 1000:.2f} ms, "
        f"p99 {percentile(took, 0.99) * 1000:.2f} ms; loop lateness p50 "
        f"{statistics.median(late) * 1000:.2f} ms, p99 {percentile(late, 0.99) * 1000:.2f} ms, "
        f"max {max(late) * 1000:.2f} ms"
    )
    if watcher is not None and web is not None:
        seen = await asyncio.to_thread(here.recv)
        watcher.join()
        pages, paced = seen.pop("pages"), seen.pop("paced")
        spreads = [max(seen[str(ply)]) - at for ply, at in committed.items()]
        assert all(len(seen[str(ply)]) == WATCHERS for ply in committed)
        for what, times in (("as fast as it answers", pages), ("20 a second", paced)):
            print(
                f"game page with {WATCHERS} watchers, {PAGE_READERS} readers {what}: "
                f"{len(times)} answers, p50 {statistics.median(times) * 1000:.1f} ms, "
                f"p99 {percentile(times, 0.99) * 1000:.1f} ms"
            )
        print(
            f"a move reaching all {WATCHERS} streams: p50 {statistics.median(spreads) * 1000:.1f} "
            f"ms, worst {max(spreads) * 1000:.1f} ms ({len(spreads)} moves)"
        )
        await asyncio.to_thread(web.stop)
    await store.close()


async def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        await run(Path(folder), serve=False)
        await run(Path(folder), serve=True)


if __name__ == "__main__":
    asyncio.run(main())

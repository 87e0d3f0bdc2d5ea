"""The sweeper: on time (scheduled from the next deadline, not polled) and never stopped by a
fault; deadlines are hard for players too."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import Actor
from bot.service.match_service import MatchService
from bot.service.sweeper import Sweeper
from bot.service.views import MatchView, SweepEvent
from bot.store import Store
from bot.store.announcement_table import CLAIM_SECONDS, MOST_ATTEMPTS
from bot.store.move_write import MoveWrite
from tests.faults import SmallDisk, locked, refusing_writes
from tests.servicekit import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    Clock,
    RunningClock,
    by,
    refused,
    result,
    start_match,
)

#: far longer than any wait below: an event that arrives proves it was scheduled, not polled
LONGEST_SLEEP = 120.0
PATIENCE = 10.0


class Announcements:
    """What the sweeper announced, for a test to wait on; it can fail the first few."""

    def __init__(self, failures: int = 0) -> None:
        self.events: asyncio.Queue[SweepEvent] = asyncio.Queue()
        self.failures = failures

    async def __call__(self, event: SweepEvent) -> None:
        if self.failures:
            self.failures -= 1
            raise ConnectionError("the network is down")
        await self.events.put(event)

    async def next(self) -> SweepEvent:
        return await asyncio.wait_for(self.events.get(), PATIENCE)


@contextlib.asynccontextmanager
async def running(sweeper: Sweeper) -> AsyncIterator[asyncio.Task[None]]:
    task = asyncio.create_task(sweeper.run(), name="sweeper")
    try:
        yield task
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


@pytest.mark.processes
async def test_a_new_challenge_wakes_the_sweeper_and_lapses_on_time(store: Store) -> None:
    service = MatchService(store, clock=RunningClock(), challenge_seconds=1)
    heard = Announcements()
    async with running(Sweeper(service.deadlines, heard, longest_sleep=LONGEST_SLEEP)):
        await asyncio.sleep(0.2)  # nothing is due: the sweeper sleeps its longest
        challenge = await service.challenges.challenge(by(ALICE), "checkers")
        event = await heard.next()
    assert event.kind == "expired" and event.challenge is not None
    assert event.challenge.id == challenge.id


@pytest.mark.processes
async def test_one_minute_moves_get_their_reminder_then_time_out_on_time(store: Store) -> None:
    clock = RunningClock()
    service = MatchService(store, clock=clock)
    match = await start_match(service, side="black", move_time="1m")
    await service.play.move(by(ALICE), "11-15")
    clock.now += 59.0  # 15 s reminder window long past, deadline one second away
    heard = Announcements()
    async with running(Sweeper(service.deadlines, heard, longest_sleep=LONGEST_SLEEP)):
        reminder = await heard.next()
        timeout = await heard.next()
    assert reminder.kind == "reminder" and 0 < reminder.seconds_left <= 1.5
    assert timeout.kind == "timeout" and timeout.match is not None
    assert timeout.match.id == match.id
    assert result(timeout.match) == "<@101> (Black) won (White ran out of time)"


# --- faults: each one stops a sweep, none stops the sweeper ---
async def _overdue(service: MatchService, clock: Clock) -> MatchView:
    match = await start_match(service, side="black", move_time="1h")
    await service.play.move(by(ALICE), "11-15")
    clock.now += 3601
    return match


async def _sweeps_through(
    service: MatchService, fault: contextlib.AbstractAsyncContextManager[None]
) -> None:
    """With the fault on, a step fails and pauses; once it clears, the game ends on time."""
    heard = Announcements()
    sweeper = Sweeper(service.deadlines, heard, first_pause=0.5)
    async with fault:
        assert await sweeper.step() == 0.5 and await sweeper.step() == 1.0
        assert heard.events.empty()
    await sweeper.step()
    assert sweeper.faults == 0
    event = await heard.next()
    assert event.kind == "timeout" and event.match is not None and not event.match.active


@contextlib.asynccontextmanager
async def held_lock(path: Path) -> AsyncIterator[None]:
    with locked(path):
        yield


@contextlib.asynccontextmanager
async def full_disk(disk: SmallDisk) -> AsyncIterator[None]:
    disk.fill()
    yield
    disk.free()


async def test_the_sweeper_outlives_a_read_only_database(store: Store, clock: Clock) -> None:
    service = MatchService(store, clock=clock)
    await _overdue(service, clock)
    await _sweeps_through(service, refusing_writes(store))


async def test_the_sweeper_outlives_a_lock_held_by_another_program(
    db_path: Path, clock: Clock
) -> None:
    store = await Store.open(db_path, busy_seconds=0.1)
    try:
        service = MatchService(store, clock=clock)
        await _overdue(service, clock)
        await _sweeps_through(service, held_lock(db_path))
    finally:
        await store.close()


async def test_the_sweeper_outlives_a_full_disk(tmp_path: Path, clock: Clock) -> None:
    with SmallDisk(tmp_path / "disk") as disk:
        store = await Store.open(disk.folder / "bot.sqlite3")
        try:
            service = MatchService(store, clock=clock)
            await _overdue(service, clock)
            # fill the log's free pages too, so that ending the game needs new ones
            for n in range(200):
                await service.challenges.challenge(Actor(GUILD, 50, 1000 + n), "checkers")
            await _sweeps_through(service, full_disk(disk))
        finally:
            await store.close()


async def test_two_sweepers_on_one_database_end_a_game_once(db_url: str, clock: Clock) -> None:
    stores = [await Store.open(db_url), await Store.open(db_url)]
    try:
        services = [MatchService(s, clock=clock) for s in stores]
        for _ in range(5):
            match = await _overdue(services[0], clock)
            results = await asyncio.gather(*(s.deadlines.sweep() for s in services))
            events = [e for found, failed in results for e in found]
            assert [failed for _, failed in results] == [0, 0]
            assert [e.kind for e in events] == ["timeout"]  # one game ended, news claimed once
            assert events[0].match is not None and events[0].match.id == match.id
            await services[0].deadlines.delivered(events[0])
    finally:
        for store in stores:
            await store.close()


async def test_the_running_sweeper_recovers_and_announces_what_fell_due(
    store: Store, clock: Clock
) -> None:
    service = MatchService(store, clock=clock)
    await _overdue(service, clock)
    heard = Announcements(failures=1)
    refusal = refusing_writes(store)
    await refusal.__aenter__()
    sweeper = Sweeper(service.deadlines, heard, longest_sleep=LONGEST_SLEEP, first_pause=0.05)
    async with running(sweeper) as task:
        while sweeper.faults < 3:
            await asyncio.sleep(0.01)
        await refusal.__aexit__(None, None, None)
        await start_match(service, channel=CHANNEL + 1, move_time="1h")
        clock.now += 3601
        event = await heard.next()  # the first announcement failed (network): logged, skipped
        assert not task.done()
    assert event.kind in ("timeout", "aborted")


async def test_a_backlog_of_news_is_announced_without_waiting_between_claims(
    store: Store, clock: Clock
) -> None:
    """After a long stop, 300 games are overdue: every time-out is announced in one go,
    not a claim of 100 per longest sleep."""
    service = MatchService(store, clock=clock)
    games = [await start_match(service, channel=CHANNEL + n, move_time="1h") for n in range(300)]
    clock.now += 3 * 86400
    heard = Announcements()
    async with running(Sweeper(service.deadlines, heard, longest_sleep=LONGEST_SLEEP)):
        events = [await heard.next() for _ in games]
    assert {e.match.id for e in events if e.match is not None} == {g.id for g in games}


async def test_news_discord_keeps_refusing_is_given_up_without_holding_up_the_rest(
    store: Store, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    """One game's time-out cannot be posted (Discord fails it every time): the other game's
    is announced in the same sweep, and the failing one is tried MOST_ATTEMPTS times in all,
    then kept as given up and logged once."""
    service = MatchService(store, clock=clock)
    stuck = await start_match(service, channel=CHANNEL, move_time="1h")
    fine = await start_match(service, channel=CHANNEL + 1, move_time="1h")
    clock.now += 3601
    tries: list[int] = []
    heard = Announcements()

    async def announce(event: SweepEvent) -> None:
        assert event.match is not None
        if event.match.id == stuck.id:
            tries.append(event.match.id)
            raise ConnectionError("Discord answered 500")
        await heard(event)

    sweeper = Sweeper(service.deadlines, announce, longest_sleep=LONGEST_SLEEP, first_pause=0.01)
    async with running(sweeper):
        event = await heard.next()
        for _ in range(10_000):
            if len(tries) == MOST_ATTEMPTS:
                break
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.2)  # (a sixth try would come within this)
    assert event.match is not None and event.match.id == fine.id
    assert len(tries) == MOST_ATTEMPTS
    row = await store.one(
        "SELECT gave_up_at, attempts FROM announcements WHERE match_id = ?", (stuck.id,)
    )
    assert row is not None and row[0] is not None and row[1] == MOST_ATTEMPTS
    assert len([r for r in caplog.records if "gave up announcing" in r.getMessage()]) == 1


# --- hard deadlines for players ---
async def test_a_move_after_the_deadline_is_refused_and_the_sweeper_told(
    service: MatchService, clock: Clock
) -> None:
    match = await start_match(service, side="black", move_time="1h")
    await service.play.move(by(ALICE), "11-15")
    clock.now += 3600 + 19
    service._shared.alarm.wake_at = clock.now + 20  # the sweeper's next look
    service._shared.alarm.changed.clear()
    await refused(service, service.play.move(by(BOB), "22-18"), "White loses on time")
    await refused(service, service.play.resign(by(ALICE)), "Time is up in Checkers #1")
    assert service._shared.alarm.changed.is_set()
    events, _ = await service.deadlines.sweep()
    assert [e.kind for e in events] == ["timeout"]
    ended = await service._shared.find.match(match.id)
    assert result(ended) == "<@101> (Black) won (White ran out of time)"


async def test_the_guard_in_the_database_refuses_a_late_move_decided_in_time(
    service: MatchService, clock: Clock
) -> None:
    """Even a move checked a moment before its deadline cannot land after it."""
    match = await start_match(service, side="black", move_time="1h")
    late = MoveWrite(match.id, 1, "11-15", ALICE, clock.now + 3600, "W:W21-32:B1-10,12,15", None)
    assert await service._shared.matches.record_move(late) is None
    assert (await service._shared.find.match(match.id)).ply == 0


async def test_news_claimed_by_a_process_that_died_is_posted_after_a_restart(
    db_url: str, clock: Clock
) -> None:
    store = await Store.open(db_url)
    service = MatchService(store, clock=clock)
    match = await _overdue(service, clock)
    events, _ = await service.deadlines.sweep()  # the game ends, its news is claimed...
    assert [e.kind for e in events] == ["timeout"]
    await store.close()  # ...and the process dies before posting it
    store = await Store.open(db_url)
    try:
        again = MatchService(store, clock=clock)
        assert (await again.deadlines.sweep())[0] == []  # another's claim still holds
        clock.now += CLAIM_SECONDS
        (event,), _ = await again.deadlines.sweep()
        assert event.kind == "timeout" and event.match is not None and event.match.id == match.id
        await again.deadlines.delivered(event)
        assert (await again.deadlines.sweep())[0] == []
    finally:
        await store.close()

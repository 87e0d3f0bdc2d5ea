"""The computer's workers shared fairly: whoever waits with the fewest jobs running gets the
next free worker, whatever one person has queued; a cancelled wait gives nothing away."""

from __future__ import annotations

import asyncio

from bot.runtime.fair_share import FairShare

ALICE, BOB, CAROL = 1, 2, 3


class Jobs:
    """Jobs that hold a slot until the test lets each finish; the order they started in."""

    def __init__(self, share: FairShare) -> None:
        self.share = share
        self.started: list[tuple[int, int]] = []
        self._finish: dict[tuple[int, int], asyncio.Event] = {}
        self.tasks: list[asyncio.Task[None]] = []

    def submit(self, who: int, number: int) -> None:
        self._finish[who, number] = asyncio.Event()
        self.tasks.append(asyncio.create_task(self._job(who, number)))

    async def _job(self, who: int, number: int) -> None:
        async with self.share.slot(who):
            self.started.append((who, number))
            await self._finish[who, number].wait()

    async def finish(self, who: int, number: int) -> None:
        self._finish[who, number].set()
        await settle()


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


async def test_a_flood_from_one_person_delays_another_by_one_job_at_most() -> None:
    share = FairShare(2)
    jobs = Jobs(share)
    for n in range(20):
        jobs.submit(ALICE, n)
    await settle()
    assert jobs.started == [(ALICE, 0), (ALICE, 1)] and share.waiting == 18
    jobs.submit(BOB, 0)
    await settle()
    await jobs.finish(ALICE, 1)  # the first worker to free up is Bob's
    assert jobs.started[-1] == (BOB, 0)
    await jobs.finish(ALICE, 0)
    assert jobs.started[-1] == (ALICE, 2)
    jobs.submit(CAROL, 0)
    jobs.submit(CAROL, 1)
    await settle()
    await jobs.finish(BOB, 0)  # Carol holds nothing, Alice one: Carol first
    await jobs.finish(ALICE, 2)  # Carol holds one, Alice none now: Alice
    assert jobs.started[-2:] == [(CAROL, 0), (ALICE, 3)]
    for task in jobs.tasks:
        task.cancel()
    await asyncio.gather(*jobs.tasks, return_exceptions=True)
    assert share.held.total() == 0 and share.waiting == 0


async def test_a_cancelled_wait_or_job_frees_its_place() -> None:
    share = FairShare(1)
    jobs = Jobs(share)
    jobs.submit(ALICE, 0)
    jobs.submit(BOB, 0)
    jobs.submit(CAROL, 0)
    await settle()
    jobs.tasks[1].cancel()  # Bob gives up while waiting
    await settle()
    assert share.waiting == 1
    jobs.tasks[0].cancel()  # Alice's running job is cancelled: Carol's turn
    await settle()
    assert jobs.started == [(ALICE, 0), (CAROL, 0)] and dict(share.held) == {CAROL: 1}
    await jobs.finish(CAROL, 0)
    assert share.held.total() == 0 and share.waiting == 0

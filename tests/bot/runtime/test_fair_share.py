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

    def submit(self, who: int, number: int, *, background: bool = False) -> None:
        self._finish[who, number] = asyncio.Event()
        self.tasks.append(asyncio.create_task(self._job(who, number, background)))

    async def _job(self, who: int, number: int, background: bool) -> None:
        async with self.share.slot(who, background=background):
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


async def test_a_background_job_waits_behind_every_other_job() -> None:
    """A review's readings (background) never go ahead of a move: a freed worker goes to a
    waiting move, even one queued after the reading, and even the reviewer's own move."""
    share = FairShare(2)
    jobs = Jobs(share)
    jobs.submit(ALICE, 1, background=True)
    jobs.submit(ALICE, 2, background=True)
    await settle()
    jobs.submit(ALICE, 3, background=True)  # waits: both workers read for Alice
    jobs.submit(BOB, 1)
    jobs.submit(ALICE, 4)
    await settle()
    assert jobs.started == [(ALICE, 1), (ALICE, 2)] and share.waiting == 3
    await jobs.finish(ALICE, 1)
    assert jobs.started[-1] == (BOB, 1)  # a move first, though Alice's reading waited longer
    await jobs.finish(ALICE, 2)
    assert jobs.started[-1] == (ALICE, 4)  # then Alice's move, before her reading
    await jobs.finish(BOB, 1)
    assert jobs.started[-1] == (ALICE, 3)
    for who, number in ((ALICE, 3), (ALICE, 4)):
        await jobs.finish(who, number)
    assert not share.held and not share.waiting


async def test_a_background_job_takes_a_free_worker_at_once() -> None:
    share = FairShare(1)
    jobs = Jobs(share)
    jobs.submit(CAROL, 1, background=True)
    await settle()
    assert jobs.started == [(CAROL, 1)]
    await jobs.finish(CAROL, 1)
    assert not share.held

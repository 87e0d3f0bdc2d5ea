"""Sharing the computer's worker processes fairly between the people who play it: at most
one job a worker at once, and when jobs wait, a freed worker goes to whoever waits with the
fewest jobs running (the first to wait among equals), not to whoever queued first. One
person's many games then delay someone else's move by at most one think: the first worker
that frees up is theirs. Background jobs (game reviews) wait behind every job that is not:
a freed worker goes to one only when no other job waits."""

from __future__ import annotations

import asyncio
from collections import Counter, OrderedDict, deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

#: the people waiting in one queue, first come first, each with their jobs' wake-ups
Queue = OrderedDict[int, deque[asyncio.Future[None]]]


class FairShare:
    def __init__(self, slots: int) -> None:
        self.slots = slots
        #: slots held, by person
        self.held: Counter[int] = Counter()
        #: who is waiting, first come first, each with their jobs' wake-ups in order: the
        #: jobs that come first, then the background's
        self._queues: tuple[Queue, Queue] = (OrderedDict(), OrderedDict())

    @property
    def waiting(self) -> int:
        return sum(len(jobs) for queue in self._queues for jobs in queue.values())

    @asynccontextmanager
    async def slot(self, who: int, *, background: bool = False) -> AsyncIterator[None]:
        """Hold one of the slots for `who`'s job, waiting for that person's turn if all are
        taken (a `background` job: until no other waits); the slot passes on when the block
        ends (or is cancelled)."""
        if self.held.total() < self.slots and not self.waiting:
            self.held[who] += 1
        else:
            await self._wait(who, self._queues[background])
        try:
            yield
        finally:
            self._release(who)

    async def _wait(self, who: int, queue: Queue) -> None:
        granted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        queue.setdefault(who, deque()).append(granted)
        try:
            await granted
        except asyncio.CancelledError:
            if granted.done() and not granted.cancelled():
                self._release(who)  # given a slot just as it was cancelled: pass it on
            else:
                self._forget(who, granted, queue)
            raise

    @staticmethod
    def _forget(who: int, granted: asyncio.Future[None], queue: Queue) -> None:
        jobs = queue.get(who)
        if jobs is not None and granted in jobs:
            jobs.remove(granted)
            if not jobs:
                del queue[who]

    def _release(self, who: int) -> None:
        """`who`'s slot is free: to whoever waits with the fewest slots held, among the jobs
        that come before the background's if any wait."""
        self.held[who] -= 1
        if not self.held[who]:
            del self.held[who]
        for queue in self._queues:
            while queue:
                # min() keeps the first of equals: the longest waiting among them
                nextup = min(queue, key=lambda person: self.held[person])
                jobs = queue[nextup]
                granted = jobs.popleft()
                if not jobs:
                    del queue[nextup]
                if not granted.done():
                    self.held[nextup] += 1
                    granted.set_result(None)
                    return

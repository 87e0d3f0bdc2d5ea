"""Sharing the computer's worker processes fairly between the people who play it: at most
one job a worker at once, and when jobs wait, a freed worker goes to whoever waits with the
fewest jobs running (the first to wait among equals), not to whoever queued first. One
person's many games then delay someone else's move by at most one think: the first worker
that frees up is theirs."""

from __future__ import annotations

import asyncio
from collections import Counter, OrderedDict, deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class FairShare:
    def __init__(self, slots: int) -> None:
        self.slots = slots
        #: slots held, by person
        self.held: Counter[int] = Counter()
        #: who is waiting, first come first, each with their jobs' wake-ups in order
        self._waiting: OrderedDict[int, deque[asyncio.Future[None]]] = OrderedDict()

    @property
    def waiting(self) -> int:
        return sum(len(jobs) for jobs in self._waiting.values())

    @asynccontextmanager
    async def slot(self, who: int) -> AsyncIterator[None]:
        """Hold one of the slots for `who`'s job, waiting for that person's turn if all are
        taken; the slot passes on when the block ends (or is cancelled)."""
        if self.held.total() < self.slots and not self._waiting:
            self.held[who] += 1
        else:
            await self._wait(who)
        try:
            yield
        finally:
            self._release(who)

    async def _wait(self, who: int) -> None:
        granted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(who, deque()).append(granted)
        try:
            await granted
        except asyncio.CancelledError:
            if granted.done() and not granted.cancelled():
                self._release(who)  # given a slot just as it was cancelled: pass it on
            else:
                self._forget(who, granted)
            raise

    def _forget(self, who: int, granted: asyncio.Future[None]) -> None:
        jobs = self._waiting.get(who)
        if jobs is not None and granted in jobs:
            jobs.remove(granted)
            if not jobs:
                del self._waiting[who]

    def _release(self, who: int) -> None:
        """`who`'s slot is free: to whoever waits with the fewest slots held."""
        self.held[who] -= 1
        if not self.held[who]:
            del self.held[who]
        while self._waiting:
            # min() keeps the first of equals: the longest waiting among them
            nextup = min(self._waiting, key=lambda person: self.held[person])
            jobs = self._waiting[nextup]
            granted = jobs.popleft()
            if not jobs:
                del self._waiting[nextup]
            if not granted.done():
                self.held[nextup] += 1
                granted.set_result(None)
                return

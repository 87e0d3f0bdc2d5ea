"""The sweeper: ends overdue games, expires challenges and sends reminders, on time.

What it does is queued in an outbox in the same transaction, and marked sent only once
posted: a post that fails (network, Discord down) is retried at the next sweep, and news
pending at a restart is posted then. It sleeps until the next thing falls due (woken early
when something falls due sooner, and at most `longest_sleep`, for changes made by other
processes), so a time-out is announced within a second of its deadline; while its claims
of news come back full (a backlog, after a long stop), it goes on at once. No fault stops it:
a failed sweep or post is logged and retried with a growing pause.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from bot.service.deadlines import Deadlines
from bot.service.views import SweepEvent

log = logging.getLogger("bot.sweeper")
Announce = Callable[[SweepEvent], Awaitable[None]]


class Sweeper:
    def __init__(
        self,
        deadlines: Deadlines,
        announce: Announce,
        *,
        longest_sleep: float = 20.0,
        first_pause: float = 1.0,
        longest_pause: float = 60.0,
    ) -> None:
        self.deadlines = deadlines
        self.shared = deadlines.shared
        self.announce = announce
        self.longest_sleep = longest_sleep
        self.first_pause = first_pause
        self.longest_pause = longest_pause
        self.faults = 0  # sweeps in a row that failed
        self.retries = 0  # sweeps in a row that left news unposted

    async def run(self) -> None:
        """Sweep until cancelled."""
        while True:
            self.shared.alarm.wake_at = self.shared.settings.clock()
            await self._sleep(await self.step())

    async def step(self) -> float:
        """One sweep and its announcements; returns how long to sleep before the next."""
        try:
            events, failed = await self.deadlines.sweep()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.warning("sweep failed; retrying in %.0f s", self._pause(), exc_info=True)
            return self._fault()
        unsent = 0
        for event in events:
            try:
                posted = await self._post(event)
                await (self.deadlines.delivered if posted else self.deadlines.undelivered)(event)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("cannot record a %s's announcement", event.kind, exc_info=True)
                failed += 1
            unsent += not posted
        if failed:
            return self._fault()  # the database failed: everything waits a while
        self.faults = 0
        if self.deadlines.backlog:
            return 0.0  # a full claim: more news is waiting
        due = await self._until_due()
        if not unsent:
            self.retries = 0
            return due
        # news to post again soon, each item a few times at most; the rest keeps its times
        self.retries += 1
        return min(due, self.longest_pause, self.first_pause * 2 ** (self.retries - 1))

    async def _post(self, event: SweepEvent) -> bool:
        try:
            await self.announce(event)
        except asyncio.CancelledError:
            raise
        except Exception as err:
            log.warning("could not announce a %s (%s): retrying", event.kind, err)
            return False
        return True

    def _pause(self) -> float:
        return min(self.longest_pause, self.first_pause * 2**self.faults)

    def _fault(self) -> float:
        pause = self._pause()
        self.faults += 1
        return pause

    async def _until_due(self) -> float:
        try:
            due = await self.deadlines.next_due()
        except Exception:
            log.warning("cannot read the next deadline", exc_info=True)
            return self._fault()
        if due is None:
            return self.longest_sleep
        return max(0.0, min(self.longest_sleep, due - self.shared.settings.clock()))

    async def _sleep(self, seconds: float) -> None:
        """Sleep, waking early when something falls due sooner (unless in a fault pause)."""
        shared = self.shared
        if self.faults:
            await asyncio.sleep(seconds)
            return
        shared.alarm.wake_at = shared.settings.clock() + seconds
        shared.alarm.changed.clear()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                await shared.alarm.changed.wait()

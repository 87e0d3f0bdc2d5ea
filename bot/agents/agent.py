"""What every background driver of the service does alike: one task at a time a key (a
match, a tournament); asked again while one runs, the key is run once more when it ends
(or not, for work that is done once), never twice at once; tried again later after a
failure; and after a restart, resumed over every key with work left."""

from __future__ import annotations

import asyncio
import contextvars
from abc import ABC, abstractmethod


class Agent(ABC):
    #: the name of its tasks (`name-key`)
    name: str
    #: asked again while a key's task runs: run the key once more after it (or not)
    again = True

    def __init__(self) -> None:
        self._running: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._closed = False

    @abstractmethod
    async def work(self, key: int) -> None:
        """The work for a key, run in a task of its own."""

    @abstractmethod
    async def pending(self) -> list[int]:
        """The keys with work left (at start, after a restart)."""

    def kick(self, key: int) -> None:
        """Run the work for `key`. The task runs in a context of its own, not the caller's
        (which may hold an open transaction: a task copies its creator's context)."""
        if self._closed:
            return
        if key in self._running:
            if self.again:
                self._again.add(key)
            return
        task = asyncio.get_running_loop().create_task(
            self.work(key), name=f"{self.name}-{key}", context=contextvars.Context()
        )
        self._running[key] = task
        task.add_done_callback(lambda _: self._done(key))

    def later(self, seconds: float, key: int) -> None:
        """Kick `key` again after a pause (after a failure that may pass)."""
        asyncio.get_running_loop().call_later(seconds, self.kick, key)

    def _done(self, key: int) -> None:
        del self._running[key]
        if key in self._again:
            self._again.discard(key)
            self.kick(key)

    async def resume(self) -> None:
        """Take up every key with work left (at start, after a restart)."""
        for key in await self.pending():
            self.kick(key)

    @property
    def busy(self) -> bool:
        return bool(self._running)

    async def settle(self) -> None:
        """Wait until no work runs (the console, tests)."""
        while self._running:
            await asyncio.gather(*self._running.values(), return_exceptions=True)

    async def close(self) -> None:
        """Cancel the work under way and take no more."""
        self._closed = True
        for task in list(self._running.values()):
            task.cancel()
        await asyncio.gather(*self._running.values(), return_exceptions=True)

"""One task at a time a key (a match, a tournament): asked again while one runs, the key is
run once more when it ends, never twice at once. What the computer player, the analyst and
the tournament director share."""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable, Coroutine
from typing import Any


class KeyedTasks:
    def __init__(self, name: str, make: Callable[[int], Coroutine[Any, Any, None]]) -> None:
        self.name = name
        self.make = make  # the work for a key, as a coroutine
        self._running: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._closed = False

    def start(self, key: int, *, again: bool = True) -> None:
        """Run the work for `key`; if it runs already, once more after (`again`) or not.
        The task runs in a context of its own, not the caller's (which may hold an open
        transaction: a task copies its creator's context)."""
        if self._closed:
            return
        if key in self._running:
            if again:
                self._again.add(key)
            return
        task = asyncio.get_running_loop().create_task(
            self.make(key), name=f"{self.name}-{key}", context=contextvars.Context()
        )
        self._running[key] = task
        task.add_done_callback(lambda _: self._done(key))

    def _done(self, key: int) -> None:
        del self._running[key]
        if key in self._again:
            self._again.discard(key)
            self.start(key)

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

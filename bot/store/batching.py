"""Requests to the database that arrive while one is on its way go together in the next
trip: SQLite's group commit of moves (several units, one COMMIT) and match rows read by id
(several ids, one SELECT). Under load a trip carries many; alone, one goes at once."""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Awaitable, Callable, Sequence
from typing import Generic, TypeVar

from bot.store.tasks import uncancelled

K = TypeVar("K")
R = TypeVar("R")
#: the most requests one trip carries (a longer queue goes in several)
BATCH_MOST = 256


class Batched(Generic[K, R]):
    """Requests sent through `send` (a batch at once: a result or an error each), one batch
    at a time: what queues while a batch is on its way goes in the next."""

    def __init__(
        self,
        send: Callable[[list[K]], Awaitable[Sequence[R | Exception]]],
        *,
        writes: bool = True,
    ) -> None:
        self._send = send
        #: a cancelled asker waits for its result (a write), or leaves at once (a read)
        self._writes = writes
        self._queue: list[tuple[K, asyncio.Future[R]]] = []
        self._sending: asyncio.Task[None] | None = None

    async def submit(self, request: K) -> R:
        """`request`'s result, sent with whatever else waits (for a write, a cancellation is
        raised once the result is in: a write is never left undecided)."""
        future: asyncio.Future[R] = asyncio.get_running_loop().create_future()
        self._queue.append((request, future))
        if self._sending is None:  # in a context of its own, not the first asker's
            self._sending = asyncio.create_task(self._send_all(), context=contextvars.Context())
        return await (uncancelled(future) if self._writes else future)

    async def _send_all(self) -> None:
        batch: list[tuple[K, asyncio.Future[R]]] = []
        try:
            while self._queue:
                batch, self._queue = self._queue[:BATCH_MOST], self._queue[BATCH_MOST:]
                try:
                    results = await self._send([request for request, _ in batch])
                except Exception as err:  # the whole batch failed: so did each request
                    results = [err] * len(batch)
                _settle(batch, results)
        finally:  # cut short (the loop is closing): what is left is not known to be done
            self._sending = None
            left, self._queue = batch + self._queue, []
            _settle(left, [BatchCutShort()] * len(left))

    async def close(self) -> None:
        """Wait for the batch on its way (the store is closing)."""
        if self._sending is not None:
            await asyncio.wait([self._sending])


class BatchCutShort(Exception):
    """A request whose batch was cut short by the event loop closing: done or not, unknown."""


def _settle(batch: list[tuple[K, asyncio.Future[R]]], results: Sequence[R | Exception]) -> None:
    """Each request's future given its result (those already settled are left as they are)."""
    for (_, future), result in zip(batch, results, strict=True):
        if future.done():
            continue
        if isinstance(result, Exception):
            future.set_exception(result)
        else:
            future.set_result(result)

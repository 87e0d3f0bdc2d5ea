"""Awaiting what must finish: a COMMIT, a ROLLBACK, a statement on a connection that would
not know where it stands if the await were cut short."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TypeVar

T = TypeVar("T")


async def uncancelled(step: Awaitable[T]) -> T:
    """Await a step to its end even if the task is cancelled meanwhile (the cancellation is
    raised afterwards): a COMMIT or ROLLBACK is never left undecided."""
    task = asyncio.ensure_future(step)
    cancelled = False
    while not task.done():
        try:
            await asyncio.shield(task)
        except asyncio.CancelledError:
            if task.cancelled():
                raise
            cancelled = True
    if cancelled:
        raise asyncio.CancelledError
    return task.result()

"""Worker processes for the bot's CPU work (board pictures and replays): a pool sized to the
cores, started on first use, so pictures never run on the event loop and one bot process
draws on every core. (The computer player thinks in a pool of its own, so a long think
never holds up a picture.)"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any, TypeVar

T = TypeVar("T")
_pool: ProcessPoolExecutor | None = None


def pool_size() -> int:
    """How many worker processes a pool has: one a core."""
    return os.cpu_count() or 1


#: how much lower the workers' CPU priority is than the event loop's process (Unix nice)
NICER = 10


def new_pool() -> ProcessPoolExecutor:
    """Worker processes, one a core; spawned, not forked, so a child shares no locks or
    threads with the event loop's process. They run at a lower priority, so when pictures
    and thinking keep every core busy, the event loop (which answers Discord within its
    3 seconds) still gets a core when it needs one."""
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(
        max_workers=pool_size(), mp_context=context, initializer=_yield_to_the_loop
    )


def _yield_to_the_loop() -> None:
    if hasattr(os, "nice"):
        os.nice(NICER)


def _executor() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        _pool = new_pool()
    return _pool


def discard(pool: Executor) -> None:
    """Drop a pool a dead worker broke, leaving none of its processes alive. The pool stops
    the workers it knows of, but one a submit started while it broke (a race in CPython
    3.11) waits forever for the queue lock the dead worker held, and the interpreter waits
    for that worker at exit."""
    if isinstance(pool, ProcessPoolExecutor):
        # the pool's processes are known only to it (None once shut down)
        for process in list((pool._processes or {}).values()):  # noqa: SLF001
            process.kill()
    pool.shutdown(wait=False, cancel_futures=True)


async def run(function: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
    """`function(*args, **kwargs)` in a worker process (its arguments and result pickled)."""
    global _pool
    call = partial(function, *args, **kwargs)
    pool = _executor()
    try:
        return await asyncio.get_running_loop().run_in_executor(pool, call)
    except BrokenProcessPool:
        discard(pool)
        _pool = None  # a worker died (killed, out of memory): the next call starts afresh
        raise


async def warm(prepare: Callable[[], object]) -> None:
    """Start every worker now, each running `prepare` (its caches), so that the first
    pictures do not wait for processes to start: the pool starts one process a call
    waiting, up to one a core."""
    await asyncio.gather(*(run(prepare) for _ in range(pool_size())))


def shutdown() -> None:
    """Stop the workers (when the bot stops)."""
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None

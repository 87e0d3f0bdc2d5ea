"""The worker processes fail as processes do: killed (out of memory, by an operator). The
bot carries on: the picture asked for at that moment fails, the next one works."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from concurrent.futures.process import BrokenProcessPool

import pytest

from bot.runtime import workers
from render import board_png
from render.api import prepare
from rules import get_game

pytestmark = pytest.mark.processes  # starts, kills and waits on processes


async def test_a_killed_worker_costs_one_picture_not_the_pool() -> None:
    game = get_game("checkers")
    png = await workers.run(board_png, game.id, game.initial_position())
    assert png.startswith(b"\x89PNG")
    pool = workers._executor()
    for pid in list(pool._processes):  # what the kernel's OOM killer would do
        os.kill(pid, signal.SIGKILL)
    with pytest.raises(BrokenProcessPool):
        await workers.run(board_png, game.id, game.initial_position())
    again = await workers.run(board_png, game.id, game.initial_position())
    assert again == png and workers._executor() is not pool
    workers.shutdown()


async def test_a_discarded_pool_leaves_no_worker_alive() -> None:
    pool = workers.new_pool()
    busy = pool.submit(time.sleep, 60)  # a worker that a plain shutdown would wait for
    while not busy.running():
        await asyncio.sleep(0.01)
    processes = list(pool._processes.values())
    assert processes and all(p.is_alive() for p in processes)
    workers.discard(pool)
    for process in processes:
        process.join(timeout=10)
        for _ in range(100):  # the pool's own thread may be reaping it at the same moment
            if not process.is_alive():
                break
            time.sleep(0.05)
        assert not process.is_alive()


@pytest.mark.skipif(not hasattr(os, "nice"), reason="no process priorities here")
async def test_workers_run_below_the_event_loops_priority() -> None:
    """Pictures and thinking never crowd out the loop that answers Discord."""
    pool = workers.new_pool()
    try:
        theirs = await asyncio.get_running_loop().run_in_executor(pool, os.nice, 0)
    finally:
        pool.shutdown()
    assert theirs == min(19, os.nice(0) + workers.NICER)


async def test_warming_starts_every_worker_with_its_pictures_ready() -> None:
    game = get_game("the-crown")
    try:
        await workers.warm(prepare)
        pool = workers._executor()
        assert len(pool._processes) == workers.pool_size()
        pids = set(pool._processes)
        for _ in range(4):  # the warmed workers draw; none is started afresh
            png = await workers.run(board_png, game.id, game.initial_position())
            assert png.startswith(b"\x89PNG")
        assert set(pool._processes) == pids
    finally:
        workers.shutdown()

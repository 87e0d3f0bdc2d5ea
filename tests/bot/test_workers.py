"""The worker processes fail as processes do: killed (out of memory, by an operator). The
bot carries on: the picture asked for at that moment fails, the next one works."""

from __future__ import annotations

import os
import signal
from concurrent.futures.process import BrokenProcessPool

import pytest

from bot import workers
from render import board_png
from rules import get_game


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

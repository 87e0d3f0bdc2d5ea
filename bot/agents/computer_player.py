"""The computer player: when it is its turn in a game, it thinks in a worker process (a pool
sized to the cores, never on the event loop), plays its move through the service like a
person, and has the adapter show the board. The workers are shared fairly: when turns wait,
the next worker goes to the next person in turn (`FairShare`). After a restart it picks up
the games where it is to move."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import TypeVar

from ai import choose_move
from bot.agents.agent import Agent
from bot.errors import Refusal
from bot.runtime import workers
from bot.runtime.fair_share import FairShare
from bot.service import MatchService, MoveResult, Turn

T = TypeVar("T")
log = logging.getLogger("bot.computer")
#: what the adapter does with each move the computer played: show the board
Announce = Callable[[MoveResult], Awaitable[None]]
#: after an unexpected failure (a worker died, the database refused), the turn is tried again
RETRY_SECONDS = 5.0


class ComputerPlayer(Agent):
    name = "computer"

    def __init__(
        self,
        service: MatchService,
        announce: Announce,
        *,
        executor: Executor | None = None,
        slots: int | None = None,
    ) -> None:
        super().__init__()
        self.service = service
        self.announce = announce
        self._executor = executor
        self._owns_executor = executor is None
        #: thinks at once: one a worker process
        self.share = FairShare(slots or workers.pool_size())
        service.on_computer_turn(self.kick)

    def executor(self) -> Executor:
        """The worker processes, started on first use (a pool apart from the pictures')."""
        if self._executor is None:
            self._executor = workers.new_pool()
        return self._executor

    async def pending(self) -> list[int]:
        """The games where the computer is to move."""
        return await self.service.computer.to_move()

    async def close(self) -> None:
        await super().close()
        if self._executor is not None and self._owns_executor:
            self._executor.shutdown(wait=False, cancel_futures=True)

    async def work(self, match_id: int) -> None:
        """Play the computer's turn in the match, if it has one (asked meanwhile, it looks
        again when this turn is done)."""
        try:
            turn = await self.service.computer.turn(match_id)
            if turn is None:
                return
            move = await self._think(turn)
            result = await self.service.computer.move(turn, move)
        except Refusal as refusal:  # the game moved on (resigned, timed out, aborted)
            log.info("the computer's move in match #%s was not played: %s", match_id, refusal)
            return
        except Exception:
            log.exception("the computer could not play in match #%s: retrying", match_id)
            self.later(RETRY_SECONDS, match_id)
            return
        try:
            await self.announce(result)
        except Exception:
            log.exception("the computer's move in match #%s could not be shown", match_id)

    async def _think(self, turn: Turn) -> str:
        think = partial(
            choose_move, turn.game_id, turn.position, level=turn.level, history=turn.history
        )
        return await self.run(turn.player_id, think)

    async def run(self, who: int, job: Callable[[], T], *, background: bool = False) -> T:
        """Run `job` in a worker for `who`, in their fair share of the workers (a
        `background` job, such as a review's, after every other job waiting)."""
        async with self.share.slot(who, background=background):
            pool = self.executor()
            try:
                return await asyncio.get_running_loop().run_in_executor(pool, job)
            except BrokenProcessPool:
                workers.discard(pool)
                self._executor = None  # a worker died: the next job starts a fresh pool
                raise

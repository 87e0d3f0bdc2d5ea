"""The computer reviewing finished games: when a review is asked for, each position of the
game is read in the computer player's workers (never on the event loop), as background
jobs that wait behind every move to be thought of, several at once where workers are free.
Each reading is stored as it is made. One post shows the progress (at the start and each
quarter), then the review, all from the one task that makes it, so they come in order; the
missed wins that make puzzles are kept. After a restart it goes on with the reviews left
unfinished."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from functools import partial

from ai.analysis import read
from ai.puzzles import CHECK_NODES, found_in
from bot.agents.agent import Agent
from bot.agents.computer_player import RETRY_SECONDS, ComputerPlayer
from bot.service import Analysis, Job, MatchService

log = logging.getLogger("bot.analyst")
#: what the adapter does with a review's progress and with the review done: show it
Report = Callable[[Analysis], Awaitable[None]]
#: progress is shown each time this share more of the positions are read
STEPS = 4


class Analyst(Agent):
    name = "review"
    again = False  # a review asked for again while it is made is made once

    def __init__(
        self,
        service: MatchService,
        computer: ComputerPlayer,
        report: Report,
        *,
        nodes: int | None = None,
    ) -> None:
        super().__init__()
        self.service = service
        self.computer = computer
        self.report = report
        #: positions searched a position (None: the review's budget; tests use fewer)
        self.nodes = nodes
        service.on_analysis(self.kick)

    async def pending(self) -> list[int]:
        """The reviews left unfinished."""
        return await self.service.analyses.unfinished()

    async def work(self, match_id: int) -> None:
        """Make the review asked for of the match."""
        try:
            job = await self.service.analyses.job(match_id)
            if job is None:
                return
            await self._show(await self.service.analyses.analysis(match_id))  # how far it is
            await self._read_all(job)
            analysis = await self.service.analyses.finish(match_id)
            await self._find_puzzles(job, analysis)
        except Exception:
            log.exception("the review of match #%s failed: trying again", match_id)
            self.later(RETRY_SECONDS, match_id)
            return
        await self._show(analysis)

    async def _read_all(self, job: Job) -> None:
        """Read the positions left, as many at once as there are workers; show the
        progress each time another quarter is read, in order."""
        left = list(job.missing)
        done = job.total - len(left)
        shown = done * STEPS // job.total
        in_order = asyncio.Lock()

        async def reader() -> None:
            nonlocal done, shown
            while left:
                ply, text = left.pop(0)
                reading = await self.computer.run(
                    job.requested_by,
                    partial(read, job.game_id, text, nodes=self.nodes),
                    background=True,
                )
                await self.service.analyses.add(job.match_id, ply, reading)
                done += 1
                step, count = done * STEPS // job.total, done
                async with in_order:
                    if shown < step and count < job.total:
                        shown = step
                        analysis = await self.service.analyses.analysis(job.match_id)
                        await self._show(replace(analysis, done=count))

        async with asyncio.TaskGroup() as readers:  # one fails: the others stop too
            for _ in range(self.computer.share.slots):
                readers.create_task(reader())

    async def _find_puzzles(self, job: Job, analysis: Analysis) -> None:
        """Keep the missed wins of the reviewed game that make puzzles (checked in a worker)."""
        assert analysis.review is not None
        record = await self.service.replay(await self.service.match(job.match_id))
        texts = [record.game.encode(p) for p in record.positions]
        check = partial(found_in, job.game_id, texts, analysis.review, self.nodes or CHECK_NODES)
        found = await self.computer.run(job.requested_by, check, background=True)
        for ply, puzzle in found:
            await self.service.puzzles.add(job.match_id, ply, puzzle)

    async def _show(self, analysis: Analysis) -> None:
        try:
            await self.report(analysis)
        except Exception:
            log.exception("the review of match #%s could not be shown", analysis.match.id)

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
from bot.adapters.computer_player import RETRY_SECONDS, ComputerPlayer
from bot.adapters.keyed_tasks import KeyedTasks
from bot.service.analyses import Job
from bot.service.match_service import MatchService
from bot.service.views import Analysis

log = logging.getLogger("bot.analyst")
#: what the adapter does with a review's progress and with the review done: show it
Report = Callable[[Analysis], Awaitable[None]]
#: progress is shown each time this share more of the positions are read
STEPS = 4


class Analyst:
    def __init__(
        self,
        service: MatchService,
        computer: ComputerPlayer,
        report: Report,
        *,
        nodes: int | None = None,
    ) -> None:
        self.service = service
        self.computer = computer
        self.report = report
        #: positions searched a position (None: the review's budget; tests use fewer)
        self.nodes = nodes
        self._reviewing = KeyedTasks("review", self._review)
        service.on_analysis(self.kick)

    def kick(self, match_id: int) -> None:
        """A review was asked for: make it (once at a time a match)."""
        self._reviewing.start(match_id, again=False)

    async def resume(self) -> None:
        """Go on with every review left unfinished (at start, after a restart)."""
        for match_id in await self.service.analyses.unfinished():
            self.kick(match_id)

    @property
    def busy(self) -> bool:
        return self._reviewing.busy

    async def settle(self) -> None:
        """Wait until every review under way is made (the console, tests)."""
        await self._reviewing.settle()

    async def close(self) -> None:
        await self._reviewing.close()

    async def _review(self, match_id: int) -> None:
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
            asyncio.get_running_loop().call_later(RETRY_SECONDS, self.kick, match_id)
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
                reading = await self.computer.work(
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
        record = await self.service.replay(job.match_id)
        texts = [record.game.encode(p) for p in record.positions]
        check = partial(found_in, job.game_id, texts, analysis.review, self.nodes or CHECK_NODES)
        found = await self.computer.work(job.requested_by, check, background=True)
        for ply, puzzle in found:
            await self.service.puzzles.add(job.match_id, ply, puzzle)

    async def _show(self, analysis: Analysis) -> None:
        try:
            await self.report(analysis)
        except Exception:
            log.exception("the review of match #%s could not be shown", analysis.match.id)

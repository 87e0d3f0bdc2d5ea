"""Deadlines: what the sweeper does. Each due item is decided in its own transaction on a
fresh read, so a failure, or another process's sweep, never stops the others."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from rules import Outcome, Termination, get_game

from .core import Core
from .play import NO_MOVE_IN_TIME, Play
from .records import MatchStatus, SweepEvent, SweepKind

log = logging.getLogger("bot.deadlines")
Step = Callable[[int, float], Awaitable[SweepEvent | None]]


class Deadlines:
    def __init__(self, core: Core, play: Play) -> None:
        self.core = core
        self.play = play

    async def sweep(self) -> tuple[list[SweepEvent], int]:
        """Expire challenges, end overdue games and send reminders due: (what it did, how many
        items failed)."""
        now = self.core.clock()
        due: list[tuple[Step, int]] = [
            *((self._expire, i) for i in await self.core.challenges.due(now)),
            *((self._time_out, i) for i in await self.core.matches.overdue(now)),
            *((self._remind, i) for i in await self.core.matches.reminders_due(now)),
        ]
        events: list[SweepEvent] = []
        failed = 0
        for step, item in due:
            try:
                event = await step(item, now)
            except asyncio.CancelledError:
                raise
            except Exception:
                failed += 1
                log.warning("sweep: %s #%s failed", step.__name__, item, exc_info=True)
                continue
            if event is not None:
                events.append(event)
        return events, failed

    async def next_due(self) -> float | None:
        """When the sweeper next has something to do (None: nothing is pending)."""
        times = [await self.core.challenges.next_expiry(), await self.core.matches.next_due()]
        return min((t for t in times if t is not None), default=None)

    async def _expire(self, challenge_id: int, now: float) -> SweepEvent | None:
        async with self.core.store.transaction() as db:
            done = await self.core.challenges.expire(db, challenge_id, now)
        if not done:
            return None
        return SweepEvent(SweepKind.EXPIRED, challenge=await self.core.challenge(challenge_id))

    async def _time_out(self, match_id: int, now: float) -> SweepEvent | None:
        async with self.core.store.transaction() as db:
            match = await self.core.match_row(match_id)
            if match["status"] != MatchStatus.ACTIVE or match["deadline"] > now:
                return None  # moved in time, or another sweeper was first
            if match["ply"] == 0:
                await self.play.abort(db, match, NO_MOVE_IN_TIME)
                kind = SweepKind.ABORTED
            else:
                game = get_game(match["game_id"])
                late = game.side_to_move(game.decode(match["position"]))
                await self.play.finish(
                    db, match, Outcome(game.opponent(late), Termination.TIME, late)
                )
                kind = SweepKind.TIMEOUT
        return SweepEvent(kind, match=await self.core.match(match_id))

    async def _remind(self, match_id: int, now: float) -> SweepEvent | None:
        async with self.core.store.transaction() as db:
            done = await self.core.matches.mark_reminded(db, match_id, now)
        if not done:
            return None
        match = await self.core.match(match_id)
        left = (match.deadline or now) - now
        return SweepEvent(SweepKind.REMINDER, match=match, seconds_left=left)

"""Deadlines: what the sweeper does. Each due item is decided in its own transaction on a
fresh read, so a failure, or another process's sweep, never stops the others."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.service.play import NO_MOVE_IN_TIME, Play
from bot.service.shared import Shared
from bot.service.views import MatchStatus, MatchView, SweepEvent, SweepKind
from bot.store import Row
from bot.store.announcement_table import CLAIM_LIMIT, MOST_ATTEMPTS, AnnouncementRows
from rules import Outcome, Termination, get_game

log = logging.getLogger("bot.deadlines")
Step = Callable[[int, float], Awaitable[None]]


class Deadlines:
    def __init__(self, shared: Shared, play: Play) -> None:
        self.shared = shared
        self.play = play
        self.outbox = AnnouncementRows(shared.store)
        #: the last claim of news came back full: more is waiting, sweep again at once
        self.backlog = False

    async def sweep(self) -> tuple[list[SweepEvent], int]:
        """Expire challenges, end overdue games and note reminders due, each with its news
        queued in the outbox; then (what there is to announce, how many items failed)."""
        now, shards = self.shared.settings.clock(), self.shared.settings.shards
        due: list[tuple[Step, int]] = [
            *((self._expire, i) for i in await self.shared.challenges.due(now, shards)),
            *((self._time_out, i) for i in await self.shared.matches.overdue(now, shards)),
            *((self._remind, i) for i in await self.shared.matches.reminders_due(now, shards)),
        ]
        failed = 0
        for step, item in due:
            try:
                await step(item, now)
            except asyncio.CancelledError:
                raise
            except Exception:
                failed += 1
                log.warning("sweep: %s #%s failed", step.__name__, item, exc_info=True)
        return await self.news(now), failed

    async def news(self, now: float) -> list[SweepEvent]:
        """The announcements not yet posted, oldest first (stale reminders are dropped)."""
        events = []
        claimed = await self.outbox.claim(now, shards=self.shared.settings.shards)
        self.backlog = len(claimed) == CLAIM_LIMIT
        for row in claimed:
            event = await self._event(row, now)
            if event is None:
                await self.outbox.sent(row["id"], now)
            else:
                events.append(event)
        return events

    async def _event(self, row: Row, now: float) -> SweepEvent | None:
        kind = SweepKind(row["kind"])
        if kind == SweepKind.EXPIRED:
            challenge = await self.shared.find.challenge(row["challenge_id"])
            return SweepEvent(kind, challenge=challenge, announcement_id=row["id"])
        match = await self.shared.find.match(row["match_id"])
        if kind == SweepKind.REMINDER:
            fresh = await self.shared.find.match_row(match.id)
            if not match.active or not fresh["reminded"]:
                return None  # the player has moved since, or the game is over
            left = (match.deadline or now) - now
            return SweepEvent(kind, match=match, seconds_left=left, announcement_id=row["id"])
        return SweepEvent(kind, match=match, announcement_id=row["id"])

    async def delivered(self, event: SweepEvent) -> None:
        if event.announcement_id is not None:
            await self.outbox.sent(event.announcement_id, self.shared.settings.clock())

    async def undelivered(self, event: SweepEvent) -> None:
        """Left in the outbox for the next sweep to post again, or, once it has failed
        MOST_ATTEMPTS times, given up (kept, marked, and logged this once)."""
        if event.announcement_id is None:
            return
        if await self.outbox.failed(event.announcement_id, self.shared.settings.clock()):
            log.warning(
                "gave up announcing a %s (#%s) after %d failed posts",
                event.kind,
                event.announcement_id,
                MOST_ATTEMPTS,
            )

    async def next_due(self) -> float | None:
        """When the sweeper next has something to do (None: nothing is pending)."""
        shards = self.shared.settings.shards
        times = [
            await self.shared.challenges.next_expiry(shards),
            await self.shared.matches.next_due(shards),
        ]
        return min((t for t in times if t is not None), default=None)

    async def _expire(self, challenge_id: int, now: float) -> None:
        async with self.shared.store.transaction() as db:
            if await self.shared.challenges.expire(db, challenge_id, now):
                await self.outbox.add(db, SweepKind.EXPIRED, now, challenge_id=challenge_id)

    async def _time_out(self, match_id: int, now: float) -> None:
        async with self.shared.store.transaction() as db:
            match = await self.shared.find.match_row(match_id)
            if match["status"] != MatchStatus.ACTIVE or match["deadline"] > now:
                return  # moved in time, or another sweeper was first
            view = MatchView.of(match)
            if view.ply == view.opening_plies:  # nobody moved (a ballot's opening is drawn)
                await self.play.abort(db, match, NO_MOVE_IN_TIME)
                kind = SweepKind.ABORTED
            else:
                game = get_game(match["game_id"])
                late = game.side_to_move(game.decode(match["position"]))
                await self.play.finish(
                    db, match, Outcome(game.opponent(late), Termination.TIME, late)
                )
                kind = SweepKind.TIMEOUT
            await self.outbox.add(db, kind, now, match_id=match_id)

    async def _remind(self, match_id: int, now: float) -> None:
        async with self.shared.store.transaction() as db:
            if await self.shared.matches.mark_reminded(db, match_id, now):
                await self.outbox.add(db, SweepKind.REMINDER, now, match_id=match_id)

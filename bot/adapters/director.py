"""The tournament director: when a tournament may move on (it began, or one of its games
ended), it asks the service to pair the next round or end the event, and has the adapter
post the news: the round's announcement and games, or the final standings. One task a
tournament at a time; after a restart it looks at every event under way on this process's
servers, so a round that ended while the bot was down is paired then."""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Awaitable, Callable

from bot.service.match_service import MatchService
from bot.service.tournament_views import RoundNews

log = logging.getLogger("bot.director")
#: what the adapter does with a round begun or an event over: post it
Announce = Callable[[RoundNews], Awaitable[None]]
#: a game's end is seen once its transaction is over; a timed-out game's (ended by the
#: sweeper, without the match's lock) may take a moment more: looked at again this often
RECHECK_SECONDS = 0.5
RECHECKS = 20


class Director:
    def __init__(self, service: MatchService, announce: Announce) -> None:
        self.service = service
        self.announce = announce
        self._moving: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._closed = False
        #: the events in sign-up that start by themselves: their timers
        self._starts: dict[int, asyncio.TimerHandle] = {}
        service.on_tournament(self.tell)

    def tell(self, tournament_id: int, match_id: int | None = None) -> None:
        """The tournament may move on (`match_id`: the game that ended, if one did)."""
        if self._closed:
            return
        if tournament_id in self._moving:
            self._again.add(tournament_id)
            return
        # told inside the transaction that ended the game: the task starts outside it, in
        # a context of its own (a task copies the caller's, open transaction and all)
        task = asyncio.get_running_loop().create_task(
            self._move_on(tournament_id, match_id),
            name=f"tournament-{tournament_id}",
            context=contextvars.Context(),
        )
        self._moving[tournament_id] = task
        task.add_done_callback(lambda _: self._done(tournament_id))

    def _done(self, tournament_id: int) -> None:
        del self._moving[tournament_id]
        if tournament_id in self._again:
            self._again.discard(tournament_id)
            self.tell(tournament_id)

    async def resume(self) -> None:
        for tournament_id in await self.service.tournaments.running_ids():
            self.tell(tournament_id)

    @property
    def busy(self) -> bool:
        return bool(self._moving)

    async def settle(self) -> None:
        while self._moving:
            await asyncio.gather(*self._moving.values(), return_exceptions=True)

    async def close(self) -> None:
        self._closed = True
        for timer in self._starts.values():
            timer.cancel()
        for task in list(self._moving.values()):
            task.cancel()
        await asyncio.gather(*self._moving.values(), return_exceptions=True)

    async def _move_on(self, tournament_id: int, match_id: int | None) -> None:
        try:
            if match_id is not None:
                await self._ended(match_id)
            await self._keep_start(tournament_id)
            news = await self.service.tournaments.advance(tournament_id)
        except Exception:
            log.exception("tournament #%s could not move on: trying again", tournament_id)
            asyncio.get_running_loop().call_later(RECHECK_SECONDS * 10, self.tell, tournament_id)
            return
        if news is None:
            return
        try:
            await self.announce(news)
        except Exception:
            log.exception("the news of tournament #%s could not be posted", tournament_id)
        self.tell(tournament_id)  # a round of byes and forfeits only is over at once

    async def _keep_start(self, tournament_id: int) -> None:
        """An event in sign-up with a start set: start it then (a timer, not a task: nothing
        waits for it), or now if the time has passed."""
        event = await self.service.tournaments.view(tournament_id)
        if event.status != "signup" or event.starts_at is None or tournament_id in self._starts:
            return
        delay = max(0.0, event.starts_at - self.service.clock())
        self._starts[tournament_id] = asyncio.get_running_loop().call_later(
            delay, self._start_due, tournament_id
        )

    def _start_due(self, tournament_id: int) -> None:
        self._starts.pop(tournament_id, None)

        async def start() -> None:
            try:
                await self.service.tournaments.start_due(tournament_id)
            except Exception:
                log.exception("tournament #%s could not start at its time", tournament_id)

        asyncio.get_running_loop().create_task(start(), name=f"tournament-start-{tournament_id}")

    async def _ended(self, match_id: int) -> None:
        """Wait until the game's end is written (its lock free, its status over)."""
        async with self.service.shared.locks.of(match_id):
            pass
        for _ in range(RECHECKS):
            if not (await self.service.match(match_id)).active:
                return
            await asyncio.sleep(RECHECK_SECONDS)

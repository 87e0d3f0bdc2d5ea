"""The one place the bot is put together: the store, the match service over it, and the
parts an adapter starts on it (the sweeper, the computer player and its analyst, the
tournament director, the web site). `python -m bot` opens it and hands it to the adapter it
runs (the Discord client, the console), then closes it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot.agents.analyst import Analyst
from bot.agents.analyst import Report as ReportReview
from bot.agents.computer_player import Announce as AnnounceMove
from bot.agents.computer_player import ComputerPlayer
from bot.agents.director import Announce as AnnounceRound
from bot.agents.director import Director, PostBoard
from bot.app.config import Settings
from bot.runtime import workers
from bot.service import MatchService, Sweeper, SweepEvent
from bot.store import Store
from bot.store.identify_table import reserve_identify
from bot.store.relay import Notifier
from bot.web.serve import WebSite
from render.api import prepare as prepare_pictures


@dataclass
class App:
    settings: Settings
    store: Store
    service: MatchService
    sweeping: asyncio.Task[None] | None = field(default=None)
    computer: ComputerPlayer | None = field(default=None)
    analyst: Analyst | None = field(default=None)
    director: Director | None = field(default=None)
    web: WebSite | None = field(default=None)
    notifier: Notifier | None = field(default=None)

    @classmethod
    async def open(cls, settings: Settings) -> App:
        """Open (and upgrade) the settings' database; StoreError if it cannot be used."""
        store = await Store.open(settings.database_url)
        service = MatchService(
            store,
            challenge_seconds=settings.challenge_minutes * 60,
            shards=settings.shards,
            computer_games=settings.computer_games,
        )
        return cls(settings, store, service)

    async def identify_at(self, bucket: int, now: float) -> float:
        """When this process may identify in Discord's `bucket`, every process counted."""
        return await reserve_identify(self.store, bucket, now)

    async def start_workers(self) -> None:
        """Start the picture workers and draw each game's board once in each, so the first
        moves' boards are as quick as the rest."""
        await workers.warm(prepare_pictures)

    def start_sweeper(self, announce: Callable[[SweepEvent], Awaitable[None]]) -> None:
        sweeper = Sweeper(self.service.deadlines, announce)
        self.sweeping = asyncio.create_task(sweeper.run(), name="sweeper")

    async def start_computer(
        self, announce: AnnounceMove, report: ReportReview | None = None
    ) -> ComputerPlayer:
        """The computer player, already playing the games where it is to move; with
        `report`, its reviews of games too, going on with those left unfinished."""
        self.computer = ComputerPlayer(self.service, announce)
        await self.computer.resume()
        if report is not None:
            self.analyst = Analyst(self.service, self.computer, report)
            await self.analyst.resume()
        return self.computer

    async def start_director(
        self, announce: AnnounceRound, post_board: PostBoard | None = None
    ) -> Director:
        """The tournament director, already moving on the events under way here (and
        posting their boards still to post)."""
        self.director = Director(self.service, announce, post_board)
        await self.director.resume()
        return self.director

    async def start_web(self) -> None:
        """Serve the web site beside the bot if WEB_PORT is set (in a thread of its own), and
        on PostgreSQL tell every process's site of this one's moves."""
        if self.store.dialect == "postgresql":
            self.notifier = Notifier(self.store)
            self.notifier.start()
        if self.settings.web_port is None:
            return
        web = WebSite(self.settings.database_url, self.settings.web_host, self.settings.web_port)
        await asyncio.to_thread(web.start)
        self.web = web
        if self.store.dialect == "sqlite":
            self.store.watchers.append(web.changed)

    async def settle(self) -> None:
        """Wait until the computer has played every turn it has and made every review
        asked for (the console)."""
        while self.computer is not None:
            if self.director is not None:
                await self.director.settle()
            await self.computer.settle()
            busy = self.director is not None and self.director.busy
            if not busy and (self.analyst is None or not self.analyst.busy):
                return
            if self.analyst is not None:
                await self.analyst.settle()

    async def stop(self) -> None:
        """Stop what was started (an open transaction is rolled back first): the director,
        the analyst, the computer, the workers, the web site and the sweeper. Stopping
        again does nothing more."""
        for agent in (self.director, self.analyst, self.computer):
            if agent is not None:
                await agent.close()
        workers.shutdown()
        if self.web is not None:
            if self.web.changed in self.store.watchers:
                self.store.watchers.remove(self.web.changed)
            await asyncio.to_thread(self.web.stop)
        if self.notifier is not None:
            await self.notifier.close()
        if self.sweeping is not None:
            self.sweeping.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.sweeping

    async def close(self) -> None:
        """Stop what was started, then close the database."""
        await self.stop()
        await self.store.close()

"""The one place the bot is put together, for every adapter: the store, the match service
over it, and its sweeper."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field

from .config import Settings
from .service import MatchService
from .store import Store
from .sweeper import Announce, Sweeper


@dataclass
class App:
    store: Store
    service: MatchService
    sweeping: asyncio.Task[None] | None = field(default=None)

    @classmethod
    async def open(cls, database: str, settings: Settings) -> App:
        """Open (and upgrade) the database; StoreError if it cannot be used."""
        store = await Store.open(database)
        service = MatchService(store, challenge_seconds=settings.challenge_minutes * 60)
        return cls(store, service)

    def start_sweeper(self, announce: Announce) -> None:
        sweeper = Sweeper(self.service.deadlines, announce)
        self.sweeping = asyncio.create_task(sweeper.run(), name="sweeper")

    async def close(self) -> None:
        """Stop the sweeper (its open transaction, if any, is rolled back first), then close
        the database."""
        if self.sweeping is not None:
            self.sweeping.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.sweeping
        await self.store.close()

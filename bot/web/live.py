"""The live pages' feed: "match N changed", told from any thread or process, becomes one
event on its game's streams (the whole state) and one on its server page's (its summary).
Changes are coalesced: a burst of moves in one game is read once."""

from __future__ import annotations

import asyncio
import json
import logging

from bot.i18n import speaking
from bot.web.hub import Hub, event
from bot.web.reader import Reader

log = logging.getLogger("bot.web")


class Live:
    def __init__(self, reader: Reader, hub: Hub, loop: asyncio.AbstractEventLoop) -> None:
        self.reader = reader
        self.hub = hub
        self.loop = loop
        self.pending: set[int] = set()
        self._flushing: asyncio.Task[None] | None = None

    def changed(self, match_id: int) -> None:
        """A match changed (callable from any thread: the bot's loop costs one call)."""
        if not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.mark, match_id)

    def mark(self, match_id: int) -> None:
        """On the web's loop: read and send the match once the current sending is done."""
        self.reader.forget(match_id)
        self.pending.add(match_id)
        if self._flushing is None or self._flushing.done():
            self._flushing = self.loop.create_task(self._flush(), name="web-live")

    async def _flush(self) -> None:
        while self.pending:
            match_id = self.pending.pop()
            try:
                await self.send(match_id)
            except Exception:  # a page not updated is no reason to stop updating the rest
                log.exception("could not send match %s to its watchers", match_id)

    async def send(self, match_id: int) -> None:
        """The match's new state to everyone watching it, in each watching page's language."""
        if not self.hub.topics:
            return
        shown = await self.reader.game_by_id(match_id)
        if shown is None:
            return
        game, server = ("game", shown.token), ("server", shown.site)
        for speaks in sorted(self.hub.languages(game)):
            with speaking(speaks):
                self.hub.publish(game, event("state", await self.reader.state(shown)), speaks)
        for speaks in sorted(self.hub.languages(server)) if shown.listed else ():
            with speaking(speaks):
                summary = await self.reader.summary(shown)
            self.hub.publish(server, event("game", json.dumps(summary).encode()), speaks)

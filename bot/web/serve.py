"""Serving the site: in a thread of its own beside the bot (its own event loop and database
connections, so a page never takes the bot's loop), or alone (`python -m bot web`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
import threading
from dataclasses import dataclass, field

from aiohttp import web

from bot.service import MatchService
from bot.store import Store
from bot.store.relay import Listener
from bot.web.hub import Hub
from bot.web.live import Live
from bot.web.reader import Reader
from bot.web.routes import make_app

log = logging.getLogger("bot.web")
#: how often Python may switch from the site's thread to the bot's (and back)
SWITCH_SECONDS = 0.0005


@dataclass
class Serving:
    """The site's parts once it is up: its store, readers, streams and the port it took."""

    store: Store
    live: Live
    hub: Hub
    runner: web.AppRunner
    port: int
    listener: Listener | None = field(default=None)

    @classmethod
    async def start(
        cls, database: str, host: str, port: int, *, listen: bool, migrate: bool = False
    ) -> Serving:
        """Serve the database's site at host:port (port 0: any free one); `listen`: learn
        of changes from other processes (NOTIFY on PostgreSQL, looking on SQLite)."""
        store = await Store.open(database, migrate=migrate)
        try:
            reader = Reader(MatchService(store))
            hub = Hub()
            live = Live(reader, hub, asyncio.get_running_loop())
            runner = web.AppRunner(make_app(reader, hub), access_log=None)
            await runner.setup()
            site = web.TCPSite(runner, host, port)
            await site.start()
        except BaseException:
            await store.close()
            raise
        addresses = runner.addresses  # where the site listens: the port taken, if 0 was asked
        serving = cls(store, live, hub, runner, addresses[0][1] if addresses else port)
        if listen or store.dialect == "postgresql":
            serving.listener = Listener(store, live.changed)
            serving.listener.start()
            await serving.listener.listening.wait()
        return serving

    async def close(self) -> None:
        if self.listener is not None:
            await self.listener.close()
        await self.runner.cleanup()
        await self.store.close()


class WebSite:
    """The site in a thread beside the bot: `changed(match_id)` may be called from the bot's
    loop (it costs one call there)."""

    def __init__(self, database: str, host: str, port: int) -> None:
        self.database, self.host, self.port = database, host, port
        self.serving: Serving | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._failed: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="web-site", daemon=True)

    def start(self) -> None:
        """Start serving; raises what stopped it from starting (a port in use...).

        Python hands the interpreter between threads every 5 ms by default: a bot's move
        could then wait that long behind a page. Every SWITCH_SECONDS instead."""
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_SECONDS))
        self._thread.start()
        self._ready.wait()
        if self._failed is not None:
            raise self._failed

    def changed(self, match_id: int) -> None:
        if self.serving is not None:
            self.serving.live.changed(match_id)

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        try:
            # the bot's own process: SQLite changes come from its store; PostgreSQL's by NOTIFY
            self.serving = await Serving.start(self.database, self.host, self.port, listen=False)
            self.port = self.serving.port
        except BaseException as err:
            self._failed = err
            self._ready.set()
            return
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            await self.serving.close()

    def stop(self) -> None:
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stop.set)
        self._thread.join(timeout=10)


async def serve_alone(database: str, host: str, port: int) -> None:
    """`python -m bot web`: the site alone, hearing every bot process's changes."""
    serving = await Serving.start(database, host, port, listen=True, migrate=True)
    log.info("serving the web site on http://%s:%d/", host, serving.port)
    print(f"serving the web site on http://{host}:{serving.port}/ (Ctrl-C stops)", flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        await serving.close()

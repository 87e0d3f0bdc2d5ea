"""Changes between processes. On PostgreSQL every bot process NOTIFYs the matches it
changed and every web process LISTENs; a web process alone on a SQLite file looks at the
matches twice a second instead (a bot and its site in one process need neither)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from bot.store.connection import Store

log = logging.getLogger("bot.web")
CHANNEL = "bot_matches"
#: how often a lone web process on SQLite looks for changed matches, and how far back
POLL_SECONDS = 0.5
RECENT_SECONDS = 600.0
#: how long a lost LISTEN connection waits before it connects again
RETRY_SECONDS = 2.0


async def _raw(store: Store) -> tuple[Any, Any]:
    """A connection of the store's engine of its own, and the driver's (asyncpg's) under it."""
    connection = await store.engine.connect()
    raw = (await connection.get_raw_connection()).driver_connection
    return connection, raw


class Notifier:
    """This process's changed matches, sent to every listener through NOTIFY."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.pending: set[int] = set()
        self.wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.store.watchers.append(self.changed)
        self._task = asyncio.create_task(self._run(), name="web-notify")

    def changed(self, match_id: int) -> None:
        self.pending.add(match_id)
        self.wake.set()

    async def _run(self) -> None:
        """NOTIFY the pending matches; those not yet sent stay pending until a NOTIFY of
        theirs goes through (a server restart closes the connection under them: a new one is
        opened at once, then every RETRY_SECONDS while the server cannot be reached)."""
        while True:
            sent = False
            try:
                connection, raw = await _raw(self.store)
                try:
                    while True:
                        await self.wake.wait()
                        self.wake.clear()
                        ids, self.pending = sorted(self.pending), set()
                        for n, match_id in enumerate(ids):
                            try:
                                await raw.execute(f"NOTIFY {CHANNEL}, '{int(match_id)}'")
                            except BaseException:  # kept, this one too (twice does no harm)
                                self.pending.update(ids[n:])
                                self.wake.set()
                                raise
                            sent = True
                finally:
                    with contextlib.suppress(Exception):
                        await connection.invalidate()
            except asyncio.CancelledError:
                raise
            except Exception as err:  # the database went away: the site waits, play goes on
                log.warning("cannot notify the web site of changes: %s", err)
                if not sent:  # a connection lost in use is opened again at once
                    await asyncio.sleep(RETRY_SECONDS)

    async def close(self) -> None:
        if self.changed in self.store.watchers:
            self.store.watchers.remove(self.changed)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task


class Listener:
    """Every process's changed matches, heard through LISTEN (PostgreSQL) or found by
    looking (SQLite), told to `changed`."""

    def __init__(self, store: Store, changed: Callable[[int], None]) -> None:
        self.store = store
        self.changed = changed
        self._task: asyncio.Task[None] | None = None
        self.listening = asyncio.Event()
        #: how many times LISTEN was set up (again after each lost connection)
        self.subscriptions = 0

    def start(self) -> None:
        run = self._listen if self.store.dialect == "postgresql" else self._poll
        self._task = asyncio.create_task(run(), name="web-listen")

    async def _listen(self) -> None:
        """LISTEN on a connection of its own; when it is lost (a server restart), LISTEN
        again on a new one at once, then every RETRY_SECONDS while the server is away."""

        def heard(_connection: Any, _pid: int, _channel: str, payload: str) -> None:
            if payload.isdecimal():
                self.changed(int(payload))

        while True:
            lost, subscribed = asyncio.Event(), False
            try:
                connection, raw = await _raw(self.store)
                try:
                    raw.add_termination_listener(lambda _connection, told=lost: told.set())
                    await raw.add_listener(CHANNEL, heard)
                    self.subscriptions += 1
                    subscribed = True
                    self.listening.set()
                    while not raw.is_closed():  # told at once; looked at in case it is not
                        with contextlib.suppress(TimeoutError):
                            await asyncio.wait_for(lost.wait(), RETRY_SECONDS)
                finally:
                    self.listening.clear()
                    with contextlib.suppress(Exception):
                        await connection.invalidate()
                if subscribed:
                    log.warning("lost the connection listening for changes: listening again")
                    continue
            except asyncio.CancelledError:
                raise
            except Exception as err:
                log.warning("cannot listen for changes: %s", err)
            await asyncio.sleep(RETRY_SECONDS)

    async def _poll(self) -> None:
        seen: dict[int, tuple[Any, ...]] = {}
        while True:
            try:
                rows = await self.store.all(
                    "SELECT id, ply, status, deadline FROM matches "
                    "WHERE status = 'active' OR ended_at > ?",
                    (time.time() - RECENT_SECONDS,),
                )
                now = {r[0]: tuple(r) for r in rows}
                if self.listening.is_set():
                    for match_id, values in now.items():
                        if seen.get(match_id) != values:
                            self.changed(match_id)
                seen = now
                self.listening.set()
            except Exception as err:
                log.warning("cannot look for changes: %s", err)
            await asyncio.sleep(POLL_SECONDS)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

"""The store: SQLAlchemy Core's asyncio engine over SQLite (aiosqlite: one file, WAL, the
default) or PostgreSQL (asyncpg), with Alembic migrations (`bot/store/alembic`).

The move log is the source of truth; a match row also keeps the current position, and a move
is one insert guarded by the expected ply (the database itself then advances the match row).
Every write runs in `transaction()`, which always ends in COMMIT or ROLLBACK, even when the
task running it is cancelled; a write the database cannot take (read-only, full, locked,
unreachable) raises CannotSave after rolling back, so nothing is ever half-written.

SQLite takes one writer at a time (BEGIN IMMEDIATE). PostgreSQL runs transactions side by side
at READ COMMITTED: a transaction that decides on a row reads it FOR UPDATE (`locking`), so a
rival waits for the decision and then sees it.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.sql.base import Executable

from bot.errors import StoreError
from bot.store.batching import Batched
from bot.store.drivers import Driver, Params, driver_of
from bot.store.engines import WRITERS, new_engine
from bot.store.migrations import head_revision, known_revisions, revision, upgrade
from bot.store.refusals import cannot_save, lost_in_use, never_sent, raise_if_refused, refusals
from bot.store.rows import Row
from bot.store.tasks import uncancelled
from bot.store.tx import Tx
from bot.store.units import Applied, Outcome, Unit
from bot.store.urls import DatabaseUrl
from bot.store.watchers import Watchers

T = TypeVar("T")
log = logging.getLogger("bot.store")

#: the largest id either engine can store; anything else names nothing
MAX_ID = 2**63 - 1
#: a kept PostgreSQL connection unused this long is checked (one round trip) before its next
#: use, as is every kept one once another was found lost: a restart of the server closes
#: them all, and a process whose loop was busy meanwhile has not yet been told
CHECK_AFTER_IDLE = 1.0


class Store:
    """An engine and the connections it keeps: on SQLite one for reads and one for the one
    writer at a time (behind a lock); on PostgreSQL one for reads and WRITERS for writes."""

    def __init__(self, engine: AsyncEngine, url: DatabaseUrl) -> None:
        self.engine = engine
        self.url = url
        self.dialect = engine.dialect.name
        self._write = asyncio.Lock() if self.dialect == "sqlite" else None
        self._held: dict[str, Driver] = {}  # the "reader" and the "writer" kept open
        self._read_lock = asyncio.Lock()
        #: PostgreSQL's writers kept open, by name, each taken by one write at a time
        self._writers: asyncio.Queue[str] = asyncio.Queue()
        for number in range(WRITERS):
            self._writers.put_nowait(f"writer{number}")
        self._opening = asyncio.Lock()
        #: how many kept connections were found lost (each kept one is checked again after)
        self._losses = 0
        self._current: contextvars.ContextVar[Tx | None] = contextvars.ContextVar(
            f"tx-{id(self)}", default=None
        )
        #: told the id of each match a committed write changed (the web site's live pages)
        self.watchers = Watchers()
        #: SQLite's units written together (PostgreSQL's writers commit side by side)
        self._units: Batched[Unit, Applied | None] = Batched(self._write_units)

    @classmethod
    async def open(
        cls,
        target: str | Path | DatabaseUrl,
        *,
        readonly: bool = False,
        migrate: bool = True,
        busy_seconds: float = 5.0,
    ) -> Store:
        """Open and migrate to the newest revision (creating folders and the SQLite file if
        needed), or, `readonly` or not `migrate`, use the database as it is. Raises StoreError
        with one readable line (and leaves nothing open) if it cannot be used."""
        url = target if isinstance(target, DatabaseUrl) else DatabaseUrl.parse(target)
        if url.is_sqlite:
            url.prepare_file(readonly=readonly)
        engine = new_engine(url, readonly=readonly, busy_seconds=busy_seconds)
        store = cls(engine, url)
        try:
            current = await revision(store.engine)
            if current is not None and current not in known_revisions():
                raise StoreError(
                    f"the database {url} is at schema revision {current}, newer than this "
                    "bot's: it was written by a newer version of the bot; run that version, "
                    "or upgrade this one"
                )
            if migrate and not readonly and current != head_revision():
                await store.migrate()
        except BaseException as err:
            await store.close()
            if isinstance(err, StoreError | asyncio.CancelledError | KeyboardInterrupt):
                raise
            raise StoreError(f"cannot use the database {url}: {url.why(err)}") from None
        return store

    async def close(self) -> None:
        await self._units.close()
        for driver in self._held.values():
            await driver.connection.close()
        self._held.clear()
        await self.engine.dispose()

    async def reconnect(self) -> None:
        """Drop every connection: the next statement opens a new one (which sees settings
        of the database changed meanwhile)."""
        for driver in self._held.values():
            await driver.connection.invalidate()
        await self.engine.dispose()

    # --- the schema (its revision: bot.store.migrations.revision) ---------------------------
    async def migrate(self) -> None:
        """Upgrade to the newest revision in one transaction (on PostgreSQL, one process at a
        time: the others wait, then find nothing to do)."""
        async with self._writing() as driver:
            await uncancelled(driver.connection.run_sync(upgrade))

    # --- connections ---------------------------------------------------------------------
    async def _hold(self, role: str) -> Driver:
        """A connection the store keeps for one role (opened again if it was dropped, or if
        its driver found it closed: the server restarted or went away)."""
        driver = self._held.get(role)
        if driver is not None and _usable(driver):
            return driver
        async with self._opening:  # one opening at a time: none is opened twice and lost
            driver = self._held.get(role)
            if driver is None or not _usable(driver):
                if driver is not None and not driver.connection.invalidated:
                    await driver.connection.invalidate()
                driver = self._held[role] = await driver_of(await self.engine.connect())
                driver.checked = self._losses  # the pool pinged it (pool_pre_ping)
            return driver

    def _lost(self) -> None:
        """A kept connection was found lost: every other kept one is checked before its next
        use (the server restarted, most likely, and closed them all)."""
        self._losses += 1

    async def _checked(self, role: str) -> Driver:
        """The kept PostgreSQL connection for `role`, checked first (a round trip) if it was
        idle for CHECK_AFTER_IDLE or another was found lost since it was last known good;
        replaced if the check finds it gone."""
        driver = await self._hold(role)
        if driver.checked == self._losses and time.monotonic() - driver.used_at < CHECK_AFTER_IDLE:
            return driver
        if not await driver.alive():
            self._lost()
            await driver.connection.invalidate()
            driver = await self._hold(role)
        driver.checked = self._losses
        return driver

    async def _statement(
        self,
        use: Callable[[], AbstractAsyncContextManager[Driver]],
        step: Callable[[Driver], Awaitable[T]],
        *,
        resend: bool = False,
    ) -> T:
        """`step` on a connection from `use`; once more on a new one if the connection turned
        out closed before the statement was sent (nothing can then be done twice), or,
        `resend`, if it was lost while the statement ran (a read; a write whose guard keeps a
        second attempt from applying twice)."""
        try:
            async with use() as driver:
                return await step(driver)
        except Exception as err:
            if not (never_sent(err) or (resend and lost_in_use(err))):
                raise
            log.info("the connection was lost, sending again on a new one: %s", err)
        async with use() as driver:  # the closed one is replaced by _hold
            return await step(driver)

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[Driver]:
        """The kept connection for reads outside transactions. aiosqlite queues statements
        itself; an asyncpg connection takes one at a time, so a lock does. A connection that
        broke is dropped."""
        if self.dialect == "sqlite":
            yield await self._hold("reader")
            return
        async with self._read_lock, self._using("reader") as driver:
            yield driver

    @asynccontextmanager
    async def _writing(self) -> AsyncIterator[Driver]:
        """The connection a write (a transaction, or one statement) runs on: SQLite's one
        writer at a time; on PostgreSQL a free one of the writers kept open, so a process's
        writes commit side by side and share the server's flushes of its log."""
        if self._write is not None:
            async with self._write:
                yield await self._hold("writer")
            return
        role = await self._writers.get()
        try:
            async with self._using(role) as driver:
                yield driver
        finally:
            self._writers.put_nowait(role)

    @asynccontextmanager
    async def _using(self, role: str) -> AsyncIterator[Driver]:
        """A kept PostgreSQL connection for one use (checked first after an idle time or a
        loss elsewhere); dropped if it broke meanwhile."""
        with refusals():
            driver = await self._checked(role)
        try:
            yield driver
        except Exception as err:
            if cannot_save(err) is not None:
                if lost_in_use(err):
                    self._lost()
                await driver.connection.invalidate()
            raise
        finally:
            driver.used_at = time.monotonic()

    # --- transactions --------------------------------------------------------------------
    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """BEGIN ... COMMIT, or ROLLBACK on any error or cancellation; reads of this task
        through the store (`one`, `all`...) see the transaction meanwhile."""
        if self._current.get() is not None:
            raise RuntimeError("a transaction is already open in this task")
        async with self._begun() as driver:
            tx = Tx(driver)
            token = self._current.set(tx)
            try:
                yield tx
                await uncancelled(driver.run("COMMIT", ()))
            except BaseException as err:
                await uncancelled(driver.rollback())
                raise_if_refused(err)
                raise
            finally:
                self._current.reset(token)
        for match_id in sorted(tx.changed):
            self.watchers.tell(match_id)

    @asynccontextmanager
    async def _begun(self) -> AsyncIterator[Driver]:
        """A writing connection inside BEGIN: on a new connection if the first turned out
        closed, before BEGIN was sent or while it ran (a transaction on a lost connection
        is rolled back by the server: nothing was done)."""
        for last in (False, True):
            async with self._writing() as driver:
                try:
                    await driver.guarded(driver.run(driver.begin_sql, ()))
                except BaseException as err:
                    if not last and isinstance(err, Exception) and lost_in_use(err):
                        self._lost()
                        if not driver.connection.invalidated:
                            await driver.connection.invalidate()
                        continue  # _hold replaces it
                    await uncancelled(driver.rollback())  # a cancelled BEGIN ran
                    raise_if_refused(err)
                    raise
                yield driver
                return

    async def idle(self) -> bool:
        """No transaction is open (on the kept connections, nor out of the pool)."""
        kept = not any(driver.in_transaction for driver in self._held.values())
        out = int(self.engine.pool.checkedout())  # type: ignore[attr-defined]
        return kept and out == len(self._held)

    # --- reads and single writes ---------------------------------------------------------
    async def write_one(self, sql: str, params: Params = (), *, resend: bool = False) -> int:
        """One statement, atomic by itself (no transaction around it); its row count.
        `resend`: its guard keeps it from applying twice, so a connection lost while it ran
        (a server restart) has it sent again on a new one."""

        async def step(driver: Driver) -> int:
            return await driver.guarded(driver.run(sql, params))

        with refusals():
            return int(await self._statement(self._writing, step, resend=resend))

    async def write_unit(self, unit: Unit) -> Applied | None:
        """A unit as a write of its own (no transaction of this task's around it): its
        outcome (None: its guard refused); CannotSave if refused. Sent again once if the
        connection is lost meanwhile: its guard keeps it from applying twice."""
        with refusals():
            if self._write is None:  # PostgreSQL: a transaction of its own on a free writer
                return await self._statement(self._writing, self._one_unit(unit), resend=True)
            return await self._units.submit(unit)

    @staticmethod
    def _one_unit(unit: Unit) -> Callable[[Driver], Awaitable[Applied | None]]:
        async def step(driver: Driver) -> Applied | None:
            (outcome,) = await driver.write_units([unit])
            if isinstance(outcome, Exception):
                raise outcome
            return outcome

        return step

    async def _write_units(self, units: list[Unit]) -> list[Outcome]:
        """SQLite's queued units, in one transaction on the writer."""
        with refusals():
            return await self._statement(self._writing, lambda d: d.write_units(units))

    async def all(self, sql: str | Executable, params: Params = ()) -> list[Row]:
        """Rows of a query: in this task's transaction if one is open, else on their own."""
        tx = self._current.get()
        if tx is not None:
            return await tx.all(sql, params)
        with refusals():
            return await self._statement(
                self._reading,
                lambda driver: driver.guarded(driver.fetch(sql, params)),
                resend=True,  # a read is always safe to send again
            )

    async def one(self, sql: str | Executable, params: Params = ()) -> Row | None:
        rows = await self.all(sql, params)
        return rows[0] if rows else None

    async def by_id(self, sql: str, row_id: int) -> Row | None:
        """The row a query finds for an id (`?` in `sql`); none for ids no column can hold.
        Inside a transaction the row is held until it ends: the transaction decides on it."""
        if not 0 < row_id <= MAX_ID:
            return None
        return await self.one(self.locking(sql), (row_id,))

    @property
    def in_transaction(self) -> bool:
        """This task has a transaction open (its reads go through it)."""
        return self._current.get() is not None

    def locking(self, sql: str) -> str:
        """`sql` holding the rows it reads until this task's transaction ends, if it is in
        one (a read outside any transaction takes no lock)."""
        return self.for_update(sql) if self._current.get() is not None else sql

    def for_update(self, sql: str) -> str:
        """`sql` holding the rows it reads for its statement's transaction (PostgreSQL: FOR
        UPDATE; SQLite already has the one write lock, so it reads as it is)."""
        return f"{sql} FOR UPDATE" if self.dialect == "postgresql" else sql

    async def ids(self, sql: str, params: Sequence[Any] = ()) -> list[int]:
        """The first column of a query's rows (the ids it selects)."""
        return [row[0] for row in await self.all(sql, params)]

    async def moment(self, sql: str, params: Sequence[Any] = ()) -> float | None:
        """The one value of a query such as SELECT MIN(deadline) (None: no such time)."""
        row = await self.one(sql, params)
        return None if row is None or row[0] is None else float(row[0])


def _usable(driver: Driver) -> bool:
    return not driver.connection.invalidated and not driver.closed

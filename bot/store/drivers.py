"""How the store's SQL reaches each engine's driver.

SQLAlchemy's engine opens, pools and migrates the connections; the store's own statements
(SQL text marking parameters `?` or `:name`) then go straight to the driver connection under
it, aiosqlite's or asyncpg's: SQLAlchemy's asyncio adapter costs several thread hops or
round trips a statement (measured: 335 µs against 67 µs for aiosqlite's one hop), which cut
the bot's moves per second five-fold. SQLAlchemy Core statements (copy-db's) still run
through SQLAlchemy.
"""

from __future__ import annotations

import functools
import logging
import re
import sqlite3
import time
from collections.abc import Awaitable, Mapping
from typing import Any, TypeVar

from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.sql.base import Executable

from bot.store.rows import Row, rows_of
from bot.store.tasks import uncancelled
from bot.store.units import Applied, Outcome, Params, Unit

T = TypeVar("T")
log = logging.getLogger("bot.store")

#: a parameter mark: `?`, or `:name` (not a `::` cast); quoted text is matched to be skipped
_MARK = re.compile(r"'(?:[^']|'')*'|\?|(?<![:\w]):([A-Za-z_]\w*)")


class Driver:
    """One connection: SQLAlchemy's, and the driver's own under it."""

    begin_sql = "BEGIN"

    def __init__(self, connection: AsyncConnection, raw: Any) -> None:
        self.connection = connection
        self.raw = raw
        #: when it was last used, and the store's count of lost connections when it was
        #: last known good (the store checks it again when either is stale)
        self.used_at = time.monotonic()
        self.checked = 0

    async def alive(self) -> bool:
        """One round trip to the server (SQLAlchemy's pre-ping): False if it is gone."""
        try:
            await uncancelled(self.run("SELECT 1", ()))
        except Exception as err:
            log.info("a kept connection was found closed, replacing it: %s", err)
            return False
        return True

    async def guarded(self, step: Awaitable[T]) -> T:
        """A statement awaited so that a cancellation cannot leave the connection unsure of
        where it is: run to its end, then the cancellation raised."""
        return await uncancelled(step)

    async def fetch(self, sql: str | Executable, params: Params) -> list[Row]:
        if not isinstance(sql, str):
            return rows_of(await self.connection.execute(sql, params or None))
        return await self._fetch(sql, params)

    async def run(self, sql: str, params: Params) -> int:
        """A statement; the number of rows it changed."""
        raise NotImplementedError

    async def _fetch(self, sql: str, params: Params) -> list[Row]:
        raise NotImplementedError

    async def apply(self, unit: Unit) -> Applied | None:
        """`unit` inside the transaction open on this connection (None: its guard refused)."""
        if await self.guarded(self.run(*unit.guard)) != 1:
            return None
        rows = await self.guarded(self._fetch(*unit.returning))
        counts = [await self.guarded(self.run(*statement)) for statement in unit.then]
        return rows[0], tuple(counts)

    async def write_units(self, units: list[Unit]) -> list[Outcome]:
        """Each unit as a transaction of its own (None where its guard refused). Rolled back
        when cancelled or refused half-way."""
        outcomes: list[Outcome] = []
        for unit in units:
            try:
                await self.guarded(self.run(self.begin_sql, ()))
                outcomes.append(applied := await self.apply(unit))
                await self.guarded(self.run("COMMIT" if applied else "ROLLBACK", ()))
            except BaseException:
                if self.in_transaction:
                    await uncancelled(self.rollback())
                raise
        return outcomes

    async def rollback(self) -> None:
        """ROLLBACK; a connection that cannot is dropped (the server then rolls back)."""
        if self.connection.invalidated:
            return
        try:
            await self.run("ROLLBACK", ())
        except Exception as err:
            if "no transaction is active" not in str(err):
                log.warning("rollback failed, dropping the connection: %s", err)
                await self.connection.invalidate()

    @property
    def in_transaction(self) -> bool:
        raise NotImplementedError

    @property
    def closed(self) -> bool:
        """The driver knows its connection is gone (the server restarted, or went away)."""
        return False


class SqliteDriver(Driver):
    begin_sql = "BEGIN IMMEDIATE"  # the write lock at once: no deadlock on upgrading a read

    def __init__(self, connection: AsyncConnection, raw: Any) -> None:
        super().__init__(connection, raw)
        raw.row_factory = sqlite3.Row

    async def _fetch(self, sql: str, params: Params) -> list[Row]:
        return list(await self.raw.execute_fetchall(sql, params))

    async def run(self, sql: str, params: Params) -> int:
        cursor = await self.raw.execute(sql, params)
        return int(cursor.rowcount)

    async def guarded(self, step: Awaitable[T]) -> T:
        """aiosqlite's thread runs statements in the order they were sent, so a cancelled
        await leaves the connection in order: the ROLLBACK sent next follows it."""
        return await step

    async def write_units(self, units: list[Unit]) -> list[Outcome]:
        """Every unit in one transaction and one trip to aiosqlite's thread (the write lock
        is held for one hop, not four a unit, each waiting its turn in a busy event loop),
        each unit all or nothing within it (a savepoint); an error that ends the whole
        transaction (the disk full) is raised for them all."""

        def units_in(db: sqlite3.Connection) -> list[Outcome]:
            db.execute(self.begin_sql)
            try:
                outcomes = [_unit_in(db, unit) for unit in units]
                db.execute("COMMIT")
                return outcomes
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise

        # aiosqlite runs a function in its thread only through its private _execute
        run_in_thread = self.raw._execute  # noqa: SLF001
        return list(await uncancelled(run_in_thread(units_in, self.raw._conn)))  # noqa: SLF001

    @property
    def in_transaction(self) -> bool:
        return bool(self.raw.in_transaction)


def _unit_in(db: sqlite3.Connection, unit: Unit) -> Outcome:
    """One unit inside SqliteDriver.write_units' transaction: its outcome (its error, if
    only it failed)."""
    db.execute("SAVEPOINT unit")
    try:
        if db.execute(*unit.guard).rowcount != 1:
            db.execute("ROLLBACK TO unit")
            return None
        row: Row = db.execute(*unit.returning).fetchone()
        return row, tuple(db.execute(*statement).rowcount for statement in unit.then)
    except sqlite3.Error as err:
        if not db.in_transaction:  # the error ended the whole transaction
            raise
        db.execute("ROLLBACK TO unit")
        return err
    finally:
        if db.in_transaction:
            db.execute("RELEASE unit")


@functools.lru_cache(maxsize=1024)
def numbered(sql: str) -> tuple[str, tuple[str, ...]]:
    """asyncpg's `$1`… text of SQL marked `?` (in order) or `:name`, and the names in the
    order of their numbers (none for `?` marks)."""
    names: list[str] = []
    marks = 0

    def number(found: re.Match[str]) -> str:
        nonlocal marks
        if found[0].startswith("'"):  # quoted text: left as it is
            return found[0]
        if found[1] is None:
            marks += 1
            return f"${marks}"
        if found[1] not in names:
            names.append(found[1])
        return f"${names.index(found[1]) + 1}"

    return _MARK.sub(number, sql), tuple(names)


class PostgresDriver(Driver):
    def _dollars(self, sql: str, params: Params) -> tuple[str, list[Any]]:
        """asyncpg's text and arguments for `sql` and its parameters."""
        text, names = numbered(sql)
        if isinstance(params, Mapping):
            return text, [params[name] for name in names]
        return text, list(params)

    async def _fetch(self, sql: str, params: Params) -> list[Row]:
        text, args = self._dollars(sql, params)
        return list(await self.raw.fetch(text, *args))

    async def run(self, sql: str, params: Params) -> int:
        text, args = self._dollars(sql, params)
        status = await self.raw.execute(text, *args)
        last = str(status).rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    @property
    def in_transaction(self) -> bool:
        return bool(self.raw.is_in_transaction())

    @property
    def closed(self) -> bool:
        return bool(self.raw.is_closed())


async def driver_of(connection: AsyncConnection) -> Driver:
    raw = (await connection.get_raw_connection()).driver_connection
    kind = SqliteDriver if connection.dialect.name == "sqlite" else PostgresDriver
    return kind(connection, raw)

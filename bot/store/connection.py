"""The SQLite store (aiosqlite): one file, WAL, foreign keys, versioned migrations.

The move log is the source of truth; a match row also keeps the current position, and a move
is written together with that position in one transaction guarded by the expected ply.
Every write runs in `transaction()`, which always ends in COMMIT or ROLLBACK, even when the
task running it is cancelled; a write the database cannot take (read-only, full, locked)
raises CannotSave after rolling back, so nothing is ever half-written.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

import aiosqlite

from ..errors import CannotSave, StoreError
from .migrations import LATEST, MIGRATIONS

Row = aiosqlite.Row
T = TypeVar("T")
log = logging.getLogger("bot.store")

#: SQLite primary result codes that mean "the database cannot take a write now"
_CANNOT_SAVE = {
    sqlite3.SQLITE_BUSY: "the database is busy (locked by another program)",
    sqlite3.SQLITE_LOCKED: "the database is busy (locked by another program)",
    sqlite3.SQLITE_READONLY: "the database is read-only",
    sqlite3.SQLITE_IOERR: "the disk reported an error",
    sqlite3.SQLITE_FULL: "the disk is full",
    sqlite3.SQLITE_CANTOPEN: "the database file cannot be opened",
}
#: the largest id SQLite can store; anything else names nothing
MAX_ID = 2**63 - 1


def cannot_save(err: BaseException) -> CannotSave | None:
    """The CannotSave an SQLite error amounts to, or None if it is another kind of error."""
    if not isinstance(err, sqlite3.Error):
        return None
    why = _CANNOT_SAVE.get(getattr(err, "sqlite_errorcode", -1) & 0xFF)
    return CannotSave(why) if why else None


def raise_if_refused(err: BaseException) -> None:
    """Raise CannotSave for a write the database refused (the caller re-raises the rest)."""
    refusal = cannot_save(err)
    if refusal is not None:
        log.warning("write refused by the database: %s", err)
        raise refusal from err


async def uncancelled(step: Awaitable[T]) -> T:
    """Await a step to its end even if the task is cancelled meanwhile (the cancellation is
    raised afterwards): a COMMIT or ROLLBACK is never left undecided."""
    task = asyncio.ensure_future(step)
    cancelled = False
    while not task.done():
        try:
            await asyncio.shield(task)
        except asyncio.CancelledError:
            if task.cancelled():
                raise
            cancelled = True
    if cancelled:
        raise asyncio.CancelledError
    return task.result()


def _check_header(path: Path) -> None:
    """Refuse a file whose SQLite header promises more pages than the file holds."""
    try:
        with path.open("rb") as file:
            header = file.read(100)
            size = file.seek(0, 2)
    except FileNotFoundError:
        return
    except OSError as err:
        raise StoreError(f"cannot read the database {path}: {err.strerror}") from None
    if len(header) < 100 or not header.startswith(b"SQLite format 3\0"):
        return  # not SQLite at all: SQLite itself says so
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    valid = header[24:28] == header[92:96]  # the page count is kept up to date
    if valid and size < pages * page_size:
        raise StoreError(
            f"the database {path} is truncated ({size:,} of {pages * page_size:,} bytes): "
            "restore it from a backup"
        )


def _why(err: BaseException, path: str) -> str:
    """Why a database cannot be used, in words an operator can act on."""
    code = getattr(err, "sqlite_errorcode", -1) & 0xFF
    if code in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN) and not os.access(
        Path(path).parent, os.W_OK
    ):
        return "its folder is read-only, and the bot must write there (fix the mount or move it)"
    if code == sqlite3.SQLITE_READONLY:
        return "the file is read-only, and the bot must write to it (fix its permissions)"
    return str(err)


class Store:
    """A connection and a write lock: every write runs in one transaction at a time."""

    def __init__(self, connection: aiosqlite.Connection, *, readonly: bool = False) -> None:
        self.db = connection
        self.readonly = readonly
        self._write = asyncio.Lock()

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        upto: int = LATEST,
        readonly: bool = False,
        busy_seconds: float = 5.0,
    ) -> Store:
        """Open and migrate to version `upto` (creating folders and the file if needed), or,
        `readonly`, open an existing file as it is. Raises StoreError with one readable line
        (and leaves nothing open) if the file cannot be used."""
        path = str(path)
        memory = path == ":memory:"
        if not memory:
            if readonly and not Path(path).is_file():
                raise StoreError(f"there is no database file at {path}")
            if not readonly:
                try:
                    Path(path).parent.mkdir(parents=True, exist_ok=True)
                except OSError as err:
                    raise StoreError(f"cannot create the folder for {path}: {err}") from None
        if not memory:
            _check_header(Path(path))
        target = f"file:{quote(path)}?mode=ro" if readonly and not memory else path
        try:
            connection = await aiosqlite.connect(target, isolation_level=None, uri=readonly)
        except sqlite3.Error as err:
            raise StoreError(f"cannot open the database {path}: {err}") from None
        store = cls(connection, readonly=readonly)
        try:
            connection.row_factory = aiosqlite.Row
            if not readonly:
                await connection.execute("PRAGMA journal_mode=WAL")
                await connection.execute("PRAGMA synchronous=NORMAL")  # survives process crashes
            await connection.execute("PRAGMA foreign_keys=ON")
            await connection.execute(f"PRAGMA busy_timeout={int(busy_seconds * 1000)}")
            version = await store.version()
            if version > LATEST:
                raise StoreError(
                    f"the database {path} is at schema version {version}, newer than this "
                    f"bot's {LATEST}: it was written by a newer version of the bot; run that "
                    "version, or upgrade this one"
                )
            if not readonly:
                await store.migrate(upto)
        except BaseException as err:
            await connection.close()
            if isinstance(err, sqlite3.Error | CannotSave):
                raise StoreError(f"cannot use the database {path}: {_why(err, path)}") from None
            raise
        return store

    async def close(self) -> None:
        await self.db.close()

    async def version(self) -> int:
        row = await self.one("PRAGMA user_version")
        return int(row[0]) if row is not None else 0

    async def migrate(self, upto: int = LATEST) -> None:
        current = await self.version()
        for number in range(current + 1, upto + 1):
            async with self.transaction():
                for statement in MIGRATIONS[number - 1]:
                    await self.db.execute(statement)
                await self.db.execute(f"PRAGMA user_version={number}")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any error or cancellation.

        The connection's thread runs statements in the order they were sent, so the ROLLBACK
        sent here always follows whatever a cancelled await had already sent."""
        async with self._write:
            try:
                await self.db.execute("BEGIN IMMEDIATE")
                yield self.db
                await uncancelled(self.db.execute("COMMIT"))
            except BaseException as err:
                await uncancelled(self._rollback())
                raise_if_refused(err)
                raise

    async def _rollback(self) -> None:
        """ROLLBACK if a transaction is open (sqlite3 does nothing otherwise)."""
        try:
            await self.db.rollback()
        except (sqlite3.Error, ValueError) as err:  # ValueError: the connection is closed
            log.warning("rollback failed: %s", err)

    async def write_one(self, sql: str, params: Sequence[Any]) -> int:
        """One statement outside any transaction (atomic by itself); its row count."""
        async with self._write:  # never inside another coroutine's open transaction
            try:
                return int((await self.db.execute(sql, params)).rowcount)
            except sqlite3.Error as err:
                raise_if_refused(err)
                raise

    async def by_id(self, sql: str, row_id: int) -> Row | None:
        """The row a query finds for an id (`?` in `sql`); none for ids SQLite cannot hold."""
        return await self.one(sql, (row_id,)) if 0 < row_id <= MAX_ID else None

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self.all(sql, params)
        return rows[0] if rows else None

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Rows of a query, in one trip to the database thread."""
        return list(await self.db.execute_fetchall(sql, params))

    async def ids(self, sql: str, params: Sequence[Any] = ()) -> list[int]:
        """The first column of a query's rows (the ids it selects)."""
        return [row[0] for row in await self.all(sql, params)]

    async def moment(self, sql: str, params: Sequence[Any] = ()) -> float | None:
        """The one value of a query such as SELECT MIN(deadline) (None: no such time)."""
        row = await self.one(sql, params)
        return None if row is None or row[0] is None else float(row[0])

    async def insert(self, db: aiosqlite.Connection, table: str, values: dict[str, Any]) -> int:
        """INSERT one row inside a transaction; returns its rowid."""
        columns = ", ".join(values)
        marks = ", ".join("?" for _ in values)
        cursor = await db.execute(
            f"INSERT INTO {table} ({columns}) VALUES ({marks})", tuple(values.values())
        )
        return int(cursor.lastrowid or 0)

    async def update(
        self,
        db: aiosqlite.Connection,
        table: str,
        values: dict[str, Any],
        where: str,
        params: Iterable[Any],
    ) -> int:
        """UPDATE inside a transaction; returns the number of rows changed."""
        sets = ", ".join(f"{column} = ?" for column in values)
        cursor = await db.execute(
            f"UPDATE {table} SET {sets} WHERE {where}", (*values.values(), *params)
        )
        return cursor.rowcount

"""The SQLite store (aiosqlite): one file, WAL, foreign keys, versioned migrations.

The move log is the source of truth; a match row also keeps the current position, and a move
is written together with that position in one transaction guarded by the expected ply.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from .migrations import LATEST, MIGRATIONS

Row = aiosqlite.Row


class Store:
    """A connection and a write lock: every write runs in one transaction at a time."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self.db = connection
        self._write = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path, *, upto: int = LATEST) -> Store:
        """Open (creating folders and the file if needed) and migrate to version `upto`."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(str(path), isolation_level=None)
        connection.row_factory = aiosqlite.Row
        await connection.execute("PRAGMA journal_mode=WAL")
        await connection.execute("PRAGMA synchronous=NORMAL")  # durable across process crashes
        await connection.execute("PRAGMA foreign_keys=ON")
        await connection.execute("PRAGMA busy_timeout=5000")
        store = cls(connection)
        await store.migrate(upto)
        return store

    async def close(self) -> None:
        await self.db.close()

    async def version(self) -> int:
        return int((await self.one("PRAGMA user_version"))[0])

    async def migrate(self, upto: int = LATEST) -> None:
        current = await self.version()
        for number in range(current + 1, upto + 1):
            async with self.transaction():
                for statement in MIGRATIONS[number - 1]:
                    await self.db.execute(statement)
                await self.db.execute(f"PRAGMA user_version={number}")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any error: nothing is half-written."""
        async with self._write:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
            await self.db.execute("COMMIT")

    async def append_move(
        self,
        db: aiosqlite.Connection | None,
        match_id: int,
        ply: int,
        move: str,
        user_id: int,
        played_at: float,
        position: str,
    ) -> bool:
        """Log move `ply` if the match is active at ply - 1 (the trigger then advances the
        match row); False if it is not. Without `db`, it is its own atomic transaction."""
        sql = (
            "INSERT INTO moves (match_id, ply, move, user_id, played_at, position) "
            "SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM matches "
            "WHERE id = ? AND ply = ? AND status = 'active')"
        )
        params = (match_id, ply, move, user_id, played_at, position, match_id, ply - 1)
        if db is not None:
            return (await db.execute(sql, params)).rowcount == 1
        async with self._write:  # never inside another coroutine's open transaction
            return (await self.db.execute(sql, params)).rowcount == 1

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self.all(sql, params)
        return rows[0] if rows else None

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Rows of a query, in one trip to the database thread."""
        return list(await self.db.execute_fetchall(sql, params))

    async def moves(self, match_id: int) -> list[str]:
        rows = await self.all("SELECT move FROM moves WHERE match_id = ? ORDER BY ply", (match_id,))
        return [r["move"] for r in rows]

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

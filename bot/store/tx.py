"""One open transaction of the store's: its statements run on its connection."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import Table
from sqlalchemy.sql.base import Executable

from bot.store.drivers import Driver, Params
from bot.store.rows import Row
from bot.store.units import Applied, Unit


class Tx:
    """One open transaction: its statements run on its connection."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver
        self.connection = driver.connection
        #: ids of the matches this transaction changed: the store tells its watchers once
        #: it has committed
        self.changed: set[int] = set()

    async def run(self, sql: str, params: Params = ()) -> int:
        """A statement; the number of rows it changed."""
        return int(await self.driver.guarded(self.driver.run(sql, params)))

    async def all(self, sql: str | Executable, params: Params = ()) -> list[Row]:
        return list(await self.driver.guarded(self.driver.fetch(sql, params)))

    async def insert(self, table: Table, values: dict[str, Any]) -> int:
        """INSERT one row; its id."""
        marks = ", ".join("?" for _ in values)
        rows = await self.all(
            f"INSERT INTO {table.name} ({', '.join(values)}) VALUES ({marks}) RETURNING id",
            tuple(values.values()),
        )
        return int(rows[0][0])

    async def apply(self, unit: Unit) -> Applied | None:
        """A unit's statements in this transaction (None: its guard refused, nothing done)."""
        return await self.driver.apply(unit)

    async def update(
        self, table: Table, values: dict[str, Any], where: str, params: Iterable[Any]
    ) -> int:
        """UPDATE rows (`where` marks its parameters `?`); the number changed."""
        sets = ", ".join(f"{column} = ?" for column in values)
        return await self.run(
            f"UPDATE {table.name} SET {sets} WHERE {where}", (*values.values(), *params)
        )

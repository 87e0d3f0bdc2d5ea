"""Rows as the service reads them: by column name (`row["ply"]`) or by position (`row[0]`),
the same from either engine (sqlite3's Row, asyncpg's Record, or, for a statement run through
SQLAlchemy, `ResultRow`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol

from sqlalchemy import CursorResult


class Row(Protocol):
    """What every row offers."""

    def __getitem__(self, key: Any) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...

    def __len__(self) -> int: ...

    def keys(self) -> Any: ...


class ResultRow(tuple[Any, ...]):
    """A row's values, also readable by column name."""

    _index: dict[str, int]

    def __new__(cls, values: tuple[Any, ...], index: dict[str, int]) -> ResultRow:
        row = super().__new__(cls, values)
        row._index = index
        return row

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            return super().__getitem__(self._index[key])
        return super().__getitem__(key)

    def keys(self) -> Iterator[str]:
        return iter(self._index)


def rows_of(result: CursorResult[Any]) -> list[Row]:
    """Every row a statement returned (none for a statement that returns no rows)."""
    if not result.returns_rows:
        return []
    index = {name: i for i, name in enumerate(result.keys())}
    return [ResultRow(tuple(row), index) for row in result.fetchall()]

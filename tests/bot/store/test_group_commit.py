"""SQLite's group commit: units that queue while the writer is busy share one transaction
and one COMMIT, and each is still all or nothing on its own (a real SQLite file, traced)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import MatchService
from bot.store import Store
from bot.store.units import Unit
from tests.servicekit import Clock, start_match


@pytest.fixture
async def counters(tmp_path: Path) -> AsyncIterator[Store]:
    """A store with a table of counters 1 and 2 and 3, each at 0."""
    store = await Store.open(tmp_path / "units.sqlite3")
    await store.write_one("CREATE TABLE counters (id INTEGER PRIMARY KEY, n INTEGER)")
    await store.write_one("INSERT INTO counters VALUES (1, 0), (2, 0), (3, 0)")
    try:
        yield store
    finally:
        await store.close()


def bump(counter: int, seen: int, *then: str) -> Unit:
    """Counter `counter` raised by one if it is at `seen`, then the `then` statements."""
    return Unit(
        ("UPDATE counters SET n = n + 1 WHERE id = ? AND n = ?", (counter, seen)),
        ("SELECT n FROM counters WHERE id = ?", (counter,)),
        tuple((sql, ()) for sql in then),
    )


async def test_units_that_queue_share_one_commit_each_all_or_nothing(counters: Store) -> None:
    statements: list[str] = []
    counters._held["writer"].raw._conn.set_trace_callback(statements.append)
    applied, refused, failed, alone = await asyncio.gather(
        counters.write_unit(bump(1, 0, "INSERT INTO counters VALUES (4, 0)")),
        counters.write_unit(bump(2, 5)),  # its guard refuses: it was never at 5
        counters.write_unit(bump(3, 0, "INSERT INTO counters VALUES (1, 0)")),  # id 1 is taken
        counters.write_unit(bump(2, 0)),
        return_exceptions=True,
    )
    assert applied is not None and not isinstance(applied, BaseException)
    assert (applied[0]["n"], applied[1]) == (1, (1,))
    assert refused is None
    assert isinstance(failed, sqlite3.IntegrityError)
    assert alone is not None and not isinstance(alone, BaseException) and alone[0]["n"] == 1
    assert statements.count("BEGIN IMMEDIATE") == statements.count("COMMIT") == 1, statements
    rows = await counters.all("SELECT id, n FROM counters ORDER BY id")
    assert [tuple(row) for row in rows] == [(1, 1), (2, 1), (3, 0), (4, 0)]  # 3: undone


async def test_a_unit_alone_goes_at_once(counters: Store) -> None:
    applied = await counters.write_unit(bump(1, 0))
    assert applied is not None and applied[0]["n"] == 1
    assert await counters.write_unit(bump(1, 0)) is None  # at 1 now: refused, nothing done
    assert (await counters.one("SELECT n FROM counters WHERE id = 1") or [None])[0] == 1


async def test_match_rows_asked_for_together_are_read_in_one_select(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "reads.sqlite3")
    try:
        service = MatchService(store, clock=Clock())
        first = await start_match(service, channel=1)
        second = await start_match(service, channel=2)
        statements: list[str] = []
        store._held["reader"].raw._conn.set_trace_callback(statements.append)
        rows = await asyncio.gather(*(service._shared.matches.get(n) for n in (2, 999, 1, 2)))
    finally:
        await store.close()
    assert [row and row["id"] for row in rows] == [second.id, None, first.id, second.id]
    assert len(statements) == 1 and statements[0].endswith(" IN (1, 2, 999)"), statements

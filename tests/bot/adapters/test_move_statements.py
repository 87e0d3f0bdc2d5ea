"""A move goes down once and comes back once: the statements a console `/move` sends to a
real SQLite file, counted by SQLite itself (its trace of every statement run)."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.adapters.console import Console
from bot.service.match_service import MatchService
from bot.store import Store
from tests.servicekit import Clock


@pytest.fixture
async def traced(tmp_path: Path) -> AsyncIterator[tuple[Console, Store, list[str]]]:
    store = await Store.open(tmp_path / "moves.sqlite3")
    service = MatchService(store, clock=Clock(), rng=random.Random(1))
    try:
        yield Console(service, tmp_path / "out", lambda line: None), store, []
    finally:
        await store.close()


def trace(store: Store, statements: list[str]) -> None:
    """Every statement SQLite runs on the store's connections, from now on, in `statements`."""
    for driver in store._held.values():
        driver.raw._conn.set_trace_callback(lambda sql: statements.append(" ".join(sql.split())))


def kinds(statements: list[str]) -> list[str]:
    """Each statement's verb and table (subqueries aside): 'SELECT matches', 'BEGIN'..."""
    named = []
    for sql in statements:
        while (bare := re.sub(r"\([^()]*\)", "", sql)) != sql:
            sql = bare
        words = sql.split()
        verb = words[0].upper()
        table = {"SELECT": "FROM", "INSERT": "INTO", "UPDATE": "UPDATE"}.get(verb)
        named.append(f"{verb} {words[words.index(table) + 1]}" if table else verb)
    return named


async def test_a_console_move_is_one_read_and_one_write(
    traced: tuple[Console, Store, list[str]],
) -> None:
    console, store, statements = traced
    for line in ("alice: /notify every turn", "bob: /notify every turn"):
        await console.line(line)
    await console.line("alice: /challenge @bob checkers side:black")
    await console.line("bob: [Accept]")
    await console.line("#checkers-1 alice: /move 11-15")  # the match's record is kept now
    trace(store, statements)
    await console.line("#checkers-1 bob: /move 22-18")
    assert kinds(statements) == [
        "SELECT matches",  # the match meant here, with its players' vacations
        "BEGIN",  # the move's one write: its log row, the match row, the turn notice
        "SAVEPOINT",
        "INSERT moves",
        "UPDATE matches",
        "INSERT notices_sent",
        "RELEASE",
        "COMMIT",
    ], statements

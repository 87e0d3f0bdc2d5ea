"""Migration 0028, down and up again with games in it, on both engines: each challenge's and
match's reach (the rows before it are where the bot posts), and turn notices chosen off
kept as a row after it (before it, no row)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

import asyncpg
import pytest
from sqlalchemy import Connection, inspect

from bot.service import Actor, Reach
from bot.service.match_service import MatchService
from bot.store import Store
from tests.migrationkit import migration_step
from tests.servicekit import ALICE, BOB, CAROL, GUILD

HERE = Actor(GUILD, 20, ALICE, Reach.ANSWERS)
#: a row the schema's checks refuse, on either engine
REFUSED = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)


def _step(name: str) -> Callable[[Connection], None]:
    return migration_step("0028_reach.py", name)


def _columns(connection: Connection, table: str) -> set[str]:
    return {column["name"] for column in inspect(connection).get_columns(table)}


async def _notices(store: Store) -> list[tuple[int, str]]:
    rows = await store.all("SELECT user_id, mode FROM turn_notices ORDER BY user_id")
    return [(row["user_id"], row["mode"]) for row in rows]


async def test_migration_0028_goes_down_and_up(service: MatchService, store: Store) -> None:
    made = await service.challenges.challenge(HERE, "checkers", opponent_id=BOB)
    match = await service.challenges.accept(Actor(GUILD, 20, BOB, Reach.ANSWERS), made.id)
    await service.notices.choose(ALICE, "off")
    await service.notices.choose(BOB, "every turn")
    async with store.engine.begin() as connection:
        await connection.run_sync(_step("downgrade"))
        assert "reach" not in await connection.run_sync(_columns, "matches")
        assert "reach" not in await connection.run_sync(_columns, "challenges")
    assert await _notices(store) == [(BOB, "turns")]  # off: no row, as before
    with pytest.raises(REFUSED):  # nor may one be written
        await store.write_one("INSERT INTO turn_notices VALUES (?, 'off')", (CAROL,))
    async with store.engine.begin() as connection:
        await connection.run_sync(_step("upgrade"))
    # the games before it were where the bot posts
    assert (await service.match(match.id)).reach == Reach.POSTS
    assert (await service._shared.find.challenge(made.id)).reach == Reach.POSTS
    await service.notices.choose(CAROL, "off")
    assert await _notices(store) == [(BOB, "turns"), (CAROL, "off")]
    with pytest.raises(REFUSED):
        await store.write_one("UPDATE matches SET reach = 'shouts' WHERE id = ?", (match.id,))
    again = await service.challenges.challenge(HERE, "checkers", opponent_id=BOB)
    assert again.reach == Reach.ANSWERS

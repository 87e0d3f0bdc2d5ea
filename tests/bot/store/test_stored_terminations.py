"""Finished games stored before terminations were made generic read back as they read then:
migration 0024 turns The Crown's "annihilation" into the shared "no-pieces", and a game's own
endings ("prince-crowned") are read back by the game."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Connection

from bot.service.views import MatchView
from bot.store import Store
from bot.store.match_table import MatchRows
from rules import get_game, result_text
from tests.migrationkit import migration_step

CROWN, CHECKERS = get_game("the-crown"), get_game("checkers")
#: (game, winner, termination as stored before 0024, the side it is about)
FINISHED = (
    (CROWN, "w", "annihilation", "b"),
    (CHECKERS, "b", "no-pieces", "w"),
    (CROWN, "b", "prince-crowned", None),
)
READ = ["White won (Black has no pieces left)", "Black won (White has no pieces left)",
        "Black won (Prince crowned)"]  # fmt: skip


def _step(name: str) -> Callable[[Connection], None]:
    return migration_step("0024_generic_terminations.py", name)


async def _terminations(store: Store) -> list[str]:
    return [row["termination"] for row in await store.all("SELECT * FROM matches ORDER BY id")]


async def test_results_stored_before_0024_read_the_same_after_it(store: Store) -> None:
    async with store.transaction() as db:
        for game, winner, termination, side in FINISHED:
            start = game.encode(game.initial_position())
            await db.run(
                "INSERT INTO matches (guild_id, channel_id, game_id, first_user, second_user, "
                "start_position, position, status, move_seconds, created_at, winner_side, "
                "termination, termination_side) "
                "VALUES (1, 10, ?, 101, 102, ?, ?, 'finished', 3600, 0, ?, ?, ?)",
                (game.id, start, start, winner, termination, side),
            )
    async with store.engine.begin() as connection:
        await connection.run_sync(_step("upgrade"))
    assert await _terminations(store) == ["no-pieces", "no-pieces", "prince-crowned"]
    read = []
    for found in await store.all("SELECT id FROM matches ORDER BY id"):
        row = await MatchRows(store).get(found["id"])
        assert row is not None
        outcome = MatchView.of(row).outcome
        assert outcome is not None
        read.append(result_text(get_game(row["game_id"]), outcome))
    assert read == READ
    # and back: only The Crown's "no-pieces" was its "annihilation"
    async with store.engine.begin() as connection:
        await connection.run_sync(_step("downgrade"))
    assert await _terminations(store) == [termination for _, _, termination, _ in FINISHED]

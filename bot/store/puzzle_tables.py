"""The SQL of the puzzles and puzzle_attempts tables: the puzzles found in a server's
reviewed games, and each person's attempt at each (its first answer decides the record)."""

from __future__ import annotations

from typing import Any

from bot.store.connection import Store
from bot.store.rows import Row


class PuzzleRows:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def add(self, values: dict[str, Any]) -> None:
        """A puzzle (once a match and ply: a second finder's is ignored)."""
        columns = ", ".join(values)
        marks = ", ".join("?" for _ in values)
        await self.store.write_one(
            f"INSERT INTO puzzles ({columns}) VALUES ({marks}) ON CONFLICT DO NOTHING",
            tuple(values.values()),
        )

    async def get(self, puzzle_id: int) -> Row | None:
        return await self.store.one("SELECT * FROM puzzles WHERE id = ?", (puzzle_id,))

    async def of_match(self, match_id: int) -> list[Row]:
        return await self.store.all(
            "SELECT * FROM puzzles WHERE match_id = ? ORDER BY ply", (match_id,)
        )

    async def unseen(self, guild_id: int, user_id: int, game_id: str | None) -> Row | None:
        """The server's oldest puzzle the person was never shown (of one game, if given)."""
        game = "" if game_id is None else "AND p.game_id = ? "
        return await self.store.one(
            "SELECT p.* FROM puzzles p WHERE p.guild_id = ? "
            f"{game}AND NOT EXISTS (SELECT 1 FROM puzzle_attempts a "
            "WHERE a.puzzle_id = p.id AND a.user_id = ?) ORDER BY p.id LIMIT 1",
            (guild_id, *(() if game_id is None else (game_id,)), user_id),
        )

    async def unanswered(self, guild_id: int, user_id: int, game_id: str | None) -> Row | None:
        """The puzzle the person was shown last here and left unanswered (of one game, if
        given)."""
        game = "" if game_id is None else "AND p.game_id = ? "
        return await self.store.one(
            "SELECT p.* FROM puzzle_attempts a JOIN puzzles p ON p.id = a.puzzle_id "
            f"WHERE a.user_id = ? AND a.guild_id = ? {game}AND a.result IS NULL "
            "AND a.closed = 0 ORDER BY a.shown_at DESC, p.id DESC LIMIT 1",
            (user_id, guild_id, *(() if game_id is None else (game_id,))),
        )

    async def shown(self, puzzle_id: int, user_id: int, guild_id: int, now: float) -> None:
        """The person was shown the puzzle now (again: it is the one /solve answers)."""
        await self.store.write_one(
            "INSERT INTO puzzle_attempts (puzzle_id, user_id, guild_id, shown_at) "
            "VALUES (?, ?, ?, ?) ON CONFLICT (puzzle_id, user_id) "
            "DO UPDATE SET shown_at = excluded.shown_at",
            (puzzle_id, user_id, guild_id, now),
        )

    async def open_attempt(self, guild_id: int, user_id: int) -> Row | None:
        """The puzzle the person was shown last here and has not solved or seen solved."""
        return await self.store.one(
            "SELECT p.*, a.result FROM puzzle_attempts a JOIN puzzles p ON p.id = a.puzzle_id "
            "WHERE a.user_id = ? AND a.guild_id = ? AND a.closed = 0 "
            "ORDER BY a.shown_at DESC, p.id DESC LIMIT 1",
            (user_id, guild_id),
        )

    async def attempt(self, puzzle_id: int, user_id: int) -> Row | None:
        return await self.store.one(
            "SELECT * FROM puzzle_attempts WHERE puzzle_id = ? AND user_id = ?",
            (puzzle_id, user_id),
        )

    async def answered(self, puzzle_id: int, user_id: int, result: str, close: bool) -> None:
        """Record an answer: the first one's result stays; `close` ends the attempt."""
        await self.store.write_one(
            "UPDATE puzzle_attempts SET result = COALESCE(result, ?), "
            "closed = CASE WHEN ? = 1 THEN 1 ELSE closed END WHERE puzzle_id = ? AND user_id = ?",
            (result, 1 if close else 0, puzzle_id, user_id),
        )

    async def record(self, guild_id: int, user_id: int) -> tuple[int, int]:
        """(puzzles solved at the first answer, puzzles answered or shown) on a server."""
        row = await self.store.one(
            "SELECT COALESCE(SUM(CASE WHEN result = 'solved' THEN 1 ELSE 0 END), 0), "
            "COUNT(result) FROM puzzle_attempts WHERE guild_id = ? AND user_id = ?",
            (guild_id, user_id),
        )
        return (int(row[0]), int(row[1])) if row is not None else (0, 0)

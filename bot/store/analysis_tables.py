"""The SQL of the analyses and analysis_readings tables (a game's review, each position's
reading written as it is made, so a restart goes on where it stopped) and of
rating_history (each player's rating after every rated game)."""

from __future__ import annotations

from bot.store.connection import Store, Tx
from bot.store.rows import Row


class AnalysisRows:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def get(self, match_id: int) -> Row | None:
        return await self.store.one("SELECT * FROM analyses WHERE match_id = ?", (match_id,))

    async def request(self, db: Tx, match_id: int, user_id: int, now: float) -> bool:
        """Ask for the match's review; False if someone already has."""
        made = await db.run(
            "INSERT INTO analyses (match_id, requested_by, requested_at) VALUES (?, ?, ?) "
            "ON CONFLICT DO NOTHING",
            (match_id, user_id, now),
        )
        return made == 1

    async def running_of(self, user_id: int) -> int:
        """How many reviews the person asked for are still being made."""
        row = await self.store.one(
            "SELECT COUNT(*) FROM analyses WHERE requested_by = ? AND finished_at IS NULL",
            (user_id,),
        )
        return int(row[0]) if row is not None else 0

    async def unfinished(self) -> list[int]:
        """The matches whose review is still being made, oldest request first."""
        rows = await self.store.all(
            "SELECT match_id FROM analyses WHERE finished_at IS NULL ORDER BY requested_at"
        )
        return [int(r["match_id"]) for r in rows]

    async def readings(self, match_id: int) -> list[Row]:
        return await self.store.all(
            "SELECT * FROM analysis_readings WHERE match_id = ? ORDER BY ply", (match_id,)
        )

    async def add_reading(
        self, match_id: int, ply: int, score: int, best: str, winner: str | None, plies: int | None
    ) -> None:
        """One position's reading (written once: a second writer's is the same and ignored)."""
        await self.store.write_one(
            "INSERT INTO analysis_readings (match_id, ply, score, best, winner, plies) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (match_id, ply, score, best, winner, plies),
        )

    async def finish(self, match_id: int, now: float) -> None:
        await self.store.write_one(
            "UPDATE analyses SET finished_at = ? WHERE match_id = ? AND finished_at IS NULL",
            (now, match_id),
        )


class RatingHistoryRows:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def add(
        self,
        db: Tx,
        match_id: int,
        user_id: int,
        where: tuple[int, str],
        rating: tuple[float, float],
        now: float,
    ) -> None:
        """The player's rating and deviation after the match (`where`: server and game)."""
        await db.run(
            "INSERT INTO rating_history (match_id, user_id, guild_id, game_id, rating, rd, "
            "rated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (match_id, user_id, *where, *rating, now),
        )

    async def of(self, guild_id: int, game_id: str, user_id: int) -> list[Row]:
        """The player's ratings in a game on a server, oldest first."""
        return await self.store.all(
            "SELECT rating, rd, rated_at FROM rating_history WHERE guild_id = ? AND game_id = ? "
            "AND user_id = ? ORDER BY rated_at, match_id",
            (guild_id, game_id, user_id),
        )

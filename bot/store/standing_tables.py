"""The SQL of the ratings and users tables."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.connection import Store, Tx
from bot.store.match_columns import MATCH_SELECT, OF_A_SERVER
from bot.store.rows import Row

RESULT_COLUMNS = {1.0: "wins", 0.5: "draws", 0.0: "losses"}


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating as stored; the defaults are a new player's."""

    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06


class RatingRows:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def get(self, guild_id: int, game_id: str, user_id: int) -> Row | None:
        return await self.store.one(
            "SELECT * FROM ratings WHERE guild_id = ? AND game_id = ? AND user_id = ?",
            (guild_id, game_id, user_id),
        )

    async def hold(
        self, db: Tx, guild_id: int, game_id: str, user_ids: tuple[int, ...], start: Rating
    ) -> dict[int, Rating]:
        """The players' ratings (`start` for a newcomer), held until the transaction ends, so
        two games ending at once both count. Rows are made and locked in id order (no
        deadlock); a newcomer's row is seen by others only with this game's result in it."""
        held = {}
        for user_id in sorted(set(user_ids)):
            key = (guild_id, game_id, user_id)
            await db.run(
                "INSERT INTO ratings (guild_id, game_id, user_id, rating, rd, volatility) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (*key, start.rating, start.rd, start.volatility),
            )
            row = (
                await db.all(
                    self.store.locking(
                        "SELECT rating, rd, volatility FROM ratings "
                        "WHERE guild_id = ? AND game_id = ? AND user_id = ?"
                    ),
                    key,
                )
            )[0]
            held[user_id] = Rating(row["rating"], row["rd"], row["volatility"])
        return held

    async def record(
        self,
        db: Tx,
        guild_id: int,
        game_id: str,
        user_id: int,
        rating: Rating,
        points: float,
    ) -> None:
        """The new rating and one more win (1), draw (0.5) or loss (0), on the row `hold`
        made."""
        column = RESULT_COLUMNS[points]
        await db.run(
            f"UPDATE ratings SET rating = ?, rd = ?, volatility = ?, {column} = {column} + 1 "
            "WHERE guild_id = ? AND game_id = ? AND user_id = ?",
            (rating.rating, rating.rd, rating.volatility, guild_id, game_id, user_id),
        )

    async def best(self, guild_id: int, game_id: str, offset: int, limit: int) -> list[Row]:
        """The best rated from `offset` on, each with the name they go by on this server (else
        globally)."""
        return await self.store.all(
            "SELECT r.*, COALESCE(m.name, u.name) AS name FROM ratings r "
            "LEFT JOIN member_names m ON m.guild_id = r.guild_id AND m.user_id = r.user_id "
            "LEFT JOIN users u ON u.user_id = r.user_id "
            "WHERE r.guild_id = ? AND r.game_id = ? ORDER BY r.rating DESC, r.user_id "
            "LIMIT ? OFFSET ?",
            (guild_id, game_id, limit, offset),
        )

    async def count(self, guild_id: int, game_id: str) -> int:
        row = await self.store.one(
            "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game_id = ?", (guild_id, game_id)
        )
        return int(row[0]) if row else 0

    async def rank_of(self, guild_id: int, game_id: str, user_id: int) -> int | None:
        """A player's place in the leaderboard's order (1 = best), if rated."""
        row = await self.store.one(
            "SELECT 1 + (SELECT COUNT(*) FROM ratings o WHERE o.guild_id = r.guild_id "
            "AND o.game_id = r.game_id AND (o.rating > r.rating OR "
            "(o.rating = r.rating AND o.user_id < r.user_id))) "
            "FROM ratings r WHERE r.guild_id = ? AND r.game_id = ? AND r.user_id = ?",
            (guild_id, game_id, user_id),
        )
        return int(row[0]) if row else None


class UserRows:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def name(self, guild_id: int, user_id: int) -> str | None:
        """The name someone goes by on this server, else their global name."""
        row = await self.store.one(
            "SELECT COALESCE((SELECT name FROM member_names WHERE guild_id = ? AND user_id = ?),"
            " (SELECT name FROM users WHERE user_id = ?))",
            (guild_id, user_id, user_id),
        )
        return row[0] if row else None

    async def names_here(self, guild_id: int) -> dict[int, str]:
        """The names people go by on this server, by user id."""
        rows = await self.store.all(
            "SELECT user_id, name FROM member_names WHERE guild_id = ?", (guild_id,)
        )
        return {row["user_id"]: row["name"] for row in rows}

    async def remember(self, guild_id: int, user_id: int, here: str, everywhere: str) -> None:
        async with self.store.transaction() as db:
            await db.run(
                "INSERT INTO users (user_id, name) VALUES (?, ?) "
                "ON CONFLICT(user_id) DO UPDATE SET name = excluded.name",
                (user_id, everywhere),
            )
            await db.run(
                "INSERT INTO member_names (guild_id, user_id, name) VALUES (?, ?, ?) "
                "ON CONFLICT(guild_id, user_id) DO UPDATE SET name = excluded.name",
                (guild_id, user_id, here),
            )


class ResultRows:
    """Finished games read for records: between two players, in a season, and casual."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def between(
        self, guild_id: int, a: int, b: int, game_id: str | None, limit: int = 500
    ) -> list[Row]:
        """The finished games of two people against each other here (the server's own:
        not casual ones), newest first."""
        game = "" if game_id is None else "AND game_id = ? "
        return await self.store.all(
            f"{MATCH_SELECT} WHERE guild_id = ? AND status = 'finished' AND {OF_A_SERVER} "
            "AND ((first_user = ? AND second_user = ?) OR (first_user = ? AND second_user = ?)) "
            f"{game}ORDER BY ended_at DESC, id DESC LIMIT ?",
            (guild_id, a, b, b, a, *(() if game_id is None else (game_id,)), limit),
        )

    async def rated_since(self, guild_id: int, game_id: str, since: float) -> list[Row]:
        """The rated games of a game here that ended at or after `since`."""
        return await self.store.all(
            "SELECT first_user, second_user, winner_side FROM matches WHERE guild_id = ? "
            "AND game_id = ? AND status = 'finished' AND computer_level IS NULL "
            f"AND {OF_A_SERVER} AND ended_at >= ?",
            (guild_id, game_id, since),
        )

    async def casual_of(self, user_id: int, game_id: str | None) -> list[Row]:
        """A person's finished casual games against people (no server's: OF_A_SERVER), on
        every server and in every DM (of one game, or all)."""
        game = "" if game_id is None else "AND game_id = ? "
        return await self.store.all(  # first_user = ? OR second_user = ?: an index each
            f"{MATCH_SELECT} WHERE (first_user = ? OR second_user = ?) AND status = 'finished' "
            f"AND computer_level IS NULL AND NOT {OF_A_SERVER} {game}ORDER BY id",
            (user_id, user_id, *(() if game_id is None else (game_id,))),
        )

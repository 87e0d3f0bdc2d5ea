"""The SQL of the tournament tables: the events, their players, and each round's games."""

from __future__ import annotations

from typing import Any

from bot.store import schema
from bot.store.connection import Store, Tx
from bot.store.rows import Row

#: a tournament game's first player's points: from its match once over, else as stored
#: (a bye, a forfeit); a game not played for want of a first move is the loss of the side
#: that was to make it (a ballot's: after its opening), one called off (match_reason) counts
#: for neither
_GAMES = (
    "SELECT g.*, m.status AS match_status, m.winner_side, m.ply AS match_ply, m.game_id, "
    "m.first_user AS match_first, m.result_reason AS match_reason, "
    "m.ballot AS match_ballot FROM tournament_games g "
    "LEFT JOIN matches m ON m.id = g.match_id WHERE g.tournament_id = ?"
)


class TournamentRows:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def insert(self, db: Tx, values: dict[str, Any]) -> int:
        return await db.insert(schema.tournaments, {**values, "status": "signup", "round": 0})

    async def get(self, tournament_id: int, db: Tx | None = None) -> Row | None:
        sql = self.store.locking("SELECT * FROM tournaments WHERE id = ?")
        rows = await (db or self.store).all(sql, (tournament_id,))
        return rows[0] if rows else None

    async def of_server(self, guild_id: int, statuses: tuple[str, ...]) -> list[Row]:
        marks = ", ".join("?" for _ in statuses)
        return await self.store.all(
            f"SELECT * FROM tournaments WHERE guild_id = ? AND status IN ({marks}) ORDER BY id",
            (guild_id, *statuses),
        )

    async def running(self) -> list[Row]:
        """The events under way, and those in sign-up that start by themselves."""
        return await self.store.all(
            "SELECT * FROM tournaments WHERE status = 'running' "
            "OR (status = 'signup' AND starts_at IS NOT NULL)"
        )

    async def update(self, db: Tx, tournament_id: int, values: dict[str, Any]) -> None:
        await db.update(schema.tournaments, values, "id = ?", (tournament_id,))

    async def players(self, tournament_id: int, db: Tx | None = None) -> list[Row]:
        return await (db or self.store).all(
            "SELECT * FROM tournament_players WHERE tournament_id = ? ORDER BY seed",
            (tournament_id,),
        )

    async def add_player(self, db: Tx, tournament_id: int, user_id: int, now: float) -> bool:
        """The player joins, last in the starting order; False if they already had."""
        added = await db.run(
            "INSERT INTO tournament_players (tournament_id, user_id, seed, joined_at) "
            "SELECT ?, ?, COALESCE(MAX(seed), 0) + 1, ? FROM tournament_players "
            "WHERE tournament_id = ? ON CONFLICT DO NOTHING",
            (tournament_id, user_id, now, tournament_id),
        )
        return added == 1

    async def remove_player(self, db: Tx, tournament_id: int, user_id: int) -> None:
        await db.run(
            "DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?",
            (tournament_id, user_id),
        )

    async def withdraw(self, db: Tx, tournament_id: int, user_id: int, now: float) -> None:
        await db.run(
            "UPDATE tournament_players SET withdrawn_at = ? WHERE tournament_id = ? "
            "AND user_id = ? AND withdrawn_at IS NULL",
            (now, tournament_id, user_id),
        )

    async def games(self, tournament_id: int, db: Tx | None = None) -> list[Row]:
        return await (db or self.store).all(f"{_GAMES} ORDER BY g.round, g.board", (tournament_id,))

    async def add_game(self, db: Tx, values: dict[str, Any]) -> None:
        marks = ", ".join("?" for _ in values)
        await db.run(
            f"INSERT INTO tournament_games ({', '.join(values)}) VALUES ({marks})",
            tuple(values.values()),
        )

    async def of_match(self, match_id: int) -> int | None:
        row = await self.store.one("SELECT tournament_id FROM matches WHERE id = ?", (match_id,))
        return None if row is None or row[0] is None else int(row[0])

    async def round_of_match(self, match_id: int) -> list[Row]:
        """The games with a match of the round that `match_id` is a game of, by board."""
        return await self.store.all(
            "SELECT g.* FROM tournament_games m JOIN tournament_games g "
            "ON g.tournament_id = m.tournament_id AND g.round = m.round "
            "WHERE m.match_id = ? AND g.match_id IS NOT NULL ORDER BY g.board",
            (match_id,),
        )

"""The SQL of the challenges table."""

from __future__ import annotations

from typing import Any

from bot.runtime.shards import Shards, where
from bot.store import schema
from bot.store.connection import Store, Tx
from bot.store.rows import Row


class ChallengeRows:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def get(self, challenge_id: int) -> Row | None:
        return await self.store.by_id("SELECT * FROM challenges WHERE id = ?", challenge_id)

    async def insert(self, db: Tx, values: dict[str, Any]) -> int:
        return await db.insert(schema.challenges, {**values, "status": "open"})

    async def set_status(
        self, db: Tx, challenge_id: int, status: str, match_id: int | None = None
    ) -> None:
        values: dict[str, Any] = {"status": status}
        if match_id is not None:
            values["match_id"] = match_id
        await db.update(schema.challenges, values, "id = ?", (challenge_id,))

    async def expire(self, db: Tx, challenge_id: int, now: float) -> bool:
        """Mark it expired if it is still open and due."""
        done = await db.update(
            schema.challenges,
            {"status": "expired"},
            "id = ? AND status = 'open' AND expires_at <= ?",
            (challenge_id, now),
        )
        return done == 1

    async def open_by(self, guild_id: int, challenger_id: int, now: float) -> int:
        """How many unanswered challenges a player has out on a server."""
        row = await self.store.one(
            "SELECT COUNT(*) FROM challenges WHERE guild_id = ? AND challenger_id = ? "
            "AND status = 'open' AND expires_at > ?",
            (guild_id, challenger_id, now),
        )
        return int(row[0]) if row else 0

    async def open_rematch(self, match_id: int, now: float) -> Row | None:
        return await self.store.one(
            "SELECT * FROM challenges WHERE rematch_of = ? AND status = 'open' "
            "AND expires_at > ? ORDER BY id",
            (match_id, now),
        )

    async def due(self, now: float, shards: Shards | None = None) -> list[int]:
        mine, params = where(shards)
        return await self.store.ids(
            f"SELECT id FROM challenges WHERE status = 'open' AND expires_at <= ? AND {mine}",
            (now, *params),
        )

    async def next_expiry(self, shards: Shards | None = None) -> float | None:
        mine, params = where(shards)
        return await self.store.moment(
            f"SELECT MIN(expires_at) FROM challenges WHERE status = 'open' AND {mine}", params
        )

"""The SQL of the announcements table: the sweeper's outbox."""

from __future__ import annotations

from bot.runtime.shards import Shards, where
from bot.store import schema
from bot.store.connection import Store, Tx
from bot.store.rows import Row

#: how long a sweeper may take to post what it claimed before another may post it
CLAIM_SECONDS = 120.0
#: announcements claimed at once (a full claim: the sweeper claims again at once)
CLAIM_LIMIT = 100
#: posts of one announcement that may fail before the sweeper gives it up
MOST_ATTEMPTS = 5
_FREE = "sent_at IS NULL AND (claimed_at IS NULL OR claimed_at <= ?)"
#: the server an announcement is about (of its match, or of its challenge)
_GUILD = (
    "COALESCE((SELECT guild_id FROM matches WHERE id = announcements.match_id), "
    "(SELECT guild_id FROM challenges WHERE id = announcements.challenge_id))"
)


class AnnouncementRows:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def add(
        self,
        db: Tx,
        kind: str,
        now: float,
        *,
        challenge_id: int | None = None,
        match_id: int | None = None,
    ) -> None:
        """Queue news inside the transaction that made it happen."""
        values = {"kind": kind, "challenge_id": challenge_id, "match_id": match_id}
        await db.insert(schema.announcements, {**values, "created_at": now})

    async def claim(
        self, now: float, limit: int = CLAIM_LIMIT, shards: Shards | None = None
    ) -> list[Row]:
        """Unsent news (of this process's servers) no other sweeper is posting (a claim
        lasts CLAIM_SECONDS), claimed for this one: posted once normally, again only if a
        post failed or was lost."""
        mine, params = where(shards, _GUILD)
        rows = await self.store.all(
            f"SELECT * FROM announcements WHERE {_FREE} AND {mine} ORDER BY id LIMIT ?",
            (now - CLAIM_SECONDS, *params, limit),
        )
        claimed = []
        for row in rows:
            taken = await self.store.write_one(
                f"UPDATE announcements SET claimed_at = ? WHERE id = ? AND {_FREE}",
                (now, row["id"], now - CLAIM_SECONDS),
            )
            if taken:
                claimed.append(row)
        return claimed

    async def sent(self, announcement_id: int, now: float) -> None:
        await self.store.write_one(
            "UPDATE announcements SET sent_at = ?, attempts = attempts + 1 WHERE id = ?",
            (now, announcement_id),
        )

    async def failed(self, announcement_id: int, now: float) -> bool:
        """Free it for the next sweep, or, after MOST_ATTEMPTS, give it up (True)."""
        await self.store.write_one(
            "UPDATE announcements SET claimed_at = NULL, attempts = attempts + 1, "
            "sent_at = CASE WHEN attempts + 1 >= :most THEN CAST(:now AS REAL) END, "
            "gave_up_at = CASE WHEN attempts + 1 >= :most THEN CAST(:now AS REAL) END "
            "WHERE id = :id",
            {"most": MOST_ATTEMPTS, "now": now, "id": announcement_id},
        )
        row = await self.store.one(
            "SELECT gave_up_at FROM announcements WHERE id = ?", (announcement_id,)
        )
        return row is not None and row[0] is not None

"""The SQL of the turn_notices and notices_sent tables: who wants turn notices by DM, and
which turn each player was told of."""

from __future__ import annotations

from bot.store.connection import Store

#: the claim of a turn notice by a move's write, if its player asked to be told every turn
CLAIM_IF_EVERY_TURN = (
    "INSERT INTO notices_sent (match_id, ply, user_id, sent_at) "
    "SELECT CAST(:match_id AS BIGINT), CAST(:ply AS INTEGER), CAST(:user_id AS BIGINT), "
    "CAST(:sent_at AS DOUBLE PRECISION) WHERE EXISTS "
    "(SELECT 1 FROM turn_notices WHERE user_id = :user_id AND mode = 'turns') "
    "ON CONFLICT DO NOTHING"
)


class NoticeRows:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def mode(self, user_id: int) -> str | None:
        row = await self.store.one("SELECT mode FROM turn_notices WHERE user_id = ?", (user_id,))
        return None if row is None else str(row["mode"])

    async def set_mode(self, user_id: int, mode: str | None) -> None:
        """Turn notices on in `mode`, or off (None)."""
        async with self.store.transaction() as db:
            await db.run("DELETE FROM turn_notices WHERE user_id = ?", (user_id,))
            if mode is not None:
                await db.run(
                    "INSERT INTO turn_notices (user_id, mode) VALUES (?, ?)", (user_id, mode)
                )

    async def claim(self, match_id: int, ply: int, user_id: int, now: float) -> bool:
        """Record that `user_id` is told of the turn at `ply`; False if they already were
        (by this process or another)."""
        claimed = await self.store.write_one(
            "INSERT INTO notices_sent (match_id, ply, user_id, sent_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT DO NOTHING",
            (match_id, ply, user_id, now),
        )
        return claimed == 1

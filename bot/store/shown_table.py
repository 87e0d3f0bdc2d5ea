"""The SQL of the shown_messages table: which chat message shows a challenge ("challenge:7")
or a match's latest board ("board:12")."""

from __future__ import annotations

from bot.store.connection import Store


class ShownMessages:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def find(self, key: str) -> tuple[int, int] | None:
        """(channel id, message id) of the message showing `key`, if one was recorded."""
        row = await self.store.one(
            "SELECT channel_id, message_id FROM shown_messages WHERE key = ?", (key,)
        )
        return None if row is None else (row["channel_id"], row["message_id"])

    async def replace(self, key: str, channel_id: int, message_id: int) -> tuple[int, int] | None:
        """Record the message now showing `key`; returns the one it replaces, if any."""
        async with self.store.transaction() as db:
            before = await self.store.one(
                self.store.locking(
                    "SELECT channel_id, message_id FROM shown_messages WHERE key = ?"
                ),
                (key,),
            )
            await db.run(
                "INSERT INTO shown_messages (key, channel_id, message_id) VALUES (?, ?, ?) "
                "ON CONFLICT (key) DO UPDATE SET channel_id = excluded.channel_id, "
                "message_id = excluded.message_id",
                (key, channel_id, message_id),
            )
        if before is None or tuple(before) == (channel_id, message_id):
            return None
        return before[0], before[1]

"""The SQL of the identify_slots table: Discord's identify rate shared by every process."""

from __future__ import annotations

from bot.store.connection import Store

#: Discord takes one identify a bucket per 5 s; half a second more for machines' clocks
IDENTIFY_SPACING = 5.5


async def reserve_identify(store: Store, bucket: int, now: float) -> float:
    """Reserve the bucket's next identify for this process; returns when it may send it
    (now, or IDENTIFY_SPACING after the one reserved before it, by any process)."""
    async with store.transaction() as db:
        await db.run(
            "INSERT INTO identify_slots (bucket, next_at) VALUES (?, ?) "
            "ON CONFLICT (bucket) DO NOTHING",
            (bucket, now),
        )
        row = await store.one(
            store.locking("SELECT next_at FROM identify_slots WHERE bucket = ?"), (bucket,)
        )
        at = max(now, float(row[0])) if row is not None else now
        await db.run(
            "UPDATE identify_slots SET next_at = ? WHERE bucket = ?",
            (at + IDENTIFY_SPACING, bucket),
        )
    return at

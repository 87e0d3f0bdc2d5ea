"""The SQL of the vacations table."""

from __future__ import annotations

from bot.store.connection import Store, Tx

#: the first key of the PostgreSQL advisory locks that hold a person's vacations (the
#: second: the person); migrations lock key 7227 alone, another key space
VACATION_LOCK = 44


class VacationRows:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def hold(self, db: Tx, user_id: int) -> None:
        """Hold the person's vacations until the transaction ends, so that what it reads of
        them stays true until it writes: SQLite's transaction has the one write lock from its
        BEGIN already; on PostgreSQL, an advisory lock on the person (a vacation has no row of
        its own to lock before it is written), which a second vacation of theirs waits on."""
        if self.store.dialect == "postgresql":
            await db.all(
                "SELECT pg_advisory_xact_lock(?, ?)", (VACATION_LOCK, user_id % 2**31)
            )  # people whose ids share the key only wait on each other's vacations

    async def days_taken(self, user_id: int, since: float) -> int:
        """Days of vacation the person began at or after `since`."""
        row = await self.store.one(
            "SELECT COALESCE(SUM(days), 0) FROM vacations WHERE user_id = ? AND starts_at >= ?",
            (user_id, since),
        )
        return int(row[0]) if row is not None else 0

    async def away_until(self, user_id: int, now: float) -> float | None:
        """When the person's vacation under way ends (None: they are not on one)."""
        return await self.store.moment(
            "SELECT MAX(ends_at) FROM vacations WHERE user_id = ? AND ends_at > ?",
            (user_id, now),
        )

    async def take(self, db: Tx, user_id: int, starts_at: float, ends_at: float, days: int) -> None:
        """Record the vacation (the deadlines it moves are the service's to decide)."""
        await db.run(
            "INSERT INTO vacations (user_id, starts_at, ends_at, days) VALUES (?, ?, ?, ?)",
            (user_id, starts_at, ends_at, days),
        )

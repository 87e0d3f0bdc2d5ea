"""The SQL of the announcements table: the outbox of news (the sweeper's) and of a
tournament round's boards (the director's, kind ROUND_BOARD)."""

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
#: the kind of a tournament game's board still to post: the director posts those, paced,
#: and the sweeper none
ROUND_BOARD = "board"
_FREE = "sent_at IS NULL AND (claimed_at IS NULL OR claimed_at <= ?)"
#: the server an announcement is about (of its match, or of its challenge)
_GUILD = (
    "COALESCE((SELECT guild_id FROM matches WHERE id = announcements.match_id), "
    "(SELECT guild_id FROM challenges WHERE id = announcements.challenge_id))"
)


#: an announcement about a game of a tournament (each pending row looked up by its match's
#: id: matches has no index by tournament)
_OF_TOURNAMENT = (
    "EXISTS (SELECT 1 FROM matches WHERE matches.id = announcements.match_id "
    "AND matches.tournament_id = ?)"
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
        news = f"kind <> '{ROUND_BOARD}' AND {mine}"
        return await self._claim(now, limit, news, params)

    async def claim_boards(self, now: float, tournament_id: int, limit: int) -> list[Row]:
        """A tournament's boards still to post that no other process is posting, oldest
        first, claimed for this one (as `claim` does)."""
        boards = f"kind = '{ROUND_BOARD}' AND {_OF_TOURNAMENT}"
        return await self._claim(now, limit, boards, (tournament_id,))

    async def boards_left(self, tournament_id: int) -> int:
        """A tournament's boards not yet posted (claimed or not)."""
        row = await self.store.one(
            "SELECT COUNT(*) FROM announcements WHERE sent_at IS NULL AND kind = ? "
            f"AND {_OF_TOURNAMENT}",
            (ROUND_BOARD, tournament_id),
        )
        return 0 if row is None else int(row[0])

    async def _claim(
        self, now: float, limit: int, which: str, params: tuple[int, ...]
    ) -> list[Row]:
        rows = await self.store.all(
            f"SELECT * FROM announcements WHERE {_FREE} AND {which} ORDER BY id LIMIT ?",
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

    async def sent(self, announcement_id: int, now: float, db: Tx | None = None) -> None:
        """Posted (inside `db`, the transaction of what posting it changes, if given)."""
        sql = "UPDATE announcements SET sent_at = ?, attempts = attempts + 1 WHERE id = ?"
        if db is None:
            await self.store.write_one(sql, (now, announcement_id))
        else:
            await db.run(sql, (now, announcement_id))

    async def failed(
        self,
        announcement_id: int,
        now: float,
        *,
        most: int = MOST_ATTEMPTS,
        retry_in: float | None = None,
    ) -> bool:
        """Free it for the next sweep (or, with `retry_in`, for a claim that many seconds
        from now), or, after `most` failed posts, give it up (True)."""
        free_at = None if retry_in is None else now - CLAIM_SECONDS + retry_in
        await self.store.write_one(
            "UPDATE announcements SET claimed_at = CAST(:free AS DOUBLE PRECISION), "
            "attempts = attempts + 1, "
            "sent_at = CASE WHEN attempts + 1 >= :most THEN CAST(:now AS REAL) END, "
            "gave_up_at = CASE WHEN attempts + 1 >= :most THEN CAST(:now AS REAL) END "
            "WHERE id = :id",
            {"free": free_at, "most": most, "now": now, "id": announcement_id},
        )
        row = await self.store.one(
            "SELECT gave_up_at FROM announcements WHERE id = ?", (announcement_id,)
        )
        return row is not None and row[0] is not None

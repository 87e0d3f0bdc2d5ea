"""The SQL of the matches table and its move log. A move (record_move) is one write
(`move_write`); a match is read with the columns of `match_columns`."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from bot.runtime.shards import Shards, where
from bot.store import schema
from bot.store.batching import Batched
from bot.store.connection import MAX_ID, Store, Tx
from bot.store.match_columns import MATCH_COLUMNS, MATCH_SELECT, OF_A_SERVER, REMINDER_AT
from bot.store.move_write import LANDED, Moved, MoveWrite
from bot.store.rows import Row


class MatchRows:
    def __init__(self, store: Store) -> None:
        self.store = store
        #: rows asked for by id outside transactions, read together when they queue
        self._by_id: Batched[int, Row | None] = Batched(self._rows_of, writes=False)

    # --- reading ---
    async def get(self, match_id: int) -> Row | None:
        """A match by id (inside a transaction: held by it, as Store.by_id reads)."""
        if self.store.in_transaction or not 0 < match_id <= MAX_ID:
            return await self.store.by_id(f"{MATCH_SELECT} WHERE id = ?", match_id)
        return await self._by_id.submit(match_id)

    async def _rows_of(self, ids: list[int]) -> list[Row | None]:
        """Each id's match (None: no such match), in one statement."""
        wanted = sorted(set(ids))
        marks = ", ".join("?" for _ in wanted)
        rows = await self.store.all(f"{MATCH_SELECT} WHERE id IN ({marks})", wanted)
        found = {row["id"]: row for row in rows}
        return [found.get(match_id) for match_id in ids]

    async def in_thread(self, thread_id: int) -> Row | None:
        return await self.store.one(f"{MATCH_SELECT} WHERE thread_id = ?", (thread_id,))

    async def active_here(self, guild_id: int, channel_id: int) -> list[Row]:
        """Games in progress in a channel or its game threads."""
        return await self.store.all(  # one index each (a thread's id is unique on Discord)
            f"{MATCH_SELECT} WHERE (guild_id = ? AND channel_id = ? AND status = 'active') "
            "OR (thread_id = ? AND status = 'active') ORDER BY id",
            (guild_id, channel_id, channel_id),
        )

    async def of_user(
        self, guild_id: int, user_id: int, statuses: tuple[str, ...], limit: int
    ) -> list[Row]:
        marks = ", ".join("?" for _ in statuses)
        return await self.store.all(
            f"{MATCH_SELECT} WHERE guild_id = ? AND (first_user = ? OR second_user = ?) "
            f"AND status IN ({marks}) ORDER BY id DESC LIMIT ?",
            (guild_id, user_id, user_id, *statuses, limit),
        )

    async def of_user_in(
        self, guild_id: int, channel_id: int, user_id: int, statuses: tuple[str, ...]
    ) -> Row | None:
        """The person's latest game of these statuses played in a channel."""
        marks = ", ".join("?" for _ in statuses)
        return await self.store.one(
            f"{MATCH_SELECT} WHERE guild_id = ? AND channel_id = ? AND status IN ({marks}) "
            "AND (first_user = ? OR second_user = ?) ORDER BY id DESC LIMIT 1",
            (guild_id, channel_id, *statuses, user_id, user_id),
        )

    async def active_of(self, user_id: int, limit: int) -> list[Row]:
        """A person's games in progress on every server (first_user = ? OR second_user = ?:
        an index each)."""
        return await self.store.all(
            f"{MATCH_SELECT} WHERE (first_user = ? OR second_user = ?) AND status = 'active' "
            "ORDER BY id LIMIT ?",
            (user_id, user_id, limit),
        )

    async def finished_of(
        self, guild_id: int, game_id: str, user_id: int, *, computer: bool = False
    ) -> list[Row]:
        """A user's finished games against people (or, with `computer`, the computer) in
        the server's records: its own games between people, every game against the computer."""
        against = "IS NOT NULL" if computer else f"IS NULL AND {OF_A_SERVER}"
        return await self.store.all(  # first_user = ? OR second_user = ?: an index each
            f"{MATCH_SELECT} WHERE guild_id = ? AND game_id = ? AND status = 'finished' "
            f"AND (first_user = ? OR second_user = ?) AND computer_level {against}",
            (guild_id, game_id, user_id, user_id),
        )

    async def computer_to_move(self, shards: Shards | None = None) -> list[int]:
        """Games in progress where it is the computer's turn."""
        mine, params = where(shards)
        return await self.store.ids(
            "SELECT id FROM matches WHERE status = 'active' AND computer_level IS NOT NULL "
            f"AND ply % 2 = computer_parity AND {mine}",
            params,
        )

    async def against_computer(self, user_id: int) -> int:
        """How many games a person has in progress against the computer (on all servers)."""
        row = await self.store.one(
            "SELECT COUNT(*) FROM matches WHERE status = 'active' AND computer_level IS NOT NULL "
            "AND (first_user = ? OR second_user = ?)",
            (user_id, user_id),
        )
        return int(row[0]) if row else 0

    async def moves(self, match_id: int) -> list[str]:
        rows = await self.store.all(
            "SELECT move FROM moves WHERE match_id = ? ORDER BY ply", (match_id,)
        )
        return [r["move"] for r in rows]

    def _changed(self, db: Tx | None, match_id: int) -> None:
        """A write changed this match: the store's watchers are told once `db` commits (at
        once for a write that was its own transaction)."""
        if db is not None:
            db.changed.add(match_id)
        else:
            self.store.watchers.tell(match_id)

    # --- writing ---
    async def insert(self, db: Tx, values: dict[str, Any]) -> int:
        """A new match (at ply 0, unless `values` say where its opening left it), with its
        own unguessable address on the web site."""
        token = secrets.token_urlsafe(16)
        match_id = await db.insert(
            schema.matches, {"ply": 0, **values, "status": "active", "web_token": token}
        )
        self._changed(db, match_id)
        return match_id

    async def record_move(
        self, move: MoveWrite, finish: Callable[[Tx, Row], Awaitable[Row]] | None = None
    ) -> Moved | None:
        """Log a move and move its match row on to it, all or nothing, if the match is active
        at the ply before and its deadline has not passed (None: it is not; nothing is
        written). Without `finish`, a write of its own (on SQLite, committed together with
        the moves that queued meanwhile); with `finish` (the move ends the game) in a
        transaction where `finish` then ends the match and gives its row."""
        unit = move.unit(self.store.for_update)
        if finish is not None:
            async with self.store.transaction() as db:
                applied = await db.apply(unit)
                if applied is None:
                    return None
                self._changed(db, move.match_id)
                return Moved(await finish(db, applied[0]), False)
        applied = await self.store.write_unit(unit)
        if applied is None:  # refused by the guard: unless it was this very move's first try
            landed = await self.store.one(LANDED, unit.guard[1])
            applied = None if landed is None else (landed, (int(landed["told"]),))
        if applied is None:
            return None
        self._changed(None, move.match_id)
        return Moved(applied[0], move.tell is not None and applied[1][-1:] == (1,))

    async def end(self, db: Tx, match_id: int, values: dict[str, Any]) -> Row:
        """Finish or abort (inside the transaction that decided it): no deadline, no offer.
        The row as it is after."""
        ending = {**values, "deadline": None, "draw_offer_by": None, "takeback_by": None}
        sets = ", ".join(f"{column} = ?" for column in ending)
        rows = await db.all(
            f"UPDATE matches SET {sets} WHERE id = ? RETURNING {MATCH_COLUMNS}",
            (*ending.values(), match_id),
        )
        self._changed(db, match_id)
        return rows[0]

    async def start_clock(
        self, db: Tx, match_id: int, deadline: float, start_ply: int = 0
    ) -> Row | None:
        """Set the first deadline of a game begun without one (as the service decided it),
        still at `start_ply` (its opening's end: 0, or a ballot's three moves); the row as it
        is after, or None if it is over, or has one already (a move was made)."""
        rows = await db.all(
            "UPDATE matches SET deadline = ? WHERE id = ? AND status = 'active' "
            f"AND deadline IS NULL AND ply = ? RETURNING {MATCH_COLUMNS}",
            (deadline, match_id, start_ply),
        )
        if rows:
            self._changed(db, match_id)
        return rows[0] if rows else None

    async def ask_takeback(self, db: Tx, match_id: int, user_id: int, ply: int) -> bool:
        """Record that `user_id` asks to take back at `ply`, if nobody has asked and the
        match is still there; False if not. The request is numbered (in takeback_ply) by
        the plies played and twice those taken back so far: every move and every takeback
        raises the number, and each voids the request, so no two requests of a match that
        differ share it (MatchView.takeback_request)."""
        asked = await db.run(
            "UPDATE matches SET takeback_by = ?, takeback_ply = ply + 2 * (SELECT COUNT(*) "
            "FROM undone_moves WHERE match_id = ?) WHERE id = ? AND ply = ? "
            "AND status = 'active' AND takeback_by IS NULL",
            (user_id, match_id, match_id, ply),
        )
        return asked == 1

    async def undo(
        self,
        db: Tx,
        match_id: int,
        *,
        to_ply: int,
        position: str,
        deadline: float | None,
        asked_by: int,
        now: float,
    ) -> Row:
        """Take the moves after `to_ply` back, as the service decided: they leave the move
        log for undone_moves, and the match row returns to `to_ply` and `position` with a
        new deadline, no draw offer and no takeback asked. The row as it is after."""
        await db.run(
            "INSERT INTO undone_moves (match_id, ply, move, user_id, played_at, undone_at, "
            "asked_by) SELECT match_id, ply, move, user_id, played_at, ?, ? FROM moves "
            "WHERE match_id = ? AND ply > ?",
            (now, asked_by, match_id, to_ply),
        )
        await db.run("DELETE FROM moves WHERE match_id = ? AND ply > ?", (match_id, to_ply))
        rows = await db.all(
            "UPDATE matches SET ply = ?, position = ?, deadline = ?, reminded = 0, "
            "draw_offer_by = NULL, takeback_by = NULL, takeback_ply = NULL "
            f"WHERE id = ? RETURNING {MATCH_COLUMNS}",
            (to_ply, position, deadline, match_id),
        )
        self._changed(db, match_id)
        return rows[0]

    async def set(self, db: Tx, match_id: int, **values: Any) -> None:
        """The draw offer, the thread, or a deadline a vacation moved, of a match."""
        await db.update(schema.matches, values, "id = ?", (match_id,))
        self._changed(db, match_id)

    async def held_of(self, user_id: int) -> list[Row]:
        """A person's games in progress, held until the caller's transaction ends."""
        return await self.store.all(
            self.store.locking(
                f"{MATCH_SELECT} WHERE (first_user = ? OR second_user = ?) AND status = 'active'"
            ),
            (user_id, user_id),
        )

    async def unbind_thread(self, db: Tx, thread_id: int) -> list[int]:
        """Forget a thread that is gone; the games in progress there, now in their channel."""
        rows = await db.all(
            "SELECT id FROM matches WHERE thread_id = ? AND status = 'active'", (thread_id,)
        )
        await db.update(schema.matches, {"thread_id": None}, "thread_id = ?", (thread_id,))
        return [r[0] for r in rows]

    async def mark_reminded(self, db: Tx, match_id: int, now: float) -> bool:
        done = await db.update(
            schema.matches,
            {"reminded": 1},
            f"id = ? AND status = 'active' AND reminded = 0 AND {REMINDER_AT} <= ?",
            (match_id, now),
        )
        return done == 1

    # --- what falls due ---
    async def overdue(self, now: float, shards: Shards | None = None) -> list[int]:
        mine, params = where(shards)
        return await self.store.ids(
            f"SELECT id FROM matches WHERE status = 'active' AND deadline <= ? AND {mine}",
            (now, *params),
        )

    async def reminders_due(self, now: float, shards: Shards | None = None) -> list[int]:
        mine, params = where(shards)
        return await self.store.ids(
            "SELECT id FROM matches WHERE status = 'active' AND reminded = 0 "
            f"AND deadline > ? AND {REMINDER_AT} <= ? AND {mine}",
            (now, now, *params),
        )

    async def next_due(self, shards: Shards | None = None) -> float | None:
        """The next deadline or reminder of a game in progress."""
        mine, params = where(shards)
        return await self.store.moment(
            "SELECT MIN(t) FROM ("
            f"SELECT MIN(deadline) AS t FROM matches WHERE status = 'active' AND {mine} "
            f"UNION ALL SELECT MIN({REMINDER_AT}) FROM matches "
            f"WHERE status = 'active' AND reminded = 0 AND {mine}) AS due",
            (*params, *params),
        )

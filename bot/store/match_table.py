"""The SQL of the matches table and its move log.

A move (record_move) is one write: its log row, inserted only if the match is still where
the service decided it (bot.service.play), the match row moved on to it, and the claim of
the next player's turn notice. When a player's one reminder falls due is decided here only
(REMINDER_AT).
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from bot.runtime.shards import Shards, where
from bot.store import schema
from bot.store.batching import Batched
from bot.store.connection import MAX_ID, Store, Tx
from bot.store.notice_tables import CLAIM_IF_EVERY_TURN, CLAIM_UNLESS_CHOSEN_OTHERWISE
from bot.store.rows import Row
from bot.store.units import Statement, Unit

#: a quarter of the time per move (at most an hour) before the deadline
REMINDER_AT = "(deadline - CASE WHEN move_seconds < 14400 THEN move_seconds / 4.0 ELSE 3600.0 END)"
#: the latest end of each player's vacations (a move reads it with its match: one read less)
_AWAY = (
    "(SELECT MAX(ends_at) FROM vacations v WHERE v.user_id = matches.first_user) AS first_away, "
    "(SELECT MAX(ends_at) FROM vacations v WHERE v.user_id = matches.second_user) AS second_away"
)
#: the other game of a ballot pair: its first player and its result so far (read with the
#: match, so a board shows the pair's score without a read of its own)
_PAIR = ", ".join(
    f"(SELECT p.{column} FROM matches p WHERE p.id = matches.pair_id) AS pair_{name}"
    for column, name in (("first_user", "first"), ("status", "status"), ("winner_side", "winner"))
)
#: each player's language as last seen (a turn notice to them is worded in it: no read of its own)
_LOCALES = (
    "(SELECT locale FROM people_settings s WHERE s.user_id = matches.first_user) "
    "AS first_locale, "
    "(SELECT locale FROM people_settings s WHERE s.user_id = matches.second_user) "
    "AS second_locale"
)
#: every column of a match, when its reminder falls due, its players' vacations' ends and
#: languages, and the other game of its pair
MATCH_COLUMNS = f"*, {REMINDER_AT} AS remind_at, {_AWAY}, {_LOCALES}, {_PAIR}"
MATCH_SELECT = f"SELECT {MATCH_COLUMNS} FROM matches"
#: a match that is its server's (bot.service.MatchView.private: not played where the bot only
#: answers, nor in a DM): people's games elsewhere are casual, in no server's records
OF_A_SERVER = "(reach = 'posts' AND guild_id <> 0)"
#: move `ply` logged if its match is active at ply - 1 and the deadline has not passed; on
#: PostgreSQL the match row is held (FOR UPDATE) so a racing end or move waits, then sees it
_APPEND = (
    "INSERT INTO moves (match_id, ply, move, user_id, played_at, position) "
    "SELECT id, CAST(:ply AS INTEGER), CAST(:move AS TEXT), CAST(:user_id AS BIGINT), "
    "CAST(:played_at AS DOUBLE PRECISION), CAST(:position AS TEXT) FROM matches "
    "WHERE id = :match_id AND ply = :ply - 1 AND status = 'active' "
    "AND (deadline IS NULL OR deadline > :played_at)"
)

#: the match row moved on to a logged move: its ply, position and deadline, its reminder
#: due again, the draw offer kept only if the mover made it (judged on the row as it is now,
#: held by the move's insert, so an offer declined meanwhile stays declined); a takeback
#: asked for before this move is void
_ADVANCE = (
    "UPDATE matches SET ply = :ply, position = :position, deadline = :deadline, reminded = 0, "
    "draw_offer_by = CASE WHEN draw_offer_by = :user_id THEN draw_offer_by END, "
    f"takeback_by = NULL, takeback_ply = NULL WHERE id = :match_id RETURNING {MATCH_COLUMNS}"
)


#: the match row as a move left it, if that very move is logged and the row is still at it
#: (`at`: the move's ply, or its forced reply's) (a move resent after a lost connection,
#: whose first attempt had committed), and whether the next player was told of their turn
_LANDED = (
    f"SELECT {MATCH_COLUMNS}, EXISTS (SELECT 1 FROM notices_sent WHERE match_id = :match_id "
    "AND ply = :at) AS told FROM matches WHERE id = :match_id AND ply = :at "
    "AND EXISTS (SELECT 1 FROM moves WHERE match_id = :match_id AND ply = :ply "
    "AND user_id = :user_id AND played_at = :played_at AND move = :move)"
)
#: a forced reply logged after the move it answers, inside the move's guarded write
_LOG = (
    "INSERT INTO moves (match_id, ply, move, user_id, played_at, position) "
    "VALUES (:match_id, :ply, :move, :user_id, :played_at, :position)"
)


class Reply(NamedTuple):
    """The one move the opponent had left, made for them at once in the move's write (The
    Crown's checkmated Prince leaving the board): its text, its player, the position after."""

    move: str
    user_id: int
    position: str


@dataclass(frozen=True)
class MoveWrite:
    """A move as the service decided it: its log row (and its forced reply's) and its match
    row's next deadline; `tell`: the person to move next, told of their turn if they asked
    for every turn (`unless_chosen`: unless they chose otherwise, in a game in answers)."""

    match_id: int
    ply: int
    move: str
    user_id: int
    played_at: float
    position: str
    deadline: float | None
    tell: int | None = None
    reply: Reply | None = None
    unless_chosen: bool = False

    def unit(self, for_update: Callable[[str], str]) -> Unit:
        """The move's statements (`for_update`: the engine's way to hold the match row)."""
        at = self.ply if self.reply is None else self.ply + 1
        logged = {
            "match_id": self.match_id, "ply": self.ply, "move": self.move,
            "user_id": self.user_id, "played_at": self.played_at, "position": self.position,
            "at": at,
        }  # fmt: skip
        last = logged if self.reply is None else {**logged, "ply": at, **self.reply._asdict()}
        advanced = {**last, "user_id": self.user_id, "deadline": self.deadline}
        told = {**last, "user_id": self.tell, "sent_at": self.played_at}
        then: tuple[Statement, ...] = () if self.reply is None else ((_LOG, last),)
        if self.tell is not None:
            claim = CLAIM_UNLESS_CHOSEN_OTHERWISE if self.unless_chosen else CLAIM_IF_EVERY_TURN
            then += ((claim, told),)
        return Unit((for_update(_APPEND), logged), (_ADVANCE, advanced), then)


class Moved(NamedTuple):
    """A move's match row as the move left it, and whether the next player is to be told."""

    row: Row
    told: bool


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
            landed = await self.store.one(_LANDED, unit.guard[1])
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

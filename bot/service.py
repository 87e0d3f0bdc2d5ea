"""The match service: every rule about who may do what, over the store and the rules engine.

Identities are plain ids (guild, channel, user). Each action either returns a view or raises
Refusal with a sentence to show the person; a refused action writes nothing.
"""

from __future__ import annotations

import asyncio
import logging
import math
import random
import time
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from rules import GAMES, Game, GameRecord, Outcome, RulesError, Termination, UnknownGame, get_game

from . import options
from .errors import Refusal
from .ratings import Rating, rate
from .replies import mention, plain
from .store import MAX_ID, Row, Store
from .views import (
    ChallengeView,
    DrawResult,
    GameStats,
    LeaderboardRow,
    MatchView,
    MoveResult,
    SideRecord,
    SweepEvent,
)

Clock = Callable[[], float]
CHALLENGE_SECONDS = 15 * 60
RECORD_CACHE = 2048
#: when a match's one turn reminder is due: a quarter of the time per move (at most an hour)
#: before the deadline (as `_due_match` computes it)
REMINDER_AT = "(deadline - MIN(3600.0, move_seconds / 4.0))"
#: result reasons of aborted matches (who aborted is kept apart, as an id)
ABORTED_BY_PLAYER = "aborted"
NO_MOVE_IN_TIME = "no move was made in time"
AGREED = Outcome(None, Termination.AGREEMENT)
log = logging.getLogger("bot.service")


def sentence(message: str, typed: str) -> str:
    """A rules message as a sentence: capitalised, unless it starts with the move as typed."""
    first = message.split(" ", 1)[0].rstrip(":,")
    if first != "".join(typed.split()).lower():
        message = message[:1].upper() + message[1:]
    return f"{message}."


class MatchService:
    def __init__(
        self,
        store: Store,
        *,
        clock: Clock = time.time,
        rng: random.Random | None = None,
        challenge_seconds: int = CHALLENGE_SECONDS,
    ) -> None:
        self.store = store
        self.clock = clock
        self.rng = rng or random.Random()
        self.challenge_seconds = challenge_seconds
        #: when the sweeper looks next, and the event that wakes it sooner (see `_due`)
        self.wake_at = math.inf
        self.changed = asyncio.Event()
        self._records: OrderedDict[int, tuple[int, GameRecord]] = OrderedDict()
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._names: dict[int, str] = {}

    # --- helpers -----------------------------------------------------------------
    @staticmethod
    def game(game_id: str) -> Game[Any, Any]:
        try:
            return get_game(game_id)
        except UnknownGame as err:
            raise Refusal(f"{str(err)[0].upper()}{str(err)[1:]}.") from None

    def _due(self, when: float) -> None:
        """Something falls due at `when`: wake the sweeper if that is before its next look."""
        if when < self.wake_at:
            self.changed.set()

    def _due_match(self, deadline: float, move_seconds: int) -> None:
        self._due(deadline - min(3600.0, move_seconds / 4))

    async def name(self, user_id: int | None) -> str:
        """A user's remembered display name, shown literally, or a Discord mention."""
        if user_id is None:
            return "anyone"
        known = await self.known_name(user_id)
        return plain(known) if known else mention(user_id)

    async def known_name(self, user_id: int) -> str | None:
        """The display name as typed (for plain-text places such as thread names)."""
        row = await self.store.one("SELECT name FROM users WHERE user_id = ?", (user_id,))
        return row["name"] if row else None

    async def remember(self, user_id: int, name: str) -> None:
        """Keep a display name for leaderboards and messages (written only when it changed)."""
        name = " ".join(name.split())[:64] or str(user_id)
        if self._names.get(user_id) == name:
            return
        async with self.store.transaction() as db:
            await db.execute(
                "INSERT INTO users (user_id, name) VALUES (?, ?) "
                "ON CONFLICT(user_id) DO UPDATE SET name = excluded.name",
                (user_id, name),
            )
        self._names[user_id] = name

    async def _match_row(self, match_id: int) -> Row:
        row = None
        if 0 < match_id <= MAX_ID:
            row = await self.store.one("SELECT * FROM matches WHERE id = ?", (match_id,))
        if row is None:
            raise Refusal(f"There is no match #{match_id}. /games lists the games in progress.")
        return row

    async def _record(self, row: Row) -> GameRecord:
        """The match's game record at its stored ply (cached; rebuilt from the move log)."""
        cached = self._records.get(row["id"])
        if cached and cached[0] == row["ply"]:
            self._records.move_to_end(row["id"])
            return cached[1]
        game = get_game(row["game_id"])
        moves = await self.store.moves(row["id"])
        record = GameRecord.replay(game, moves, game.decode(row["start_position"]))
        self._cache(row["id"], row["ply"], record)
        return record

    def _cache(self, match_id: int, ply: int, record: GameRecord) -> None:
        self._records[match_id] = (ply, record)
        self._records.move_to_end(match_id)
        while len(self._records) > RECORD_CACHE:
            self._records.popitem(last=False)

    async def _describe(self, row: Row, user_id: int) -> str:
        """'#12 Checkers against Bob' for lists of candidates."""
        rival = await self.name(MatchView.of(row).opponent_of(user_id))
        return f"#{row['id']} {get_game(row['game_id']).name} against {rival}"

    # --- challenges ------------------------------------------------------------------
    async def challenge(
        self,
        guild_id: int,
        channel_id: int,
        challenger_id: int,
        game_id: str,
        *,
        opponent_id: int | None = None,
        side: str | None = None,
        move_time: int | str | None = None,
    ) -> ChallengeView:
        """Challenge a user (or, with no opponent, anyone in the channel) to a game."""
        game = self.game(game_id)
        if opponent_id == challenger_id:
            raise Refusal("You cannot challenge yourself: pick an opponent, or leave it open.")
        chosen = options.side_choice(game, side)
        seconds = options.move_seconds(move_time)
        now = self.clock()
        async with self.store.transaction() as db:
            challenge_id = await self.store.insert(
                db,
                "challenges",
                {
                    "guild_id": guild_id,
                    "channel_id": channel_id,
                    "challenger_id": challenger_id,
                    "opponent_id": opponent_id,
                    "game_id": game.id,
                    "challenger_side": chosen,
                    "move_seconds": seconds,
                    "created_at": now,
                    "expires_at": now + self.challenge_seconds,
                    "status": "open",
                },
            )
        self._due(now + self.challenge_seconds)
        return await self.challenge_view(challenge_id)

    async def challenge_view(self, challenge_id: int) -> ChallengeView:
        return ChallengeView.of(await self._challenge_row(challenge_id))

    async def _challenge_row(self, challenge_id: int) -> Row:
        row = None
        if 0 < challenge_id <= MAX_ID:
            row = await self.store.one("SELECT * FROM challenges WHERE id = ?", (challenge_id,))
        if row is None:
            raise Refusal(f"There is no challenge #{challenge_id}.")
        return row

    async def _open_challenge(self, challenge_id: int, guild_id: int, channel_id: int) -> Row:
        """An open challenge made here (its channel, or the thread of the match it rematches);
        read inside the caller's transaction."""
        row = await self._challenge_row(challenge_id)
        if row["guild_id"] != guild_id:
            raise Refusal(f"There is no challenge #{challenge_id}.")
        places = {row["channel_id"]}
        if row["rematch_of"] is not None:
            places.add((await self._match_row(row["rematch_of"]))["thread_id"])
        if channel_id not in places:
            raise Refusal("This challenge was made in another channel: answer it there.")
        if row["status"] != "open":
            raise Refusal(f"This challenge was already {row['status']}.")
        if row["expires_at"] <= self.clock():
            raise Refusal("This challenge has expired: ask for a new one with /challenge.")
        return row

    async def accept(
        self, challenge_id: int, user_id: int, *, guild_id: int, channel_id: int
    ) -> MatchView:
        """Accept a challenge: the match starts, sides as asked or drawn at random."""
        async with self.store.transaction() as db:
            row = await self._open_challenge(challenge_id, guild_id, channel_id)
            if user_id == row["challenger_id"]:
                raise Refusal(
                    "You cannot accept your own challenge: wait for someone to accept it."
                )
            if row["opponent_id"] is not None and user_id != row["opponent_id"]:
                who = await self.name(row["opponent_id"])
                raise Refusal(
                    f"This challenge is for {who}, not you: start your own with /challenge."
                )
            match_id = await self._start(db, row, user_id)
        return await self.match(match_id)

    async def _start(self, db: aiosqlite.Connection, challenge: Row, user_id: int) -> int:
        """Turn an open challenge into a match inside the caller's transaction."""
        game = get_game(challenge["game_id"])
        side = challenge["challenger_side"] or self.rng.choice(game.sides)
        challenger = challenge["challenger_id"]
        first, second = (challenger, user_id) if side == game.sides[0] else (user_id, challenger)
        now = self.clock()
        start = game.encode(game.initial_position())
        match_id = await self.store.insert(
            db,
            "matches",
            {
                "guild_id": challenge["guild_id"],
                "channel_id": challenge["channel_id"],
                "game_id": game.id,
                "first_user": first,
                "second_user": second,
                "start_position": start,
                "position": start,
                "ply": 0,
                "status": "active",
                "move_seconds": challenge["move_seconds"],
                "deadline": now + challenge["move_seconds"],
                "created_at": now,
            },
        )
        self._due_match(now + challenge["move_seconds"], challenge["move_seconds"])
        await self.store.update(
            db,
            "challenges",
            {"status": "accepted", "match_id": match_id},
            "id = ?",
            (challenge["id"],),
        )
        return match_id

    async def decline(
        self, challenge_id: int, user_id: int, *, guild_id: int, channel_id: int
    ) -> ChallengeView:
        async with self.store.transaction() as db:
            row = await self._open_challenge(challenge_id, guild_id, channel_id)
            if row["opponent_id"] != user_id:
                if user_id == row["challenger_id"]:
                    raise Refusal("You made this challenge: use Cancel to withdraw it.")
                raise Refusal("Only the challenged player can decline this challenge.")
            await self.store.update(
                db, "challenges", {"status": "declined"}, "id = ?", (row["id"],)
            )
        return await self.challenge_view(challenge_id)

    async def cancel(
        self, challenge_id: int, user_id: int, *, guild_id: int, channel_id: int
    ) -> ChallengeView:
        async with self.store.transaction() as db:
            row = await self._open_challenge(challenge_id, guild_id, channel_id)
            if row["challenger_id"] != user_id:
                raise Refusal("Only the player who made this challenge can cancel it.")
            await self.store.update(
                db, "challenges", {"status": "cancelled"}, "id = ?", (row["id"],)
            )
        return await self.challenge_view(challenge_id)

    # --- finding a match ----------------------------------------------------------------
    async def find(
        self, guild_id: int, channel_id: int, user_id: int, match_id: int | None = None
    ) -> Row:
        """The match meant: the one given, else the one bound to this thread, else the user's
        only game in progress in this channel."""
        if match_id is not None:
            row = await self._match_row(match_id)
            if row["guild_id"] != guild_id:
                raise Refusal(f"There is no match #{match_id} on this server.")
            return row
        row = await self.store.one("SELECT * FROM matches WHERE thread_id = ?", (channel_id,))
        if row is not None:
            return row
        rows = await self.store.all(
            "SELECT * FROM matches WHERE guild_id = ? AND channel_id = ? AND status = 'active' "
            "AND ? IN (first_user, second_user) ORDER BY id",
            (guild_id, channel_id, user_id),
        )
        if len(rows) == 1:
            return rows[0]
        if not rows:
            raise Refusal(
                "You have no game in progress in this channel: start one with /challenge, "
                "or give the match number."
            )
        listed = ", ".join([await self._describe(r, user_id) for r in rows[:10]])
        raise Refusal(f"You have several games here ({listed}): say which with its match number.")

    async def check_here(self, match_id: int, guild_id: int, channel_id: int) -> None:
        """Refuse a button of a match pressed outside its channel and thread."""
        row = await self._match_row(match_id)
        if row["guild_id"] != guild_id:
            raise Refusal(f"There is no match #{match_id} on this server.")
        if channel_id not in (row["channel_id"], row["thread_id"]):
            raise Refusal(f"Match #{match_id} is played in another channel: act there.")

    @asynccontextmanager
    async def _playing(
        self, guild_id: int, channel_id: int, user_id: int, match_id: int | None
    ) -> AsyncIterator[tuple[aiosqlite.Connection, Row, Game[Any, Any], str]]:
        """The user's active match, its game and the user's side, read inside the transaction
        that the action then writes in (so a decision always sees the latest row)."""
        if match_id is None:
            match_id = (await self.find(guild_id, channel_id, user_id))["id"]
        async with self._lock(match_id), self.store.transaction() as db:
            yield db, *await self._active_match(guild_id, channel_id, user_id, match_id)

    async def _active_match(
        self, guild_id: int, channel_id: int, user_id: int, match_id: int | None
    ) -> tuple[Row, Game[Any, Any], str]:
        """An active match the user plays in, its game and the user's side."""
        row = await self.find(guild_id, channel_id, user_id, match_id)
        view = MatchView.of(row)
        side = view.side_of(user_id)
        if side is None:
            raise Refusal(f"You are not playing in match #{row['id']}: you can only watch it.")
        if not view.active:
            raise Refusal(f"Match #{row['id']} is over: {view.result_text()}.")
        self._refuse_if_overdue(row)
        return row, get_game(row["game_id"]), side

    def _lock(self, match_id: int) -> asyncio.Lock:
        """Serialises one match's actions in this process (other processes: the ply guard)."""
        return self._locks.setdefault(match_id, asyncio.Lock())

    def _refuse_if_overdue(self, row: Row) -> None:
        """After the deadline nothing but the sweeper's verdict lands: wake it, refuse."""
        if row["deadline"] is None or row["deadline"] > self.clock():
            return
        self._due(0.0)
        view = MatchView.of(row)
        late = get_game(row["game_id"]).side_name(view.side_to_move)
        verdict = "it is aborted" if row["ply"] == 0 else f"{late} loses on time"
        raise Refusal(
            f"Time is up in match #{row['id']}: {late} did not move in time, so {verdict}."
        )

    # --- moves ------------------------------------------------------------------------------
    async def move(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        text: str,
        match_id: int | None = None,
    ) -> MoveResult:
        """Play a move in the user's match; the result carries the canonical move and the match.

        The move is decided on a plain read and written by one insert guarded by the ply it
        was decided at (and the deadline), so a racing write elsewhere makes it a refusal."""
        if match_id is None:
            match_id = (await self.find(guild_id, channel_id, user_id))["id"]
        async with self._lock(match_id):
            row, game, side = await self._active_match(guild_id, channel_id, user_id, match_id)
            view = MatchView.of(row)
            if view.side_to_move != side:
                waiting = await self.name(view.user_to_move)
                raise Refusal(f"It is not your turn: waiting for {waiting} to move.")
            trial = (await self._record(row)).copy()
            try:
                played = trial.play(text)
            except RulesError as err:
                raise Refusal(sentence(str(err), text)) from None
            move_text = game.format_move(played)
            now = self.clock()
            ply = row["ply"] + 1
            logged = (row["id"], ply, move_text, user_id, now, game.encode(trial.position))
            outcome = trial.outcome
            if outcome is None:
                landed = await self.store.append_move(None, *logged)
            else:
                async with self.store.transaction() as db:
                    landed = await self.store.append_move(db, *logged)
                    if landed:
                        await self._finish(db, row, ply, outcome, now)
            if not landed:
                raise Refusal(
                    "The game changed while your move was on its way: look at the board "
                    "and try again."
                )
            self._cache(row["id"], ply, trial)
        self._due_match(now + row["move_seconds"], row["move_seconds"])
        after = MatchView.of(
            await self._match_row(row["id"]), tuple(map(game.format_move, trial.moves))
        )
        return MoveResult(after, move_text, user_id)

    async def legal_moves(
        self, guild_id: int, channel_id: int, user_id: int, match_id: int | None = None
    ) -> list[str]:
        """The moves the user could play now (empty when it is not their turn)."""
        try:
            row = await self.find(guild_id, channel_id, user_id, match_id)
        except Refusal:
            return []
        view = MatchView.of(row)
        if not view.active or view.side_of(user_id) != view.side_to_move:
            return []
        record = await self._record(row)
        if record.outcome is not None:
            return []
        game = get_game(row["game_id"])
        return [game.format_move(m) for m in game.legal_moves(record.position)]

    # --- ending a game -----------------------------------------------------------------------
    async def _finish(
        self,
        db: aiosqlite.Connection,
        row: Row,
        ply: int,
        outcome: Outcome,
        now: float,
    ) -> None:
        """Mark the match finished at `ply` and rate it, inside the caller's transaction
        (which has read `row` and holds the write lock, so it is still active at `ply`)."""
        await self.store.update(
            db,
            "matches",
            {
                "status": "finished",
                "winner_side": outcome.winner,
                "termination": outcome.termination.value,
                "termination_side": outcome.side,
                "ended_at": now,
                "deadline": None,
                "draw_offer_by": None,
            },
            "id = ?",
            (row["id"],),
        )
        game = get_game(row["game_id"])
        first, second = row["first_user"], row["second_user"]
        winner = outcome.winner
        score = 0.5 if winner is None else 1.0 if winner == game.sides[0] else 0.0
        a = await self._rating(db, row["guild_id"], game.id, first)
        b = await self._rating(db, row["guild_id"], game.id, second)
        new_a, new_b = rate(a, b, score)
        for user, rating, points in ((first, new_a, score), (second, new_b, 1.0 - score)):
            column = {1.0: "wins", 0.5: "draws", 0.0: "losses"}[points]
            await db.execute(
                "INSERT INTO ratings (guild_id, game_id, user_id, rating, rd, volatility, "
                f"{column}) VALUES (?, ?, ?, ?, ?, ?, 1) ON CONFLICT DO UPDATE SET "
                f"rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, "
                f"{column} = {column} + 1",
                (row["guild_id"], game.id, user, rating.rating, rating.rd, rating.volatility),
            )

    @staticmethod
    async def _rating(db: aiosqlite.Connection, guild_id: int, game_id: str, user: int) -> Rating:
        found = await db.execute_fetchall(
            "SELECT rating, rd, volatility FROM ratings WHERE guild_id = ? AND game_id = ? "
            "AND user_id = ?",
            (guild_id, game_id, user),
        )
        return Rating(*found[0]) if found else Rating()

    async def _abort(
        self, db: aiosqlite.Connection, row: Row, reason: str, by: int | None = None
    ) -> None:
        """End an active match unrated, inside the caller's transaction."""
        values = {
            "status": "aborted",
            "result_reason": reason,
            "ended_by": by,
            "ended_at": self.clock(),
            "deadline": None,
            "draw_offer_by": None,
        }
        await self.store.update(db, "matches", values, "id = ?", (row["id"],))

    async def resign(
        self, guild_id: int, channel_id: int, user_id: int, match_id: int | None = None
    ) -> MatchView:
        async with self._playing(guild_id, channel_id, user_id, match_id) as (db, row, game, side):
            resigned = Outcome(game.opponent(side), Termination.RESIGNATION, side)
            await self._finish(db, row, row["ply"], resigned, self.clock())
        return await self.match(row["id"])

    async def abort(
        self, guild_id: int, channel_id: int, user_id: int, match_id: int | None = None
    ) -> MatchView:
        """End a game without rating while a side has not moved yet."""
        async with self._playing(guild_id, channel_id, user_id, match_id) as (db, row, _, _):
            if row["ply"] >= 2:
                raise Refusal(
                    "Both sides have moved, so the game can no longer be aborted: "
                    "you may resign or offer a draw."
                )
            await self._abort(db, row, ABORTED_BY_PLAYER, user_id)
        return await self.match(row["id"])

    async def offer_draw(
        self, guild_id: int, channel_id: int, user_id: int, match_id: int | None = None
    ) -> DrawResult:
        """Offer a draw; if the opponent had offered one, this accepts it."""
        async with self._playing(guild_id, channel_id, user_id, match_id) as (db, row, _, _):
            offer = row["draw_offer_by"]
            if offer == user_id:
                rival = await self.name(MatchView.of(row).opponent_of(user_id))
                raise Refusal(f"You have already offered a draw: wait for {rival} to answer.")
            agreed = offer is not None
            if agreed:
                await self._finish(db, row, row["ply"], AGREED, self.clock())
            else:
                await self.store.update(
                    db, "matches", {"draw_offer_by": user_id}, "id = ?", (row["id"],)
                )
        return DrawResult(await self.match(row["id"]), agreed=agreed)

    async def answer_draw(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        accept: bool,
        match_id: int | None = None,
    ) -> DrawResult:
        async with self._playing(guild_id, channel_id, user_id, match_id) as (db, row, _, _):
            if row["draw_offer_by"] in (None, user_id):
                raise Refusal("There is no draw offer from your opponent to answer.")
            if accept:
                await self._finish(db, row, row["ply"], AGREED, self.clock())
            else:
                await self.store.update(
                    db, "matches", {"draw_offer_by": None}, "id = ?", (row["id"],)
                )
        return DrawResult(await self.match(row["id"]), agreed=accept)

    async def rematch(self, guild_id: int, user_id: int, match_id: int) -> ChallengeView:
        """Ask the same opponent for another game with sides swapped (or accept their request:
        when both ask at once, the second request starts the game)."""
        async with self.store.transaction() as db:
            row = await self._match_row(match_id)
            view = MatchView.of(row)
            side = view.side_of(user_id)
            if row["guild_id"] != guild_id or side is None:
                raise Refusal(f"Only the players of match #{match_id} can ask for its rematch.")
            if view.active:
                raise Refusal(f"Match #{match_id} is still being played: finish it first.")
            pending = await self.store.one(
                "SELECT * FROM challenges WHERE rematch_of = ? AND status = 'open' "
                "AND expires_at > ? ORDER BY id",
                (match_id, self.clock()),
            )
            if pending is not None and pending["challenger_id"] == user_id:
                raise Refusal("You have already asked for a rematch: wait for an answer.")
            if pending is not None:
                await self._start(db, pending, user_id)  # both asked: the rematch starts
                challenge_id = pending["id"]
            else:
                challenge_id = await self._ask_rematch(db, row, user_id, side)
                self._due(self.clock() + self.challenge_seconds)
        return await self.challenge_view(challenge_id)

    async def _ask_rematch(
        self, db: aiosqlite.Connection, row: Row, user_id: int, side: str
    ) -> int:
        game = get_game(row["game_id"])
        now = self.clock()
        return await self.store.insert(
            db,
            "challenges",
            {
                "guild_id": row["guild_id"],
                "channel_id": row["channel_id"],
                "challenger_id": user_id,
                "opponent_id": MatchView.of(row).opponent_of(user_id),
                "game_id": game.id,
                "challenger_side": game.opponent(side),
                "move_seconds": row["move_seconds"],
                "created_at": now,
                "expires_at": now + self.challenge_seconds,
                "status": "open",
                "rematch_of": row["id"],
            },
        )

    async def bind_thread(self, match_id: int, thread_id: int) -> None:
        """Remember the thread where a match is played (commands there find it)."""
        async with self.store.transaction() as db:
            await self.store.update(db, "matches", {"thread_id": thread_id}, "id = ?", (match_id,))

    # --- deadlines --------------------------------------------------------------------------------
    async def sweep(self) -> tuple[list[SweepEvent], int]:
        """Expire challenges, end overdue games and send reminders due: (what it did, how many
        items failed). Each item is decided in its own transaction on a fresh read, so a
        failure or another process's sweep never stops the others."""
        now = self.clock()
        events: list[SweepEvent] = []
        failed = 0
        due = [
            *(
                (self._expire, r["id"])
                for r in await self.store.all(
                    "SELECT id FROM challenges WHERE status = 'open' AND expires_at <= ?", (now,)
                )
            ),
            *(
                (self._time_out, r["id"])
                for r in await self.store.all(
                    "SELECT id FROM matches WHERE status = 'active' AND deadline <= ?", (now,)
                )
            ),
            *(
                (self._remind, r["id"])
                for r in await self.store.all(
                    f"SELECT id FROM matches WHERE status = 'active' AND reminded = 0 "
                    f"AND deadline > ? AND {REMINDER_AT} <= ?",
                    (now, now),
                )
            ),
        ]
        for step, item in due:
            try:
                event = await step(item, now)
            except asyncio.CancelledError:
                raise
            except Exception:
                failed += 1
                log.warning("sweep: %s #%s failed", step.__name__, item, exc_info=True)
                continue
            if event is not None:
                events.append(event)
        return events, failed

    async def next_due(self) -> float | None:
        """When the sweeper next has something to do (None: nothing is pending)."""
        row = await self.store.one(
            "SELECT MIN(t) FROM ("
            "SELECT MIN(expires_at) AS t FROM challenges WHERE status = 'open' UNION ALL "
            "SELECT MIN(deadline) FROM matches WHERE status = 'active' UNION ALL "
            f"SELECT MIN({REMINDER_AT}) FROM matches WHERE status = 'active' AND reminded = 0)"
        )
        return None if row is None or row[0] is None else float(row[0])

    async def _expire(self, challenge_id: int, now: float) -> SweepEvent | None:
        async with self.store.transaction() as db:
            done = await self.store.update(
                db,
                "challenges",
                {"status": "expired"},
                "id = ? AND status = 'open' AND expires_at <= ?",
                (challenge_id, now),
            )
        if not done:
            return None
        return SweepEvent("expired", challenge=await self.challenge_view(challenge_id))

    async def _time_out(self, match_id: int, now: float) -> SweepEvent | None:
        async with self.store.transaction() as db:
            match = await self._match_row(match_id)
            if match["status"] != "active" or match["deadline"] > now:
                return None  # moved in time, or another sweeper was first
            if match["ply"] == 0:
                await self._abort(db, match, NO_MOVE_IN_TIME)
                kind = "aborted"
            else:
                game = get_game(match["game_id"])
                late = MatchView.of(match).side_to_move
                lost = Outcome(game.opponent(late), Termination.TIME, late)
                await self._finish(db, match, match["ply"], lost, now)
                kind = "timeout"
        return SweepEvent(kind, match=await self.match(match_id))

    async def _remind(self, match_id: int, now: float) -> SweepEvent | None:
        async with self.store.transaction() as db:
            done = await self.store.update(
                db,
                "matches",
                {"reminded": 1},
                f"id = ? AND status = 'active' AND reminded = 0 AND {REMINDER_AT} <= ?",
                (match_id, now),
            )
        if not done:
            return None
        match = await self.match(match_id)
        return SweepEvent("reminder", match=match, seconds_left=(match.deadline or now) - now)

    # --- queries ----------------------------------------------------------------------------------
    async def match(self, match_id: int) -> MatchView:
        """One match: players, position, move list and result."""
        row = await self._match_row(match_id)
        return MatchView.of(row, tuple(await self.store.moves(match_id)))

    async def replay(self, match_id: int) -> GameRecord:
        """The match's game record: every position and move, for replays."""
        return await self._record(await self._match_row(match_id))

    async def active_matches(self, guild_id: int, channel_id: int) -> list[MatchView]:
        rows = await self.store.all(
            "SELECT * FROM matches WHERE guild_id = ? AND (channel_id = ? OR thread_id = ?) "
            "AND status = 'active' ORDER BY id",
            (guild_id, channel_id, channel_id),
        )
        return [MatchView.of(r) for r in rows]

    async def user_matches(
        self, guild_id: int, user_id: int, *, active_only: bool = True, limit: int = 25
    ) -> list[MatchView]:
        status = ("active",) if active_only else ("active", "finished", "aborted")
        rows = await self.store.all(
            "SELECT * FROM matches WHERE guild_id = ? AND ? IN (first_user, second_user) "
            "AND status IN (?, ?, ?) ORDER BY id DESC LIMIT ?",
            (guild_id, user_id, *(status * 3)[:3], limit),
        )
        return [MatchView.of(r) for r in rows]

    async def leaderboard(
        self, guild_id: int, game_id: str, limit: int = 10
    ) -> list[LeaderboardRow]:
        """The server's players of a game, best rating first."""
        game = self.game(game_id)
        rows = await self.store.all(
            "SELECT r.*, u.name FROM ratings r LEFT JOIN users u ON u.user_id = r.user_id "
            "WHERE r.guild_id = ? AND r.game_id = ? ORDER BY r.rating DESC, r.user_id LIMIT ?",
            (guild_id, game.id, max(1, min(limit, 100))),
        )
        return [
            LeaderboardRow(
                rank,
                r["user_id"],
                plain(r["name"]) if r["name"] else mention(r["user_id"]),
                r["rating"],
                r["rd"],
                r["wins"] + r["draws"] + r["losses"],
                r["wins"],
                r["draws"],
                r["losses"],
            )
            for rank, r in enumerate(rows, 1)
        ]

    async def stats(
        self, guild_id: int, user_id: int, game_id: str | None = None
    ) -> list[GameStats]:
        """A user's rating and record per game, with their record on each side."""
        games = [self.game(game_id)] if game_id else list(GAMES.values())
        out = []
        for game in games:
            rating = await self.store.one(
                "SELECT * FROM ratings WHERE guild_id = ? AND game_id = ? AND user_id = ?",
                (guild_id, game.id, user_id),
            )
            finished = await self.store.all(
                "SELECT * FROM matches WHERE guild_id = ? AND game_id = ? AND status = 'finished' "
                "AND ? IN (first_user, second_user)",
                (guild_id, game.id, user_id),
            )
            by_side: dict[str, list[int]] = {side: [0, 0, 0] for side in game.sides}
            for row in finished:
                side = MatchView.of(row).side_of(user_id) or game.sides[0]
                column = 1 if row["winner_side"] is None else 0 if row["winner_side"] == side else 2
                by_side[side][column] += 1
            if rating is None and not finished:
                continue
            out.append(
                GameStats(
                    game.id,
                    rating["rating"] if rating else None,
                    rating["rd"] if rating else None,
                    sum(v[0] for v in by_side.values()),
                    sum(v[1] for v in by_side.values()),
                    sum(v[2] for v in by_side.values()),
                    {side: SideRecord(*v) for side, v in by_side.items()},
                )
            )
        return out

"""The match service: every rule about who may do what, over the store and the rules engine.

Identities are plain ids (guild, channel, user). Each action either returns a view or raises
Refusal with a sentence to show the person; a refused action writes nothing.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from rules import GAMES, Game, GameRecord, RulesError, UnknownGame, get_game

from . import options
from .errors import Refusal
from .ratings import Rating, rate
from .store import Row, Store
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


def reminder_window(move_seconds: int) -> float:
    """How long before the deadline the one reminder goes out."""
    return min(3600.0, move_seconds / 4)


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
        self._records: OrderedDict[int, tuple[int, GameRecord]] = OrderedDict()
        self._locks: dict[int, asyncio.Lock] = {}

    # --- helpers -----------------------------------------------------------------
    @staticmethod
    def game(game_id: str) -> Game[Any, Any]:
        try:
            return get_game(game_id)
        except UnknownGame as err:
            raise Refusal(f"{str(err)[0].upper()}{str(err)[1:]}.") from None

    def _lock(self, match_id: int) -> asyncio.Lock:
        return self._locks.setdefault(match_id, asyncio.Lock())

    async def name(self, user_id: int | None) -> str:
        """A user's remembered display name, or a Discord mention."""
        if user_id is None:
            return "anyone"
        row = await self.store.one("SELECT name FROM users WHERE user_id = ?", (user_id,))
        return row["name"] if row else f"<@{user_id}>"

    async def remember(self, user_id: int, name: str) -> None:
        """Keep a display name for leaderboards and messages (the adapter calls this)."""
        name = " ".join(name.split())[:64] or str(user_id)
        async with self.store.transaction() as db:
            await db.execute(
                "INSERT INTO users (user_id, name) VALUES (?, ?) "
                "ON CONFLICT(user_id) DO UPDATE SET name = excluded.name",
                (user_id, name),
            )

    async def _match_row(self, match_id: int) -> Row:
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
        return await self.challenge_view(challenge_id)

    async def challenge_view(self, challenge_id: int) -> ChallengeView:
        row = await self.store.one("SELECT * FROM challenges WHERE id = ?", (challenge_id,))
        if row is None:
            raise Refusal(f"There is no challenge #{challenge_id}.")
        return ChallengeView.of(row)

    async def _open_challenge(self, challenge_id: int) -> ChallengeView:
        challenge = await self.challenge_view(challenge_id)
        if challenge.status != "open":
            raise Refusal(f"This challenge was already {challenge.status}.")
        if challenge.expires_at <= self.clock():
            raise Refusal("This challenge has expired: ask for a new one with /challenge.")
        return challenge

    async def accept(self, challenge_id: int, user_id: int) -> MatchView:
        """Accept a challenge: the match starts, sides as asked or drawn at random."""
        challenge = await self._open_challenge(challenge_id)
        if user_id == challenge.challenger_id:
            raise Refusal("You cannot accept your own challenge: wait for someone to accept it.")
        if challenge.opponent_id is not None and user_id != challenge.opponent_id:
            who = await self.name(challenge.opponent_id)
            raise Refusal(f"This challenge is for {who}, not you: start your own with /challenge.")
        game = get_game(challenge.game_id)
        side = challenge.challenger_side or self.rng.choice(game.sides)
        first, second = (
            (challenge.challenger_id, user_id)
            if side == game.sides[0]
            else (user_id, challenge.challenger_id)
        )
        now = self.clock()
        start = game.encode(game.initial_position())
        async with self.store.transaction() as db:
            taken = await self.store.update(
                db,
                "challenges",
                {"status": "accepted"},
                "id = ? AND status = 'open'",
                (challenge_id,),
            )
            if not taken:
                raise Refusal("Someone else answered this challenge first.")
            match_id = await self.store.insert(
                db,
                "matches",
                {
                    "guild_id": challenge.guild_id,
                    "channel_id": challenge.channel_id,
                    "game_id": game.id,
                    "first_user": first,
                    "second_user": second,
                    "start_position": start,
                    "position": start,
                    "ply": 0,
                    "status": "active",
                    "move_seconds": challenge.move_seconds,
                    "deadline": now + challenge.move_seconds,
                    "created_at": now,
                },
            )
            await self.store.update(
                db, "challenges", {"match_id": match_id}, "id = ?", (challenge_id,)
            )
        return await self.match(match_id)

    async def decline(self, challenge_id: int, user_id: int) -> ChallengeView:
        challenge = await self._open_challenge(challenge_id)
        if challenge.opponent_id != user_id:
            if user_id == challenge.challenger_id:
                raise Refusal("You made this challenge: use Cancel to withdraw it.")
            raise Refusal("Only the challenged player can decline this challenge.")
        return await self._close_challenge(challenge_id, "declined")

    async def cancel(self, challenge_id: int, user_id: int) -> ChallengeView:
        challenge = await self._open_challenge(challenge_id)
        if challenge.challenger_id != user_id:
            raise Refusal("Only the player who made this challenge can cancel it.")
        return await self._close_challenge(challenge_id, "cancelled")

    async def _close_challenge(self, challenge_id: int, status: str) -> ChallengeView:
        async with self.store.transaction() as db:
            closed = await self.store.update(
                db,
                "challenges",
                {"status": status},
                "id = ? AND status = 'open'",
                (challenge_id,),
            )
            if not closed:
                raise Refusal("This challenge was answered a moment ago.")
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

    async def _player_match(
        self, guild_id: int, channel_id: int, user_id: int, match_id: int | None
    ) -> tuple[Row, Game[Any, Any], str]:
        """An active match the user plays in, and the user's side."""
        row = await self.find(guild_id, channel_id, user_id, match_id)
        view = MatchView.of(row)
        side = view.side_of(user_id)
        if side is None:
            raise Refusal(f"You are not playing in match #{row['id']}: you can only watch it.")
        if not view.active:
            raise Refusal(f"Match #{row['id']} is over: {view.result_text()}.")
        return row, get_game(row["game_id"]), side

    @asynccontextmanager
    async def _playing(
        self, guild_id: int, channel_id: int, user_id: int, match_id: int | None
    ) -> AsyncIterator[tuple[Row, Game[Any, Any], str]]:
        """The user's active match, its game and the user's side, with the match locked."""
        if match_id is None:
            match_id = (await self.find(guild_id, channel_id, user_id))["id"]
        async with self._lock(match_id):
            yield await self._player_match(guild_id, channel_id, user_id, match_id)

    # --- moves ------------------------------------------------------------------------------
    async def move(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        text: str,
        match_id: int | None = None,
    ) -> MoveResult:
        """Play a move in the user's match; the result carries the canonical move and the match."""
        async with self._playing(guild_id, channel_id, user_id, match_id) as (row, game, side):
            if game.side_to_move(game.decode(row["position"])) != side:
                waiting = await self.name(MatchView.of(row).user_to_move)
                raise Refusal(f"It is not your turn: waiting for {waiting} to move.")
            trial = (await self._record(row)).copy()
            try:
                played = trial.play(text)
            except RulesError as err:
                message = str(err)
                raise Refusal(f"{message[0].upper()}{message[1:]}.") from None
            move_text = game.format_move(played)
            now = self.clock()
            ply = row["ply"] + 1
            position = game.encode(trial.position)
            outcome = trial.outcome
            if outcome is None:
                landed = await self.store.append_move(
                    None, row["id"], ply, move_text, user_id, now, position
                )
            else:
                async with self.store.transaction() as db:
                    landed = await self.store.append_move(
                        db, row["id"], ply, move_text, user_id, now, position
                    )
                    if landed:
                        ending = await self._finish(
                            db, row, ply, outcome.winner, outcome.reason, now
                        )
            if not landed:
                raise Refusal(
                    "The game changed while your move was on its way: look at the board "
                    "and try again."
                )
            # what the moves_advance_match trigger wrote, for the returned view
            values: dict[str, Any] = {
                "position": position,
                "ply": ply,
                "deadline": now + row["move_seconds"],
                "draw_offer_by": row["draw_offer_by"] if row["draw_offer_by"] == user_id else None,
            }
            if outcome is not None:
                values |= ending
            self._cache(row["id"], row["ply"] + 1, trial)
            texts = tuple(map(game.format_move, trial.moves))
        return MoveResult(MatchView.of({**dict(row), **values}, texts), move_text, user_id)

    async def legal_moves(
        self, guild_id: int, channel_id: int, user_id: int, match_id: int | None = None
    ) -> list[str]:
        """The moves the user could play now (empty when it is not their turn)."""
        try:
            row, game, side = await self._player_match(guild_id, channel_id, user_id, match_id)
        except Refusal:
            return []
        position = game.decode(row["position"])
        if game.side_to_move(position) != side:
            return []
        record = await self._record(row)
        if record.outcome is not None:
            return []
        return [game.format_move(m) for m in game.legal_moves(position)]

    # --- ending a game -----------------------------------------------------------------------
    async def _finish(
        self,
        db: aiosqlite.Connection,
        row: Row,
        ply: int,
        winner: str | None,
        reason: str,
        now: float,
    ) -> dict[str, Any]:
        """Mark the match finished at `ply` and rate it, inside the caller's transaction.

        Returns the columns written: none (and nothing written) if the match is no longer
        active at that ply."""
        ending = {
            "status": "finished",
            "winner_side": winner,
            "result_reason": reason,
            "ended_at": now,
            "deadline": None,
            "draw_offer_by": None,
        }
        ended = await self.store.update(
            db, "matches", ending, "id = ? AND status = 'active' AND ply = ?", (row["id"], ply)
        )
        if not ended:
            return {}
        game = get_game(row["game_id"])
        first, second = row["first_user"], row["second_user"]
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
        return ending

    @staticmethod
    async def _rating(db: aiosqlite.Connection, guild_id: int, game_id: str, user: int) -> Rating:
        found = await db.execute_fetchall(
            "SELECT rating, rd, volatility FROM ratings WHERE guild_id = ? AND game_id = ? "
            "AND user_id = ?",
            (guild_id, game_id, user),
        )
        return Rating(*found[0]) if found else Rating()

    async def _end(
        self, row: Row, winner: str | None, reason: str, *, rated: bool = True
    ) -> MatchView:
        """Finish (rated) or abort (unrated) an active match, guarded against races."""
        now = self.clock()
        async with self.store.transaction() as db:
            if rated:
                guard = bool(await self._finish(db, row, row["ply"], winner, reason, now))
            else:
                guard = await self.store.update(
                    db,
                    "matches",
                    {
                        "status": "aborted",
                        "result_reason": reason,
                        "ended_at": now,
                        "deadline": None,
                        "draw_offer_by": None,
                    },
                    "id = ? AND status = 'active' AND ply = ?",
                    (row["id"], row["ply"]),
                )
            if not guard:
                raise Refusal("The game changed a moment ago: look at the board and try again.")
        return await self.match(row["id"])

    async def resign(
        self, guild_id: int, channel_id: int, user_id: int, match_id: int | None = None
    ) -> MatchView:
        async with self._playing(guild_id, channel_id, user_id, match_id) as (row, game, side):
            return await self._end(row, game.opponent(side), f"{game.side_name(side)} resigned")

    async def abort(
        self, guild_id: int, channel_id: int, user_id: int, match_id: int | None = None
    ) -> MatchView:
        """End a game without rating while a side has not moved yet."""
        async with self._playing(guild_id, channel_id, user_id, match_id) as (row, _, _):
            if row["ply"] >= 2:
                raise Refusal(
                    "Both sides have moved, so the game can no longer be aborted: "
                    "you may resign or offer a draw."
                )
            who = await self.name(user_id)
            return await self._end(row, None, f"aborted by {who}", rated=False)

    async def offer_draw(
        self, guild_id: int, channel_id: int, user_id: int, match_id: int | None = None
    ) -> DrawResult:
        """Offer a draw; if the opponent had offered one, this accepts it."""
        async with self._playing(guild_id, channel_id, user_id, match_id) as (row, _, _):
            offer = row["draw_offer_by"]
            if offer == user_id:
                rival = await self.name(MatchView.of(row).opponent_of(user_id))
                raise Refusal(f"You have already offered a draw: wait for {rival} to answer.")
            if offer is not None:
                return DrawResult(await self._end(row, None, "agreement"), agreed=True)
            async with self.store.transaction() as db:
                await self.store.update(
                    db, "matches", {"draw_offer_by": user_id}, "id = ?", (row["id"],)
                )
            return DrawResult(await self.match(row["id"]), agreed=False)

    async def answer_draw(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        accept: bool,
        match_id: int | None = None,
    ) -> DrawResult:
        async with self._playing(guild_id, channel_id, user_id, match_id) as (row, _, _):
            if row["draw_offer_by"] in (None, user_id):
                raise Refusal("There is no draw offer from your opponent to answer.")
            if accept:
                return DrawResult(await self._end(row, None, "agreement"), agreed=True)
            async with self.store.transaction() as db:
                await self.store.update(
                    db, "matches", {"draw_offer_by": None}, "id = ?", (row["id"],)
                )
            return DrawResult(await self.match(row["id"]), agreed=False)

    async def rematch(self, guild_id: int, user_id: int, match_id: int) -> ChallengeView:
        """Ask the same opponent for another game with sides swapped (or accept their request)."""
        row = await self._match_row(match_id)
        view = MatchView.of(row)
        side = view.side_of(user_id)
        if row["guild_id"] != guild_id or side is None:
            raise Refusal(f"Only the players of match #{match_id} can ask for its rematch.")
        if view.active:
            raise Refusal(f"Match #{match_id} is still being played: finish it first.")
        pending = await self.store.all(
            "SELECT * FROM challenges WHERE rematch_of = ? AND status = 'open' AND expires_at > ?",
            (match_id, self.clock()),
        )
        for challenge in pending:
            if challenge["challenger_id"] == user_id:
                raise Refusal("You have already asked for a rematch: wait for an answer.")
            await self.accept(challenge["id"], user_id)  # both asked: the rematch starts
            return await self.challenge_view(challenge["id"])
        game = get_game(row["game_id"])
        now = self.clock()
        async with self.store.transaction() as db:
            challenge_id = await self.store.insert(
                db,
                "challenges",
                {
                    "guild_id": row["guild_id"],
                    "channel_id": row["channel_id"],
                    "challenger_id": user_id,
                    "opponent_id": view.opponent_of(user_id),
                    "game_id": game.id,
                    "challenger_side": game.opponent(side),
                    "move_seconds": row["move_seconds"],
                    "created_at": now,
                    "expires_at": now + self.challenge_seconds,
                    "status": "open",
                    "rematch_of": match_id,
                },
            )
        return await self.challenge_view(challenge_id)

    async def bind_thread(self, match_id: int, thread_id: int) -> None:
        """Remember the thread where a match is played (commands there find it)."""
        async with self.store.transaction() as db:
            await self.store.update(db, "matches", {"thread_id": thread_id}, "id = ?", (match_id,))

    # --- deadlines --------------------------------------------------------------------------------
    async def sweep(self) -> list[SweepEvent]:
        """Expire challenges, end overdue games, and note reminders due; returns what it did."""
        now = self.clock()
        events: list[SweepEvent] = []
        for row in await self.store.all(
            "SELECT id FROM challenges WHERE status = 'open' AND expires_at <= ?", (now,)
        ):
            async with self.store.transaction() as db:
                done = await self.store.update(
                    db,
                    "challenges",
                    {"status": "expired"},
                    "id = ? AND status = 'open'",
                    (row["id"],),
                )
            if done:
                events.append(SweepEvent("expired", challenge=await self.challenge_view(row["id"])))
        for row in await self.store.all(
            "SELECT id FROM matches WHERE status = 'active' AND deadline <= ?", (now,)
        ):
            async with self._lock(row["id"]):
                match = await self._match_row(row["id"])
                if match["status"] != "active" or match["deadline"] > now:
                    continue
                game = get_game(match["game_id"])
                late = MatchView.of(match).side_to_move
                if match["ply"] == 0:
                    view = await self._end(match, None, "no move was made in time", rated=False)
                    events.append(SweepEvent("aborted", match=view))
                else:
                    reason = f"{game.side_name(late)} ran out of time"
                    view = await self._end(match, game.opponent(late), reason)
                    events.append(SweepEvent("timeout", match=view))
        for row in await self.store.all(
            "SELECT * FROM matches WHERE status = 'active' AND reminded = 0 AND deadline > ?",
            (now,),
        ):
            left = row["deadline"] - now
            if left > reminder_window(row["move_seconds"]):
                continue
            async with self.store.transaction() as db:
                done = await self.store.update(
                    db,
                    "matches",
                    {"reminded": 1},
                    "id = ? AND reminded = 0 AND ply = ?",
                    (row["id"], row["ply"]),
                )
            if done:
                events.append(SweepEvent("reminder", match=MatchView.of(row), seconds_left=left))
        return events

    async def run_sweeper(
        self, on_event: Callable[[SweepEvent], Awaitable[None]], interval: float = 20.0
    ) -> None:
        """Sweep forever, handing each event to the adapter (reminders, time-outs, expiries)."""
        while True:
            for event in await self.sweep():
                await on_event(event)
            await asyncio.sleep(interval)

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
                r["name"] or f"<@{r['user_id']}>",
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

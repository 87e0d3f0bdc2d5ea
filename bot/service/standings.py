"""Ratings, leaderboards, stats and the display names they show, per server and per game."""

from __future__ import annotations

from typing import Any

from bot.errors import CannotSave, Refusal
from bot.i18n import Text
from bot.service.finding import pick_game
from bot.service.match_view import is_private
from bot.service.ratings import Rating, rate
from bot.service.views import (
    GameStats,
    HeadToHead,
    LeaderboardRow,
    MatchView,
    SeasonRow,
    SideRecord,
)
from bot.store import Row, Store, Tx
from bot.store.analysis_tables import RatingHistoryRows
from bot.store.match_table import MatchRows
from bot.store.standing_tables import RatingRows, ResultRows, UserRows
from rules import GAMES, Outcome

MAX_NAME = 64


def _clean(name: str, user_id: int) -> str:
    return " ".join(name.split())[:MAX_NAME] or str(user_id)


class Standings:
    def __init__(self, store: Store) -> None:
        self.ratings = RatingRows(store)
        self.users = UserRows(store)
        self.matches = MatchRows(store)
        self.history = RatingHistoryRows(store)
        self.results = ResultRows(store)
        self._names: dict[tuple[int, int], tuple[str, str]] = {}

    async def rate(self, db: Tx, row: Row, outcome: Outcome, now: float) -> None:
        """Both players' new Glicko-2 ratings and records, and their ratings' history, inside
        the transaction that finishes the match. Games against the computer, games played
        by a house rule, and casual games (MatchView.private: no server's) are not rated."""
        game = pick_game(row["game_id"])
        if game.house_rule or row["computer_level"] is not None:
            return
        if is_private(row["reach"], row["guild_id"]):
            return
        if not await self._rated_event(db, row):
            return
        guild, first, second = row["guild_id"], row["first_user"], row["second_user"]
        winner = outcome.winner
        score = 0.5 if winner is None else 1.0 if winner == game.sides[0] else 0.0
        held = await self.ratings.hold(db, guild, game.id, (first, second), Rating())
        new_a, new_b = rate(held[first], held[second], score)
        await self.ratings.record(db, guild, game.id, first, new_a, score)
        await self.ratings.record(db, guild, game.id, second, new_b, 1.0 - score)
        for user_id, new in ((first, new_a), (second, new_b)):
            where, after = (guild, game.id), (new.rating, new.rd)
            await self.history.add(db, row["id"], user_id, where, after, now)

    @staticmethod
    async def _rated_event(db: Tx, row: Row) -> bool:
        """Whether the match counts for ratings: not a game of an unrated tournament."""
        if row["tournament_id"] is None:
            return True
        found = await db.all("SELECT rated FROM tournaments WHERE id = ?", (row["tournament_id"],))
        return bool(found and found[0]["rated"])

    async def rating_history(
        self, guild_id: int, game_id: str, user_id: int
    ) -> list[tuple[float, float]]:
        """The player's (rating, deviation) after each rated game, oldest first."""
        rows = await self.history.of(guild_id, pick_game(game_id).id, user_id)
        return [(r["rating"], r["rd"]) for r in rows]

    # --- names ---
    async def remember(self, guild_id: int, user_id: int, here: str, everywhere: str) -> None:
        """Keep the name someone goes by on this server and their global name, for
        leaderboards (written only when they changed)."""
        names = (_clean(here, user_id), _clean(everywhere, user_id))
        if self._names.get((guild_id, user_id)) == names:
            return
        await self.users.remember(guild_id, user_id, *names)
        self._names[(guild_id, user_id)] = names

    async def remember_all(self, guild_id: int, names: dict[int, tuple[str, str]]) -> None:
        """Best effort: a name is a nicety, so a database that cannot save skips it."""
        for user_id, (here, everywhere) in names.items():
            try:
                await self.remember(guild_id, user_id, here, everywhere)
            except CannotSave:
                return

    async def known_name(self, guild_id: int, user_id: int) -> str | None:
        """The name as typed, on this server (else globally), if the bot has seen one."""
        return await self.users.name(guild_id, user_id)

    async def known_names(self, guild_id: int) -> dict[int, str]:
        """Every name as typed on this server that the bot has seen, by user id."""
        return await self.users.names_here(guild_id)

    # --- reading ---
    async def leaderboard(
        self, guild_id: int, game_id: str, limit: int = 10, offset: int = 0
    ) -> list[LeaderboardRow]:
        """The server's players of a game, best rating first, from place `offset` + 1."""
        game = pick_game(game_id)
        rows = await self.ratings.best(guild_id, game.id, max(0, offset), max(1, min(limit, 100)))
        return [
            LeaderboardRow(
                rank,
                r["user_id"],
                r["name"],
                r["rating"],
                r["rd"],
                r["wins"] + r["draws"] + r["losses"],
                r["wins"],
                r["draws"],
                r["losses"],
            )
            for rank, r in enumerate(rows, max(0, offset) + 1)
        ]

    async def place(self, guild_id: int, game_id: str, user_id: int) -> tuple[int | None, int]:
        """(a player's rank or None, how many are ranked) in a game on this server."""
        game = pick_game(game_id)
        rank = await self.ratings.rank_of(guild_id, game.id, user_id)
        return rank, await self.ratings.count(guild_id, game.id)

    async def stats(
        self, guild_id: int, user_id: int, game_id: str | None = None
    ) -> list[GameStats]:
        """A user's rating and record per game, with their record on each side."""
        games = [pick_game(game_id)] if game_id else list(GAMES.values())
        out = []
        for game in games:
            rating = await self.ratings.get(guild_id, game.id, user_id)
            finished = await self.matches.finished_of(guild_id, game.id, user_id)
            computer = await self.matches.finished_of(guild_id, game.id, user_id, computer=True)
            if rating is None and not finished and not computer:
                continue
            by_side = _record_by_side(game.sides, finished, user_id)
            by_level: dict[int, list[Any]] = {}
            for row in computer:
                by_level.setdefault(row["computer_level"], []).append(row)
            out.append(
                GameStats(
                    game.id,
                    rating["rating"] if rating else None,
                    rating["rd"] if rating else None,
                    sum(r.wins for r in by_side.values()),
                    sum(r.draws for r in by_side.values()),
                    sum(r.losses for r in by_side.values()),
                    by_side,
                    {
                        level: _total(_record_by_side(game.sides, rows, user_id))
                        for level, rows in sorted(by_level.items())
                    },
                )
            )
        return out

    async def casual(self, user_id: int, game_id: str | None = None) -> dict[str, SideRecord]:
        """A person's casual record (their finished games against people that are no
        server's: MatchView.private), on every server and in every DM, by game id (as its
        matches store it: a house rule's apart); games with none left out."""
        wanted = None if game_id is None else pick_game(game_id).id
        by_game: dict[str, list[Row]] = {}
        for row in await self.results.casual_of(user_id, wanted):
            by_game.setdefault(row["game_id"], []).append(row)
        return {
            game: _total(_record_by_side(pick_game(game).sides, rows, user_id))
            for game, rows in by_game.items()
        }

    async def versus(
        self, guild_id: int, first: int, second: int, game_id: str | None = None, recent: int = 5
    ) -> HeadToHead:
        """Two people's record against each other here (the first one's wins), per game and
        the first one's side, and their `recent` latest games."""
        if first == second:
            raise Refusal(Text("Name two different players."))
        game = None if game_id is None else pick_game(game_id).id
        rows = await self.results.between(guild_id, first, second, game)
        records: dict[str, dict[str, SideRecord]] = {}
        for g in GAMES.values():
            played = [r for r in rows if r["game_id"] == g.id]
            if played:
                records[g.id] = _record_by_side(g.sides, played, first)
        views = tuple(MatchView.of(r) for r in rows[:recent])
        return HeadToHead(first, second, records, views)

    async def season(self, guild_id: int, game_id: str, since: float) -> list[SeasonRow]:
        """The server's players of a game by points (a win 1, a draw ½) from the rated
        games that ended since `since`; more points first, then fewer games, then id."""
        game = pick_game(game_id)
        tally: dict[int, list[int]] = {}
        for row in await self.results.rated_since(guild_id, game.id, since):
            for user, side in (
                (row["first_user"], game.sides[0]),
                (row["second_user"], game.sides[1]),
            ):
                counts = tally.setdefault(user, [0, 0, 0])
                winner = row["winner_side"]
                counts[1 if winner is None else 0 if winner == side else 2] += 1
        order = sorted(tally, key=lambda u: (-(tally[u][0] + tally[u][1] / 2), sum(tally[u]), u))
        return [
            SeasonRow(
                rank,
                user,
                await self.known_name(guild_id, user),
                tally[user][0] + tally[user][1] / 2,
                *tally[user],
            )
            for rank, user in enumerate(order, 1)
        ]


def _total(by_side: dict[str, SideRecord]) -> SideRecord:
    records = by_side.values()
    return SideRecord(
        sum(r.wins for r in records), sum(r.draws for r in records), sum(r.losses for r in records)
    )


def _record_by_side(
    sides: tuple[str, str], finished: list[Any], user_id: int
) -> dict[str, SideRecord]:
    counts = {side: [0, 0, 0] for side in sides}
    for row in finished:
        side = MatchView.of(row).side_of(user_id) or sides[0]
        column = 1 if row["winner_side"] is None else 0 if row["winner_side"] == side else 2
        counts[side][column] += 1
    return {side: SideRecord(*c) for side, c in counts.items()}

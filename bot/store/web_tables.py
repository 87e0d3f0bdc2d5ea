"""The SQL of the web site: which servers show their games there (web_sites), which channels
everyone can read (web_channels), and the games a server's pages list."""

from __future__ import annotations

import secrets

from bot.store.connection import Store
from bot.store.match_columns import MATCH_SELECT, OF_A_SERVER
from bot.store.rows import Row

#: web_channels.public of a channel whose visibility is not known (after a restart, or when
#: Discord could not be asked): its games are not listed until it is seen again
UNKNOWN = -1
#: a listed tournament: in a channel everyone on its server can read
LISTED = (
    "guild_id = ? AND channel_id IN "
    "(SELECT channel_id FROM web_channels WHERE guild_id = ? AND public = 1)"
)
#: a listed game: its server's own (never a private one) in such a channel
GAME_LISTED = f"{LISTED} AND {OF_A_SERVER}"
#: the same of a match `m` joined to another table (its own server's channels)
SHOWN = (
    "m.channel_id IN (SELECT channel_id FROM web_channels c "
    "WHERE c.guild_id = m.guild_id AND c.public = 1)"
)
#: a match `m` that is its server's own (OF_A_SERVER), joined to another table
M_OF_A_SERVER = "m.reach = 'posts' AND m.guild_id <> 0"


class WebRows:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def site(self, guild_id: int) -> Row | None:
        return await self.store.one("SELECT * FROM web_sites WHERE guild_id = ?", (guild_id,))

    async def turn(self, guild_id: int, enabled: bool, now: float, name: str | None) -> Row:
        """Show a server's games on the site, or stop; its address is made once and kept,
        and its name (None: the one known, if any)."""
        async with self.store.transaction() as db:
            await db.run(
                "INSERT INTO web_sites (guild_id, token, enabled, changed_at, name) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
                "enabled = excluded.enabled, changed_at = excluded.changed_at, "
                "name = COALESCE(excluded.name, web_sites.name)",
                (guild_id, secrets.token_urlsafe(16), int(enabled), now, name),
            )
            rows = await db.all("SELECT * FROM web_sites WHERE guild_id = ?", (guild_id,))
        return rows[0]

    async def name_site(self, guild_id: int, name: str) -> None:
        """A server's name as seen now, where it has a site (written only if it changed)."""
        await self.store.write_one(
            "UPDATE web_sites SET name = ? WHERE guild_id = ? AND (name IS NULL OR name <> ?)",
            (name, guild_id, name),
        )

    async def see_channel(self, guild_id: int, channel_id: int, public: int, now: float) -> None:
        """Whether everyone on the server can read a channel, as the chat adapter saw it (a
        bool, or UNKNOWN)."""
        await self.store.write_one(
            "INSERT INTO web_channels (channel_id, guild_id, public, seen_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (channel_id) DO UPDATE SET public = excluded.public, "
            "seen_at = excluded.seen_at",
            (channel_id, guild_id, int(public), now),
        )

    async def seen_again(self, channel_id: int, public: int, now: float) -> bool:
        """A known channel's visibility now (1 everyone reads it, 0 not, UNKNOWN); False
        if the channel is not known here."""
        changed = await self.store.write_one(
            "UPDATE web_channels SET public = ?, seen_at = ? WHERE channel_id = ?",
            (public, now, channel_id),
        )
        return changed > 0

    async def channels(self, guild_id: int) -> list[int]:
        """A server's channels whose games the site may list: those seen where games were
        challenged, and its tournaments' channels."""
        return await self.store.ids(
            "SELECT channel_id FROM web_channels WHERE guild_id = ? UNION "
            "SELECT channel_id FROM tournaments WHERE guild_id = ?",
            (guild_id, guild_id),
        )

    async def hosts_tournament(self, channel_id: int) -> bool:
        row = await self.store.one(
            "SELECT 1 FROM tournaments WHERE channel_id = ? LIMIT 1", (channel_id,)
        )
        return row is not None

    async def unknown_again(self, guild_ids: list[int], now: float) -> None:
        """The channels of these servers that everyone could read: unknown now."""
        for guild_id in guild_ids:
            await self.store.write_one(
                "UPDATE web_channels SET public = ?, seen_at = ? WHERE guild_id = ? AND public = 1",
                (UNKNOWN, now, guild_id),
            )

    async def guilds_listing(self) -> list[int]:
        """The servers with a channel everyone could read, as last seen."""
        return await self.store.ids("SELECT DISTINCT guild_id FROM web_channels WHERE public = 1")

    async def shown_site(self, token: str) -> Row | None:
        """The server a site address names, if it shows its games."""
        return await self.store.one(
            "SELECT * FROM web_sites WHERE token = ? AND enabled = 1", (token,)
        )

    async def shown_match(self, token: str) -> Row | None:
        """The match a game address names, if its server shows its games."""
        return await self.store.one(
            f"{MATCH_SELECT} WHERE web_token = ? AND {OF_A_SERVER} AND guild_id IN "
            "(SELECT guild_id FROM web_sites WHERE enabled = 1)",
            (token,),
        )

    async def listed(self, guild_id: int, active: bool, limit: int) -> list[Row]:
        """A server's listed games in progress (oldest first) or finished (latest first)."""
        status = (
            "status = 'active' ORDER BY id" if active else "status = 'finished' ORDER BY id DESC"
        )
        return await self.store.all(
            f"{MATCH_SELECT} WHERE {GAME_LISTED} AND {status} LIMIT ?", (guild_id, guild_id, limit)
        )

    async def listed_of(self, guild_id: int, user_id: int, limit: int) -> list[Row]:
        """A player's latest listed games on a server."""
        return await self.store.all(
            f"{MATCH_SELECT} WHERE {GAME_LISTED} AND (first_user = ? OR second_user = ?) "
            "AND status != 'aborted' ORDER BY id DESC LIMIT ?",
            (guild_id, guild_id, user_id, user_id, limit),
        )

    async def is_listed(self, match_id: int) -> bool:
        row = await self.store.one(
            "SELECT 1 FROM matches m JOIN web_channels c ON c.channel_id = m.channel_id "
            f"WHERE m.id = ? AND c.public = 1 AND {M_OF_A_SERVER}",
            (match_id,),
        )
        return row is not None

    async def players(self, guild_id: int) -> list[int]:
        """Everyone who played a listed game on a server (a rating from games in private
        channels alone is no page)."""
        return await self.store.ids(
            f"SELECT first_user FROM matches WHERE {GAME_LISTED} UNION "
            f"SELECT second_user FROM matches WHERE {GAME_LISTED}",
            (guild_id, guild_id, guild_id, guild_id),
        )

    async def leaders(
        self, guild_id: int, game_id: str, sides: tuple[str, str], limit: int
    ) -> list[Row]:
        """A server's players of a game by their rating after their latest listed rated
        game, best first, counting only listed rated games: user_id, name, rating, rd,
        games, wins, draws (`sides`: the game's, the first player's first)."""
        return await self.store.all(
            "SELECT s.user_id, COALESCE(n.name, u.name) AS name, s.rating, s.rd, s.games, "
            "s.wins, s.draws FROM (SELECT h.user_id, h.rating, h.rd, "
            "ROW_NUMBER() OVER (PARTITION BY h.user_id "
            "ORDER BY h.rated_at DESC, h.match_id DESC) AS latest, "
            "COUNT(*) OVER (PARTITION BY h.user_id) AS games, "
            "SUM(CASE WHEN (m.first_user = h.user_id AND m.winner_side = ?) "
            "OR (m.second_user = h.user_id AND m.winner_side = ?) THEN 1 ELSE 0 END) "
            "OVER (PARTITION BY h.user_id) AS wins, "
            "SUM(CASE WHEN m.winner_side IS NULL THEN 1 ELSE 0 END) "
            "OVER (PARTITION BY h.user_id) AS draws "
            "FROM rating_history h JOIN matches m ON m.id = h.match_id "
            f"WHERE h.guild_id = ? AND h.game_id = ? AND {SHOWN}) s "
            "LEFT JOIN member_names n ON n.guild_id = ? AND n.user_id = s.user_id "
            "LEFT JOIN users u ON u.user_id = s.user_id "
            "WHERE s.latest = 1 ORDER BY s.rating DESC, s.user_id LIMIT ?",
            (*sides, guild_id, game_id, guild_id, limit),
        )

    async def rating_history(self, guild_id: int, game_id: str, user_id: int) -> list[Row]:
        """A player's ratings after each of their listed rated games, oldest first."""
        return await self.store.all(
            "SELECT h.rating, h.rd FROM rating_history h JOIN matches m ON m.id = h.match_id "
            f"WHERE h.guild_id = ? AND h.game_id = ? AND h.user_id = ? AND {SHOWN} "
            "ORDER BY h.rated_at, h.match_id",
            (guild_id, game_id, user_id),
        )

    async def finished_of(self, guild_id: int, game_id: str, user_id: int) -> list[Row]:
        """A player's listed finished games of a game on a server (against people and the
        computer)."""
        return await self.store.all(
            f"{MATCH_SELECT} WHERE {GAME_LISTED} AND game_id = ? AND status = 'finished' "
            "AND (first_user = ? OR second_user = ?)",
            (guild_id, guild_id, game_id, user_id, user_id),
        )

    async def tournaments(self, guild_id: int) -> list[int]:
        """A server's tournaments held in channels everyone can read, latest first."""
        return await self.store.ids(
            f"SELECT id FROM tournaments WHERE {LISTED} ORDER BY id DESC", (guild_id, guild_id)
        )

    async def tournament_matches(self, tournament_id: int) -> list[Row]:
        return await self.store.all(
            f"{MATCH_SELECT} WHERE tournament_id = ? ORDER BY id", (tournament_id,)
        )

    async def round_of(self, match_id: int) -> Row | None:
        """A tournament game's event and round: tournament_id, round, rated."""
        return await self.store.one(
            "SELECT g.tournament_id, g.round, t.rated FROM tournament_games g "
            "JOIN tournaments t ON t.id = g.tournament_id WHERE g.match_id = ?",
            (match_id,),
        )

    async def ratings_by(
        self, guild_id: int, game_id: str, user_id: int, match_id: int, end: float
    ) -> list[Row]:
        """A player's two latest ratings up to this match's end (its own, if it rated them;
        at the same moment, those of matches before it): match_id, rating, rd; latest first."""
        return await self.store.all(
            "SELECT match_id, rating, rd FROM rating_history WHERE guild_id = ? AND game_id = ? "
            "AND user_id = ? AND (rated_at < ? OR (rated_at = ? AND match_id <= ?)) "
            "ORDER BY rated_at DESC, match_id DESC LIMIT 2",
            (guild_id, game_id, user_id, end, end, match_id),
        )

    async def match_link(self, match_id: int) -> str | None:
        """A match's address, if its server shows its games."""
        row = await self.store.one(
            "SELECT m.web_token FROM matches m JOIN web_sites s ON s.guild_id = m.guild_id "
            f"WHERE m.id = ? AND s.enabled = 1 AND {M_OF_A_SERVER}",
            (match_id,),
        )
        return None if row is None else row[0]

    async def token_of(self, match_id: int) -> str | None:
        row = await self.store.one("SELECT web_token FROM matches WHERE id = ?", (match_id,))
        return None if row is None else row[0]

"""The web site as the chat adapters see it: a server turns it on or off, a game's address
for its Watch button, and which channels everyone can read (only their games are listed);
and as the site reads it: the servers and games its addresses name, the games a server's
pages list, and its standings, which count those listed games alone."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.errors import Refusal
from bot.service.finding import pick_game
from bot.service.shared import Shared
from bot.service.standings import _record_by_side, _total
from bot.service.views import Actor, Audience, GameStats, LeaderboardRow, MatchView
from bot.store.rows import Row
from bot.store.web_tables import UNKNOWN, WebRows
from rules import GAMES


@dataclass(frozen=True)
class SiteView:
    guild_id: int
    token: str  # the server page's address, under the site's
    enabled: bool


@dataclass(frozen=True)
class SiteGame:
    """A game the site may show: its view, its address, its server's site address, and
    whether it is listed (played in a channel everyone on the server can read)."""

    match: MatchView
    token: str
    site: str
    listed: bool


class Site:
    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self.rows = WebRows(shared.store)

    async def turn(self, actor: Actor, *, manager: bool, on: bool) -> SiteView:
        """Show this server's games on the web site, or stop (Manage Server only)."""
        if not manager:
            raise Refusal(
                "Only someone who may manage this server can put its games on the web site."
            )
        row = await self.rows.turn(actor.guild_id, on, self.shared.settings.clock())
        return SiteView(actor.guild_id, row["token"], bool(row["enabled"]))

    async def of(self, guild_id: int) -> SiteView | None:
        row = await self.rows.site(guild_id)
        return None if row is None else SiteView(guild_id, row["token"], bool(row["enabled"]))

    async def shown(self, token: str) -> SiteView | None:
        """The server a site address names, if it shows its games."""
        row = await self.rows.shown_site(token)
        return None if row is None else SiteView(row["guild_id"], row["token"], True)

    async def game(self, token: str) -> SiteGame | None:
        """The game an address names, if its server shows its games."""
        row = await self.rows.shown_match(token)
        if row is None:
            return None
        site = await self.rows.site(row["guild_id"])
        if site is None or not site["enabled"]:
            return None
        match = await self.shared.find.match(row["id"])
        listed = await self.rows.is_listed(row["id"])
        return SiteGame(match, row["web_token"], site["token"], listed)

    async def token_of(self, match_id: int) -> str | None:
        """A match's address, whether its server shows its games or not."""
        return await self.rows.token_of(match_id)

    async def listed(self, site: SiteView, *, active: bool, limit: int) -> list[SiteGame]:
        """A server's listed games in progress (oldest first) or finished (latest first)."""
        return await self._games(site, await self.rows.listed(site.guild_id, active, limit))

    async def listed_of(self, site: SiteView, user_id: int, limit: int) -> list[SiteGame]:
        """A player's latest listed games on a server."""
        return await self._games(site, await self.rows.listed_of(site.guild_id, user_id, limit))

    async def _games(self, site: SiteView, rows: list[Row]) -> list[SiteGame]:
        return [
            SiteGame(await self.shared.find.match(r["id"]), r["web_token"], site.token, True)
            for r in rows
        ]

    async def players(self, guild_id: int) -> list[int]:
        """Everyone who played a listed game on a server."""
        return await self.rows.players(guild_id)

    async def game_link(self, match_id: int) -> str | None:
        """A game's address on the site (None: its server does not show its games)."""
        return await self.rows.match_link(match_id)

    async def audience(self, actor: Actor, match: MatchView) -> Audience:
        """Who may be shown a game's record, review or board asked for where `actor` is:
        everyone there, when asked in the game's own channel or thread or when everyone on
        the server can read the game's channel (as the chat adapter last told: unknown
        counts as private); else only a player of the game, privately. Anyone else is
        refused, without a word of the game."""
        if actor.channel_id in (match.channel_id, match.thread_id):
            return Audience.HERE
        if await self.rows.is_listed(match.id):
            return Audience.HERE
        if match.side_of(actor.user_id) is not None:
            return Audience.PLAYER
        raise Refusal(
            f"Match #{match.id} is played in a channel not everyone here can read: only its "
            "players can see it from elsewhere. Ask in the game's channel."
        )

    async def see_channel(self, guild_id: int, channel_id: int, public: bool) -> None:
        """Whether @everyone can read a channel where games are played, as the adapter saw it."""
        await self.rows.see_channel(guild_id, channel_id, public, self.shared.settings.clock())

    async def channels(self, guild_id: int) -> list[int]:
        """The channels of a server whose games the site may list, whose visibility the
        adapter tells again when it may have changed: where games were challenged, and the
        server's tournaments' channels."""
        return await self.rows.channels(guild_id)

    async def channel_changed(self, guild_id: int, channel_id: int, public: bool | None) -> None:
        """Whether @everyone can read a channel now, as the adapter sees it (a channel or
        thread changed, its permissions did, or it is gone); None: the adapter cannot tell,
        and its games are not listed until it can. Only the channels the site may list
        games of are kept (a tournament's channel from its first word)."""
        value = UNKNOWN if public is None else int(public)
        now = self.shared.settings.clock()
        if await self.rows.seen_again(channel_id, value, now):
            return
        if await self.rows.hosts_tournament(channel_id):
            await self.rows.see_channel(guild_id, channel_id, value, now)

    async def restarted(self, serves: Callable[[int], bool]) -> None:
        """The chat adapter starts again: what it saw of its servers' channels before may
        have changed meanwhile, so the channels everyone could read are unknown (their games
        unlisted) until it tells again. `serves`: whether a server is this process's."""
        guilds = [g for g in await self.rows.guilds_listing() if serves(g)]
        await self.rows.unknown_again(guilds, self.shared.settings.clock())

    # --- standings as the site shows them: from listed games only, so a player whose
    # games were all in private channels has no page and no line ---
    async def leaderboard(self, guild_id: int, game_id: str, limit: int) -> list[LeaderboardRow]:
        """A server's players of a game with a listed rated game, by their rating after
        their latest one (best first); their games and record are the listed ones."""
        game = pick_game(game_id)
        first, second = game.sides
        rows = await self.rows.leaders(guild_id, game.id, (first, second), max(1, limit))
        return [
            LeaderboardRow(
                rank, r["user_id"], r["name"], r["rating"], r["rd"], int(r["games"]),
                int(r["wins"]), int(r["draws"]), int(r["games"] - r["wins"] - r["draws"]),
            )
            for rank, r in enumerate(rows, 1)
        ]  # fmt: skip

    async def rating_history(
        self, guild_id: int, game_id: str, user_id: int
    ) -> list[tuple[float, float]]:
        """A player's (rating, deviation) after each of their listed rated games."""
        rows = await self.rows.rating_history(guild_id, pick_game(game_id).id, user_id)
        return [(r["rating"], r["rd"]) for r in rows]

    async def stats(self, guild_id: int, user_id: int) -> list[GameStats]:
        """A player's rating (after their latest listed rated game) and record per game,
        from their listed finished games."""
        out = []
        for game in GAMES.values():
            finished = await self.rows.finished_of(guild_id, game.id, user_id)
            if not finished:
                continue
            people = [r for r in finished if r["computer_level"] is None]
            by_level: dict[int, list[Row]] = {}
            for row in finished:
                if row["computer_level"] is not None:
                    by_level.setdefault(row["computer_level"], []).append(row)
            history = await self.rows.rating_history(guild_id, game.id, user_id)
            by_side = _record_by_side(game.sides, people, user_id)
            total = _total(by_side)
            out.append(
                GameStats(
                    game.id,
                    history[-1]["rating"] if history else None,
                    history[-1]["rd"] if history else None,
                    total.wins,
                    total.draws,
                    total.losses,
                    by_side,
                    {
                        level: _total(_record_by_side(game.sides, rows, user_id))
                        for level, rows in sorted(by_level.items())
                    },
                )
            )
        return out

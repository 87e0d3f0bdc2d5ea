"""The web site as the chat adapters see it: a server turns it on or off, a game's address
for its Watch button, and which channels everyone can read (only their games are listed)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.errors import Refusal
from bot.service.shared import Shared
from bot.service.views import Actor
from bot.store.web_tables import UNKNOWN, WebRows


@dataclass(frozen=True)
class SiteView:
    guild_id: int
    token: str  # the server page's address, under the site's
    enabled: bool


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

    async def game_link(self, match_id: int) -> str | None:
        """A game's address on the site (None: its server does not show its games)."""
        return await self.rows.match_link(match_id)

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

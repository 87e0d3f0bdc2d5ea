"""The web site as the chat adapters see it: a server turns it on or off, a game's address
for its Watch button, and which channels everyone can read (only their games are listed)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.errors import Refusal
from bot.service.shared import Shared
from bot.service.views import Actor
from bot.store.web_tables import WebRows


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

"""The gateway events that change who may read each channel, handed to `Visibility`."""

from __future__ import annotations

import discord

from bot.adapters.discord.visibility import Visibility


class VisibilityEvents:
    """GameBot's handlers of who may read each channel, for the web site (see visibility.py)."""

    visibility: Visibility

    async def on_guild_available(self, guild: discord.Guild) -> None:
        await self.visibility.server(guild)  # at start, and after an outage

    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self.visibility.server(guild)

    async def on_guild_update(self, before: discord.Guild, after: discord.Guild) -> None:
        if before.name != after.name:
            await self.visibility.named(after)

    async def on_guild_role_update(self, before: discord.Role, after: discord.Role) -> None:
        if after.is_default() and before.permissions != after.permissions:
            await self.visibility.server(after.guild)

    async def on_guild_channel_update(
        self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel
    ) -> None:
        await self.visibility.channel_changed(before, after)  # permission overwrites too

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.visibility.channel_gone(channel.guild, channel.id)

    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        await self.visibility.thread_changed(payload)

"""Which channels @everyone can read, as Discord tells the bot they change: the web site lists
only those channels' games (the service keeps which, and decides what the site shows; this
only translates Discord's events). A channel, thread or permission overwrite changed, the
@everyone role's permissions did, a channel or thread is gone, or a server is (again)
available, as after a restart: the channels the site lists games of are looked at again, in
the client's cache or, for a thread out of it (archived), asked of Discord. What cannot be
told is told as unknown, which the site treats as private."""

from __future__ import annotations

import logging
from collections.abc import Callable, Container
from typing import Any

import aiohttp
import discord

from bot.adapters.discord.client import Client

log = logging.getLogger("bot")
#: a channel Discord says is gone (404): nobody reads it any more
GONE = object()


def everyone_can_read(guild: discord.Guild | None, place: Any) -> bool | None:
    """Whether @everyone can read a channel (a thread: its channel; a private thread never);
    None: not known (no server, or a thread whose channel is out of the cache)."""
    if place is GONE:
        return False
    if isinstance(place, discord.Thread):
        if place.is_private():
            return False
        place = place.parent
    if guild is None or not isinstance(place, discord.abc.GuildChannel):
        return None
    return place.permissions_for(guild.default_role).read_messages


def serves(client: discord.AutoShardedClient) -> Callable[[int], bool]:
    """Whether a server is one of this process's (its shards'); every server when the
    process runs them all."""
    ids, count = client.shard_ids, client.shard_count
    if ids is None or not count:
        return lambda guild_id: True
    return lambda guild_id: (guild_id >> 22) % count in ids


class Visibility:
    def __init__(self, client: Client) -> None:
        self.client = client

    async def started(self) -> None:
        """The bot starts: what it saw before may have changed while it was away, so its
        servers' channels are unknown until each server is available again."""
        await self.client.dispatcher.restarted(serves(self.client))

    async def server(self, guild: discord.Guild) -> None:
        """A server is available (at start, after an outage) or the bot joined it again, or
        its @everyone role changed: each of its channels the site lists games of, and its
        name (its page on the site shows it)."""
        await self.named(guild)
        await self.tell(guild)

    async def named(self, guild: discord.Guild) -> None:
        await self.client.dispatcher.server_named(guild.id, guild.name)

    async def channel_changed(
        self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel
    ) -> None:
        """A channel changed (its permission overwrites arrive so too): the channel, and
        if who may read it changed, the threads in it (they read as it does)."""
        guild = after.guild
        if everyone_can_read(guild, before) != everyone_can_read(guild, after):
            await self.tell(guild, under=after.id)
        else:
            await self.tell(guild, only={after.id})

    async def channel_gone(self, guild: discord.Guild, channel_id: int) -> None:
        """A channel deleted: it, and the threads that were in it."""
        await self.tell(guild, under=channel_id, gone=channel_id)

    async def thread_changed(self, payload: discord.RawThreadUpdateEvent) -> None:
        """A thread changed (made private, moved, archived): read from the event itself,
        as an archived thread leaves the cache."""
        guild = self.client.get_guild(payload.guild_id)
        if guild is None:
            return
        watched = await self.client.dispatcher.channels_to_watch(guild.id)
        if payload.thread_id not in watched:
            return
        private = payload.thread_type == discord.ChannelType.private_thread
        parent = guild.get_channel(payload.parent_id)
        public = False if private else everyone_can_read(guild, parent)
        await self.client.dispatcher.channel_changed(guild.id, payload.thread_id, public)

    async def thread_gone(self, guild_id: int, thread_id: int) -> None:
        guild = self.client.get_guild(guild_id)
        if guild is not None:
            await self.tell(guild, only={thread_id}, gone=thread_id)

    async def tell(
        self,
        guild: discord.Guild,
        *,
        only: Container[int] | None = None,
        under: int | None = None,
        gone: int | None = None,
    ) -> None:
        """Tell the service whether @everyone can read each channel of the server that the
        site lists games of (`only`: those among them; `under`: that channel and the
        threads in it; `gone`: a channel known to be deleted)."""
        dispatcher = self.client.dispatcher
        for channel_id in await dispatcher.channels_to_watch(guild.id):
            if only is not None and channel_id not in only:
                continue
            place = GONE if channel_id == gone else await self._find(guild, channel_id)
            inside = channel_id == under or getattr(place, "parent_id", None) == under
            if under is not None and not inside:
                continue
            await dispatcher.channel_changed(guild.id, channel_id, everyone_can_read(guild, place))

    async def _find(self, guild: discord.Guild, channel_id: int) -> Any:
        """The channel or thread: cached, else asked of Discord; GONE if Discord says it is
        gone, None if it cannot say (no access, a failure)."""
        found = guild.get_channel_or_thread(channel_id)
        if found is not None:
            return found
        try:
            return await self.client.fetch_channel(channel_id)
        except discord.NotFound:
            return GONE
        except (discord.HTTPException, aiohttp.ClientError, TimeoutError) as err:
            log.info("cannot tell who may read channel %s: %s", channel_id, err)
            return None

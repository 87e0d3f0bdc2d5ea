"""Where the slash commands are listed: globally (`python -m bot sync`), or copied to a test
server (DEV_GUILD_ID) until they are published globally, so no server lists one twice."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

log = logging.getLogger("bot")


async def sync_test_server(tree: app_commands.CommandTree, guild: discord.Object) -> None:
    """DEV_GUILD_ID: the commands, copied to the test server, appear there at once; but
    once they are published globally (`python -m bot sync`) the server already lists
    them, so its copies are cleared instead (every command is listed once)."""
    if await tree.fetch_commands():
        await clear_server_commands(tree, guild)
        log.info("commands are published globally: none copied to server %s", guild.id)
        return
    tree.copy_global_to(guild=guild)
    synced = await tree.sync(guild=guild)
    log.info("synced %d commands to server %s", len(synced), guild.id)


async def clear_server_commands(tree: app_commands.CommandTree, guild: discord.Object) -> None:
    tree.clear_commands(guild=guild)
    await tree.sync(guild=guild)

"""Running the Discord bot on the App it is handed: connect, stop cleanly on SIGTERM or
SIGINT, and say in one line why it cannot start."""

from __future__ import annotations

import asyncio
import logging
import signal

import discord

from bot.adapters.discord.gamebot import GameBot
from bot.adapters.discord.startup import explain, quiet_discord
from bot.app.app import App

log = logging.getLogger("bot")


async def _serve(bot: GameBot, token: str) -> None:
    """Run the bot until it stops or SIGTERM/SIGINT arrives; either way it closes cleanly
    (commands under way finish, the sweeper and the computer stop; the App's opener then
    closes the database)."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    async with bot:
        running = asyncio.create_task(bot.start(token), name="discord")
        stopping = asyncio.create_task(stop.wait(), name="signals")
        await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if stop.is_set():
            log.info("stopping: signal received")
            await bot.close()
        stopping.cancel()
        await running


async def run_bot(app: App, *, sync_globally: bool = False) -> None:
    """Run the bot on `app` (its database opened, so checked, before connecting to Discord)
    until stopped; anything that keeps it from starting raises StartupError (one line)."""
    settings = app.settings
    discord.utils.setup_logging(level=getattr(logging, settings.log_level, logging.INFO))
    quiet_discord()
    if settings.discord_api_url:  # a REST proxy keeps the limits for every process
        discord.http.Route.BASE = settings.discord_api_url
    try:
        await _serve(GameBot(app, sync_globally=sync_globally), settings.discord_token)
    except Exception as err:
        plain = explain(err)
        if plain is None:
            raise
        raise plain from None

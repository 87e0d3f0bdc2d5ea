"""The bot's Discord client as its parts (posting, visibility, a round's boards) know it:
discord.py's sharded client with the bot's command dispatcher. `GameBot` is the one there
is; its parts take it as this, so none of them imports the module that puts them together."""

from __future__ import annotations

import discord

from bot.adapters.commands.dispatch import Dispatcher


class Client(discord.AutoShardedClient):
    #: the command handlers, made once logged in (the bot's own id is the computer's)
    dispatcher: Dispatcher

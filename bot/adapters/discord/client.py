"""The bot's Discord client as its parts (posting, visibility, a round's boards) know it:
discord.py's sharded client with the bot's command dispatcher. `GameBot` is the one there
is; its parts take it as this, so none of them imports the module that puts them together."""

from __future__ import annotations

import discord

from bot.adapters.commands.dispatch import Dispatcher
from bot.i18n import supported
from bot.service import ChallengeView, MatchView, Reach


class Client(discord.AutoShardedClient):
    #: the command handlers, made once logged in (the bot's own id is the computer's)
    dispatcher: Dispatcher

    async def server_language(self, guild_id: int | None) -> str:
        """The language of what everyone on a server reads (posts that answer nobody: the
        sweeper's, the computer's, a tournament's): the server's /settings language, else
        the one Discord gives the server (its owner's choice); English without a server."""
        if not guild_id:
            return "en"
        chosen = await self.dispatcher.service.languages.server(guild_id)
        if chosen:
            return chosen
        guild = self.get_guild(guild_id)
        return supported(str(guild.preferred_locale) if guild is not None else None)

    async def language_there(self, where: MatchView | ChallengeView | None) -> str:
        """The language of news of a game or challenge that answers nobody: its server's;
        where no server of the bot's hears it (a DM, a place the bot only answers in: the
        news goes to its players), its player's to move, else its challenger's or first
        player's, as their Discord was last seen."""
        if where is None:
            return "en"
        if where.guild_id and where.reach == Reach.POSTS:
            return await self.server_language(where.guild_id)
        if isinstance(where, ChallengeView):
            return await self.person_language(where.challenger_id)
        person = where.user_to_move or next(iter(where.players.values()))
        return await self.person_language(person)

    async def person_language(self, user_id: int) -> str:
        """The language a person's DMs are worded in: their Discord's, as last seen."""
        return await self.dispatcher.service.languages.person(user_id) or "en"

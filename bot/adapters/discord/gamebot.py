"""The Discord adapter: slash commands and buttons in, the handlers' reply data out; it
starts, runs and stops the client (`parts` holds what it shows and how)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from dataclasses import replace
from functools import partial
from typing import Any

import discord
from discord import app_commands

from bot.adapters.commands.dispatch import Dispatcher
from bot.adapters.commands.group import Context
from bot.adapters.discord.app_events import ANSWER, AppEvents
from bot.adapters.discord.command_sync import clear_server_commands, sync_test_server
from bot.adapters.discord.components import GameButton, GameList
from bot.adapters.discord.global_budget import GlobalBudget, share
from bot.adapters.discord.interactions import apologise, forget_thinking, time_left
from bot.adapters.discord.parts import (
    INTENTS,
    NO_PINGS,
    NOT_ALL_SHOWN,
    POSTING_ERRORS,
    SLASH_COMMANDS,
    SORRY,
    DiscordPeople,
    context,
    discord_kwargs,
    edit_kwargs,
    locale_of,
    reach_of,
    shut_out,
)
from bot.adapters.discord.posting import Posting
from bot.adapters.discord.round_boards import post_round_board
from bot.adapters.discord.translator import CatalogTranslator
from bot.adapters.discord.visibility import Visibility
from bot.adapters.discord.visibility_events import VisibilityEvents
from bot.adapters.replies import Response, private
from bot.app.app import App
from bot.errors import CannotSave
from bot.i18n import _, speaking
from bot.service import Reach

log = logging.getLogger("bot")
#: how long, when stopping, the commands under way may take to finish
FINISH_SECONDS = 10.0
#: what is kept of the window for the deferral itself to reach Discord
DEFER_MARGIN = 1.0


class GameBot(VisibilityEvents, AppEvents):
    def __init__(self, app: App, *, sync_globally: bool = False) -> None:
        """The client of the App it is handed (opened, and closed after it, by its
        opener): it starts the App's parts with its own ways of showing what they did, and
        stops them when it closes."""
        settings = app.settings
        shards: dict[str, Any] = {}
        if settings.shards is not None:  # this process serves these shards only
            shards = {
                "shard_ids": sorted(settings.shards.ids),
                "shard_count": settings.shards.count,
            }
        super().__init__(intents=INTENTS, allowed_mentions=NO_PINGS, **shards)
        #: this process's part of Discord's global limit, kept before each request
        self.budget = GlobalBudget(share(settings.shards))
        self.http.request = self.budget.keeping(self.http.request)  # type: ignore[method-assign]
        self.settings = settings
        self.sync_globally = sync_globally
        self.tree = app_commands.CommandTree(self)
        self.tree.on_error = self.on_command_error  # type: ignore[method-assign]  # its hook
        for command in SLASH_COMMANDS:
            self.tree.add_command(command)
        self.app = app
        self._handling: set[asyncio.Future[Response]] = set()
        #: channels and threads where an interaction is being answered, and how many
        self._answering: Counter[int] = Counter()
        self._answered = asyncio.Condition()
        #: matches where an answer under way made it the computer's turn: its board waits
        self._shown_first: dict[int, asyncio.Event] = {}
        #: identifies Discord takes per 5 s (its gateway says, once asked)
        self._max_concurrency: int | None = None
        self.posting = Posting(self)
        #: who may read each channel, told to the service for the web site
        self.visibility = Visibility(self)

    async def setup_hook(self) -> None:
        assert self.user is not None  # setup_hook runs once logged in
        self.dispatcher = Dispatcher(
            self.app.service,
            DiscordPeople(lambda guild_id: getattr(self.get_guild(guild_id), "name", None)),
            self.settings.default_move_time,
            computer_id=self.user.id,  # challenged, the bot itself is the computer opponent
            public_url=self.settings.public_url,
            server_language=self.server_language,
        )
        self.app.service.on_computer_turn(self._computer_turn)
        self.add_dynamic_items(GameButton, GameList)
        await self.tree.set_translator(CatalogTranslator())  # the commands in each language
        if self.sync_globally:
            synced = await self.tree.sync()
            log.info("synced %d commands globally", len(synced))
            if self.settings.dev_guild_id:  # its own copies would now list each one twice
                await clear_server_commands(self.tree, discord.Object(self.settings.dev_guild_id))
            await self.close()
            return
        if self.settings.dev_guild_id:
            await sync_test_server(self.tree, discord.Object(self.settings.dev_guild_id))
        else:
            log.info(
                "commands not synced at start: they are global once `python -m bot sync` "
                "has run (or set DEV_GUILD_ID to sync a test server at every start)"
            )
        await self.app.start_workers()
        self.app.start_sweeper(self.on_sweep)
        await self.app.start_computer(self.on_computer_move, self.on_review)
        await self.app.start_director(self.on_round, self.on_round_board)
        await self.visibility.started()  # before the site serves what may be stale
        await self.app.start_web()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Identify when Discord allows it across every process on the database: each
        identify bucket (shard id % max_concurrency) once per 5 s, whoever asks."""
        if self._max_concurrency is None:
            _, _, limits = await self.http.get_bot_gateway()
            self._max_concurrency = max(1, int(limits.get("max_concurrency", 1)))
        bucket = (shard_id or 0) % self._max_concurrency
        at = await self.app.identify_at(bucket, time.time())
        await asyncio.sleep(max(0.0, at - time.time()))

    async def on_ready(self) -> None:
        assert self.user is not None
        count = len(self.guilds)
        log.info("logged in as %s, on %d server%s", self.user, count, "" if count == 1 else "s")

    async def close(self) -> None:
        """Let the handlers under way finish their writes (a while), then stop the sweeper,
        the computer and the rest of the App's parts, then disconnect."""
        if self._handling:
            log.info("waiting for %d command(s) under way", len(self._handling))
            await asyncio.wait(self._handling, timeout=FINISH_SECONDS)
        await self.app.stop()
        await super().close()

    async def on_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Whatever fails around a slash command (options, checks, discord.py itself): the
        traceback logged once, and the user answered."""
        log.error("slash command failed: %s", interaction.data, exc_info=error)
        await apologise(interaction)

    # --- answering --------------------------------------------------------------------------
    async def respond(
        self,
        interaction: discord.Interaction,
        handler: Any,
        *,
        click: bool = False,
        slow: bool = False,
    ) -> None:
        """Run a handler and show its Response. A click is deferred at once, as an update (it
        shows nothing; most clicks draw a board). A command is deferred if it is `slow`, or
        not done while Discord's window (counted from when the interaction was made, so
        gateway delay counts too) still has room for a deferral; privately, as its answer
        may be a refusal only the person sees (a public answer is then posted in the
        channel)."""
        place = interaction.channel_id or 0
        self._answering[place] += 1  # the computer's posts here wait (see on_computer_move)
        shown = asyncio.Event()
        token = ANSWER.set(shown)  # as do its posts in a game this answer moves on
        try:
            await self._respond(interaction, handler, click=click, slow=slow)
        finally:
            ANSWER.reset(token)
            shown.set()
            self._answering[place] -= 1
            async with self._answered:
                self._answered.notify_all()

    async def _respond(
        self, interaction: discord.Interaction, handler: Any, *, click: bool, slow: bool
    ) -> None:
        # who reads what is read in the task too: its failure is the handler's (apologised)
        task = asyncio.ensure_future(self._handled(interaction, handler))
        self._handling.add(task)
        task.add_done_callback(self._handling.discard)
        left = 0.0 if slow or click else time_left(interaction) - DEFER_MARGIN
        done, _pending = await asyncio.wait({task}, timeout=max(0.0, left))
        deferred = False
        if not done:
            try:
                await interaction.response.defer(ephemeral=not click, thinking=not click)
                deferred = True
            except POSTING_ERRORS as err:  # too late, or lost: the reply is posted instead
                log.warning("could not defer %s: %r", interaction.data, err)
        sorry = NOT_ALL_SHOWN  # the handler's work is saved: doing it again would not help
        try:
            response: Response = await task
        except Exception:
            log.exception("handler failed for %s", interaction.data)
            with speaking(locale_of(interaction)):
                response, sorry = private(_(SORRY)), SORRY
        try:
            await self.show(interaction, response, deferred=deferred, click=click)
        except Exception:
            log.exception("could not show the answer to %s", interaction.data)
            await apologise(interaction, sorry)

    async def _handled(self, interaction: discord.Interaction, handler: Any) -> Response:
        response: Response = await handler(await self.context_for(interaction))
        return response

    async def context_for(self, interaction: discord.Interaction) -> Context:
        """The interaction as the handlers see it, with who reads what: the asker their
        Discord's language, everyone on the server its /settings language (else Discord's
        for the server). The asker's language is noted for their DMs, if it can be."""
        languages = self.app.service.languages
        ctx = context(interaction)
        if interaction.guild_id:
            chosen = await languages.server(interaction.guild_id)
            if chosen:
                ctx = replace(ctx, public_locale=chosen)
        try:
            await languages.seen(ctx.user_id, ctx.locale)
        except CannotSave as err:  # their DMs stay in the language seen before
            log.warning("could not note the language of %s: %s", ctx.user_id, err.why)
        return ctx

    async def show(
        self, interaction: discord.Interaction, response: Response, *, deferred: bool, click: bool
    ) -> None:
        """Answer the interaction, then post to the match and replace what the response
        updates; those go out even when the answer cannot (Discord no longer takes it, or
        cannot be reached). Where the bot may only answer, nothing goes through channels."""
        thread_from = interaction.message if click else None
        answers = reach_of(interaction) == Reach.ANSWERS
        try:
            thread_from = await self.answer(interaction, response, deferred, click) or thread_from
        except POSTING_ERRORS as err:
            if response.reply is None or response.ephemeral or answers:
                raise
            # too late (3 s to answer, 15 minutes to follow up), or lost on the way: the
            # public reply is posted
            log.warning("could not answer %s (%r): posting the reply", interaction.data, err)
            post = partial(self.posting.post_reply, interaction, response.reply)
            thread_from = await self.posting.retried(post, "an answer") or thread_from
        finally:
            await self.posting.post_to_match(response, thread_from, interaction)
            if answers:  # a pair's second game follows in the answer; nothing to edit
                for started in response.also:
                    await self.posting.post_to_match(started, None, interaction)
                response = replace(response, also=(), updates=())
            for started in response.also:  # its start post carries a nonce: tried once more
                await self.posting.retried(
                    partial(post_round_board, self.posting, started), "a game's start"
                )
            for match_id, message in response.elsewhere:
                await self.posting.post_in_match(match_id, (message,), retry=True)
            for update in response.updates:
                await self.posting.retried(partial(self.posting.edit_shown, update), "an update")
            for notice in response.dms:
                await self.posting.send_notice(notice)

    async def answer(
        self, interaction: discord.Interaction, response: Response, deferred: bool, click: bool
    ) -> discord.Message | None:
        """Show the response to the person; returns the public reply, if there is one."""
        if response.edit_origin is not None:
            edit = edit_kwargs(response.edit_origin)
            if deferred:
                await interaction.edit_original_response(**edit)
            else:
                await interaction.response.edit_message(**edit)
        reply = response.reply
        thinking = deferred and not click  # a command's private "thinking…" message
        if reply is None:
            if thinking:
                await forget_thinking(interaction)
            return None
        if reach_of(interaction) == Reach.ANSWERS:  # no channel of the bot's to post in
            await self.posting.answers.reply(
                interaction, reply, ephemeral=response.ephemeral, thinking=thinking
            )
            return None
        if response.ephemeral:
            if thinking:  # the private deferral becomes the answer
                await interaction.edit_original_response(**edit_kwargs(reply))
            elif interaction.response.is_done():
                await interaction.followup.send(ephemeral=True, **discord_kwargs(reply))
            else:
                await interaction.response.send_message(ephemeral=True, **discord_kwargs(reply))
            return None
        if thinking or interaction.response.is_done():
            try:
                sent = await self.posting.post_reply(interaction, reply)
            except discord.HTTPException as err:
                if not (thinking and shut_out(err)):
                    raise
                # the bot may not post here: the person at least sees the answer
                await interaction.edit_original_response(**edit_kwargs(reply))
                return None
            if thinking:
                await forget_thinking(interaction)
            return sent
        answered = await interaction.response.send_message(**discord_kwargs(reply))
        # the message the answer made, as Discord returned it (fetching it again can fail,
        # and posting the reply again would show it twice)
        made = answered.resource if answered is not None else None
        sent = made if isinstance(made, discord.Message) else await interaction.original_response()
        await self.posting.shown_as(reply, sent)
        return sent

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.visibility.thread_gone(payload.guild_id, payload.thread_id)
        await self.posting.tell_thread_gone(payload.thread_id)

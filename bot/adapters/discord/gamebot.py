"""The Discord adapter: slash commands and buttons in, the handlers' reply data out; it
starts, runs and stops the client (`bot.discord_parts` holds what it shows and how)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from typing import Any

import discord
from discord import app_commands

from bot.adapters.commands.dispatch import Commands
from bot.adapters.discord.command_sync import clear_server_commands, sync_test_server
from bot.adapters.discord.interactions import apologise, forget_thinking, time_left
from bot.adapters.discord.parts import (
    COMMANDS,
    INTENTS,
    NO_PINGS,
    SORRY,
    THREAD_ARCHIVE_MINUTES,
    DiscordPeople,
    GameButton,
    context,
    discord_kwargs,
    edit_kwargs,
    shut_out,
)
from bot.adapters.replies import Message, Response, private
from bot.errors import CannotSave
from bot.runtime.app import App
from bot.runtime.config import Settings
from bot.service.views import MoveResult, SweepEvent

log = logging.getLogger("bot")
#: how long, when stopping, the commands under way may take to finish
FINISH_SECONDS = 10.0
#: what is kept of the window for the deferral itself to reach Discord
DEFER_MARGIN = 1.0


class GameBot(discord.AutoShardedClient):
    def __init__(self, settings: Settings, *, sync_globally: bool = False) -> None:
        shards: dict[str, Any] = {}
        if settings.shards is not None:  # this process serves these shards only
            shards = {
                "shard_ids": sorted(settings.shards.ids),
                "shard_count": settings.shards.count,
            }
        super().__init__(intents=INTENTS, allowed_mentions=NO_PINGS, **shards)
        self.settings = settings
        self.sync_globally = sync_globally
        self.tree = app_commands.CommandTree(self)
        self.tree.on_error = self.on_command_error  # type: ignore[method-assign]  # its hook
        for command in COMMANDS:
            self.tree.add_command(command)
        self.handlers: Commands
        self.app: App | None = None
        self._handling: set[asyncio.Future[Response]] = set()
        #: channels and threads where an interaction is being answered, and how many
        self._answering: Counter[int] = Counter()
        self._answered = asyncio.Condition()
        #: identifies Discord takes per 5 s (its gateway says, once asked)
        self._max_concurrency: int | None = None

    async def setup_hook(self) -> None:
        self.app = await App.open(self.settings.database_url, self.settings)
        assert self.user is not None  # setup_hook runs once logged in
        self.handlers = Commands(
            self.app.service,
            DiscordPeople(),
            self.settings.default_move_time,
            computer_id=self.user.id,  # challenged, the bot itself is the computer opponent
        )
        self.add_dynamic_items(GameButton)
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
        self.app.start_sweeper(self.on_sweep)
        await self.app.start_computer(self.on_computer_move)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Identify when Discord allows it across every process on the database: each
        identify bucket (shard id % max_concurrency) once per 5 s, whoever asks."""
        if self.app is None:
            await super().before_identify_hook(shard_id, initial=initial)
            return
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
        """Let the handlers under way finish their writes (a while), then stop the sweeper and
        close the database, then disconnect."""
        if self._handling:
            log.info("waiting for %d command(s) under way", len(self._handling))
            await asyncio.wait(self._handling, timeout=FINISH_SECONDS)
        if self.app is not None:
            await self.app.close()
            self.app = None
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
        try:
            await self._respond(interaction, handler, click=click, slow=slow)
        finally:
            self._answering[place] -= 1
            async with self._answered:
                self._answered.notify_all()

    async def _respond(
        self, interaction: discord.Interaction, handler: Any, *, click: bool, slow: bool
    ) -> None:
        task = asyncio.ensure_future(handler(context(interaction)))
        self._handling.add(task)
        task.add_done_callback(self._handling.discard)
        left = 0.0 if slow or click else time_left(interaction) - DEFER_MARGIN
        done, _ = await asyncio.wait({task}, timeout=max(0.0, left))
        deferred = False
        if not done:
            try:
                await interaction.response.defer(ephemeral=not click, thinking=not click)
                deferred = True
            except discord.HTTPException as err:  # too late: the reply is posted instead
                log.warning("could not defer %s: %s", interaction.data, err)
        try:
            response: Response = await task
        except Exception:
            log.exception("handler failed for %s", interaction.data)
            response = private(SORRY)
        try:
            await self.show(interaction, response, deferred=deferred, click=click)
        except Exception:
            log.exception("could not show the answer to %s", interaction.data)
            await apologise(interaction)

    async def show(
        self, interaction: discord.Interaction, response: Response, *, deferred: bool, click: bool
    ) -> None:
        """Answer the interaction, then post to the match and replace what the response
        updates; those go out even when the answer cannot (Discord no longer takes it)."""
        thread_from = interaction.message if click else None
        try:
            thread_from = await self.answer(interaction, response, deferred, click) or thread_from
        except discord.HTTPException as err:
            if response.reply is None or response.ephemeral:
                raise
            # too late (3 s to answer, 15 minutes to follow up): the public reply is posted
            log.warning("could not answer %s (%s): posting the reply", interaction.data, err)
            channel = await self.channel_for(interaction.channel_id or 0)
            thread_from = await self.send(channel, response.reply) or thread_from
        finally:
            await self.post_to_match(response, thread_from)
            for update in response.updates:
                await self.edit_shown(update)

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
                sent = await self.post_reply(interaction, reply)
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
        await self.shown_as(reply, sent)
        return sent

    async def post_reply(
        self, interaction: discord.Interaction, reply: Message
    ) -> discord.Message | None:
        """A public answer posted in the interaction's channel (a message that knows its
        server, so a thread can be started from it)."""
        return await self.send(await self.channel_for(interaction.channel_id or 0), reply)

    async def post_to_match(self, response: Response, thread_from: discord.Message | None) -> None:
        """Open the match's thread if asked, then post there (through the channel, not the
        interaction token, so it works however long a game lasts)."""
        if response.match_id is None:
            return
        target: Any = None
        if response.open_thread:
            target = await self.open_thread(response, thread_from)
        await self.post_in_match(response.match_id, response.posts, target)

    async def post_in_match(
        self, match_id: int, messages: tuple[Message, ...], target: Any = None
    ) -> None:
        """Post in the match's thread (else its channel). A thread that is gone or shut to
        the bot moves its games to their channel, where the players are told (the board
        they get there says it all); news of a game already over is posted there instead."""
        match = await self.handlers.service.match(match_id)
        try:
            target = target or await self.channel_for(match.thread_id or match.channel_id)
            for message in messages:
                await self.send(target, message)
        except discord.HTTPException as err:
            if match.thread_id is None or not shut_out(err):
                raise
            log.info("thread %s cannot be posted to (%s): its games move out", match.thread_id, err)
            await self.tell_thread_gone(match.thread_id)
            if not match.active:
                channel = await self.channel_for(match.channel_id)
                for message in messages:
                    await self.send(channel, message)

    async def send(self, target: Any, message: Message) -> discord.Message | None:
        """Post a message (or, if it is `in_place`, replace the one showing the same thing);
        returns the message posted."""
        if message.in_place and await self.edit_shown(message):
            return None
        sent: discord.Message = await target.send(**discord_kwargs(message))
        await self.shown_as(message, sent)
        return sent

    async def shown_as(self, message: Message, sent: discord.Message) -> None:
        """Record `sent` as the message showing what `message` shows; the message it
        replaces loses its buttons (only a match's latest board keeps them)."""
        if message.shows is None:
            return
        try:
            before = await self.handlers.service.shown.replace(
                message.shows, sent.channel.id, sent.id
            )
            if before is not None:
                old = self.get_partial_messageable(before[0]).get_partial_message(before[1])
                await old.edit(view=None)
        except (discord.HTTPException, CannotSave) as err:
            log.info("could not retire the last message of %s: %s", message.shows, err)

    async def edit_shown(self, message: Message) -> bool:
        """Replace the message showing what `message` shows; False if there is none (left
        unrecorded, deleted, or out of the bot's reach)."""
        assert message.shows is not None
        found = await self.handlers.service.shown.find(message.shows)
        if found is None:
            return False
        shown = self.get_partial_messageable(found[0]).get_partial_message(found[1])
        try:
            await shown.edit(**edit_kwargs(message))
        except discord.HTTPException as err:  # gone, archived, locked: a new one is posted
            if not shut_out(err):
                raise
            log.info("could not edit the message of %s: %s", message.shows, err)
            return False
        return True

    async def open_thread(
        self, response: Response, origin: discord.Message | None
    ) -> discord.Thread | None:
        """A new game's thread, started from the message that began the game, or, when that
        message is itself in a thread (a rematch), from a post in the parent channel. None
        where there can be no thread (the game's channel is a thread itself, such as a forum
        post) or Discord refuses one: the game is then played in its channel."""
        assert response.match_id is not None and response.open_thread is not None
        match = await self.handlers.service.match(response.match_id)
        try:
            starter = await self.anchored(origin) if origin is not None else None
            if starter is None or isinstance(starter.channel, discord.Thread):
                parent = await self.channel_for(match.channel_id)
                if isinstance(parent, discord.Thread):
                    return None
                starter = await parent.send(
                    content=f"**{response.open_thread}**", allowed_mentions=NO_PINGS
                )
            thread = await starter.create_thread(
                name=response.open_thread, auto_archive_duration=THREAD_ARCHIVE_MINUTES
            )
        except (discord.HTTPException, ValueError) as err:
            log.info("no thread for match #%s (%s): it is played in its channel", match.id, err)
            return None
        await self.handlers.service.play.bind_thread(match.id, thread.id)
        return thread

    async def anchored(self, message: discord.Message) -> discord.Message | discord.PartialMessage:
        """The message, or, if it does not know its server (a webhook's, such as an
        interaction's follow-up), the same message through its channel."""
        if message.guild is not None:
            return message
        return (await self.channel_for(message.channel.id)).get_partial_message(message.id)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.tell_thread_gone(payload.thread_id)

    async def tell_thread_gone(self, thread_id: int) -> None:
        """Move a gone thread's games to their channel and say so there, once."""
        for channel_id, board in await self.handlers.thread_gone(thread_id):
            await self.send(await self.channel_for(channel_id), board)

    async def channel_for(self, channel_id: int) -> Any:
        return self.get_channel(channel_id) or await self.fetch_channel(channel_id)

    async def on_computer_move(self, result: MoveResult) -> None:
        """Post the computer's move once what people did before it is shown: while an answer
        is on its way where the game is (the game's start, with its thread and first board;
        the move this one answers), the computer's board waits for it."""
        board = await self.handlers.computer_moved(result)
        match = result.match
        places = {match.channel_id} | ({match.thread_id} if match.thread_id else set())
        async with self._answered:
            await self._answered.wait_for(lambda: not any(self._answering[p] for p in places))
        await self.post_in_match(result.match.id, (board,))

    async def on_sweep(self, event: SweepEvent) -> None:
        """Reminders, time-outs and lapsed challenges, announced where the game is. A failure
        that may pass (network, Discord's 5xx) is raised, so the sweeper posts it again later;
        a refusal that will not (no access, channel gone) is logged and dropped."""
        try:
            match_id, channel_id, message = await self.handlers.announce(event)
            if match_id is not None:
                await self.post_in_match(match_id, (message,))
            else:
                await self.send(await self.channel_for(channel_id), message)
        except discord.HTTPException as err:
            if not shut_out(err):
                raise
            log.warning("cannot announce a %s there, dropped: %s", event.kind, err)

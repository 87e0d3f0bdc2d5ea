"""How the Discord adapter posts: replies in the channel, a match's posts in its thread (or
its channel when the thread is gone), threads opened for new games, and the one message
that shows each challenge or board (only the latest keeps its buttons)."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any, TypeVar

import discord

from bot.adapters.discord.answers import Answers
from bot.adapters.discord.client import Client
from bot.adapters.discord.parts import (
    NO_PINGS,
    POSTING_ERRORS,
    THREAD_ARCHIVE_MINUTES,
    discord_kwargs,
    edit_kwargs,
    shut_out,
    transient,
)
from bot.adapters.replies import Message, Notice, Response
from bot.errors import CannotSave
from bot.i18n import _, speaking
from bot.service import Reach

T = TypeVar("T")
log = logging.getLogger("bot")
#: Discord's code for a DM it will not deliver: "Cannot send messages to this user"
DMS_CLOSED = 50007
#: the pauses (seconds) before a match's post that failed for a reason that may pass (the
#: network, Discord's 5xx) is tried again; then the failure is the caller's
RETRY_PAUSES = (1.0, 3.0)


class Posting:
    """The posts of one client, through its channels (never an interaction's token, so they
    work however long a game lasts)."""

    def __init__(self, client: Client) -> None:
        self.client = client
        #: the games where the bot may only answer: their news goes in answers, or by DM
        self.answers = Answers(client)

    async def post_reply(
        self, interaction: discord.Interaction, reply: Message
    ) -> discord.Message | None:
        """A public answer posted in the interaction's channel (a message that knows its
        server, so a thread can be started from it)."""
        return await self.send(await self.channel_for(interaction.channel_id or 0), reply)

    async def post_to_match(
        self,
        response: Response,
        thread_from: discord.Message | None,
        answering: discord.Interaction | None = None,
    ) -> None:
        """Open the match's thread if asked, then post there (through the channel, not the
        interaction token, so it works however long a game lasts). A match where the bot
        may only answer has no thread: its posts follow the answer to `answering`."""
        if answering is not None:
            self.answers.noted(answering, response)
        if response.match_id is None:
            return
        match = await self.client.dispatcher.service.match(response.match_id)
        if match.reach == Reach.ANSWERS:
            await self.answers.tell(match, response.posts, answering)
            return
        target: Any = None
        if response.open_thread:
            target = await self.open_thread(response, thread_from)
        await self.post_in_match(response.match_id, response.posts, target, retry=True)

    async def post_in_match(
        self,
        match_id: int,
        messages: tuple[Message, ...],
        target: Any = None,
        *,
        retry: bool = False,
    ) -> set[int]:
        """Post in the match's thread (else its channel). A thread that is gone or shut to
        the bot moves its games to their channel, where the players are told (the board
        they get there says it all); news of a game already over is posted there instead.
        `retry`: a post that fails for a reason that may pass is tried again before the
        failure is raised (for posts nothing else will post again: the sweeper's are). A
        match where the bot may only answer gets them in answers, or by DM (never raised);
        returns who was told so (Answers.tell), no one for a post."""
        match = await self.client.dispatcher.service.match(match_id)
        if match.reach == Reach.ANSWERS:
            return await self.answers.tell(match, messages)
        pauses = RETRY_PAUSES if retry else ()
        where = partial(self.channel_for, match.thread_id or match.channel_id)
        try:
            target = target or await self.retried(where, f"match #{match_id}", pauses)
            for message in messages:
                post = partial(self.send, target, message, nonce=secrets.randbits(63))
                await self.retried(post, f"match #{match_id}", pauses)
        except discord.HTTPException as err:
            if match.thread_id is None or not shut_out(err):
                raise
            log.info("thread %s cannot be posted to (%s): its games move out", match.thread_id, err)
            await self.tell_thread_gone(match.thread_id)
            if not match.active:
                channel = await self.channel_for(match.channel_id)
                for message in messages:
                    await self.send(channel, message)
        return set()

    @staticmethod
    async def retried(
        attempt: Callable[[], Awaitable[T]], what: str, pauses: tuple[float, ...] | None = None
    ) -> T:
        """The attempt's result, tried again after each pause (RETRY_PAUSES by default)
        while it fails for a reason that may pass (`transient`); other failures, and the
        last, are raised. (A post whose answer was lost may have arrived: a post tried
        again carries the first try's nonce, so Discord makes it once.)"""
        for pause in RETRY_PAUSES if pauses is None else pauses:
            try:
                return await attempt()
            except POSTING_ERRORS as err:
                if not transient(err):
                    raise
                log.warning("posting to %s failed (%r): trying again in %g s", what, err, pause)
            await asyncio.sleep(pause)
        return await attempt()

    async def send(
        self, target: Any, message: Message, *, nonce: int | str | None = None
    ) -> discord.Message | None:
        """Post a message (or, if it is `in_place`, replace the one showing the same thing);
        returns the message posted. Posts with the same `nonce` (tries of one post) are
        made once: Discord answers the later ones with the first (enforce_nonce)."""
        if message.in_place and await self.edit_shown(message):
            return None
        kwargs = discord_kwargs(message)
        if nonce is not None:
            kwargs["nonce"] = nonce
        sent: discord.Message = await target.send(**kwargs)
        await self.shown_as(message, sent)
        return sent

    async def shown_as(self, message: Message, sent: discord.Message) -> None:
        """Record `sent` as the message showing what `message` shows; the message it
        replaces loses its buttons (only a match's latest board keeps them)."""
        if message.shows is None:
            return
        try:
            before = await self.client.dispatcher.service.shown_now(
                message.shows, sent.channel.id, sent.id
            )
            if before is not None:
                old = self.client.get_partial_messageable(before[0]).get_partial_message(before[1])
                await old.edit(view=None)
        except (*POSTING_ERRORS, CannotSave) as err:  # its buttons stay; the new one is shown
            level = logging.WARNING if transient(err) else logging.INFO
            log.log(level, "could not retire the last message of %s: %r", message.shows, err)

    async def edit_shown(self, message: Message) -> bool:
        """Replace the message showing what `message` shows; False if there is none (left
        unrecorded, deleted, or out of the bot's reach)."""
        assert message.shows is not None
        found = await self.client.dispatcher.service.shown_where(message.shows)
        if found is None:
            return False
        shown = self.client.get_partial_messageable(found[0]).get_partial_message(found[1])
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
        post), Discord refuses one, or cannot be reached: the game is then played in its
        channel (its board is posted there next, and tried again if need be)."""
        assert response.match_id is not None and response.open_thread is not None
        match = await self.client.dispatcher.service.match(response.match_id)
        starter: Any = None
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
        except (*POSTING_ERRORS, ValueError) as err:
            made = await self.made_anyway(starter, err)
            if made is None:
                level = logging.WARNING if transient(err) else logging.INFO
                log.log(level, "no thread for match #%s (%r): in its channel", match.id, err)
                return None
            thread = made
        await self.client.dispatcher.service.play.bind_thread(match.id, thread.id)
        return thread

    async def made_anyway(self, starter: Any, err: Exception) -> discord.Thread | None:
        """The thread a creation that failed on the way back made all the same (Discord
        gives a thread started from a message that message's id), if it did."""
        if starter is None or not transient(err):
            return None
        try:
            found = await self.client.fetch_channel(starter.id)
        except POSTING_ERRORS:
            return None
        return found if isinstance(found, discord.Thread) else None

    async def anchored(self, message: discord.Message) -> discord.Message | discord.PartialMessage:
        """The message, or, if it does not know its server (a webhook's, such as an
        interaction's follow-up), the same message through its channel."""
        if message.guild is not None:
            return message
        return (await self.channel_for(message.channel.id)).get_partial_message(message.id)

    async def tell_thread_gone(self, thread_id: int) -> None:
        """Move a gone thread's games to their channel and say so there, once."""
        for channel_id, board in await self.client.dispatcher.thread_gone(thread_id):
            await self.send(await self.channel_for(channel_id), board)

    async def send_notice(self, notice: Notice) -> None:
        """A turn notice by DM. Where the person's DMs are closed to the bot (Discord's
        50007), their notices are turned off and the game's thread is told, once (where the
        bot may only answer: the game's conversation, while it lives)."""
        service = self.client.dispatcher.service
        try:
            channel = await self.client.create_dm(discord.Object(notice.user_id))
            await self.send(channel, notice.message)
        except POSTING_ERRORS as err:
            if getattr(err, "code", None) != DMS_CLOSED:
                log.warning("no turn notice for %s: %s", notice.user_id, err)
                return
            await service.notices.turn_off(notice.user_id)
            said = self.client.dispatcher.people.user(notice.user_id)
            match = await service.match(notice.match_id)
            with speaking(await self.client.language_there(match)):  # said there
                # i18n: {who} is the player (a mention)
                text = _(
                    "{who}, your DMs are closed to me, so your turn notices by DM are off "
                    "(/notify turns them on again once they are open)."
                ).format(who=said)
            await self.post_in_match(notice.match_id, (Message(text),))

    async def channel_for(self, channel_id: int) -> Any:
        return self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)

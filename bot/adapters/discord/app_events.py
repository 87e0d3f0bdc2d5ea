"""What the App's parts tell the Discord client, and how it shows it: the computer's moves,
tournaments' rounds and boards, reviews, and the sweeper's reminders, time-outs and lapsed
challenges."""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from contextvars import ContextVar

import discord

from bot.adapters.discord.client import Client
from bot.adapters.discord.parts import shut_out
from bot.adapters.discord.posting import Posting
from bot.adapters.discord.round_boards import post_round_board
from bot.i18n import speaking
from bot.service import Analysis, MoveResult, Reach, RoundBoard, RoundNews, SweepEvent

log = logging.getLogger("bot")
#: the answer under way in this task (an interaction's handler), set once it is shown
ANSWER: ContextVar[asyncio.Event | None] = ContextVar("answer", default=None)


class AppEvents(Client):
    """GameBot's handlers of what the App's parts did (posted once the answers that led to
    them are shown)."""

    posting: Posting
    #: channels and threads where an interaction is being answered, and how many
    _answering: Counter[int]
    _answered: asyncio.Condition
    #: matches where an answer under way made it the computer's turn: its board waits
    _shown_first: dict[int, asyncio.Event]

    def _computer_turn(self, match_id: int) -> None:
        """It became the computer's turn in a match: if an answer under way did that (the
        game's start, a move, wherever it was asked), the computer's board waits for it."""
        shown = ANSWER.get()
        if shown is not None:
            self._shown_first[match_id] = shown

    async def on_computer_move(self, result: MoveResult) -> None:
        """Post the computer's move once what people did before it is shown: the answer that
        made it the computer's turn (the game's start, with its thread and first board; the
        move this one answers), and any answer on its way where the game is played (its
        thread; its channel if it has none: a busy channel does not hold a thread's game)."""
        match = result.match
        with speaking(await self.language_there(match)):
            board = await self.dispatcher.computer_moved(result)
        place = match.thread_id or match.channel_id
        first = self._shown_first.pop(match.id, None)
        async with self._answered:
            await self._answered.wait_for(
                lambda: not self._answering[place] and (first is None or first.is_set())
            )
        told = await self.posting.post_in_match(result.match.id, (board,), retry=True)
        notice = await self.dispatcher.computer_notice(result)  # in the recipient's language
        if notice is not None and notice.user_id not in told:
            await self.posting.send_notice(notice)

    async def on_round(self, news: RoundNews) -> None:
        """A tournament's round: its announcement in the event's channel (its games follow,
        each posted by the director through on_round_board); or the event's end. Raises if
        it could not all be posted: the director tries again, and the parts posted already
        are not posted twice (each part's nonce names its event, news and place)."""
        channel = await self.posting.channel_for(news.tournament.channel_id)
        with speaking(await self.server_language(news.tournament.guild_id)):
            posts = await self.dispatcher.round_posts(news)
        for n, message in enumerate(posts):
            nonce = f"t{news.tournament.id}-{news.round}-{n}"
            await self.posting.send(channel, message, nonce=nonce)

    async def on_round_board(self, board: RoundBoard) -> None:
        """A tournament game started from a post in the event's channel, its board in a
        thread of its own. Raises if it could not be posted: the director tries again."""
        with speaking(await self.server_language(board.match.guild_id)):
            start = await self.dispatcher.round_board(board)
        await post_round_board(self.posting, start)

    async def on_review(self, analysis: Analysis) -> None:
        """A review's progress, or the review made: it replaces the post that showed it."""
        with speaking(await self.language_there(analysis.match)):
            message = await self.dispatcher.review_message(analysis)
        await self.posting.post_in_match(analysis.match.id, (message,))

    async def on_sweep(self, event: SweepEvent) -> None:
        """Reminders, time-outs and lapsed challenges, announced where the game is. A failure
        that may pass (network, Discord's 5xx) is raised, so the sweeper posts it again later;
        a refusal that will not (no access, channel gone) is logged and dropped."""
        try:
            where = event.match or event.challenge
            with speaking(await self.language_there(where)):
                match_id, channel_id, message = await self.dispatcher.announce(event)
            if match_id is not None:
                told = await self.posting.post_in_match(match_id, (message,))
                notice = await self.dispatcher.reminder_notice(event)  # the recipient's language
                if notice is not None and notice.user_id not in told:
                    await self.posting.send_notice(notice)
            elif event.challenge is not None and event.challenge.reach == Reach.ANSWERS:
                # its message was an answer, and the bot has no channel there to say it
                log.info("challenge #%s lapsed where the bot only answers", event.challenge.id)
            else:
                await self.posting.send(await self.posting.channel_for(channel_id), message)
        except discord.HTTPException as err:
            if not shut_out(err):
                raise
            log.warning("cannot announce a %s there, dropped: %s", event.kind, err)

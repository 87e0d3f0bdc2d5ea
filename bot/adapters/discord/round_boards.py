"""A tournament game's board on Discord (and a ballot pair's second game's): its start
posted in the event's channel, a thread made from that post, its board there. Whatever fails
for a reason that may pass (the network, Discord's 5xx or 429) is raised, so the director
posts the board again later; on that try a thread already made is used, not made again."""

from __future__ import annotations

import logging

import discord

from bot.adapters.discord.parts import THREAD_ARCHIVE_MINUTES
from bot.adapters.discord.posting import Posting
from bot.adapters.replies import Response

log = logging.getLogger("bot")
#: Discord's "A thread has already been created for this message"
THREAD_MADE = 160004


def refused_for_good(err: Exception) -> bool:
    """Discord refuses this and would again (a 4xx other than a rate limit)."""
    return isinstance(err, discord.HTTPException) and err.status < 500 and err.status != 429


async def post_round_board(posting: Posting, start: Response) -> None:
    """Post a round's game: its start in the event's channel and a thread from it (unless
    a try before made one), then its board in the thread; where Discord refuses the thread
    for good (a channel that takes none, a permission taken away), in the channel."""
    assert start.match_id is not None and start.reply is not None and start.open_thread
    service = posting.client.dispatcher.service
    match = await service.match(start.match_id)
    thread: discord.Thread | None = None  # made now: posted to as it is, not fetched
    if match.thread_id is None:
        channel = await posting.channel_for(match.channel_id)
        # a try after one whose answer was lost finds the post made (Discord's nonce)
        starter = await posting.send(channel, start.reply, nonce=f"game-{match.id}")
        if starter is not None and not isinstance(channel, discord.Thread):
            try:
                thread = await starter.create_thread(
                    name=start.open_thread, auto_archive_duration=THREAD_ARCHIVE_MINUTES
                )
            except discord.HTTPException as err:
                if err.code == THREAD_MADE:  # by a try whose answer was lost: it has the
                    thread = await posting.channel_for(starter.id)  # post's id
                elif not refused_for_good(err):
                    raise
                else:
                    log.info("no thread for match #%s (%s): in its channel", match.id, err)
            if thread is not None:
                await service.play.bind_thread(match.id, thread.id)
    await posting.post_in_match(match.id, start.posts, thread)

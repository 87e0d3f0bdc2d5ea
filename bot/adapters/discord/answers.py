"""Games where the bot may only answer (Reach.ANSWERS: a DM between people, a group DM, a
server that never added it): their news goes as follow-ups of the latest interaction that
touched the game while its token lives, else by DM to its players. Nothing here raises: the
sweeper, the computer and the director must never wait for, or retry, a post that cannot
be made."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import discord

from bot.adapters.discord.client import Client
from bot.adapters.discord.interactions import forget_thinking
from bot.adapters.discord.parts import POSTING_ERRORS, discord_kwargs, edit_kwargs, reach_of
from bot.adapters.replies import Message, Response
from bot.service import MatchView, Reach

log = logging.getLogger("bot")
#: how long an interaction's token takes follow-ups and edits (Discord: 15 minutes), less
#: a margin for the request on its way
TOKEN_SECONDS = 15 * 60.0 - 30.0
#: follow-ups an interaction may have where only a person's install lets the app in
MOST_FOLLOWUPS = 5


@dataclass
class Conversation:
    """One interaction's answers: the follow-ups it made, and what each of them shows
    (Message.shows), so that news which replaces itself edits its follow-up."""

    interaction: discord.Interaction
    #: the time now (Answers.now)
    clock: Callable[[], float]
    followups: int = 0
    shown: dict[str, int] = field(default_factory=dict)

    def fresh(self) -> bool:
        """Its token still works (follow-ups and edits)."""
        return self.clock() - self.interaction.created_at.timestamp() < TOKEN_SECONDS

    def lives(self) -> bool:
        """Its token still takes a follow-up (within its time, under the count)."""
        return self.fresh() and self.followups < MOST_FOLLOWUPS


class Answers:
    """The conversations of one client: each interaction's where the bot only answers, and
    each such match's latest."""

    def __init__(self, client: Client) -> None:
        self.client = client
        #: the time now, to tell a token's age (tests move it on, as they do Discord's)
        self.clock: Callable[[], float] = time.time
        self._of_interaction: dict[int, Conversation] = {}
        self._of_match: dict[int, Conversation] = {}
        #: the DM showing what a message shows, by person (news that replaces itself)
        self._in_dms: dict[tuple[int, str], discord.Message] = {}

    def now(self) -> float:
        return self.clock()

    def of(self, interaction: discord.Interaction) -> Conversation:
        """The interaction's conversation (made the first time it is asked for)."""
        self._forget_lapsed()
        return self._of_interaction.setdefault(interaction.id, Conversation(interaction, self.now))

    def touched(self, match_id: int, interaction: discord.Interaction) -> None:
        """The interaction is the latest that touched the match: its news goes there."""
        self._of_match[match_id] = self.of(interaction)

    def noted(self, interaction: discord.Interaction, response: Response) -> None:
        """An answer for all where the bot only answers that shows a match's board (a move's,
        a click's) makes the interaction that match's latest: its news follows there."""
        if response.ephemeral or reach_of(interaction) != Reach.ANSWERS:
            return
        for message in (response.reply, response.edit_origin):
            shows = message.shows if message is not None else None
            if shows is not None and shows.startswith("board:"):
                self.touched(int(shows.removeprefix("board:")), interaction)

    async def follow_up(
        self, interaction: discord.Interaction, message: Message, *, ephemeral: bool = False
    ) -> discord.WebhookMessage:
        """A follow-up of the interaction, counted (raises as Discord does)."""
        conversation = self.of(interaction)
        conversation.followups += 1  # counted even if lost on the way: Discord may have it
        sent = await interaction.followup.send(
            ephemeral=ephemeral, wait=True, **discord_kwargs(message)
        )
        if message.shows is not None and not ephemeral:
            conversation.shown[message.shows] = sent.id
        return sent

    async def reply(
        self, interaction: discord.Interaction, reply: Message, *, ephemeral: bool, thinking: bool
    ) -> None:
        """Answer where the bot may only answer: the interaction's response, or a follow-up
        (a public one after a private "thinking…" removes it first: a refusal stays
        private, and an answer for all is not hidden)."""
        if thinking and ephemeral:  # the private deferral becomes the answer
            await interaction.edit_original_response(**edit_kwargs(reply))
        elif not interaction.response.is_done():
            await interaction.response.send_message(ephemeral=ephemeral, **discord_kwargs(reply))
        else:
            if thinking:
                await forget_thinking(interaction)
            await self.follow_up(interaction, reply, ephemeral=ephemeral)

    async def tell(
        self,
        match: MatchView,
        messages: tuple[Message, ...],
        interaction: discord.Interaction | None = None,
    ) -> set[int]:
        """The match's news: as follow-ups of `interaction` (the one answered now), else of
        the latest that touched the match while it lives, else by DM to its players. An
        interaction in the match's own place becomes its latest; one elsewhere (the bot's
        DM, another place) gets private follow-ups, the asker's alone. Returns who was told
        (by DM, or in the answer to what they did): a turn notice would say it twice."""
        here = interaction is None or interaction.channel_id == match.channel_id
        if interaction is not None and here:
            self.touched(match.id, interaction)
        told: set[int] = set()
        for message in messages:
            conversation = self._of_match.get(match.id)
            conversation = self.of(interaction) if interaction is not None else conversation
            # asked elsewhere, it is the asker's alone: the game is not that place's
            shown = conversation is not None and await self._answered(
                conversation, message, ephemeral=not here
            )
            if conversation is not None and shown:
                told.add(conversation.interaction.user.id)
            else:
                told |= await self._by_dm(match, message)
        return told

    async def _answered(
        self, conversation: Conversation, message: Message, *, ephemeral: bool = False
    ) -> bool:
        """Whether the message went out in the conversation: an edit of the follow-up
        that shows the same thing, or a new follow-up while the token takes one."""
        interaction = conversation.interaction
        shown = conversation.shown.get(message.shows or "")
        try:
            if message.in_place and shown is not None and conversation.fresh():
                await interaction.followup.edit_message(shown, **edit_kwargs(message))
                return True
            if not conversation.lives():
                return False
            await self.follow_up(interaction, message, ephemeral=ephemeral)
        except POSTING_ERRORS as err:
            log.info("no follow-up of interaction %s (%r): by DM", interaction.id, err)
            conversation.followups = MOST_FOLLOWUPS  # it takes no more: the next go by DM
            return False
        return True

    async def _by_dm(self, match: MatchView, message: Message) -> set[int]:
        """The message by DM: to the player to move while the game goes on (the board, a
        reminder), to both once it is over (the result, a time-out, an abort, a review)."""
        computer = self.client.dispatcher.computer_id
        people = [u for u in match.players.values() if u and u != computer]
        if match.active and match.user_to_move is not None:
            people = [match.user_to_move]
        return {user_id for user_id in people if await self._dm(user_id, match.id, message)}

    async def _dm(self, user_id: int, match_id: int, message: Message) -> bool:
        """One DM (news that replaces itself edits its last DM); False if it cannot be sent
        (closed DMs, the network): logged and dropped."""
        key = (user_id, message.shows or "")
        shown = self._in_dms.get(key) if message.in_place else None
        alone = replace(message, shows=None, in_place=False)  # no record to keep in the store
        try:
            if shown is not None:
                await shown.edit(**edit_kwargs(alone))
                return True
            channel = await self.client.create_dm(discord.Object(user_id))
            sent = await channel.send(**discord_kwargs(alone))
        except POSTING_ERRORS as err:
            log.info("no DM to %s about match #%s: %r", user_id, match_id, err)
            return False
        if message.in_place:
            self._in_dms[key] = sent
        return True

    def _forget_lapsed(self) -> None:
        """Drop the conversations whose tokens lapsed (they take nothing more)."""
        self._of_interaction = {
            key: conversation
            for key, conversation in self._of_interaction.items()
            if conversation.fresh()
        }
        self._of_match = {
            match_id: conversation
            for match_id, conversation in self._of_match.items()
            if conversation.interaction.id in self._of_interaction
        }

"""Small steps of answering a Discord interaction: the time left to answer, removing a
deferral's "thinking…", and the apology when something failed."""

from __future__ import annotations

import logging

import discord

from bot.adapters.discord.parts import POSTING_ERRORS, SORRY, locale_of
from bot.i18n import _, speaking

log = logging.getLogger("bot")
#: Discord's window to answer an interaction, counted from when it was made
ANSWER_WINDOW = 3.0


def time_left(interaction: discord.Interaction) -> float:
    """Seconds left of Discord's window to answer the interaction."""
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    return ANSWER_WINDOW - age


async def forget_thinking(interaction: discord.Interaction) -> None:
    """Remove a command's private "thinking…" once its public answer is posted; if Discord
    no longer takes it (the token lapsed), it lapses by itself."""
    try:
        await interaction.delete_original_response()
    except POSTING_ERRORS as err:
        log.info("could not remove the deferral of %s: %s", interaction.data, err)


async def apologise(interaction: discord.Interaction, text: str = SORRY) -> None:
    """Tell the user something failed (`text`: what became of what they asked, a marked
    text worded here in their language), as a response or a follow-up, whichever Discord
    still takes; if it takes neither (or cannot be reached), the log already has the story."""
    with speaking(locale_of(interaction)):
        text = _(text)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except POSTING_ERRORS as err:
        log.warning("could not apologise either: %s", err)

"""The slash commands in every language the bot speaks: Discord shows each person a
command's description, its options' descriptions and its choices' names in their Discord's
language, from our catalogs (discord.py asks, as the commands are synced, for each of
Discord's locales).

Command and option NAMES stay English, in every language: every message, /help and the
docs name a command as it is typed (`/challenge game:checkers`), so the name a person types
is the one they read everywhere."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import LOCALES, _, discord_locale, speaking

log = logging.getLogger("bot")
#: what is translated, and Discord's limit on each (a description, a choice's name)
LIMITS = {
    Where.command_description: 100,
    Where.parameter_description: 100,
    Where.choice_name: 100,
}
#: our locale for each Discord locale that reads a catalog (English is the source: none)
OURS = {code: ours for ours in LOCALES if ours != "en" for code in discord_locale(ours)}


def localized(text: str, ours: str, limit: int) -> str | None:
    """`text` in our locale `ours`, within `limit` characters (None: not translated, or
    too long for Discord: the English shows in that language, and the log says so)."""
    with speaking(ours):
        translated = _(text)
    if translated == text:
        return None
    if len(translated) > limit:
        log.error(
            "the %s translation of %r is %d characters, over Discord's %d: left out",
            ours, text, len(translated), limit,
        )  # fmt: skip
        return None
    return translated


class CatalogTranslator(app_commands.Translator):
    """Descriptions and choices' names from the catalogs; names never (see above)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        limit = LIMITS.get(context.location)
        ours = OURS.get(locale.value)
        if limit is None or ours is None:
            return None
        return localized(string.message, ours, limit)

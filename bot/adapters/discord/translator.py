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

from bot.adapters.commands.registry import CHOICE
from bot.i18n import LOCALES, _, discord_locale, pgettext, speaking

log = logging.getLogger("bot")
#: what is translated, and Discord's limit on each (a description, a choice's name)
LIMITS = {
    Where.command_description: 100,
    Where.parameter_description: 100,
    Where.choice_name: 100,
}
#: our locale for each Discord locale that reads a catalog (English is the source: none)
OURS = {code: ours for ours in LOCALES if ours != "en" for code in discord_locale(ours)}


def localized(text: str, ours: str, limit: int, *, choice: bool = False) -> str | None:
    """`text` in our locale `ours`, within `limit` characters (None: not translated, or
    too long for Discord: the English shows in that language, and the log says so); a
    `choice`'s name is the catalogs' under CHOICE, or a game's name."""
    with speaking(ours):
        translated = pgettext(CHOICE, text) if choice else text
        translated = _(text) if translated == text else translated
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
        choice = context.location is Where.choice_name
        return localized(string.message, ours, limit, choice=choice)

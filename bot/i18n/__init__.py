"""The bot's languages: gettext catalogs (bot/i18n/locales/<locale>/LC_MESSAGES/messages.po,
kept with Babel: `make messages`), compiled when first used, and the language being spoken
now (`speaking`). English is the source: a message id is its English text.

- `_("...")` and `ngettext(...)` translate at once, into the language spoken now;
- `Text("...", name=value)` is translated when shown (a refusal, worded in the service and
  shown in the asker's language by the adapter); its parameters may be Persons or Texts;
- `N_("...")` only marks a text for the catalogs (a game's name in the rules, translated
  where it is shown).
"""

from __future__ import annotations

from bot.i18n.catalogs import (
    LOCALES,
    Translations,
    discord_locale,
    locale_names,
    supported,
    translations,
)
from bot.i18n.speaking import N_, Person, Text, Texts, _, language, ngettext, pgettext, speaking

__all__ = [
    "LOCALES",
    "N_",
    "Person",
    "Text",
    "Texts",
    "Translations",
    "_",
    "discord_locale",
    "language",
    "locale_names",
    "ngettext",
    "pgettext",
    "speaking",
    "supported",
    "translations",
]

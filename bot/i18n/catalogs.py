"""The shipped catalogs, compiled from their .po files the first time a language is spoken
(Babel's compiler, into memory: no .mo file is kept or hand-edited)."""

from __future__ import annotations

import gettext
import io
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

#: where the catalogs are: <locale>/LC_MESSAGES/messages.po
LOCALE_DIR = Path(__file__).parent / "locales"
DOMAIN = "messages"

#: the languages the bot speaks, English (the source) first
LOCALES = ("en", "de", "es", "fr", "pt_BR", "ru", "pl")

#: Discord's locale codes for each of ours (its slash commands' translations go to each)
_DISCORD = {
    "en": ("en-US", "en-GB"),
    "de": ("de",),
    "es": ("es-ES", "es-419"),
    "fr": ("fr",),
    "pt_BR": ("pt-BR",),
    "ru": ("ru",),
    "pl": ("pl",),
}
_FROM_DISCORD = {code.lower(): ours for ours, codes in _DISCORD.items() for code in codes}

Translations = gettext.NullTranslations


def supported(code: str | None) -> str:
    """Our locale for a Discord locale ('pt-BR'), a POSIX one ('pt_BR') or a language tag
    ('de-AT', 'es'); English for one we do not speak."""
    if not code:
        return "en"
    code = code.strip().replace("_", "-").lower()
    if code in _FROM_DISCORD:
        return _FROM_DISCORD[code]
    language = code.split("-")[0]
    for ours in LOCALES:
        if ours.lower().replace("_", "-") in (code, language):
            return ours
    return "en"


def discord_locale(ours: str) -> tuple[str, ...]:
    """The Discord locales that read our locale's catalog."""
    return _DISCORD[ours]


def locale_names() -> dict[str, str]:
    """Each language by its own name, for a setting's choices ('Deutsch')."""
    from babel import Locale

    names = {ours: Locale.parse(ours).get_display_name(ours) or ours for ours in LOCALES}
    return {ours: name[0].upper() + name[1:] for ours, name in names.items()}


#: the catalogs compiled so far, by locale (a test may put small ones of its own here)
LOADED: dict[str, Translations] = {}


def translations(locale: str) -> Translations:
    """A locale's catalog, compiled on first use (English: the message ids themselves)."""
    found = LOADED.get(locale)
    if found is None:
        found = LOADED[locale] = _compiled(locale)
    return found


def _compiled(locale: str) -> Translations:
    path = LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"
    if locale == "en" or not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as po:
        catalog = read_po(po, locale=locale)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)

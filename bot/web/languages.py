"""Which language a page speaks: its server's (as the server set it), else the browser's
(`Accept-Language`, its languages by quality, the first the bot speaks), else English; and
the forms a page needs of it (`<html lang>`, Babel's locale for dates)."""

from __future__ import annotations

import datetime

from babel.dates import format_date

from bot.i18n import LOCALES, language, supported
from bot.service import MatchService

#: at most this many of a header's languages are looked at (a header is the client's)
MAX_TAGS = 12


def from_header(header: str | None) -> str:
    """The first language of an `Accept-Language` header (by quality, then order) that the
    bot speaks; English if none: 'de-AT,de;q=0.9,en;q=0.5' -> 'de'."""
    weighted: list[tuple[float, int, str]] = []
    for place, item in enumerate((header or "").split(",")[:MAX_TAGS]):
        tag, _sep, params = item.strip().partition(";")
        tag = tag.strip()
        if not tag or tag == "*":
            continue
        quality = 1.0
        for param in params.split(";"):
            name, _eq, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if quality > 0:
            weighted.append((-quality, place, tag))
    for _q, _place, tag in sorted(weighted):
        ours = supported(tag)
        if ours != "en" or tag.split("-")[0].lower() == "en":
            return ours
    return "en"


async def server_language(service: MatchService, guild_id: int) -> str | None:
    """A server's own language (`/settings language:`), None where it chose none. Read from
    the store, not the service's cache: the bot (another thread or process) sets it."""
    chosen = await service.languages.server_as_stored(guild_id)
    return supported(chosen) if chosen else None


def html_lang(locale: str | None = None) -> str:
    """A locale as HTML's lang attribute writes it: 'pt_BR' -> 'pt-BR'."""
    return (locale or language()).replace("_", "-")


def babel_locale() -> str:
    """Babel's locale for the page's language (English as Britain writes dates: 26 Nov 2026)."""
    locale = language()
    return "en_GB" if locale == "en" else locale


def day(at: float) -> str:
    """A day as the page's language writes it, in UTC ('26 Nov 2026', '26.11.2026')."""
    when = datetime.datetime.fromtimestamp(at, datetime.UTC).date()
    return format_date(when, "medium", locale=babel_locale())


__all__ = ["LOCALES", "babel_locale", "day", "from_header", "html_lang", "server_language"]

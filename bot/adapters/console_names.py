"""How the console names people and channels: a number for each name, the same in every run,
and each shown as typed (@alice, #general)."""

from __future__ import annotations

import zlib
from datetime import UTC, datetime

from babel.dates import format_date, format_time

from bot.i18n import _, language


class Names:
    """The console's users and channels: a number for each name, the same in every run (so a
    game saved in the database is still its players' the next time), and the console's way
    of showing them in the bot's messages (@alice, #general)."""

    def __init__(self) -> None:
        self.names: dict[int, str] = {}

    def _id(self, kind: str, name: str) -> int:
        number = 1000 + zlib.crc32(f"{kind}:{name.lower()}".encode())
        self.names.setdefault(number, name)
        return number

    def user_id(self, name: str) -> int:
        return self._id("user", name.lstrip("@"))

    def channel_id(self, name: str) -> int:
        return self._id("channel", name.lstrip("#"))

    def user(self, user_id: int | None) -> str:
        # i18n: in the console, who may press a button open to everyone
        return _("anyone") if user_id is None else f"@{self.names.get(user_id, user_id)}"

    def name(self, user_id: int) -> str:
        return str(self.names.get(user_id, user_id))

    def channel(self, channel_id: int, guild_id: int | None = None) -> str:
        return f"#{self.names.get(channel_id, channel_id)}"

    @staticmethod
    def when(at: float) -> str:
        """'at 2026-11-27 05:06 UTC'; in another language its own date and time ('am
        27. November 2026 um 05:06 UTC'), from Babel's data (the console's clock is UTC)."""
        moment = datetime.fromtimestamp(at, UTC)
        speaking = language()
        if speaking == "en":  # the transcripts' own form, exact and sortable
            day, time = f"{moment:%Y-%m-%d}", f"{moment:%H:%M}"
        else:
            day = format_date(moment, "long", locale=speaking)
            time = format_time(moment, "short", tzinfo=UTC, locale=speaking)
        # i18n: a moment in the console, after a verb ('Time runs out at ...'); {date}: the
        # day ('27 November 2026'), {time}: the hour ('05:06'); keep UTC
        return _("at {date} {time} UTC").format(date=day, time=time)

    @staticmethod
    def server(guild_id: int) -> str:
        return _("the console's server")  # the console plays on one

    @staticmethod
    def link(guild_id: int, channel_id: int, message_id: int) -> str | None:
        return None  # what the console prints has no address

    def literal(self, text: str) -> str:
        return text

    def learn(self, known: dict[int, str]) -> None:
        """Names from earlier runs (as the service remembers them) that this run has not
        been told yet."""
        for user_id, name in known.items():
            self.names.setdefault(user_id, name)

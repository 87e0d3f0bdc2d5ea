"""Who reads which language: a server's choice (/settings language:, Manage Server), and each
person's Discord language as last seen (their DMs are worded in it), with their choice of
text boards. Reads are cached in the process: every interaction asks."""

from __future__ import annotations

from bot.errors import Refusal
from bot.i18n import LOCALES, Text
from bot.service.shared import Shared
from bot.service.views import Actor
from bot.store.language_rows import LanguageRows

#: "default": the server's Discord language, as its owner set it
DEFAULT = "default"


class Languages:
    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self.rows = LanguageRows(shared.store)
        self._servers: dict[int, str | None] = {}
        self._people: dict[int, tuple[str | None, bool]] = {}

    async def server(self, guild_id: int) -> str | None:
        """The language a server chose (None: Discord's for the server)."""
        if guild_id not in self._servers:
            self._servers[guild_id] = await self.rows.server(guild_id)
        return self._servers[guild_id]

    async def server_as_stored(self, guild_id: int) -> str | None:
        """The language a server chose, read from the store now (another process may have
        changed it since this one cached it: the web site's server reads it so)."""
        return await self.rows.server(guild_id)

    async def choose_server(self, actor: Actor, *, manager: bool, language: str) -> str | None:
        """Set the server's language (one of LOCALES, or DEFAULT: Discord's); Manage Server
        only. The language chosen (None: Discord's)."""
        if not manager:
            raise Refusal(Text("Only someone who may manage this server can choose its language."))
        chosen = None if language == DEFAULT else language
        if chosen is not None and chosen not in LOCALES:
            raise Refusal(Text("The bot speaks {languages}.", languages=", ".join(LOCALES)))
        await self.rows.set_server(actor.guild_id, chosen, self.shared.settings.clock())
        self._servers[actor.guild_id] = chosen
        return chosen

    async def _person(self, user_id: int) -> tuple[str | None, bool]:
        if user_id not in self._people:
            self._people[user_id] = await self.rows.person(user_id)
        return self._people[user_id]

    async def person(self, user_id: int) -> str | None:
        """The language a person's Discord was last seen in (None: never seen)."""
        return (await self._person(user_id))[0]

    async def seen(self, user_id: int, locale: str) -> None:
        """A person acted with their Discord in `locale`: written only when it changed."""
        known, text_boards = await self._person(user_id)
        if known != locale:
            await self.rows.set_locale(user_id, locale)
            self._people[user_id] = (locale, text_boards)

    async def text_boards(self, user_id: int) -> bool:
        """Whether a person asked to see boards as text (/board shows them so)."""
        return (await self._person(user_id))[1]

    async def choose_text_boards(self, user_id: int, on: bool) -> None:
        await self.rows.set_text_boards(user_id, on)
        self._people[user_id] = ((await self._person(user_id))[0], on)

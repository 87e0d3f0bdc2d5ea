"""The SQL of the server_languages and people_settings tables: a server's chosen language,
and each person's last seen language and choice of text boards."""

from __future__ import annotations

from bot.store.connection import Store


class LanguageRows:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def server(self, guild_id: int) -> str | None:
        row = await self.store.one(
            "SELECT language FROM server_languages WHERE guild_id = ?", (guild_id,)
        )
        return None if row is None else str(row["language"])

    async def set_server(self, guild_id: int, language: str | None, now: float) -> None:
        """Choose a server's language (None: Discord's, as the server set it)."""
        async with self.store.transaction() as db:
            await db.run("DELETE FROM server_languages WHERE guild_id = ?", (guild_id,))
            if language is not None:
                await db.run(
                    "INSERT INTO server_languages (guild_id, language, changed_at) "
                    "VALUES (?, ?, ?)",
                    (guild_id, language, now),
                )

    async def person(self, user_id: int) -> tuple[str | None, bool]:
        """A person's last seen language (None: never seen) and whether they want text boards."""
        row = await self.store.one(
            "SELECT locale, text_boards FROM people_settings WHERE user_id = ?", (user_id,)
        )
        if row is None:
            return None, False
        return row["locale"], bool(row["text_boards"])

    async def set_locale(self, user_id: int, locale: str) -> None:
        await self.store.write_one(
            "INSERT INTO people_settings (user_id, locale) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale",
            (user_id, locale),
        )

    async def set_text_boards(self, user_id: int, on: bool) -> None:
        await self.store.write_one(
            "INSERT INTO people_settings (user_id, text_boards) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET text_boards = excluded.text_boards",
            (user_id, int(on)),
        )

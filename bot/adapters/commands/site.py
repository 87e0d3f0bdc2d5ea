"""Handlers of settings: /settings (a server's: its games on the web site, its language) and
/preferences (a person's own: boards as pictures or as text)."""

from __future__ import annotations

from bot.adapters.commands.group import Context, HandlerGroup
from bot.adapters.commands.registry import Option, command
from bot.adapters.replies import Response, private
from bot.i18n import _, locale_names
from bot.service import DEFAULT_LANGUAGE

#: each language the bot speaks by its own name, as /settings language: takes it
LANGUAGE_CHOICES = {name.lower(): code for code, name in locale_names().items()}


class SiteCommands(HandlerGroup):
    @command(
        "settings",
        "This server's settings: its games on the bot's web site, its language (Manage Server).",
        Option("web", "text", "show this server's games on the web site", choices=("on", "off")),
        Option(
            "language", "text", "the language of the bot's posts here (default: the server's)",
            choices=(DEFAULT_LANGUAGE, *locale_names().values()),
        ),
        example="/settings web:on",
        for_managers=True,
        private=True,
    )  # fmt: skip
    async def settings(
        self, ctx: Context, web: str | None = None, language: str | None = None
    ) -> Response:
        said: list[str] = []
        if language is not None:
            said.append(await self._language(ctx, language))
        if web is not None:
            said.append(await self._web(ctx, web == "on"))
        if said:
            return private("\n".join(said))
        site = await self.service.site.of(ctx.guild_id)
        on = site is not None and site.enabled
        address = self.site_address(site.token) if site and on else ""
        chosen = await self.service.languages.server(ctx.guild_id)
        spoken = locale_names()[chosen] if chosen else _("the server's own")
        lines = (
            _("Web site: on at {address}.").format(address=address)
            if address
            else _("Web site: on.")
            if on
            else _("Web site: off."),
            _("Language of posts: {language}.").format(language=spoken),
            _("/settings web:on or web:off, and /settings language:, change them (Manage Server)."),
        )
        return private(" ".join(lines))

    async def _language(self, ctx: Context, name: str) -> str:
        code = LANGUAGE_CHOICES.get(name.lower(), DEFAULT_LANGUAGE)
        chosen = await self.service.languages.choose_server(
            ctx.actor, manager=ctx.manager, language=code
        )
        if chosen is None:
            return _("The bot's posts here now speak the server's language, as Discord tells it.")
        return _("The bot's posts here now speak {language}.").format(
            language=locale_names()[chosen]
        )

    async def _web(self, ctx: Context, on: bool) -> str:
        site = await self.service.site.turn(
            ctx.actor, manager=ctx.manager, on=on, name=ctx.guild_name
        )
        if not site.enabled:
            return _(
                "This server's games are off the web site: within a second its pages answer "
                '"not found", and new games get no Watch button.'
            )
        address = self.site_address(site.token)
        where = _("This server's games are on the web site: {address}.").format(address=address)
        return " ".join(
            (
                where if address else _("This server's games are on the web site."),
                _(
                    "Games in channels everyone here can read are listed there; every new game "
                    "gets a Watch button. Names are shown as people go by here, never their ids. "
                    "Share the link as you like; /settings web:off takes the pages down."
                ),
            )
        )

    def site_address(self, token: str) -> str:
        """The server page's address ('' where this bot has no PUBLIC_URL)."""
        return f"{self.public_url}/s/{token}" if self.public_url else ""

    @command(
        "preferences",
        "Your own settings, on every server: boards:text shows /board as text (screen readers).",
        Option("boards", "text", "how /board shows you a game: as a picture or as text",
               choices=("picture", "text")),
        example="/preferences boards:text",
        guild_only=False,
        private=True,
    )  # fmt: skip
    async def preferences(self, ctx: Context, boards: str | None = None) -> Response:
        if boards is not None:
            await self.service.languages.choose_text_boards(ctx.user_id, boards == "text")
        text = await self.service.languages.text_boards(ctx.user_id)
        shown = (
            _("/board shows you games as text, read well by screen readers.")
            if text
            else _("/board shows you games as pictures (each with a description in words).")
        )
        return private(
            " ".join((shown, _("/preferences boards:text or boards:picture changes it.")))
        )

"""Handlers of the web site: /settings turns a server's games on the site on or off."""

from __future__ import annotations

from bot.adapters.commands.group import Context, HandlerGroup
from bot.adapters.commands.registry import Option, command
from bot.adapters.replies import Response, private


class SiteCommands(HandlerGroup):
    @command(
        "settings",
        "This server's settings: web:on shows its games on the bot's web site (Manage Server).",
        Option("web", "text", "show this server's games on the web site", choices=("on", "off")),
        example="/settings web:on",
        for_managers=True,
    )
    async def settings(self, ctx: Context, web: str | None = None) -> Response:
        if web is None:
            site = await self.service.site.of(ctx.guild_id)
            on = site is not None and site.enabled
            where = f" at {self.site_address(site.token)}" if site and on else ""
            return private(
                f"Web site: {'on' if on else 'off'}{where}. "
                "/settings web:on or web:off changes it (Manage Server)."
            )
        site = await self.service.site.turn(
            ctx.actor, manager=ctx.manager, on=web == "on", name=ctx.guild_name
        )
        if not site.enabled:
            return private(
                "This server's games are off the web site: within a second its pages answer "
                '"not found", and new games get no Watch button.'
            )
        address = self.site_address(site.token)
        return private(
            f"This server's games are on the web site{address and f': {address}'}. Games in "
            "channels everyone here can read are listed there; every new game gets a Watch "
            "button. Names are shown as people go by here, never their ids. Share the link "
            "as you like; /settings web:off takes the pages down."
        )

    def site_address(self, token: str) -> str:
        """The server page's address ('' where this bot has no PUBLIC_URL)."""
        return f"{self.public_url}/s/{token}" if self.public_url else ""

"""A server's page on the web site is named after the server: the name Discord gives when
someone turns the site on, and again when the server is renamed or seen after a restart."""

from __future__ import annotations

from pathlib import Path

from tests.discordkit import ALICE, GUILD_ID, DiscordHarness


async def test_the_site_knows_the_servers_name_as_discord_tells_it(tmp_path: Path) -> None:
    bot = await DiscordHarness(tmp_path / "bot.sqlite3").start()
    site = bot.bot.dispatcher.service.site
    try:
        bot.moderators.add(ALICE[0])
        await bot.command(ALICE, "settings", web="on")
        shown = await site.of(GUILD_ID)
        assert shown is not None and shown.name == "Test server"
        renamed = {**bot.guild_data, "name": "Board Game Club"}
        bot.bot._connection.parse_guild_update(renamed)
        await bot.settle()
        shown = await site.of(GUILD_ID)
        assert shown is not None and shown.name == "Board Game Club"
        bot.guild_data["name"] = "Club, seen again"  # renamed while the bot was away
        await bot.connect()
        shown = await site.of(GUILD_ID)
        assert shown is not None and shown.name == "Club, seen again"
    finally:
        await bot.stop()

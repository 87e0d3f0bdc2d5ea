"""The web site through Discord: /settings web:on for those who manage the server, a Watch
link button (as Discord takes link buttons) on a new game's board, and a channel
@everyone cannot read kept off the server's page."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.discordkit import (
    CHANNEL_ID,
    EVERYONE,
    GUILD_ID,
    VIEW_CHANNEL,
    DiscordHarness,
    Sent,
)

ADMINISTRATOR = 1 << 3

SITE = "https://games.example.org"
ALICE = (111_111_111_111_111_111, "alice")
BOB = (222_222_222_222_222_222, "bob")


async def start(bot: DiscordHarness) -> Sent:
    """Alice turns the site on (she manages the server), challenges Bob, who accepts: the
    game's first board."""
    bot.moderators.add(ALICE[0])
    [answer] = await bot.command(ALICE, "settings", web="on")
    assert answer.kind == "ephemeral" and f"{SITE}/s/" in answer.text
    [challenge] = await bot.command(ALICE, "challenge", game="checkers", opponent=BOB)
    started = await bot.click(BOB, challenge, "Accept")
    [board] = [s for s in started if s.kind == "post"]
    return board


@pytest.mark.parametrize("public", [True, False])
async def test_a_new_games_board_links_to_its_page(tmp_path: Path, public: bool) -> None:
    bot = DiscordHarness(tmp_path / "bot.sqlite3", public_url=SITE)
    bot.everyone = str(int(EVERYONE) & ~ADMINISTRATOR)  # else @everyone sees every channel
    if not public:  # @everyone may not view the channel: its games are not listed
        bot.channel["permission_overwrites"] = [
            {"id": str(GUILD_ID), "type": 0, "allow": "0", "deny": str(VIEW_CHANNEL)}
        ]
    await bot.start()
    try:
        board = await start(bot)
        [row] = board.payload["components"]
        [watch] = [b for b in row["components"] if b.get("label") == "Watch"]
        assert watch["style"] == 5 and "custom_id" not in watch
        assert watch["url"].startswith(f"{SITE}/g/")
        store = bot.bot.handlers.service.store
        [seen] = await store.all(
            "SELECT public FROM web_channels WHERE channel_id = ?", (CHANNEL_ID,)
        )
        assert seen[0] == int(public)
    finally:
        await bot.stop()


async def test_only_who_manages_the_server_turns_the_site_on(tmp_path: Path) -> None:
    bot = await DiscordHarness(tmp_path / "bot.sqlite3", public_url=SITE).start()
    try:
        [answer] = await bot.command(BOB, "settings", web="on")
        assert "Only someone who may manage this server" in answer.text
        assert await bot.bot.handlers.service.store.all("SELECT * FROM web_sites") == []
    finally:
        await bot.stop()

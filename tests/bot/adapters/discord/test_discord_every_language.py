"""The shipped catalogs through the Discord double, in every language the bot speaks: a
server in that language and its players in it play a game, read /help and the rules of
every game, and nothing the bot sends breaks a limit of Discord's (the double holds every
request to its published API description: 2,000 characters a message, 4,096 an embed's
description, 80 a button's label, 1,024 an alt text), with the longest name Discord allows
(32 characters) and ids as long as Discord's."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.i18n import LOCALES, _, discord_locale, speaking
from rules import GAMES, get_game
from tests.discordkit import ALICE, DiscordHarness, one

#: an opponent with the longest display name Discord allows (32 characters, most of two bytes)
BOB = (222_222_222_222_222_222, "Żaneta Świętochowska-Źdźbłowiczó")


@pytest.fixture(params=LOCALES)
async def spoken(
    request: pytest.FixtureRequest, migrated_db: Path
) -> AsyncIterator[DiscordHarness]:
    """A server and both players in one language."""
    locale = discord_locale(request.param)[0]
    harness = await DiscordHarness(migrated_db, guild_locale=locale).start()
    harness.locales.update({ALICE[0]: locale, BOB[0]: locale})
    yield harness
    await harness.stop()


async def test_a_game_help_and_every_rules_page_fit_discord(spoken: DiscordHarness) -> None:
    bot = spoken
    ours = "pt_BR" if bot.guild_locale == "pt-BR" else bot.guild_locale.split("-")[0]
    with speaking(ours):
        accept, resign, yes = _("Accept"), _("Resign"), _("Yes, resign")
        checkers = _(get_game("checkers").name)
    assert (accept == "Accept") == (ours == "en")  # translated, except in English
    challenge = one(
        await bot.command(ALICE, "challenge", game="checkers", opponent=BOB, side="black"),
        "reply",
    )
    assert checkers in challenge.text and challenge.alt_texts
    started = await bot.click(BOB, challenge, accept)
    board = one(started, "post")
    thread = board.channel_id
    moved = one(await bot.command(ALICE, "move", thread, move="11-15"), "reply")
    assert "11-15" in moved.text and moved.alt_texts and "11-15" in moved.alt_texts[0]
    refused = one(await bot.command(ALICE, "move", thread, move="15-19"), "ephemeral")
    assert refused.text
    asked = one(await bot.click(ALICE, moved, resign), "ephemeral")
    ended = await bot.click(ALICE, asked, yes)
    assert ended
    one(await bot.command(ALICE, "help"), "ephemeral")
    one(await bot.command(BOB, "mygames"), "ephemeral")
    one(await bot.command(BOB, "stats", user=ALICE, game="checkers"), "reply")
    for game_id in GAMES:
        rules = one(await bot.command(BOB, "rules", game=game_id), "ephemeral")
        with speaking(ours):
            assert _(get_game(game_id).name) in rules.text

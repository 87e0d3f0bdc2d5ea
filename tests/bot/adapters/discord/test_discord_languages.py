"""Who reads which language on Discord: what only the asker sees in their Discord's language,
what everyone sees in the server's, a DM in its recipient's (as last seen); the slash
commands' descriptions in every language, within Discord's limits; alt text on pictures.

The catalogs here are tiny and made in the test (the shipped ones are not relied on)."""

from __future__ import annotations

import gettext
import io
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.adapters.commands.registry import BY_NAME
from bot.adapters.discord.parts import ALT_TEXT_LIMIT, DiscordPeople, discord_kwargs
from bot.adapters.replies import Attachment, Message
from bot.i18n import LOCALES, discord_locale
from bot.service.views import SweepEvent, SweepKind
from tests.catalogs import use_catalogs
from tests.discordapi import breach
from tests.discordkit import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL_ID,
    EVERYONE,
    GUILD_ID,
    DiscordHarness,
    Sent,
    one,
)
from tests.fakediscord import ATTACH_FILES

#: a few of the bot's messages, in a few languages
NOT_YOUR_TURN = "It is not your turn: waiting for {person} to move."
TO_MOVE = "{player} ({side}) to move."
PLAYED = "{who} played {move}."
REMINDER = "{player}, your move in {game} #{number}: {time} left before you lose on time."
ENTRIES: dict[str, dict[str, str]] = {
    "es": {
        NOT_YOUR_TURN: "No es tu turno: esperando a que {person} mueva.",
        TO_MOVE: "{player} ({side}) mueve.",
        "I can't start a game here: I lack {permissions} in this channel. A server admin can "
        "grant it to my role, or you can play in another channel.": "No puedo empezar una "
        "partida aquí: me falta {permissions} en este canal.",
    },
    "de": {
        NOT_YOUR_TURN: "Du bist nicht am Zug: {person} ist am Zug.",
        TO_MOVE: "{player} ({side}) ist am Zug.",
        REMINDER: "{player}, du bist am Zug in {game} #{number}: noch {time}.",
    },
    "ru": {
        PLAYED: "{who} сыграл {move}.",
        TO_MOVE: "{player} ({side}) ходит.",
        REMINDER: "{player}, ваш ход в {game} #{number}: осталось {time}.",
    },
}


@pytest.fixture
def tiny_catalogs(monkeypatch: pytest.MonkeyPatch) -> None:
    use_catalogs(monkeypatch, ENTRIES)


@pytest.fixture
async def german_server(migrated_db: Path, tiny_catalogs: None) -> AsyncIterator[DiscordHarness]:
    """A server whose owner set it to German on Discord."""
    harness = await DiscordHarness(migrated_db, guild_locale="de").start()
    yield harness
    await harness.stop()


async def start_game(bot: DiscordHarness) -> tuple[list[Sent], int]:
    """Alice (Black) challenges Bob; Bob accepts: what that sent, and the game's thread."""
    challenge = one(
        await bot.command(ALICE, "challenge", game="checkers", opponent=BOB, side="black"), "reply"
    )
    started = await bot.click(BOB, challenge, "Accept")
    return started, one(started, "post").channel_id


# --- who reads what ----------------------------------------------------------------------
async def test_the_interactions_say_the_askers_and_the_servers_language(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    bot.locales[BOB[0]] = "es-ES"
    payload = bot.interaction(2, BOB, CHANNEL_ID, {"id": "1", "name": "help", "type": 1})
    assert (payload["locale"], payload["guild_locale"]) == ("es-ES", "en-US")
    dm = bot.interaction(2, ALICE, CHANNEL_ID, {"id": "1", "name": "help", "type": 1}, dm=True)
    assert dm["locale"] == "en-US" and "guild_locale" not in dm


async def test_a_spanish_asker_reads_a_refusal_in_spanish_and_the_board_stays_english(
    discord_bot: DiscordHarness, tiny_catalogs: None
) -> None:
    bot = discord_bot
    bot.locales[BOB[0]] = "es-ES"
    started, thread = await start_game(bot)  # Bob, in Spanish, accepts
    board = one(started, "post")
    assert f"<@{ALICE[0]}> (Black) to move." in board.text  # the server's: English
    refused = one(await bot.command(BOB, "move", thread, move="22-18"), "ephemeral")
    assert refused.text == f"No es tu turno: esperando a que <@{ALICE[0]}> mueva."
    # Alice, in English, is refused in English
    one(await bot.command(ALICE, "move", thread, move="11-15"), "reply")
    refused = one(await bot.command(ALICE, "move", thread, move="11-15"), "ephemeral")
    assert refused.text == f"It is not your turn: waiting for <@{BOB[0]}> to move."
    # the bot's own words to the asker: in theirs
    bot.fake.bot_permissions[CHANNEL_ID] = int(EVERYONE) & ~ATTACH_FILES
    refused = one(await bot.command(BOB, "challenge", game="checkers", opponent=CAROL), "ephemeral")
    assert refused.text == "No puedo empezar una partida aquí: me falta Attach Files en este canal."
    service = bot.bot.dispatcher.service
    assert await service.languages.person(BOB[0]) == "es"  # noted for his DMs
    assert await service.languages.person(ALICE[0]) == "en"


async def test_a_german_servers_posts_are_german(german_server: DiscordHarness) -> None:
    bot = german_server
    bot.locales[ALICE[0]] = "ru"
    one(await bot.command(ALICE, "notify", mode="reminders only"), "ephemeral")
    started, thread = await start_game(bot)  # Bob's Discord in English, Alice's in Russian
    assert f"<@{ALICE[0]}> (Black) ist am Zug." in one(started, "post").text
    # what only the asker sees is in their language: English
    refused = one(await bot.command(BOB, "move", thread, move="22-18"), "ephemeral")
    assert refused.text == f"It is not your turn: waiting for <@{ALICE[0]}> to move."
    # the sweeper's reminder answers nobody: in the server's language too, and its DM in
    # the language Alice was last seen in
    service = bot.bot.dispatcher.service
    match = await service.match(1)
    before = len(bot.fake.sent)
    await bot.bot.on_sweep(SweepEvent(SweepKind.REMINDER, match=match, seconds_left=3000))
    await bot.settle()
    sent = bot.fake.sent[before:]
    (reminder,) = [s for s in sent if s.channel_id == thread]
    assert reminder.text.startswith(f"<@{ALICE[0]}>, du bist am Zug in ")
    (dm,) = [s for s in sent if s.channel_id != thread]
    assert bot.fake.channels[dm.channel_id]["dm_for"] == ALICE[0]
    assert f"<@{ALICE[0]}>, ваш ход в " in dm.text


async def test_the_servers_chosen_language_wins_over_discords(
    discord_bot: DiscordHarness, tiny_catalogs: None
) -> None:
    bot = discord_bot
    service = bot.bot.dispatcher.service
    await service.languages.rows.set_server(GUILD_ID, "de", 0.0)  # /settings language:de
    started, _ = await start_game(bot)
    assert f"<@{ALICE[0]}> (Black) ist am Zug." in one(started, "post").text


async def test_a_notice_reaches_a_russian_in_russian(
    discord_bot: DiscordHarness, tiny_catalogs: None
) -> None:
    bot = discord_bot
    bot.locales[BOB[0]] = "ru"
    one(await bot.command(BOB, "notify", mode="every turn"), "ephemeral")  # seen in Russian
    _, thread = await start_game(bot)
    sent = await bot.command(ALICE, "move", thread, move="11-15")
    board, dm = one(sent, "reply"), one(sent, "post")
    assert bot.fake.channels[dm.channel_id]["dm_for"] == BOB[0]
    assert f"<@{ALICE[0]}> сыграл 11-15." in dm.text
    assert f"<@{BOB[0]}> (White) to move." in board.text  # the thread's: English


async def test_an_apology_is_in_the_askers_language(
    discord_bot: DiscordHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The adapter's own words (here the apology when a handler fails) are the asker's."""
    sorry = "Sorry, something went wrong on our side. Nothing was changed; please try again."
    use_catalogs(monkeypatch, {"fr": {sorry: "Désolé, une erreur est survenue."}})
    bot = discord_bot

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(bot.bot.dispatcher, "run", broken)
    bot.locales[CAROL[0]] = "fr"
    said = one(await bot.command(CAROL, "help"), "ephemeral")
    assert said.text == "Désolé, une erreur est survenue."
    said = one(await bot.command(ALICE, "help"), "ephemeral")
    assert said.text == sorry


# --- times ----------------------------------------------------------------------------------
def test_a_moment_is_shown_in_each_readers_zone_and_how_far_off() -> None:
    assert DiscordPeople.when(1_800_000_000.7) == "<t:1800000000:f> (<t:1800000000:R>)"


# --- alt text -------------------------------------------------------------------------------
async def test_a_pictures_alt_text_reaches_discord(discord_bot: DiscordHarness) -> None:
    bot = discord_bot
    channel = await bot.bot.posting.channel_for(CHANNEL_ID)
    picture = Attachment("board.png", b"png", description="A checkers board: Black to move.")
    await bot.bot.posting.send(channel, Message("a board", files=(picture,)))
    assert bot.fake.sent[-1].alt_texts == ["A checkers board: Black to move."]
    # one past Discord's limit (its API document's) is cut to it, not refused
    long = Attachment("board.png", b"png", description="x" * (ALT_TEXT_LIMIT + 50))
    await bot.bot.posting.send(channel, Message("a board", files=(long,)))
    assert len(bot.fake.sent[-1].alt_texts[0]) == ALT_TEXT_LIMIT
    assert (
        discord_kwargs(Message("no alt", files=(Attachment("a.png", b"png"),)))["files"][
            0
        ].description
        is None
    )


async def test_the_double_refuses_alt_text_over_discords_limit(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    channel = await bot.bot.posting.channel_for(CHANNEL_ID)
    over = discord.File(io.BytesIO(b"png"), filename="a.png", description="x" * 1025)
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send(content="a board", file=over)
    assert refused.value.status == 400 and "maxLength 1024" in refused.value.text
    assert bot.fake.breaches == [bot.fake.breaches[0]]
    bot.fake.breaches.clear()  # refused as meant: the harness's check is for the bot's own


# --- the slash commands in every language -----------------------------------------------------
class Shouting(gettext.NullTranslations):
    """A catalog that 'translates' every message into capitals (as long as the English)."""

    def gettext(self, message: str) -> str:
        return message.upper()


async def synced(database: Path) -> list[dict[str, Any]]:
    """The commands as uploaded to the test server (DEV_GUILD_ID syncs them at start)."""
    run = DiscordHarness(database, dev_guild_id=GUILD_ID)
    await run.start()
    await run.stop()  # fails on any request the document does not allow
    return run.fake.commands[GUILD_ID]


def localizations(commands: list[dict[str, Any]]) -> list[dict[str, str]]:
    """Every description_localizations and name_localizations of the commands."""
    found = []
    for command in commands:
        found += [command.get("description_localizations") or {}]
        for option in command.get("options") or []:
            found += [option.get("description_localizations") or {}]
            found += [c.get("name_localizations") or {} for c in option.get("choices") or []]
    return found


async def test_the_commands_are_uploaded_in_every_language(
    migrated_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_catalogs(monkeypatch, {locale: Shouting() for locale in LOCALES[1:]})
    commands = await synced(migrated_db)
    every = sorted(code for ours in LOCALES if ours != "en" for code in discord_locale(ours))
    challenge = next(c for c in commands if c["name"] == "challenge")
    spec = BY_NAME["challenge"]
    assert challenge["description_localizations"] == dict.fromkeys(every, spec.help.upper())
    game = next(o for o in challenge["options"] if o["name"] == "game")
    assert game["description_localizations"]["de"] == game["description"].upper()
    assert game["choices"][0]["name_localizations"]["pt-BR"] == game["choices"][0]["name"].upper()
    # names stay English: they are typed, and every message names them so
    assert all("name_localizations" not in c or not c["name_localizations"] for c in commands)
    assert all(not o.get("name_localizations") for c in commands for o in c.get("options", []))
    for localized in localizations(commands):
        assert all(0 < len(text) <= 100 for text in localized.values())


async def test_the_shipped_catalogs_fit_discords_limits(migrated_db: Path) -> None:
    for localized in localizations(await synced(migrated_db)):
        assert all(0 < len(text) <= 100 for text in localized.values())


async def test_a_description_too_long_in_german_is_caught_before_upload(
    migrated_db: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    spec = BY_NAME["challenge"]
    too_long = "Fordere jemanden zu einer Partie heraus " + "und so weiter " * 6
    assert len(too_long) > 100
    use_catalogs(monkeypatch, {"de": {spec.help: too_long}})
    with caplog.at_level(logging.ERROR, logger="bot"):
        commands = await synced(migrated_db)  # the double took it: nothing over the limit
    challenge = next(c for c in commands if c["name"] == "challenge")
    assert "de" not in (challenge.get("description_localizations") or {})  # English shows
    assert any("over Discord's 100" in r.getMessage() for r in caplog.records)
    # had it gone up, Discord (the double, by its API document) would have refused it
    body = [{**challenge, "description_localizations": {"de": too_long}}]
    refused = breach("PUT", f"/applications/1/guilds/{GUILD_ID}/commands", body)
    assert refused is not None and "maxLength 100" in refused


async def test_autocomplete_still_works_with_the_translator(discord_bot: DiscordHarness) -> None:
    bot = discord_bot
    _, thread = await start_game(bot)
    assert "11-15" in await bot.autocomplete(ALICE, "move", "move", "11", thread)

"""The web site through Discord: /settings web:on for those who manage the server, a Watch
link button (as Discord takes link buttons) on a new game's board, and a channel
@everyone cannot read kept off the server's page."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.web.reader import Reader
from tests.discordkit import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL_ID,
    EVERYONE,
    GUILD_ID,
    MOD,
    VIEW_CHANNEL,
    DiscordHarness,
    Sent,
)
from tests.fakediscord import FakeDiscord

ADMINISTRATOR = 1 << 3

SITE = "https://games.example.org"


async def start(bot: DiscordHarness, channel_id: int = CHANNEL_ID) -> Sent:
    """Alice turns the site on (she manages the server), challenges Bob there, who accepts:
    the game's first board."""
    bot.moderators.add(ALICE[0])
    [answer] = await bot.command(ALICE, "settings", web="on")
    assert answer.kind == "ephemeral" and f"{SITE}/s/" in answer.text
    [challenge] = await bot.command(ALICE, "challenge", channel_id, game="checkers", opponent=BOB)
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
        store = bot.bot.dispatcher.service._shared.store
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
        assert await bot.bot.dispatcher.service._shared.store.all("SELECT * FROM web_sites") == []
    finally:
        await bot.stop()


# --- who may read a channel, told again as it changes ----------------------------------------
#: a permission overwrite that keeps @everyone (the role whose id is the server's) out
KEEP_OUT = [{"id": str(GUILD_ID), "type": 0, "allow": "0", "deny": str(VIEW_CHANNEL)}]


def site_harness(tmp_path: Path, fake: FakeDiscord | None = None) -> DiscordHarness:
    bot = DiscordHarness(tmp_path / "bot.sqlite3", public_url=SITE, fake=fake)
    bot.everyone = str(int(EVERYONE) & ~ADMINISTRATOR)  # else @everyone sees every channel
    return bot


def watched(board: Sent) -> str:
    """The game's address on the site, from its board's Watch button."""
    [row] = board.payload["components"]
    [watch] = [b for b in row["components"] if b.get("label") == "Watch"]
    return str(watch["url"]).rsplit("/g/", 1)[1]


async def server_page(bot: DiscordHarness) -> list[str]:
    """The addresses of the games the server's page lists, in progress and finished."""
    service = bot.bot.dispatcher.service
    shown = await service.site.of(GUILD_ID)
    assert shown is not None
    reader = Reader(service)
    site = await reader.site(shown.token)
    assert site is not None
    page = await reader.server(site)
    return [game["token"] for game in page["live"] + page["finished"]]


@pytest.mark.parametrize("how", ["overwrite", "everyone's role"])
async def test_a_channel_made_private_takes_its_games_off_the_server_page(
    tmp_path: Path, how: str
) -> None:
    bot = await site_harness(tmp_path).start()
    try:
        game = watched(await start(bot))
        assert await server_page(bot) == [game]
        if how == "overwrite":  # Discord sends a changed overwrite as CHANNEL_UPDATE
            await bot.update_channel(permission_overwrites=KEEP_OUT)
        else:  # @everyone may view no channel of the server any more
            role = {
                **bot.guild_data["roles"][0],
                "permissions": str(int(bot.everyone) & ~VIEW_CHANNEL),
            }
            bot.bot._connection.parse_guild_role_update({"guild_id": str(GUILD_ID), "role": role})
            await bot.settle()
        assert await server_page(bot) == []
        if how == "overwrite":
            await bot.update_channel(permission_overwrites=[])  # open to everyone again
            assert await server_page(bot) == [game]
    finally:
        await bot.stop()


@pytest.mark.parametrize("how", ["made private", "its channel made private", "deleted"])
async def test_a_thread_made_private_takes_its_games_off_the_server_page(
    tmp_path: Path, how: str
) -> None:
    """A game played in a thread (a forum's post, say): the thread made private, its
    channel closed to @everyone (the thread then out of the bot's cache: asked of Discord),
    or the thread deleted."""
    bot = await site_harness(tmp_path).start()
    try:
        post = bot.add_channel(11, parent_id=CHANNEL_ID)
        game = watched(await start(bot, post))
        assert await server_page(bot) == [game]
        if how == "made private":
            await bot.update_channel(post, type=12)
        elif how == "its channel made private":
            await bot.update_channel(CHANNEL_ID, permission_overwrites=KEEP_OUT)
        else:
            await bot.delete_thread(post)
        assert await server_page(bot) == []
    finally:
        await bot.stop()


@pytest.mark.parametrize("public", [True, False])
async def test_after_a_restart_a_channel_is_private_until_the_bot_sees_it_again(
    tmp_path: Path, public: bool
) -> None:
    """While the bot is away, the channel may have been closed to @everyone: after a
    restart its games are off the server page until Discord shows the server again."""
    before = await site_harness(tmp_path).start()
    try:
        game = watched(await start(before))
        assert await server_page(before) == [game]
    finally:
        await before.stop()
    bot = site_harness(tmp_path, fake=before.fake)
    if not public:  # meanwhile, unseen by the bot
        bot.channel["permission_overwrites"] = KEEP_OUT
    await bot.start()
    try:
        assert await server_page(bot) == []  # unknown: private
        await bot.connect()
        assert await server_page(bot) == ([game] if public else [])
    finally:
        await bot.stop()


async def test_a_tournaments_channel_is_seen_when_it_is_made_and_when_it_changes(
    tmp_path: Path,
) -> None:
    bot = await site_harness(tmp_path).start()
    try:
        bot.moderators.add(ALICE[0])
        await bot.command(ALICE, "tournament", action="create", game="checkers", rounds=3)
        store = bot.bot.dispatcher.service._shared.store
        seen = "SELECT public FROM web_channels WHERE channel_id = ?"
        assert await store.ids(seen, (CHANNEL_ID,)) == [1]
        await bot.update_channel(permission_overwrites=KEEP_OUT)
        assert await store.ids(seen, (CHANNEL_ID,)) == [0]
        # a tournament made before the bot looked at its channel: seen at its first change
        await store.write_one("DELETE FROM web_channels")
        await bot.update_channel(permission_overwrites=[])
        assert await store.ids(seen, (CHANNEL_ID,)) == [1]
    finally:
        await bot.stop()


@pytest.mark.parametrize("public", [True, False])
async def test_a_tournaments_games_are_listed_as_the_other_games_of_its_channel(
    tmp_path: Path, public: bool
) -> None:
    """Each game of a round, in its thread of the event's channel: on the server's page
    when everyone can read that channel, as a challenged game is, and off it when not."""
    bot = site_harness(tmp_path)
    if not public:
        bot.channel["permission_overwrites"] = KEEP_OUT
    await bot.start()
    try:
        bot.moderators.add(MOD[0])
        await bot.command(MOD, "settings", web="on")
        await bot.command(MOD, "tournament", action="create", game="checkers", rounds=1)
        for who in (ALICE, BOB, CAROL):
            await bot.command(who, "tournament", action="join")
        await bot.command(MOD, "tournament", action="start")
        assert bot.bot.app is not None and bot.bot.app.director is not None
        await bot.bot.app.director.settle()
        await bot.settle()
        (board,) = [s for s in bot.fake.sent if "Tournament #1, round 1." in s.text]
        assert board.channel_id != CHANNEL_ID  # in a thread of its own
        assert await server_page(bot) == ([watched(board)] if public else [])
    finally:
        await bot.stop()

"""The Discord double knows the places a user-installed app is used in without being there (a
DM between two people, a group DM, a server that never added the bot): their interactions
carry what Discord sends, discord.py reads them right, and the double refuses what Discord
refuses there. Asked through the running bot's discord.py client."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord
import pytest

from tests.discordkit import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL_ID,
    FOREIGN_GUILD_ID,
    GUILD_ID,
    DiscordHarness,
)

#: the places of `open_place`, and the bot's own two (the test server, its DM with a person)
PLACES = ["dm", "group_dm", "foreign"]
HELP = {"id": "1", "name": "help", "type": 1}


def made_in(bot: DiscordHarness, where: str, *, external_apps: bool = True) -> discord.Interaction:
    """A slash command Alice makes in a place, as discord.py reads it."""
    people = (ALICE, BOB, CAROL)[: 2 if where == "dm" else 3]
    if where in ("server", "bot_dm"):
        payload = bot.interaction(2, ALICE, CHANNEL_ID, HELP, dm=where == "bot_dm")
    else:
        place = bot.open_place(where, *people, external_apps=external_apps)
        payload = bot.interaction(2, ALICE, place, HELP)
    return discord.Interaction(data=payload, state=bot.bot._connection)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("where", "context", "guild_id", "channel_type", "owners"),
    [
        ("server", "guild", GUILD_ID, discord.ChannelType.text, {0: GUILD_ID}),
        ("bot_dm", "dm_channel", None, discord.ChannelType.private, {0: 0}),
        ("dm", "private_channel", None, discord.ChannelType.private, {1: ALICE[0]}),
        ("group_dm", "private_channel", None, discord.ChannelType.group, {1: ALICE[0]}),
        ("foreign", "guild", FOREIGN_GUILD_ID, discord.ChannelType.text, {1: ALICE[0]}),
    ],
)
async def test_interactions_carry_their_place(
    discord_bot: DiscordHarness,
    where: str,
    context: str,
    guild_id: int | None,
    channel_type: discord.ChannelType,
    owners: dict[int, int],
) -> None:
    interaction = made_in(discord_bot, where)
    kinds = ("guild", "dm_channel", "private_channel")
    assert [kind for kind in kinds if getattr(interaction.context, kind)] == [context]
    assert interaction.guild_id == guild_id
    assert interaction.channel is not None and interaction.channel.type == channel_type
    assert interaction.channel_id == interaction.channel.id
    assert interaction._integration_owners == owners
    assert interaction.is_guild_integration() == (where == "server")
    assert interaction.is_user_integration() == (where in PLACES)
    assert interaction.locale == discord.Locale.american_english
    assert interaction.user.id == ALICE[0]
    # members may use external apps where Discord grants it, in a server
    assert interaction.permissions.use_external_apps == (guild_id is not None)
    # a user-installed app may not view or post in the channel on its own
    assert interaction.app_permissions.send_messages == (where not in PLACES)


async def test_a_server_may_refuse_external_apps(discord_bot: DiscordHarness) -> None:
    interaction = made_in(discord_bot, "foreign", external_apps=False)
    assert not interaction.permissions.use_external_apps
    assert interaction.guild is not None and interaction.guild.id == FOREIGN_GUILD_ID


def refusals(bot: DiscordHarness, place: int) -> list[Callable[[], Awaitable[Any]]]:
    """Each thing the bot might do on its own in a place: read the channel or its messages,
    post, edit a message, start a thread (from a message or not)."""
    channel, http = bot.bot.get_partial_messageable(place), bot.bot.http
    return [
        lambda: bot.bot.fetch_channel(place),
        lambda: channel.send("hello"),
        lambda: channel.get_partial_message(place + 1).edit(content="changed"),
        lambda: http.start_thread_with_message(
            place, place + 1, name="a game", auto_archive_duration=1440
        ),
        lambda: http.start_thread_without_message(
            place, name="a game", auto_archive_duration=1440, type=11
        ),
        lambda: anext(channel.history(limit=5)),
    ]


@pytest.mark.parametrize("kind", PLACES)
async def test_the_bot_may_not_act_on_its_own_where_it_is_not(
    discord_bot: DiscordHarness, kind: str
) -> None:
    place = discord_bot.open_place(kind, ALICE, BOB)
    for attempt in refusals(discord_bot, place):
        with pytest.raises(discord.Forbidden) as refused:
            await attempt()
        assert (refused.value.status, refused.value.code) == (403, 50001)
    assert all(call.status == 403 for call in discord_bot.fake.requests)


@pytest.mark.parametrize("kind", PLACES)
async def test_answers_and_follow_ups_work_there_up_to_five(
    discord_bot: DiscordHarness, kind: str
) -> None:
    interaction = made_in(discord_bot, kind)
    await interaction.response.send_message("your move")
    sent = [await interaction.followup.send(f"news {n}", wait=True) for n in range(5)]
    with pytest.raises(discord.HTTPException) as refused:
        await interaction.followup.send("one too many")
    assert (refused.value.status, refused.value.code) == (400, 40094)
    # edits and deletions are no follow-ups: the original and each follow-up, by id
    await interaction.edit_original_response(content="your move, again")
    await sent[0].edit(content="news, corrected")
    await sent[1].delete()
    kinds = [s.kind for s in discord_bot.fake.sent]
    assert kinds == ["reply"] + ["followup"] * 5 + ["edit", "edit", "delete"]
    assert discord_bot.fake.sent[-2].message_id == sent[0].id
    assert discord_bot.fake.sent[-1].message_id == sent[1].id
    assert sent[1].id not in discord_bot.fake.messages
    with pytest.raises(discord.HTTPException):  # a deleted follow-up is gone
        await sent[1].edit(content="again")


async def test_the_reply_to_a_deferral_is_a_follow_up_too(discord_bot: DiscordHarness) -> None:
    interaction = made_in(discord_bot, "group_dm")
    await interaction.response.defer(thinking=True)
    for n in range(5):  # the first replaces "thinking…"
        await interaction.followup.send(f"news {n}")
    with pytest.raises(discord.HTTPException) as refused:
        await interaction.followup.send("one too many")
    assert refused.value.code == 40094


@pytest.mark.parametrize("where", ["server", "bot_dm"])
async def test_where_the_bot_is_follow_ups_are_not_counted(
    discord_bot: DiscordHarness, where: str
) -> None:
    interaction = made_in(discord_bot, where)
    await interaction.response.send_message("your move")
    for n in range(8):
        await interaction.followup.send(f"news {n}")
    assert [s.kind for s in discord_bot.fake.sent].count("followup") == 8


async def test_answers_are_private_where_external_apps_are_off(
    discord_bot: DiscordHarness,
) -> None:
    interaction = made_in(discord_bot, "foreign", external_apps=False)
    await interaction.response.send_message("your move")
    news = await interaction.followup.send("news", wait=True)
    deferred = made_in(discord_bot, "foreign", external_apps=False)
    await deferred.response.defer(thinking=True)
    await deferred.followup.send("thought")
    kinds = [s.kind for s in discord_bot.fake.sent]
    assert kinds == ["ephemeral", "ephemeral", "defer", "followup"]
    assert all(s.payload["flags"] & 64 for s in discord_bot.fake.sent if s.payload)
    assert news.flags.ephemeral and not discord_bot.fake.messages  # nobody else sees them
    shared = made_in(discord_bot, "foreign")  # where they are on, public as asked
    await shared.response.send_message("your move")
    assert discord_bot.fake.sent[-1].kind == "reply"


@pytest.mark.parametrize(
    ("kind", "guild_id"), [("dm", None), ("group_dm", None), ("foreign", FOREIGN_GUILD_ID)]
)
async def test_messages_there_name_their_place(
    discord_bot: DiscordHarness, kind: str, guild_id: int | None
) -> None:
    interaction = made_in(discord_bot, kind)
    await interaction.response.send_message("your move")
    stored = discord_bot.fake.sent[-1].payload
    assert stored["channel_id"] == str(interaction.channel_id)
    assert stored.get("guild_id") == (None if guild_id is None else str(guild_id))
    message = await interaction.original_response()
    assert message.channel.id == interaction.channel_id
    assert (message.guild.id if message.guild else None) == guild_id

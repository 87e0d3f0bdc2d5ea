"""The places a user-installed app is used in without being there: a DM between two people, a
group DM, and a channel of a server that never added the bot. What Discord sends in their
interactions (context, integration owners, the channel, the member's permissions), for
`tests.discordkit.DiscordHarness`; the double (`tests.fakediscord`) refuses the bot's own
requests there."""

from __future__ import annotations

from typing import Any

from tests.fakediscord import (
    ATTACH_FILES,
    EMBED_LINKS,
    EVERYONE,
    MANAGE_MESSAGES,
    FakeDiscord,
    snowflake,
)

#: a server whose members installed the app for themselves, and which never added the bot
FOREIGN_GUILD_ID = 900_000_000_000_000_002
#: Discord's Manage Server permission
MANAGE_GUILD = 1 << 5
#: Use External Apps: without it, a user-installed app's answers are private (ephemeral)
USE_EXTERNAL_APPS = 1 << 50
#: Mention @everyone and Use External Emojis
MENTION_EVERYONE, USE_EXTERNAL_EMOJIS = 1 << 17, 1 << 18
#: a plain member: everything but Manage Messages and Manage Server (so no moderator)
MEMBER = str(int(EVERYONE) & ~MANAGE_MESSAGES & ~MANAGE_GUILD)
#: the app's permissions where only a user installed it: no viewing or posting of its own
USER_APP_PERMISSIONS = ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE | USE_EXTERNAL_EMOJIS
#: the kinds of place `place_channel` makes, and their Discord channel types
PLACE_TYPES = {"dm": 1, "group_dm": 3, "foreign": 0}


def user_payload(user_id: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": None,
        "bot": bot,
    }


def place_channel(kind: str, people: tuple[tuple[int, str], ...]) -> dict[str, Any]:
    """The channel of a place, as Discord sends it in an interaction made there."""
    channel: dict[str, Any] = {"id": str(snowflake()), "type": PLACE_TYPES[kind], "flags": 0}
    if kind == "foreign":
        channel |= {
            "guild_id": str(FOREIGN_GUILD_ID), "name": "chat", "position": 0,
            "permission_overwrites": [], "nsfw": False, "parent_id": None,
            "rate_limit_per_user": 0,
        }  # fmt: skip
        return channel
    channel |= {"recipients": [user_payload(*person) for person in people]}
    channel["last_message_id"] = None
    if kind == "group_dm":
        channel |= {"name": "game night", "icon": None, "owner_id": str(people[0][0])}
    return channel


def open_place(
    fake: FakeDiscord, kind: str, people: tuple[tuple[int, str], ...], *, external_apps: bool
) -> int:
    """A place the bot is not in, where the people installed it for themselves: 'dm' (a DM
    between two people), 'group_dm' or 'foreign' (a channel of a server that never added the
    bot; `external_apps`: whether its members may use external apps there); its channel id.
    The double refuses the bot's requests to it; interactions made there carry what Discord
    sends for them (`made_there`)."""
    channel = place_channel(kind, people)
    fake.channels[int(channel["id"])] = channel
    fake.outside[int(channel["id"])] = external_apps
    return int(channel["id"])


def made_there(
    payload: dict[str, Any], fake: FakeDiscord, channel_id: int, *, bot_dm: bool
) -> None:
    """Turn a server interaction's payload into one made elsewhere. In the person's DM with
    the bot (`bot_dm`): context 1, no server (the guild install's owner is then "0"). In a
    place of `open_place`, where the user's install alone authorizes the app: in a DM or
    group DM, context 2 with no server and a user rather than a member; in a foreign server,
    context 0 with a partial server and the member's permissions there."""
    member = payload["member"]
    if not bot_dm:  # the user's install alone authorizes the app there
        payload["authorizing_integration_owners"] = {"1": member["user"]["id"]}
        payload["app_permissions"] = str(USER_APP_PERMISSIONS)
        payload["channel"] = fake.channels[channel_id]
    if not bot_dm and payload["channel"]["type"] == 0:
        payload["guild_id"] = str(FOREIGN_GUILD_ID)
        payload["guild"] = {"id": str(FOREIGN_GUILD_ID), "locale": "en-US", "features": []}
        payload["guild_locale"] = "en-US"
        refused = 0 if fake.outside[channel_id] else USE_EXTERNAL_APPS
        member["permissions"] = str(int(MEMBER) & ~refused)
        payload["context"] = 0
        return
    del payload["guild_id"], payload["member"], payload["guild_locale"]
    payload["user"] = member["user"]
    payload["context"] = 2
    if bot_dm:
        payload["channel"] = {"id": str(channel_id), "type": 1, "flags": 0}
        payload["context"] = 1
        payload["authorizing_integration_owners"] = {"0": "0"}  # no server: "0"

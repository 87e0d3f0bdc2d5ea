"""Drive the real discord.py bot offline: INTERACTION_CREATE payloads in, and Discord's HTTP
API answered by the strict double in `tests.fakediscord`.

Only the network is fake: the aiohttp session under discord.py's HTTPClient and webhook
adapter. Everything else (the command tree, option parsing, autocomplete, the view store
resolving DynamicItem buttons, rate-limit retries, HTTP errors to exceptions) is discord.py's
own code. Feeding the gateway's events uses discord.py 2.7.1's internals, which the test extras
pin (a test says so loudly when another version is installed).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from discord.guild import Guild
from discord.user import ClientUser

from bot.adapters.discord.gamebot import GameBot
from bot.app.app import App
from bot.app.config import Settings
from bot.runtime.shards import Shards
from tests.fakediscord import (
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    EMBED_LINKS,
    EVERYONE,
    GUILD_ID,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    FakeDiscord,
    FakeSession,
    Sent,
    now,
    snowflake,
    thread_payload,
)
from tests.placeskit import (
    FOREIGN_GUILD_ID,
    MANAGE_GUILD,
    MEMBER,
    USE_EXTERNAL_APPS,
    made_there,
    open_place,
    user_payload,
)

__all__ = [
    "ALICE", "APP_ID", "ATTACH_FILES", "BOB", "CAROL", "CHANNEL_ID", "CREATE_PUBLIC_THREADS",
    "EMBED_LINKS", "EVERYONE", "FOREIGN_GUILD_ID", "GUILD_ID", "MANAGE_GUILD", "MOD",
    "SEND_MESSAGES", "SEND_MESSAGES_IN_THREADS", "USE_EXTERNAL_APPS", "VIEW_CHANNEL",
    "DiscordHarness", "Sent", "one",
]  # fmt: skip

#: the people of the tests: three members and a moderator (the `discord_bot` fixture's)
ALICE = (111_111_111_111_111_111, "alice")
BOB = (222_222_222_222_222_222, "bob")
CAROL = (333_333_333_333_333_333, "carol")
MOD = (444_444_444_444_444_444, "mod")
CHANNEL_ID = 900_000_000_000_000_010
APP_ID = 900_000_000_000_000_100


def one(sent: list[Sent], kind: str) -> Sent:
    """The one message of this kind among those sent (the test fails on none or several)."""
    found = [s for s in sent if s.kind == kind]
    assert len(found) == 1, [(s.kind, s.text[:60]) for s in sent]
    return found[0]


class DiscordHarness:
    """A GameBot with a logged-in user, a cached server and channel, and a fake Discord."""

    def __init__(
        self,
        database: Path,
        *,
        fake: FakeDiscord | None = None,
        dev_guild_id: int | None = None,
        sync_globally: bool = False,
        public_url: str = "",
        shards: Shards | None = None,
        guild_locale: str = "en-US",
    ) -> None:
        """`fake`: the Discord the bot talked to before (a restart, another run);
        `public_url`: the web site's address the bot links to; `shards`: the process's;
        `guild_locale`: the server's language, as its owner set it on Discord."""
        self.settings = Settings(
            str(database), dev_guild_id=dev_guild_id, public_url=public_url, shards=shards
        )
        self.sync_globally = sync_globally
        self.bot_user = user_payload(APP_ID, "Boardgames", bot=True)
        self.fake = fake or FakeDiscord(self.bot_user)
        #: users with Manage Messages in the channel (moderators)
        self.moderators: set[int] = set()
        #: the server's @everyone role's permissions (as it starts)
        self.everyone = EVERYONE
        #: the server's Discord language (its interactions' guild_locale, its preferred one)
        self.guild_locale = guild_locale
        #: each person's Discord language (their interactions' locale): en-US by default
        self.locales: dict[int, str] = {}
        self.channel = {
            "id": str(CHANNEL_ID),
            "type": 0,
            "guild_id": str(GUILD_ID),
            "name": "general",
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "rate_limit_per_user": 0,
        }
        self.fake.channels[CHANNEL_ID] = self.channel

    async def start(self) -> DiscordHarness:
        # the App opened and handed to the client, as `python -m bot` does
        self.bot = GameBot(await App.open(self.settings), sync_globally=self.sync_globally)
        bot, state = self.bot, self.bot._connection
        await bot._async_setup_hook()
        state.user = ClientUser(state=state, data=self.bot_user)  # type: ignore[arg-type]
        state.application_id = APP_ID
        bot.http._HTTPClient__session = FakeSession(self.fake)  # type: ignore[attr-defined]
        bot.http._global_over = asyncio.Event()  # what HTTPClient.static_login would set
        bot.http._global_over.set()
        guild_data: Any = {  # the fields the bot reads, not Discord's whole payload
            "id": str(GUILD_ID),
            "name": "Test server",
            "owner_id": "1",
            "features": [],
            "roles": [
                {
                    "id": str(GUILD_ID),
                    "name": "@everyone",
                    "permissions": self.everyone,
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            ],
            "channels": [self.channel],
            "emojis": [],
            "stickers": [],
            "member_count": 3,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "premium_tier": 0,
            "nsfw_level": 0,
            "preferred_locale": self.guild_locale,
            "system_channel_flags": 0,
        }
        guild = Guild(data=guild_data, state=state)
        state._add_guild(guild)
        self.guild_data = guild_data
        await bot.setup_hook()
        return self

    def add_channel(self, kind: int, *, parent_id: int | None = None) -> int:
        """A channel of another type (2 voice, 13 stage, 15 forum, 11 a thread, such as a
        forum's post) in the server; returns its id."""
        if kind == 11:
            channel = thread_payload(parent_id or CHANNEL_ID, "a post", "1")
        else:
            channel = {
                **self.channel,
                "id": str(snowflake()),
                "type": kind,
                "name": f"place-{kind}",
                "bitrate": 64000,
                "user_limit": 0,
                "rtc_region": None,
            }
        self.fake.channels[int(channel["id"])] = channel
        return int(channel["id"])

    def open_place(self, kind: str, *people: tuple[int, str], external_apps: bool = True) -> int:
        """A place the bot is not in (tests.placeskit.open_place); its channel id."""
        return open_place(self.fake, kind, people, external_apps=external_apps)

    async def update_channel(self, channel_id: int = CHANNEL_ID, **changes: Any) -> None:
        """Someone edits a channel or thread (its permission overwrites, a thread's type):
        Discord's copy changes, and the gateway tells the bot (CHANNEL_UPDATE, or
        THREAD_UPDATE for a thread)."""
        channel = self.fake.channels[channel_id]
        channel.update(changes)
        if channel["type"] in (10, 11, 12):
            self.bot._connection.parse_thread_update(channel)  # type: ignore[arg-type]
        else:
            self.bot._connection.parse_channel_update(channel)
        await self.settle()

    async def connect(self) -> None:
        """The gateway connects (after a start or an outage): GUILD_CREATE, the server as
        Discord has it now (its channels, its active threads, @everyone's permissions)."""
        mine = [
            c for c in self.fake.channels.values()
            if c.get("guild_id") == str(GUILD_ID) and int(c["id"]) not in self.fake.deleted
        ]  # fmt: skip
        threads = [c for c in mine if c["type"] in (10, 11, 12)]
        data = {
            **self.guild_data,
            "unavailable": False,
            "channels": [c for c in mine if c not in threads],
            "threads": [t for t in threads if not t["thread_metadata"]["archived"]],
            "roles": [{**self.guild_data["roles"][0], "permissions": self.everyone}],
        }
        self.bot._connection.parse_guild_create(data)
        await self.settle()

    async def delete_thread(self, thread_id: int, *, tell_the_bot: bool = True) -> None:
        """Someone deletes a thread; the gateway tells the bot (unless it was offline)."""
        self.fake.deleted.add(thread_id)
        if tell_the_bot:
            thread = self.fake.channels[thread_id]
            self.bot._connection.parse_thread_delete(
                {
                    "id": str(thread_id),
                    "guild_id": str(GUILD_ID),
                    "parent_id": thread["parent_id"],
                    "type": thread["type"],
                }
            )
            await self.settle()

    async def stop(self) -> None:
        """Stop the bot; the test fails if any request it sent broke Discord's published
        API description (each breach names its route, its place in the body and the limit)."""
        await self.bot.close()
        await self.bot.app.close()
        assert not self.fake.breaches, "\n".join(self.fake.breaches)

    # --- interactions ---
    def channel_payload(self, channel_id: int) -> dict[str, Any]:
        return self.fake.channels.get(channel_id, self.channel)

    def interaction(
        self,
        kind: int,
        user: tuple[int, str],
        channel_id: int,
        data: dict[str, Any],
        message: dict[str, Any] | None = None,
        *,
        age: float = 0.0,
        dm: bool = False,
    ) -> dict[str, Any]:
        """An interaction's payload; `age`: how long after it was made it reaches the bot;
        `dm`: made in the person's DM with the bot (no server, no member); in a place of
        `open_place`, made there."""
        clicked = int(message["id"]) if message is not None else None
        interaction_id, token = self.fake.new_interaction(channel_id, age=age, message_id=clicked)
        member = {
            "user": user_payload(*user),
            "roles": [],
            "joined_at": now(),
            "deaf": False,
            "mute": False,
            "nick": None,
            "flags": 0,
            "permissions": EVERYONE if user[0] in self.moderators else MEMBER,
        }
        payload = {
            "id": str(interaction_id),
            "application_id": str(APP_ID),
            "type": kind,
            "data": data,
            "guild_id": str(GUILD_ID),
            "channel_id": str(channel_id),
            "channel": self.channel_payload(channel_id),
            "member": member,
            "token": token,
            "version": 1,
            "locale": self.locales.get(user[0], "en-US"),
            "guild_locale": self.guild_locale,
            "app_permissions": str(self.fake.permissions(channel_id)),
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)},  # the server added it
            "context": 0,
            "attachment_size_limit": self.fake.upload_limit,
        }
        if message is not None:
            payload["message"] = message
        if dm or channel_id in self.fake.outside:
            made_there(payload, self.fake, channel_id, bot_dm=dm)
        return payload

    async def dispatch(self, payload: dict[str, Any]) -> list[Sent]:
        """Feed one INTERACTION_CREATE to discord.py and return what the bot sent for it."""
        before = len(self.fake.sent)
        self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        await self.settle()
        return self.fake.sent[before:]

    async def settle(self) -> None:
        """Wait until every task the interaction started is done (the sweeper and the
        timers of ephemeral buttons aside), woken as they end rather than polling."""
        loop = asyncio.get_running_loop()
        # 5 s, and as long again for each 100 ms of latency a request is given
        until = loop.time() + 5 * (1 + 10 * self.fake.latency)
        while busy := [
            t
            for t in asyncio.all_tasks()
            if t is not asyncio.current_task()
            and not t.done()
            and t.get_name() != "sweeper"
            # an ephemeral message's buttons expire after 15 minutes (discord.py's timer)
            and "timeout_task" not in repr(t.get_coro())
        ]:
            if loop.time() >= until:
                raise AssertionError(f"still busy: {busy}")
            await asyncio.wait(busy, timeout=until - loop.time())

    async def command(
        self,
        user: tuple[int, str],
        name: str,
        channel_id: int = CHANNEL_ID,
        /,
        *,
        dm: bool = False,
        **options: Any,
    ) -> list[Sent]:
        """A slash command (`dm`: in the person's DM with the bot); an (id, name) tuple as an
        option value is a user, and an (id, name, True) tuple a bot account."""
        data: dict[str, Any] = {"id": str(snowflake()), "name": name, "type": 1, "options": []}
        resolved: dict[str, dict[str, Any]] = {"users": {}, "members": {}}
        for key, value in options.items():
            if isinstance(value, tuple):
                resolved["users"][str(value[0])] = user_payload(
                    *value[:2], bot=value[2:] == (True,)
                )
                resolved["members"][str(value[0])] = {
                    "roles": [],
                    "joined_at": now(),
                    "deaf": False,
                    "mute": False,
                    "flags": 0,
                    "permissions": EVERYONE,
                }
                data["options"].append({"name": key, "type": 6, "value": str(value[0])})
            else:
                kind = 4 if isinstance(value, int) else 3
                data["options"].append({"name": key, "type": kind, "value": value})
        if resolved["users"]:
            data["resolved"] = resolved
        return await self.dispatch(self.interaction(2, user, channel_id, data, dm=dm))

    async def autocomplete(
        self,
        user: tuple[int, str],
        name: str,
        focused: str,
        typed: str,
        channel_id: int = CHANNEL_ID,
        **options: Any,
    ) -> list[str]:
        opts = [
            {"name": k, "type": 4 if isinstance(v, int) else 3, "value": v}
            for k, v in options.items()
        ]
        kind = 4 if focused == "match" else 3  # the option's declared type
        opts.append({"name": focused, "type": kind, "value": typed, "focused": True})
        data = {"id": str(snowflake()), "name": name, "type": 1, "options": opts}
        sent = await self.dispatch(self.interaction(4, user, channel_id, data))
        return sent[-1].choices

    async def suggestions(
        self, user: tuple[int, str], name: str, focused: str, typed: str, channel_id: int
    ) -> list[tuple[str, Any]]:
        """(shown name, value) of each autocomplete choice."""
        await self.autocomplete(user, name, focused, typed, channel_id)
        last = self.fake.sent[-1]
        return list(zip(last.choice_names, last.choices, strict=True))

    async def click(self, user: tuple[int, str], message: Sent, label: str) -> list[Sent]:
        """Press the labelled button of a message the bot sent."""
        custom_id = message.custom_ids[message.labels.index(label)]
        return await self.use(user, message, {"custom_id": custom_id, "component_type": 2})

    async def choose(self, user: tuple[int, str], message: Sent, value: str) -> list[Sent]:
        """Choose the option of that value in a list (a select menu) of a message the bot sent."""
        (custom_id,) = [c for c, values in message.lists.items() if value in values]
        data = {"custom_id": custom_id, "component_type": 3, "values": [value]}
        return await self.use(user, message, data)

    async def use(self, user: tuple[int, str], message: Sent, data: dict[str, Any]) -> list[Sent]:
        """A component of a message the bot sent, used: `data` says which, and how."""
        return await self.dispatch(
            self.interaction(3, user, message.channel_id, data, message.payload)
        )

"""Drive the real discord.py bot offline: INTERACTION_CREATE payloads in, recorded HTTP out.

Only the HTTP layer is fake: the webhook adapter that every interaction response goes through
(as discord.py's own tests do) and the client's HTTPClient.request for channel actions
(threads, posts). Everything else (the command tree, option parsing, autocomplete, the view
store resolving DynamicItem buttons) is discord.py's own code. Relies on discord.py 2.7.1's
internals, which pyproject pins.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiohttp
import discord
from discord.guild import Guild
from discord.user import ClientUser
from discord.utils import time_snowflake
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.config import Settings
from bot.discord_bot import GameBot

GUILD_ID = 900_000_000_000_000_001
CHANNEL_ID = 900_000_000_000_000_010
APP_ID = 900_000_000_000_000_100
EVERYONE = "2199023255551"  # all permissions
MANAGE_MESSAGES = 1 << 13
SEND_MESSAGES, ATTACH_FILES, EMBED_LINKS = 1 << 11, 1 << 15, 1 << 14
CREATE_PUBLIC_THREADS, SEND_MESSAGES_IN_THREADS = 1 << 35, 1 << 38
#: a plain member: everything but Manage Messages (so no moderator)
MEMBER = str(int(EVERYONE) & ~MANAGE_MESSAGES)
_counter = itertools.count(1)


def snowflake() -> int:
    """A fresh snowflake: an old interaction id would make discord.py call the real API."""
    return time_snowflake(datetime.now(UTC)) + next(_counter)


def now() -> str:
    return datetime.now(UTC).isoformat()


def user_payload(user_id: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": None,
        "bot": bot,
    }


@dataclass
class Sent:
    """One message the bot sent or edited, as Discord received it."""

    kind: str  # reply, ephemeral, update, followup, post, autocomplete, defer, edit, delete
    channel_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    custom_ids: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    choices: list[Any] = field(default_factory=list)
    choice_names: list[str] = field(default_factory=list)
    payload: dict[str, Any] = field(default_factory=dict)  # the message as Discord would store it
    #: the allowed_mentions the bot sent with it (None: the client's default)
    allowed_mentions: dict[str, Any] | None = None

    @property
    def may_ping(self) -> set[int]:
        """The users this message may ping, as Discord reads allowed_mentions."""
        allowed = self.allowed_mentions or {}
        if "users" in allowed.get("parse", []):
            return {-1}  # every mentioned user: the test reads it as "anyone"
        return {int(u) for u in allowed.get("users", [])}

    @property
    def text(self) -> str:
        described = " ".join(e.get("description", "") + e.get("title", "") for e in self.embeds)
        return f"{self.content} {described}".strip()


#: public, private and announcement threads
THREAD_TYPES = (10, 11, 12)


@dataclass
class Refused:
    """The parts of an HTTP answer discord.HTTPException reads."""

    status: int
    reason: str


class FakeDiscord(AsyncWebhookAdapter):
    """Answers the bot's HTTP calls as Discord would, and records every message."""

    def __init__(self, bot_user: dict[str, Any]) -> None:
        super().__init__()
        self.bot_user = bot_user
        #: how many of the next channel posts fail as if the network were down
        self.network_down = 0
        #: channels and threads deleted: Discord answers 404 Unknown Channel
        self.deleted: set[int] = set()
        #: the bot's permissions in a channel (its threads take the parent's); default all
        self.bot_permissions: dict[int, int] = {}
        self.sent: list[Sent] = []
        self.channels: dict[int, dict[str, Any]] = {}
        self.originals: dict[str, dict[str, Any]] = {}  # interaction token -> response message
        self.channel_of_token: dict[str, int] = {}

    def permissions(self, channel_id: int) -> int:
        parent = self.channels.get(channel_id, {}).get("parent_id")
        key = int(parent) if parent else channel_id
        return self.bot_permissions.get(key, int(EVERYONE))

    def require(self, channel_id: int, *needed: int) -> None:
        """Discord's 403 for an action the bot's permissions there do not allow."""
        have = self.permissions(channel_id)
        if any(not have & bit for bit in needed):
            raise discord.Forbidden(
                Refused(403, "Forbidden"), {"code": 50013, "message": "Missing Permissions"}
            )

    # --- payloads ---
    def message(
        self, channel_id: int, body: dict[str, Any], files: list[str], flags: int = 0
    ) -> dict[str, Any]:
        return {
            "id": str(snowflake()),
            "channel_id": str(channel_id),
            "guild_id": str(GUILD_ID),
            "author": self.bot_user,
            "content": body.get("content") or "",
            "timestamp": now(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
            "type": 0,
            "flags": flags,
            "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "attachments": [
                {
                    "id": str(snowflake()),
                    "filename": name,
                    "size": 1,
                    "url": f"https://x/{name}",
                    "proxy_url": f"https://x/{name}",
                }
                for name in files
            ],
        }

    def record(
        self, kind: str, channel_id: int, body: dict[str, Any], files: list[str], flags: int = 0
    ) -> dict[str, Any]:
        payload = self.message(channel_id, body, files, flags)
        buttons = [c for row in payload["components"] for c in row.get("components", [])]
        self.sent.append(
            Sent(
                kind,
                channel_id,
                payload["content"],
                payload["embeds"],
                files,
                [b.get("custom_id", "") for b in buttons],
                [b.get("label", "") for b in buttons],
                payload=payload,
                allowed_mentions=body.get("allowed_mentions"),
            )
        )
        return payload

    @staticmethod
    def body(
        payload: dict[str, Any] | None, multipart: list[dict[str, Any]] | None, files: Any
    ) -> tuple[dict[str, Any], list[str]]:
        if multipart:
            for part in multipart:
                if part.get("name") == "payload_json":
                    payload = json.loads(part["value"])
        names = [f.filename for f in files or []]
        return payload or {}, names

    # --- the webhook adapter (interaction responses, follow-ups) ---
    async def request(
        self,
        route: Any,
        session: Any = None,
        *,
        payload: dict[str, Any] | None = None,
        multipart: list[dict[str, Any]] | None = None,
        files: Any = None,
        **_: Any,
    ) -> Any:
        token = str(route.webhook_token)
        channel_id = self.channel_of_token.get(token, CHANNEL_ID)
        body, names = self.body(payload, multipart, files)
        if route.path.endswith("/callback"):
            kind_of = {4: "reply", 5: "defer", 6: "defer", 7: "update", 8: "autocomplete"}
            kind = kind_of[body["type"]]
            data = body.get("data") or {}
            if kind == "autocomplete":
                self.sent.append(
                    Sent(
                        kind,
                        channel_id,
                        choices=[c["value"] for c in data["choices"]],
                        choice_names=[c["name"] for c in data["choices"]],
                    )
                )
                return {"interaction": {"id": str(route.webhook_id), "type": 4}}
            flags = data.get("flags", 0)
            if kind == "reply" and flags & 64:
                kind = "ephemeral"
            message = self.record(kind, channel_id, data, names, flags) if kind != "defer" else None
            if message is not None:
                self.originals[token] = message
            else:
                self.sent.append(Sent("defer", channel_id))
            resource = {"type": body["type"], **({"message": message} if message else {})}
            return {
                "interaction": {
                    "id": str(route.webhook_id),
                    "type": 2,
                    "response_message_id": message["id"] if message else None,
                },
                "resource": resource,
            }
        if route.method == "GET":
            return self.originals.get(token) or self.message(channel_id, {}, [])
        if route.method == "DELETE":
            self.sent.append(Sent("delete", channel_id))
            return None
        if route.method == "PATCH":
            message = self.record("edit", channel_id, body, names)
            self.originals[token] = message
            return message
        flags = body.get("flags", 0)
        return self.record(
            "ephemeral" if flags & 64 else "followup", channel_id, body, names, flags
        )

    # --- the client's HTTPClient.request (channels, threads, posts) ---
    async def http_request(
        self, route: Any, *, files: Any = None, form: Any = None, **kwargs: Any
    ) -> Any:
        channel_id = int(route.channel_id) if route.channel_id else 0
        if route.path.endswith("/threads"):
            self.require(channel_id, CREATE_PUBLIC_THREADS)
            if self.channels.get(channel_id, {}).get("type") in THREAD_TYPES:
                # Discord refuses a thread started from a message that is in a thread
                raise discord.HTTPException(
                    Refused(400, "Bad Request"),
                    {"code": 50024, "message": "Cannot execute action on this channel type"},
                )
            thread = {
                "id": str(snowflake()),
                "type": 11,
                "guild_id": str(GUILD_ID),
                "parent_id": str(channel_id),
                "owner_id": self.bot_user["id"],
                "name": kwargs["json"]["name"],
                "rate_limit_per_user": 0,
                "message_count": 0,
                "member_count": 1,
                "flags": 0,
                "thread_metadata": {
                    "archived": False,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": now(),
                    "locked": False,
                },
            }
            self.channels[int(thread["id"])] = thread
            return thread
        if route.method == "GET" and route.path == "/channels/{channel_id}":
            return self.channels[channel_id]
        if channel_id in self.deleted:
            raise discord.NotFound(
                Refused(404, "Not Found"), {"code": 10003, "message": "Unknown Channel"}
            )
        if route.method == "POST" and route.path.endswith("/messages"):
            in_thread = self.channels.get(channel_id, {}).get("type") in THREAD_TYPES
            self.require(channel_id, SEND_MESSAGES_IN_THREADS if in_thread else SEND_MESSAGES)
            if files:
                self.require(channel_id, ATTACH_FILES)
            if self.network_down:
                self.network_down -= 1  # what discord.py raises once its own retries are spent
                raise aiohttp.ClientOSError(111, "Connection refused")
            body, names = self.body(kwargs.get("json"), form, files)
            return self.record("post", channel_id, body, names)
        raise AssertionError(f"unexpected Discord call {route.method} {route.path}")


class DiscordHarness:
    """A GameBot with a logged-in user, a cached server and channel, and a fake Discord."""

    def __init__(self, database: Path) -> None:
        self.bot = GameBot(Settings(database_path=str(database)))
        self.bot_user = user_payload(APP_ID, "Boardgames", bot=True)
        self.fake = FakeDiscord(self.bot_user)
        #: users with Manage Messages in the channel (moderators)
        self.moderators: set[int] = set()
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
        bot, state = self.bot, self.bot._connection
        await bot._async_setup_hook()
        state.user = ClientUser(state=state, data=self.bot_user)  # type: ignore[arg-type]
        state.application_id = APP_ID
        bot.http.request = self.fake.http_request  # type: ignore[method-assign]
        async_context.set(self.fake)
        guild = Guild(
            data={  # type: ignore[typeddict-item]
                "id": str(GUILD_ID),
                "name": "Test server",
                "owner_id": "1",
                "features": [],
                "roles": [
                    {
                        "id": str(GUILD_ID),
                        "name": "@everyone",
                        "permissions": EVERYONE,
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
                "preferred_locale": "en-US",
                "system_channel_flags": 0,
            },
            state=state,
        )
        state._add_guild(guild)
        await bot.setup_hook()
        return self

    async def delete_thread(self, thread_id: int, *, tell_the_bot: bool = True) -> None:
        """Someone deletes a thread; the gateway tells the bot (unless it was offline)."""
        self.fake.deleted.add(thread_id)
        if tell_the_bot:
            thread = self.fake.channels[thread_id]
            self.bot._connection.parse_thread_delete(  # type: ignore[arg-type]
                {
                    "id": str(thread_id),
                    "guild_id": str(GUILD_ID),
                    "parent_id": thread["parent_id"],
                    "type": thread["type"],
                }
            )
            await self.settle()

    async def stop(self) -> None:
        await self.bot.close()

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
    ) -> dict[str, Any]:
        token = f"token-{snowflake()}"
        self.fake.channel_of_token[token] = channel_id
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
            "id": str(snowflake()),
            "application_id": str(APP_ID),
            "type": kind,
            "data": data,
            "guild_id": str(GUILD_ID),
            "channel_id": str(channel_id),
            "channel": self.channel_payload(channel_id),
            "member": member,
            "token": token,
            "version": 1,
            "locale": "en-US",
            "guild_locale": "en-US",
            "app_permissions": str(self.fake.permissions(channel_id)),
            "entitlements": [],
            "authorizing_integration_owners": {},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if message is not None:
            payload["message"] = message
        return payload

    async def dispatch(self, payload: dict[str, Any]) -> list[Sent]:
        """Feed one INTERACTION_CREATE to discord.py and return what the bot sent for it."""
        before = len(self.fake.sent)
        self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        await self.settle()
        return self.fake.sent[before:]

    async def settle(self) -> None:
        """Wait until every task the interaction started is done (the sweeper and the
        timers of ephemeral buttons aside)."""
        for _ in range(500):
            busy = [
                t
                for t in asyncio.all_tasks()
                if t is not asyncio.current_task()
                and not t.done()
                and t.get_name() != "sweeper"
                # an ephemeral message's buttons expire after 15 minutes (discord.py's timer)
                and "timeout_task" not in repr(t.get_coro())
            ]
            if not busy:
                return
            await asyncio.sleep(0.01)
        raise AssertionError(f"still busy: {busy}")

    async def command(
        self, user: tuple[int, str], name: str, channel_id: int = CHANNEL_ID, /, **options: Any
    ) -> list[Sent]:
        """A slash command; an (id, name) tuple as an option value is a user, and an (id,
        name, True) tuple a bot account."""
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
        return await self.dispatch(self.interaction(2, user, channel_id, data))

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
        data = {"custom_id": custom_id, "component_type": 2}
        return await self.dispatch(
            self.interaction(3, user, message.channel_id, data, message.payload)
        )

"""A strict stand-in for Discord's HTTP API, placed where discord.py meets the network: the
aiohttp session its HTTPClient and webhook adapter send every request through. So all of
discord.py's own request code runs (status codes to exceptions, 429 retries), and the double
answers as Discord does, refusals included: missing permissions, unknown channels and messages,
channel types that take no threads, size limits, upload limits, interaction windows, rate
limits and a network that is down. Every request is recorded."""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import random
import re
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import aiohttp
from discord.utils import time_snowflake
from multidict import CIMultiDict

from tests.discordapi import breach, route_of
from tests.fakeratelimits import RateLimits

GUILD_ID = 900_000_000_000_000_001
#: all permissions: bits 0 to 40, and Use External Apps (1 << 50), as Discord grants it
EVERYONE = str((1 << 41) - 1 | 1 << 50)
VIEW_CHANNEL, SEND_MESSAGES, MANAGE_MESSAGES = 1 << 10, 1 << 11, 1 << 13
EMBED_LINKS, ATTACH_FILES = 1 << 14, 1 << 15
CREATE_PUBLIC_THREADS, SEND_MESSAGES_IN_THREADS = 1 << 35, 1 << 38
#: public, private and announcement threads
THREAD_TYPES = frozenset({10, 11, 12})
#: where a thread cannot be started from a message: DMs, voice and stage chat, forums and
#: media channels, and threads themselves
NO_THREADS_IN = frozenset({1, 2, 3, 13, 15, 16} | THREAD_TYPES)
#: forum and media channels: messages go in their posts (threads), not in the channel
POSTS_ONLY = frozenset({15, 16})
#: Discord's upload limit of a server without boosts (each attachment), and of any request
UPLOAD_LIMIT = 10 * 1024 * 1024
REQUEST_LIMIT = 25 * 1024 * 1024
#: at most this many attachments a message
MOST_ATTACHMENTS = 10
#: the auto-archive durations Discord takes, in minutes
ARCHIVE_MINUTES = frozenset({60, 1440, 4320, 10080})
#: the environment variable that gives every request a latency: 0 to twice this many ms
LATENCY_VARIABLE = "FAKE_DISCORD_LATENCY_MS"
#: an interaction must be answered within 3 s; its token then works for 15 minutes
ANSWER_WINDOW, TOKEN_LIFETIME = 3.0, 15 * 60.0
#: follow-ups an interaction may have where only a user's install authorizes the app
MOST_FOLLOWUPS = 5
_counter = itertools.count(1)


def snowflake(at: float | None = None) -> int:
    """A fresh snowflake (of now, or of a unix time)."""
    moment = datetime.now(UTC) if at is None else datetime.fromtimestamp(at, UTC)
    return time_snowflake(moment) + next(_counter)


def now() -> str:
    return datetime.now(UTC).isoformat()


def thread_payload(parent_id: int, name: str, owner_id: str, kind: int = 11) -> dict[str, Any]:
    """A new public thread (type 11; 10 in an announcement channel), as Discord describes it."""
    return {
        "id": str(snowflake()),
        "type": kind,
        "guild_id": str(GUILD_ID),
        "parent_id": str(parent_id),
        "owner_id": owner_id,
        "name": name,
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


class Refused(Exception):
    """An HTTP error answer, with Discord's JSON error body."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message = status, code, message


def invalid(what: str) -> Refused:
    return Refused(400, 50035, f"Invalid Form Body: {what}")


@dataclass
class Call:
    """One request the bot made, and the status it got."""

    method: str
    path: str
    body: dict[str, Any]
    files: list[tuple[str, int]]  # (name, bytes)
    status: int = 0


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
    #: its lists (string select menus): custom id -> the options' values
    lists: dict[str, list[str]] = field(default_factory=dict)
    #: each file's alt text (its attachment's description; '' for none), as `files`
    alt_texts: list[str] = field(default_factory=list)

    @property
    def message_id(self) -> int:
        return int(self.payload["id"])

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


def check_message(body: dict[str, Any], files: list[tuple[str, bytes]] | None = None) -> None:
    """Discord's limits on a message beyond what its API description says (which the double
    checks first, tests.discordapi): not empty, 2,000 characters from a bot (the document
    allows 4,000), embeds of 6,000 characters in all, 5 rows of buttons, a link button with
    an address and no custom id (others the other way round), no custom id twice."""
    shown = ("content", "embeds", "components", "attachments", "sticker_ids", "poll")
    if not files and not any(body.get(part) for part in shown):
        raise Refused(400, 50006, "Cannot send an empty message")
    if len(body.get("content") or "") > 2000:
        raise invalid("content: Must be 2000 or fewer in length.")
    total = 0
    for embed in body.get("embeds") or []:
        fields = embed.get("fields") or []
        footer, author = embed.get("footer") or {}, embed.get("author") or {}
        parts = [embed.get("title"), embed.get("description"), footer.get("text")]
        parts += [author.get("name")] + [f.get("name") for f in fields]
        parts += [f.get("value") for f in fields]
        total += sum(len(text or "") for text in parts)
    if total > 6000:
        raise invalid("embeds: Embed size exceeds maximum size of 6000.")
    rows = body.get("components") or []
    if len(rows) > 5:
        raise invalid("components: Must be 5 or fewer in length.")
    buttons = [b for row in rows for b in row.get("components", [])]
    for b in buttons:  # a link button (style 5) has an address and no custom id; others not
        link = b.get("style") == 5
        url = b.get("url", "")
        if link != bool(url) or link == ("custom_id" in b):
            raise invalid("components: a link button needs a url and no custom id; others not.")
        if link and not (url.startswith(("http://", "https://")) and len(url) <= 512):
            raise invalid("components: Scheme must be one of ('http', 'https', 'discord').")
    ids = [b["custom_id"] for b in buttons if "custom_id" in b]
    if len(ids) != len(set(ids)):
        raise invalid("components: Component custom id cannot be duplicated.")
    for row in rows:  # a row holds up to 5 buttons, or one select menu alone
        items = row.get("components") or []
        if len(items) > 1 and any(item.get("type") == 3 for item in items):
            raise invalid("components: A select menu must be alone in its action row.")
        values = [o.get("value") for item in items for o in item.get("options") or []]
        if len(values) != len(set(values)):
            raise invalid("components: Select option values must be unique.")


def check_choices(choices: list[dict[str, Any]]) -> None:
    """A string choice's value is at most 100 characters (the document sets no limit)."""
    if any(isinstance(c["value"], str) and len(c["value"]) > 100 for c in choices):
        raise invalid("data.choices: a value is over 100 characters.")


class FakeResponse:
    """The parts of aiohttp.ClientResponse discord.py reads."""

    def __init__(self, status: int, data: Any, headers: dict[str, str] | None = None) -> None:
        self.status = status
        self.reason = {200: "OK", 204: "No Content", 429: "Too Many Requests"}.get(status, "")
        typed = {} if data is None else {"Content-Type": "application/json"}
        self.headers = CIMultiDict({**typed, **(headers or {})})
        self._text = "" if data is None else json.dumps(data)

    async def text(self, encoding: str = "utf-8") -> str:
        return self._text

    async def __aenter__(self) -> FakeResponse:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None


class FakeSession:
    """An aiohttp.ClientSession whose requests the double answers."""

    closed = False

    def __init__(self, discord: FakeDiscord) -> None:
        self.discord = discord

    def request(self, method: str, url: str, **kwargs: Any) -> _Request:
        return _Request(self.discord, method, str(url), kwargs)

    async def close(self) -> None:
        self.closed = True


class _Request:
    def __init__(self, discord: FakeDiscord, method: str, url: str, kwargs: Any) -> None:
        self.discord, self.method, self.url, self.kwargs = discord, method, url, kwargs

    async def __aenter__(self) -> FakeResponse:
        await self.discord.travel()
        return self.discord.answer(self.method, self.url, self.kwargs.get("data"))

    async def __aexit__(self, *exc: object) -> None:
        return None


@dataclass
class Interaction:
    created: float  # the double's clock
    channel_id: int
    answered: bool = False
    #: deferred with a "thinking…" message that the first follow-up or edit replaces
    loading: bool = False
    #: the deferral's flags (64: only the person sees the answer, whatever follows)
    deferred_flags: int = 0
    #: the message whose button was clicked (a click's response edits it)
    message_id: int | None = None
    #: made where only the user's install authorizes the app: at most 5 follow-ups
    capped: bool = False
    #: made where the member may not use external apps: every answer is ephemeral
    private: bool = False
    #: its follow-ups' message ids (the one replacing a deferral's "thinking…" too)
    followups: list[int] = field(default_factory=list)


def _body(data: Any) -> tuple[dict[str, Any], list[tuple[str, bytes]]]:
    """The JSON body and the files of a request (JSON text or multipart form)."""
    if data is None:
        return {}, []
    if isinstance(data, str | bytes):
        return json.loads(data), []
    assert isinstance(data, aiohttp.FormData), type(data)
    body: dict[str, Any] = {}
    files: list[tuple[str, bytes]] = []
    for options, _, value in data._fields:
        if options["name"] == "payload_json":
            body = json.loads(value)
        else:
            files.append((options["filename"], value.read()))
    return body, files


_CALLBACK = re.compile(r"/interactions/(\d+)/([^/]+)/callback")
_WEBHOOK = re.compile(r"/webhooks/(\d+)/([^/]+)(?:/messages/(@original|\d+))?")
_CHANNEL = re.compile(r"/channels/(\d+)(/messages(?:/(\d+))?(/threads)?)?")
_COMMANDS = re.compile(r"/applications/\d+(?:/guilds/(\d+))?/commands")


class FakeDiscord:
    """Answers the bot's HTTP requests as Discord would, and records each of them."""

    def __init__(self, bot_user: dict[str, Any]) -> None:
        self.bot_user = bot_user
        self.requests: list[Call] = []
        self.sent: list[Sent] = []
        self.channels: dict[int, dict[str, Any]] = {}
        self.messages: dict[int, dict[str, Any]] = {}
        #: messages only their reader sees (ephemeral): reached through interactions alone
        self.private: dict[int, dict[str, Any]] = {}
        self.interactions: dict[str, Interaction] = {}
        self.originals: dict[str, dict[str, Any]] = {}  # interaction token -> response message
        #: how many of the next requests fail as if the network were down
        self.network_down = 0
        #: (path fragment, retry_after): the next request whose path has it gets a 429
        self.rate_limits: list[tuple[str, float]] = []
        #: channels and threads deleted: Discord answers 404 Unknown Channel
        self.deleted: set[int] = set()
        #: the bot's permissions in a channel (its threads take the parent's); default all
        self.bot_permissions: dict[int, int] = {}
        #: users whose DMs are closed to the bot: Discord refuses a message there (50007)
        self.closed_dms: set[int] = set()
        self.upload_limit = UPLOAD_LIMIT
        #: seconds added to the clock: how late things happen
        self.skew = 0.0
        #: each request takes 0 to twice this many seconds (seeded), as Discord's do
        self.latency = float(os.environ.get(LATENCY_VARIABLE) or 0) / 1000
        self._jitter = random.Random(1)
        #: messages that have had a thread started from them
        self.threaded: set[int] = set()
        #: posts made with enforce_nonce, by channel and nonce
        self.nonces: dict[tuple[int, str], dict[str, Any]] = {}
        #: network faults to come (tests call `fail`): [path fragment, kind, requests before]
        self.faults: list[list[Any]] = []
        #: Discord's rate limits (tests.fakeratelimits): the global limit, wide buckets
        self.limits = RateLimits()
        #: the rate-limit headers of the answer being made
        self.headers: dict[str, str] = {}
        #: 401s, 403s and 429s answered: Cloudflare bans a bot for an hour after 10,000 of
        #: them in 10 minutes
        self.invalid_requests = 0
        #: requests that broke Discord's published API description (tests.discordapi)
        self.breaches: list[str] = []
        #: the application's slash commands: global (key None) and per server
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        #: places the bot is not in (DMs between people, group DMs, servers that never added
        #: it), by channel: whether their members may use external apps there
        self.outside: dict[int, bool] = {}

    async def travel(self) -> None:
        """A request's time on the network (none unless a latency is set)."""
        if self.latency:
            await asyncio.sleep(self._jitter.uniform(0, 2 * self.latency))

    def clock(self) -> float:
        return time.time() + self.skew

    def new_interaction(
        self, channel_id: int, *, age: float = 0.0, message_id: int | None = None
    ) -> tuple[int, str]:
        """Id and token of an interaction that reached the bot `age` seconds after it was made
        (a click's: on `message_id`)."""
        created = self.clock() - age
        token = f"token-{snowflake()}"
        capped, private = channel_id in self.outside, not self.outside.get(channel_id, True)
        self.interactions[token] = Interaction(
            created, channel_id, message_id=message_id, capped=capped, private=private
        )
        return snowflake(created - self.skew), token

    # --- permissions and places --------------------------------------------------------
    def permissions(self, channel_id: int) -> int:
        parent = self.channels.get(channel_id, {}).get("parent_id")
        key = int(parent) if parent else channel_id
        return self.bot_permissions.get(key, int(EVERYONE))

    def require(self, channel_id: int, *needed: int) -> None:
        """Discord's 403 for an action the bot's permissions there do not allow."""
        have = self.permissions(channel_id)
        if not have & VIEW_CHANNEL:
            raise Refused(403, 50001, "Missing Access")
        if any(not have & bit for bit in needed):
            raise Refused(403, 50013, "Missing Permissions")

    def channel(self, channel_id: int) -> dict[str, Any]:
        if channel_id in self.deleted or channel_id not in self.channels:
            raise Refused(404, 10003, "Unknown Channel")
        return self.channels[channel_id]

    def lock_thread(self, thread_id: int, *, archived: bool = False) -> None:
        """A moderator locks a thread (and maybe archives it): the bot may no longer post."""
        metadata = self.channels[thread_id]["thread_metadata"]
        metadata["locked"], metadata["archived"] = True, archived

    # --- answering ---------------------------------------------------------------------
    def answer(self, method: str, url: str, data: Any) -> FakeResponse:
        path = url.split("/api/v10", 1)[1].split("?")[0]
        body, files = _body(data)
        call = Call(method, path, body, [(name, len(b)) for name, b in files])
        self.requests.append(call)
        fault = self.fault_for(path)
        if self.network_down or fault == "refused":
            self.network_down = max(0, self.network_down - 1)
            key = SimpleNamespace(host="discord.com", port=443, ssl=True)
            raise aiohttp.ClientConnectorError(key, OSError(111, "Connection refused"))  # type: ignore[arg-type]
        response = self.limited(method, path, call)
        if response is None:
            try:
                self.keep_to_contract(method, path, None if data is None else body)
                result = self.route(method, path, body, files)
            except Refused as refused:
                call.status = refused.status
                self.invalid_requests += refused.status in (401, 403)
                answer = {"code": refused.code, "message": refused.message}
                response = FakeResponse(refused.status, answer, self.headers)
            else:
                call.status = 204 if result is None else 200
                response = FakeResponse(call.status, result, self.headers)
        if fault == "disconnected":  # done, and the answer lost on the way back
            raise aiohttp.ServerDisconnectedError()
        if fault == "timeout":
            raise TimeoutError()
        return response

    def fail(self, kind: str, *, path: str = "", after: int = 0) -> None:
        """A network fault at a chosen request: the `after`+1-th next one whose path holds
        `path`. 'refused': it never reaches Discord (aiohttp's ClientConnectorError);
        'disconnected' or 'timeout': Discord does it, and its answer is lost
        (ServerDisconnectedError, or the client's timeout)."""
        assert kind in ("refused", "disconnected", "timeout"), kind
        self.faults.append([path, kind, after])

    def fault_for(self, path: str) -> str | None:
        for n, (fragment, kind, after) in enumerate(self.faults):
            if fragment in path:
                if after:
                    self.faults[n][2] = after - 1
                    return None
                del self.faults[n]
                return str(kind)
        return None

    def limited(self, method: str, path: str, call: Call) -> FakeResponse | None:
        """Discord's 429, for a 429 asked for (`rate_limits`) or a bucket spent (`limits`);
        else None, with the bucket's headers in `headers` for the answer."""
        self.headers = {}
        for n, (fragment, retry_after) in enumerate(self.rate_limits):
            if fragment in path:
                del self.rate_limits[n]
                return self.too_many(call, retry_after, {}, is_global=False)
        route = route_of(method, path)
        if route is None:
            return None
        self.headers, wait, is_global = self.limits.admit(
            method, route.template, path, route.parameters(path)
        )
        if wait is None:
            return None
        return self.too_many(call, wait, self.headers, is_global=is_global)

    def too_many(
        self, call: Call, retry_after: float, headers: dict[str, str], *, is_global: bool
    ) -> FakeResponse:
        call.status = 429
        self.invalid_requests += 1
        said = {"message": "You are being rate limited.", "retry_after": round(retry_after, 3)}
        return FakeResponse(429, {**said, "global": is_global}, {"Via": "1.1 google", **headers})

    def keep_to_contract(self, method: str, path: str, body: Any) -> None:
        """Refuse, as Discord does (400, 50035), a body its published API description does
        not allow; noted in `breaches`, which the harness's tests end by checking."""
        broken = breach(method, path, body)
        if broken is not None:
            self.breaches.append(broken)
            raise invalid(broken)

    def route(
        self, method: str, path: str, body: dict[str, Any], files: list[tuple[str, bytes]]
    ) -> Any:
        if found := _CALLBACK.fullmatch(path):
            return self.callback(found[2], body, files)
        if found := _WEBHOOK.fullmatch(path):
            return self.webhook(method, found[2], found[3], body, files)
        if path == "/gateway/bot" and method == "GET":
            limits = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 16}
            return {"url": "wss://gateway.discord.gg", "shards": 1, "session_start_limit": limits}
        if path == "/users/@me/channels" and method == "POST":
            return self.open_dm(int(body["recipient_id"]))
        if found := _COMMANDS.fullmatch(path):
            return self.slash_commands(method, int(found[1]) if found[1] else None, body)
        if (found := _CHANNEL.match(path)) and int(found[1]) in self.outside:
            raise Refused(403, 50001, "Missing Access")  # the bot is not in that place
        if found := _CHANNEL.fullmatch(path):
            channel_id = int(found[1])
            message_id = int(found[3]) if found[3] else None
            if found[4]:
                return self.start_thread(channel_id, message_id, body)
            if found[2] is None and method == "GET":
                channel = self.channel(channel_id)
                self.require(channel_id)
                return channel
            if found[2] and message_id is None and method == "POST":
                return self.post(channel_id, body, files)
            if message_id is not None and method == "PATCH":
                return self.edit(channel_id, message_id, body, files)
        raise AssertionError(f"unexpected Discord call {method} {path}")

    def open_dm(self, user_id: int) -> dict[str, Any]:
        """The bot's DM channel with a user (Discord makes it even where the user's DMs are
        closed: it is the message that is refused)."""
        for channel in self.channels.values():
            if channel.get("type") == 1 and channel.get("dm_for") == user_id:
                return channel
        channel_id = snowflake()
        user = {
            "id": str(user_id), "username": f"user{user_id}", "global_name": None,
            "discriminator": "0", "avatar": None, "bot": False,
        }  # fmt: skip
        channel = {"id": str(channel_id), "type": 1, "recipients": [user], "dm_for": user_id}
        self.channels[channel_id] = channel
        return channel

    def check_files(self, files: list[tuple[str, bytes]]) -> None:
        """Each attachment within the server's limit, the request within 25 MiB, at most 10."""
        if len(files) > MOST_ATTACHMENTS:
            raise invalid("attachments: Must be 10 or fewer in length.")
        if any(len(data) > self.upload_limit for _, data in files):
            raise Refused(413, 40005, "Request entity too large")
        if sum(len(data) for _, data in files) > REQUEST_LIMIT:
            raise Refused(413, 40005, "Request entity too large")

    # --- interactions ------------------------------------------------------------------
    def interaction(self, token: str, *, answering: bool = False) -> Interaction:
        known = self.interactions.get(token)
        if known is None or not (answering or known.answered):
            raise Refused(404, 10015, "Unknown Webhook")  # no token until it is answered
        age = self.clock() - known.created
        if answering:
            if known.answered:
                raise Refused(400, 40060, "Interaction has already been acknowledged.")
            if age > ANSWER_WINDOW:
                raise Refused(404, 10062, "Unknown interaction")
        elif age > TOKEN_LIFETIME:
            raise Refused(401, 50027, "Invalid Webhook Token")
        return known

    def clicked(self, interaction: Interaction) -> dict[str, Any] | None:
        """The message whose component made the interaction (a private one too)."""
        message_id = interaction.message_id or 0
        return self.messages.get(message_id) or self.private.get(message_id)

    def callback(self, token: str, body: dict[str, Any], files: list[tuple[str, bytes]]) -> Any:
        interaction = self.interaction(token, answering=True)
        kind = {4: "reply", 5: "defer", 6: "defer", 7: "update", 8: "autocomplete"}[body["type"]]
        data = body.get("data") or {}
        channel_id = interaction.channel_id
        if kind == "autocomplete":
            check_choices(data["choices"])
        elif kind != "defer":
            check_message(data, files)
            self.check_files(files)
        place = self.channels.get(channel_id, {})
        if kind != "autocomplete" and (place.get("thread_metadata") or {}).get("locked"):
            raise Refused(403, 160005, "Thread is locked")
        interaction.answered = True
        answer = {"id": str(snowflake()), "type": body["type"]}
        if kind == "autocomplete":
            choices = data["choices"]
            values, names = [c["value"] for c in choices], [c["name"] for c in choices]
            self.sent.append(Sent(kind, channel_id, choices=values, choice_names=names))
            return {"interaction": answer}
        if kind == "defer":
            self.sent.append(Sent("defer", channel_id))
            clicked = self.clicked(interaction)
            if body["type"] == 6 and clicked is not None:  # its edits go to the clicked message
                self.originals[token] = clicked
            if body["type"] == 5:  # "thinking…", shown as the interaction's response
                interaction.loading = True
                interaction.deferred_flags = data.get("flags", 0) | interaction.private * 64
                self.originals[token] = self.record(
                    "loading", channel_id, {}, [], interaction.deferred_flags, note=False
                )
            return {"interaction": answer, "resource": {"type": body["type"]}}
        flags = data.get("flags", 0) | (interaction.private and kind == "reply") * 64
        if kind == "reply" and flags & 64:
            kind = "ephemeral"
        clicked = self.clicked(interaction) if kind == "update" else None
        message = self.record(kind, channel_id, data, files, flags, reuse=clicked)
        self.originals[token] = message
        answer["response_message_id"] = message["id"]
        return {"interaction": answer, "resource": {"type": body["type"], "message": message}}

    def webhook(
        self,
        method: str,
        token: str,
        which: str | None,
        body: dict[str, Any],
        files: list[tuple[str, bytes]],
    ) -> Any:
        """An interaction's follow-ups and original response, through its token (`which`:
        '@original', a follow-up's id, or None to send a follow-up)."""
        interaction = self.interaction(token)
        channel_id = interaction.channel_id
        original = self.originals.get(token)
        target = original if which in (None, "@original") else self.followup(token, which)
        if method in ("GET", "DELETE") and target is None:
            raise Refused(404, 10008, "Unknown Message")
        if method == "GET":
            return target
        if method == "DELETE":
            assert target is not None
            if target is original:
                del self.originals[token]
                interaction.loading = False
            stored = self.private if target["flags"] & 64 else self.messages
            stored.pop(int(target["id"]), None)
            self.sent.append(Sent("delete", channel_id, payload=target))
            return None
        check_message(body, files)
        self.check_files(files)
        if method == "POST" and interaction.capped and len(interaction.followups) >= MOST_FOLLOWUPS:
            raise Refused(
                400, 40094, "This interaction has hit the maximum number of follow up messages"
            )
        if method == "PATCH" or interaction.loading:
            # the first follow-up after a deferral replaces its "thinking…", and is private
            # or public as the deferral was, whatever flags it carries
            if target is None:
                raise Refused(404, 10008, "Unknown Message")
            kind = "edit" if method == "PATCH" else "followup"
            flags = target.get("flags", 0)
            message = self.record(kind, channel_id, body, files, flags, reuse=target)
            if target is original:
                interaction.loading = False
                self.originals[token] = message
        else:
            flags = body.get("flags", 0) | interaction.private * 64
            kind = "ephemeral" if flags & 64 else "followup"
            message = self.record(kind, channel_id, body, files, flags)
        if method == "POST":
            interaction.followups.append(int(message["id"]))
        return message

    def followup(self, token: str, which: str) -> dict[str, Any] | None:
        """One of the interaction's follow-ups (or its original response), by id."""
        message_id = int(which)
        original = self.originals.get(token)
        if original is not None and int(original["id"]) == message_id:
            return original
        if message_id not in self.interactions[token].followups:
            return None
        return self.messages.get(message_id) or self.private.get(message_id)

    # --- slash commands ----------------------------------------------------------------
    def slash_commands(self, method: str, guild_id: int | None, body: Any) -> Any:
        """The application's commands, global or a server's: read, or replaced whole."""
        if method == "PUT":
            self.commands[guild_id] = [
                {**command, "id": str(snowflake()), "application_id": self.bot_user["id"],
                 "version": "1", "guild_id": None if guild_id is None else str(guild_id)}
                for command in body
            ]  # fmt: skip
        return self.commands.get(guild_id, [])

    def listed(self, guild_id: int) -> list[str]:
        """The commands a server's members see: the global ones and the server's own."""
        both = self.commands.get(None, []) + self.commands.get(guild_id, [])
        return sorted(command["name"] for command in both)

    # --- channels ----------------------------------------------------------------------
    def writable(self, channel_id: int, *, files: bool, embeds: bool) -> dict[str, Any]:
        """The channel, if the bot may post there as asked."""
        channel = self.channel(channel_id)
        if channel.get("type") == 1:  # a DM: delivered unless the user closed theirs
            if channel["dm_for"] in self.closed_dms:
                raise Refused(403, 50007, "Cannot send messages to this user")
            return channel
        if channel.get("type") in POSTS_ONLY:
            raise Refused(400, 50008, "Cannot send messages in a non-text channel")
        thread = channel.get("type") in THREAD_TYPES
        needed = [SEND_MESSAGES_IN_THREADS if thread else SEND_MESSAGES]
        needed += [ATTACH_FILES] if files else []
        needed += [EMBED_LINKS] if embeds else []
        self.require(channel_id, *needed)
        if thread and channel["thread_metadata"]["locked"]:
            raise Refused(403, 160005, "Thread is locked")
        return channel

    def archived(self, channel: dict[str, Any]) -> bool:
        """A thread archived by hand, or by itself after its auto-archive duration idle."""
        metadata = channel.get("thread_metadata")
        if metadata is None:
            return False
        since = datetime.fromisoformat(metadata["archive_timestamp"]).timestamp()
        if self.clock() - since > 60 * (metadata.get("auto_archive_duration") or 1440):
            metadata["archived"] = True
        return bool(metadata["archived"])

    def touch(self, channel: dict[str, Any]) -> None:
        """A message in a thread: it is active again from now."""
        if "thread_metadata" in channel:
            metadata = channel["thread_metadata"]
            metadata["archived"] = False
            metadata["archive_timestamp"] = datetime.fromtimestamp(self.clock(), UTC).isoformat()

    def post(self, channel_id: int, body: dict[str, Any], files: list[tuple[str, bytes]]) -> Any:
        channel = self.writable(channel_id, files=bool(files), embeds=bool(body.get("embeds")))
        check_message(body, files)
        self.check_files(files)
        nonce = (channel_id, str(body.get("nonce"))) if body.get("enforce_nonce") else None
        if nonce in self.nonces:  # made already: Discord answers with that message
            return self.nonces[nonce]
        self.touch(channel)  # posting into an archived, unlocked thread unarchives it
        made = self.record("post", channel_id, body, files)
        if nonce is not None:
            self.nonces[nonce] = made
        return made

    def edit(
        self, channel_id: int, message_id: int, body: dict[str, Any], files: list[tuple[str, bytes]]
    ) -> Any:
        channel = self.writable(channel_id, files=bool(files), embeds=bool(body.get("embeds")))
        if self.archived(channel):
            raise Refused(400, 50083, "Thread is archived")
        stored = self.messages.get(message_id)
        if stored is None or int(stored["channel_id"]) != channel_id:
            raise Refused(404, 10008, "Unknown Message")
        check_message({**stored, **body}, files)
        self.check_files(files)
        return self.record("edit", channel_id, {**stored, **body}, files, reuse=stored)

    def start_thread(
        self, channel_id: int, message_id: int | None, body: dict[str, Any]
    ) -> dict[str, Any]:
        channel = self.channel(channel_id)
        self.require(channel_id, CREATE_PUBLIC_THREADS)
        if channel.get("type") in NO_THREADS_IN:
            raise Refused(400, 50024, "Cannot execute action on this channel type")
        if message_id is not None and message_id not in self.messages:
            raise Refused(404, 10008, "Unknown Message")
        if message_id in self.threaded:
            raise Refused(400, 160004, "A thread has already been created for this message")
        if not 1 <= len(body.get("name", "")) <= 100:
            raise invalid("name: Must be between 1 and 100 in length.")
        duration = body.get("auto_archive_duration", 1440)
        if duration not in ARCHIVE_MINUTES:
            raise invalid("auto_archive_duration: Value must be one of (60, 1440, 4320, 10080).")
        kind = 10 if channel.get("type") == 5 else 11  # announcement channels' threads
        thread = thread_payload(channel_id, body["name"], self.bot_user["id"], kind)
        if message_id is not None:  # a thread started from a message takes its id
            thread["id"] = str(message_id)
        thread["thread_metadata"]["auto_archive_duration"] = duration
        self.channels[int(thread["id"])] = thread
        if message_id is not None:
            self.threaded.add(message_id)
        return thread

    # --- messages ----------------------------------------------------------------------
    def record(
        self,
        kind: str,
        channel_id: int,
        body: dict[str, Any],
        files: list[tuple[str, bytes]],
        flags: int = 0,
        reuse: dict[str, Any] | None = None,
        *,
        note: bool = True,
    ) -> dict[str, Any]:
        """Store the message as Discord would (an edit keeps the id) and note it as sent
        (unless `note` is off: a deferral's "thinking…", noted as the deferral)."""
        payload: dict[str, Any] = {
            "id": reuse["id"] if reuse else str(snowflake()),
            "channel_id": str(channel_id),
            "author": self.bot_user,
            "content": body.get("content") or "",
            "timestamp": now(),
            "edited_timestamp": now() if reuse else None,
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
                    "size": len(data),
                    "url": f"https://x/{name}",
                    "proxy_url": f"https://x/{name}",
                }
                for name, data in files
            ],
        }
        # a server's channel's messages name their server; a DM's or group DM's none
        guild_id = self.channels.get(channel_id, {"guild_id": str(GUILD_ID)}).get("guild_id")
        if guild_id is not None:
            payload["guild_id"] = guild_id
        # each new file's alt text, as the request's attachments say (the document holds
        # it to its limit: tests.discordapi refused a longer one before this)
        described = {a.get("filename"): a.get("description") for a in body.get("attachments") or []}
        for attachment in payload["attachments"]:
            if described.get(attachment["filename"]):
                attachment["description"] = described[attachment["filename"]]
        (self.private if flags & 64 else self.messages)[int(payload["id"])] = payload
        if not note:
            return payload
        buttons = [c for row in payload["components"] for c in row.get("components", [])]
        menus = [c for c in buttons if c["type"] == 3]
        lists = {c["custom_id"]: [o["value"] for o in c["options"]] for c in menus}
        self.sent.append(
            Sent(
                kind,
                channel_id,
                payload["content"],
                payload["embeds"],
                [name for name, _ in files],
                [b.get("custom_id", "") for b in buttons],
                [b.get("label", "") for b in buttons],
                payload=payload,
                allowed_mentions=body.get("allowed_mentions"),
                lists=lists,
                alt_texts=[a.get("description", "") for a in payload["attachments"]],
            )
        )
        return payload

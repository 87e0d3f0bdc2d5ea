"""Console mode: the bot driven from a terminal, through the same command handlers.

Each input line is `[#channel] NAME: /command args` or `[#channel] NAME: [Button label]`;
each output line is what the bot would post: `#channel bot: ...`, or `#channel bot (to NAME):
...` for replies only NAME would see. Attachments are written under the output folder.
"""

from __future__ import annotations

import logging
import re
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rules import GAMES

from .commands import COMMAND_OPTIONS, Commands, Context, usage
from .config import Settings
from .replies import Button, Message, Response, private
from .service import MatchService
from .store import Store

GUILD = 1
DEFAULT_CHANNEL = "general"
_LINE = re.compile(r"^\s*(?:#([\w-]+)\s+)?@?([^\s:][^:]*?)\s*:\s*(.*?)\s*$")
_CLICK = re.compile(r"^\[(.+)\]$")
_OPTION = re.compile(r"^([a-z_]+):(.*)$")
_MENTION = re.compile(r"<([@#])(\d+)>")
_MATCH = re.compile(r"#?[0-9]{1,20}")
USER_OPTIONS = ("opponent", "user")
log = logging.getLogger("bot.console")


class Console:
    def __init__(self, commands: Commands, out: Path, write: Callable[[str], None] = print) -> None:
        self.commands = commands
        self.out = out
        self.write = write
        self.ids: dict[str, int] = {}  # user and channel names -> ids (one number space)
        self.names: dict[int, str] = {}
        self.buttons: dict[int, list[list[Button]]] = {}  # channel -> its messages' buttons
        self.threads: dict[int, int] = {}  # match id -> thread channel id
        self.files = 0

    def _id(self, kind: str, name: str) -> int:
        key = f"{kind}:{name.lower()}"
        if key not in self.ids:
            self.ids[key] = 1000 + len(self.ids)
            self.names[self.ids[key]] = name
        return self.ids[key]

    def user(self, name: str) -> int:
        return self._id("user", name.lstrip("@"))

    def channel(self, name: str) -> int:
        return self._id("channel", name.lstrip("#"))

    # --- input ------------------------------------------------------------------------------
    async def line(self, text: str) -> None:
        """One input line; whatever goes wrong with it, the console goes on with the next."""
        try:
            await self._line(text)
        except Exception:
            log.exception("console: the line %r failed", text[:80])
            self.write("console: sorry, that line failed on our side; nothing was changed")

    async def _line(self, text: str) -> None:
        if not text.strip() or text.lstrip().startswith("//"):
            return
        m = _LINE.match(text)
        if not m:
            self.write(f"console: cannot read {text.strip()!r}: write '[#channel] NAME: /command'")
            return
        channel_name, user_name, action = m.groups()
        channel = self.channel(channel_name or DEFAULT_CHANNEL)
        ctx = Context(GUILD, channel, self.user(user_name), user_name.lstrip("@"))
        if click := _CLICK.match(action):
            await self.click(ctx, click.group(1))
        elif action.startswith("/"):
            await self.command(ctx, action[1:])
        else:
            self.write(f"console: {user_name} said something that is not a /command or a [button]")

    async def command(self, ctx: Context, text: str) -> None:
        await self.show(ctx, await self._run(ctx, text))

    async def _run(self, ctx: Context, text: str) -> Response:
        try:
            words = shlex.split(text)
        except ValueError:
            return private("That line has an unclosed quote: close it, or leave quotes out.")
        if not words:
            return private("Type a command after the /, like /help.")
        name, *args = words
        if name not in COMMAND_OPTIONS:
            return private(f"There is no /{name[:32]} command: /help lists them.")
        try:
            options = self.options(name, args)
        except ValueError as err:
            return private(str(err))
        return await self.commands.run(name, ctx, **options)

    def options(self, command: str, args: list[str]) -> dict[str, Any]:
        """option:value pairs, or positional values in the command's declared order."""
        declared = COMMAND_OPTIONS[command]
        values: dict[str, Any] = {}
        free = list(declared)
        for arg in args:
            m = _OPTION.match(arg)
            if m and m.group(1) in declared:
                name, value = m.groups()
            elif free:
                name, value = free[0], arg
            else:
                takes = f"its options are: {usage(command)}" if declared else "no options"
                raise ValueError(f"/{command} takes {takes}; {arg[:32]!r} is one too many.")
            if name in free:
                free.remove(name)
            values[name] = self.value(name, value)
            if name in USER_OPTIONS:
                values[f"{name}_name"] = value.lstrip("@")
        return values

    def value(self, option: str, text: str) -> Any:
        if option in USER_OPTIONS:
            return self.user(text)
        if option == "match":
            if not _MATCH.fullmatch(text):
                raise ValueError(f"A match is a number like 12, not {text[:32]!r}.")
            return int(text.lstrip("#"))
        if option == "game":
            by_name = {g.name.lower(): g.id for g in GAMES.values()}
            return by_name.get(text.lower(), text.lower())
        return text

    async def click(self, ctx: Context, label: str) -> None:
        """Press the labelled button on the latest message here, or in a match's thread."""
        wanted = label.strip().lower()
        places = [ctx.channel_id, *reversed(list(self.threads.values()))]
        for channel in places:
            for buttons in reversed(self.buttons.get(channel, [])):
                for button in buttons:
                    if button.label.lower() == wanted:
                        here = Context(ctx.guild_id, channel, ctx.user_id, ctx.user_name)
                        response = await self.commands.click(here, button.custom_id)
                        if response.edit_origin is not None:
                            buttons[:] = list(response.edit_origin.buttons)
                        return await self.show(here, response)
        self.write(f"console: no [{label}] button to press in #{self.names[ctx.channel_id]}")

    # --- output -----------------------------------------------------------------------------
    async def show(self, ctx: Context, response: Response) -> None:
        channel = ctx.channel_id
        if response.edit_origin is not None:
            self.post(channel, response.edit_origin, note="edited")
        if response.reply is not None:
            note = f"to {ctx.user_name}" if response.ephemeral else None
            self.post(channel, response.reply, note=note)
        if response.match_id is None:
            return
        if response.open_thread is not None:
            game = (await self.commands.service.match(response.match_id)).game_id
            thread = self.channel(f"{game}-{response.match_id}")
            await self.commands.service.bind_thread(response.match_id, thread)
            self.threads[response.match_id] = thread
            self.write(f"#{self.names[channel]} bot: [thread #{self.names[thread]} opened]")
        target = self.threads.get(response.match_id, channel)
        for message in response.posts:
            self.post(target, message)

    def post(self, channel: int, message: Message, note: str | None = None) -> None:
        who = f"bot ({note})" if note else "bot"
        prefix = f"#{self.names[channel]} {who}:"
        lines = [f"**{message.title}**"] if message.title else []
        lines += message.text.splitlines() or [""]
        lines += [f"{name}: {value}" for name, value in message.fields]
        for attachment in message.files:
            self.files += 1
            self.out.mkdir(parents=True, exist_ok=True)
            path = self.out / f"{self.files:04d}-{attachment.filename}"
            path.write_bytes(attachment.data)
            lines.append(f"[file {path}]")
        if message.buttons:
            lines.append(" ".join(f"[{b.label}]" for b in message.buttons))
            if note != "edited" and note is None:
                self.buttons.setdefault(channel, []).append(list(message.buttons))
        for line in lines:
            self.write(f"{prefix} {self.readable(line)}")

    def readable(self, text: str) -> str:
        """Mentions as @name and #channel."""

        def name(m: re.Match[str]) -> str:
            found = self.names.get(int(m.group(2)), m.group(2))
            return f"{m.group(1)}{found}"

        return _MENTION.sub(name, text)


async def run_console_at(database: str, out: Path, settings: Settings) -> None:
    """Read stdin to its end, printing what the bot would post."""
    store = await Store.open(database)
    try:
        service = MatchService(store, challenge_seconds=settings.challenge_minutes * 60)
        console = Console(Commands(service, settings.default_move_time), out)
        for text in sys.stdin:
            await console.line(text.rstrip("\n"))
    finally:
        await store.close()

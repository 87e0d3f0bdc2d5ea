"""Console mode: the bot driven from a terminal, through the same command handlers.

Each input line is `[#channel] NAME: /command args` or `[#channel] NAME: [Button label]` (or
`[pick LABEL]`, an entry of a list); each output line is what the bot would post: `#channel
bot: ...`, or `#channel bot (to NAME): ...` for replies only NAME would see. Attachments are
written under the output folder.
"""

from __future__ import annotations

import asyncio
import logging
import re
import shlex
import sys
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from bot.adapters.commands.dispatch import Dispatcher
from bot.adapters.commands.group import Context
from bot.adapters.commands.registry import BY_NAME, CommandSpec, Someone
from bot.adapters.console_lists import PICK, Lists
from bot.adapters.console_names import Names
from bot.adapters.replies import Button, Message, Notice, Response, private
from bot.app.app import App
from bot.service import Analysis, MatchService, MatchView, MoveResult, RoundBoard, RoundNews
from rules import QUOTED, get_game, quoted

GUILD = 1
DEFAULT_CHANNEL = "general"
#: the name the bot itself goes by in the console (challenge it to play the computer)
COMPUTER = "bot"
_LINE = re.compile(r"^\s*(?:#([\w-]+)\s+)?@?([^\s:][^:]*?)\s*:\s*(.*?)\s*$")
_CLICK = re.compile(r"^\[(.+)\]$")
_OPTION = re.compile(r"^([a-z_]+):(.*)$")
_MATCH = re.compile(r"#?[0-9]{1,20}")


def _last_number(folder: Path) -> int:
    """The highest number a picture in `folder` starts with (0: none)."""
    numbers = [int(f.name[:4]) for f in folder.glob("[0-9][0-9][0-9][0-9]-*")]
    return max(numbers, default=0)


def _fits(kind: str, word: str) -> bool:
    """A word typed without its option's name could be that option's value."""
    if kind == "user":
        return word.startswith("@")
    if kind == "number":
        return bool(_MATCH.fullmatch(word))
    return not word.startswith("@")


log = logging.getLogger("bot.console")


class Console:
    def __init__(
        self,
        service: MatchService,
        out: Path,
        write: Callable[[str], None] = print,
        default_move_time: str | None = None,
        moderators: Iterable[str] = (),
        public_url: str = "",
    ) -> None:
        self.service = service
        self.moderators = set(moderators)
        self.names = Names()
        #: `@bot` is the bot itself: challenged, it is the computer opponent
        self.dispatcher = Dispatcher(
            service, self.names, default_move_time, computer_id=self.names.user_id(COMPUTER),
            public_url=public_url,
        )  # fmt: skip
        self.out = out
        self.write = write
        #: channel -> its messages' buttons, with who may press them (None: anyone)
        self.buttons: dict[int, list[tuple[int | None, list[Button]]]] = {}
        self.lists = Lists()  # the messages' lists to choose from (the Move button's picker)
        self.threads: dict[int, int] = {}  # match id -> thread channel id
        self.known: set[int] = set()  # users whose games' threads are named
        self.named = False  # whether the names of earlier runs are known (_know_names)
        #: what each message shows ("tournament:3"): where it is, and its buttons (an update
        #: edits it)
        self.shown: dict[str, tuple[int, list[Button]]] = {}
        #: lines being answered: the computer's boards wait for them, as on Discord
        self.answering = 0
        self.answered = asyncio.Condition()
        self.files = _last_number(out)  # a later run on the same folder numbers on

    # --- input ------------------------------------------------------------------------------
    async def line(self, text: str) -> None:
        """One input line; whatever goes wrong with it, the console goes on with the next."""
        self.answering += 1
        try:
            await self._line(text)
        except Exception:
            log.exception("console: the line %r failed", text[:80])
            self.write("console: sorry, that line failed on our side; nothing was changed")
        finally:
            self.answering -= 1
            async with self.answered:
                self.answered.notify_all()

    async def _line(self, text: str) -> None:
        if not text.strip() or text.lstrip().startswith("//"):
            return
        m = _LINE.match(text)
        if not m:
            self.write(f"console: cannot read {text.strip()!r}: write '[#channel] NAME: /command'")
            return
        channel_name, user_name, action = m.groups()
        channel = self.names.channel_id(channel_name or DEFAULT_CHANNEL)
        name = user_name.lstrip("@")
        boss = name in self.moderators  # may manage messages and the server
        ctx = Context(
            GUILD, channel, self.names.user_id(user_name), name, moderator=boss, manager=boss
        )
        await self._know_names()
        await self._know_threads(ctx.user_id)
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
        if name not in BY_NAME:
            return private(f"There is no /{name[:QUOTED]} command: /help lists them.")
        try:
            options = self.options(BY_NAME[name], args)
        except ValueError as err:
            return private(str(err))
        if BY_NAME[name].hosts_games(options):  # the console's channels are open to everyone
            await self.dispatcher.see_channel(ctx.guild_id, ctx.channel_id, True)
        return await self.dispatcher.run(name, ctx, **options)

    def options(self, spec: CommandSpec, args: list[str]) -> dict[str, Any]:
        """option:value pairs, or positional values: each goes to the first option left that
        it fits (a user is written @name, a number is one); a game's name or a move may run
        on over several words ("game:The Crown", "/move 11 15")."""
        kinds = {o.name: o.kind for o in spec.options}
        given: dict[str, str] = {}
        free = list(kinds)
        last: str | None = None  # the option a following plain word may run on into
        for arg in args:
            m = _OPTION.match(arg)
            if m and m.group(1) in kinds:
                name, value = m.groups()
            elif last is not None and not arg.startswith(("@", "#")):
                given[last] += f" {arg}"
                continue
            elif free:  # the first option it fits; else the first left, to say why not
                name = next((n for n in free if _fits(kinds[n], arg)), free[0])
                value = arg
            else:
                raise ValueError(self._too_many(spec, arg))
            if name in free:
                free.remove(name)
            given[name] = value
            last = name if kinds[name] in ("game", "text") else None
        values: dict[str, Any] = {}
        for name, value in given.items():
            values[name] = self.value(kinds[name], value, name)
        return values

    @staticmethod
    def _too_many(spec: CommandSpec, arg: str) -> str:
        if not spec.options:
            return f"/{spec.name} takes no options, so {quoted(arg)} is one too many."
        return f"/{spec.name} is written {spec.usage()}, so {quoted(arg)} is one too many."

    def value(self, kind: str, text: str, name: str) -> Any:
        if kind == "user":  # the name typed is the one they go by, here and everywhere
            name = text.lstrip("@")
            return Someone(self.names.user_id(text), name, name)
        if kind == "number":
            if not _MATCH.fullmatch(text):
                example = "3" if name == "level" else "12"
                raise ValueError(f"A {name} is a number like {example}, not {quoted(text)}.")
            return int(text.lstrip("#"))
        return text  # a game's name is read by the rules' get_game, as on Discord

    async def click(self, ctx: Context, label: str) -> None:
        """Press the labelled button on the latest message here, or in a match's thread
        (`pick LABEL`: choose that entry of a list)."""
        if label.lower().startswith(PICK):
            return await self.pick(ctx, label[len(PICK) :])
        wanted = label.strip().lower()
        for channel in self._places(ctx):
            for owner, buttons in reversed(self.buttons.get(channel, [])):
                if owner not in (None, ctx.user_id):
                    continue  # a private reply: only its reader sees its buttons
                for button in buttons:
                    if button.label.lower() == wanted:
                        here = replace(ctx, channel_id=channel)
                        response = await self.dispatcher.click(here, button.custom_id)
                        if response.edit_origin is not None:
                            buttons[:] = list(response.edit_origin.buttons)
                        return await self.show(here, response)
        where = self.names.channel(ctx.channel_id)
        self.write(f"console: no [{label}] button to press in {where}")

    async def pick(self, ctx: Context, label: str) -> None:
        """Choose the labelled entry of the latest list here, or in a match's thread."""
        found = self.lists.find(self._places(ctx), ctx.user_id, label)
        if found is None:
            where = self.names.channel(ctx.channel_id)
            return self.write(f"console: no [{PICK}{label}] to choose in {where}")
        here = replace(ctx, channel_id=found.channel)
        response = await self.dispatcher.choose(here, found.custom_id, found.value)
        if (edit := response.edit_origin) is not None:  # the list's own message, edited
            found.lists[:] = edit.selects
            note = f"to {ctx.user_name}, edited" if found.private else "edited"
            self.post(found.channel, edit, note=note)
        await self.show(here, replace(response, edit_origin=None))

    def _places(self, ctx: Context) -> list[int]:
        """Where a line looks for what it presses: here, then the matches' threads."""
        return [ctx.channel_id, *reversed(list(self.threads.values()))]

    async def computer_moved(self, result: MoveResult) -> None:
        """The computer's move: its board in the match's thread, once the line being
        answered (which may be the move it replies to) is shown."""
        await self._know_names()
        board = await self.dispatcher.computer_moved(result)
        async with self.answered:
            await self.answered.wait_for(lambda: not self.answering)
        self.post(self._played_in(result.match), board)
        notice = await self.dispatcher.computer_notice(result)
        if notice is not None:
            self.dm(notice)

    async def round_started(self, news: RoundNews) -> None:
        """A tournament's round: its announcement (its games' boards follow, each posted by
        the director through `round_board`), or the event's end."""
        await self._know_names()
        for message in await self.dispatcher.round_posts(news):
            self.post(news.tournament.channel_id, message)

    async def round_board(self, board: RoundBoard) -> None:
        """A tournament game: started in the event's channel, its board in a thread."""
        match = board.match
        await self._know_names()
        here = Context(match.guild_id, match.channel_id, 0, COMPUTER)
        await self.show(here, await self.dispatcher.round_board(board))

    async def reviewed(self, analysis: Analysis) -> None:
        """A review's progress, or the review made: printed where the game was played."""
        message = await self.dispatcher.review_message(analysis)
        if not self.update(message):
            self.post(self._played_in(analysis.match), message)

    async def _know_names(self) -> None:
        """Once a run: the names people typed or were mentioned by in earlier runs (the
        service remembers them), and their games' threads, so a post names them before they
        type in this one."""
        if not self.named:
            self.named = True
            known = await self.service.standings.known_names(GUILD)
            self.names.learn(known)
            for user_id in known:
                await self._know_threads(user_id)

    async def _know_threads(self, user_id: int) -> None:
        """Name the threads of a user's games from an earlier run, before a reply shows one."""
        if user_id in self.known:
            return
        self.known.add(user_id)
        for match in await self.service.games_of(GUILD, user_id):
            self._thread(match)

    def _thread(self, match: MatchView) -> int | None:
        """The match's thread, known by its name (game and number) in this run or an earlier
        one, since ids come from names."""
        if match.thread_id is not None and match.id not in self.threads:
            named = self.names.channel_id(f"{get_game(match.game_id).id}-{match.id}")
            self.threads[match.id] = named if named == match.thread_id else match.thread_id
        return self.threads.get(match.id)

    def _played_in(self, match: MatchView) -> int:
        """Where the match's posts go: its thread, else its channel."""
        thread = self._thread(match)
        return match.channel_id if thread is None else thread

    # --- output -----------------------------------------------------------------------------
    async def show(self, ctx: Context, response: Response) -> None:
        channel = ctx.channel_id
        match = None
        if response.match_id is not None:  # its posts go to its thread, if it has one
            match = await self.service.match(response.match_id)
            self._thread(match)
        if response.edit_origin is not None:
            self.post(channel, response.edit_origin, note="edited")
        if response.reply is not None:
            note = f"to {ctx.user_name}" if response.ephemeral else None
            self.post(channel, response.reply, note=note, reader=ctx.user_id)
        for notice in response.dms:
            self.dm(notice)
        for match_id, message in response.elsewhere:
            self.post(self._played_in(await self.service.match(match_id)), message)
        for update in response.updates:
            self.update(update)
        if match is None:
            return
        if response.open_thread is not None:
            thread = self.names.channel_id(f"{get_game(match.game_id).id}-{match.id}")
            await self.service.play.bind_thread(match.id, thread)
            self.threads[match.id] = thread
            shown = self.names.channel
            self.write(f"{shown(channel)} bot: [thread {shown(thread)} opened]")
        for message in response.posts:
            self.post(self.threads.get(match.id, channel), message)
        for started in response.also:
            await self.show(ctx, started)

    def dm(self, notice: Notice) -> None:
        """A direct message, printed in the person's DM channel with the bot."""
        name = self.names.name(notice.user_id)
        self.post(self.names.channel_id(f"dm-{name}"), notice.message, note=f"DM to {name}")

    def update(self, message: Message) -> bool:
        """Edit the message showing what `message` shows, printed as its edit, with its
        buttons; False where none was posted in this run (as Discord leaves an update out
        where it knows no message)."""
        if message.shows not in self.shown:
            return False
        channel, buttons = self.shown[message.shows]
        self.post(channel, message, note="edited")
        buttons[:] = message.buttons
        return True

    def post(
        self, channel: int, message: Message, note: str | None = None, reader: int | None = None
    ) -> None:
        """Print a message; `reader`: who alone sees it, when `note` says it is private."""
        who = f"bot ({note})" if note else "bot"
        prefix = f"{self.names.channel(channel)} {who}:"
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
            lines.append(
                " ".join(
                    f"[{b.label}: {b.url}]" if b.url else f"[{b.label}]" for b in message.buttons
                )
            )
        lines += self.lists.lines(message)
        edited = (note or "").endswith("edited")
        if not edited:
            self.lists.keep(channel, reader if note else None, message)
        if not edited and (message.buttons or message.shows):
            owner, buttons = reader if note else None, list(message.buttons)
            self.buttons.setdefault(channel, []).append((owner, buttons))
            if message.shows is not None:
                self.shown[message.shows] = (channel, buttons)
        for line in lines:
            self.write(f"{prefix} {line}")


async def run_console(app: App, out: Path, moderators: Iterable[str] = ()) -> None:
    """Read stdin to its end, printing what the bot on `app` would post (`moderators`: the
    names who may manage messages, as a server's moderators may)."""
    settings = app.settings
    console = Console(
        app.service, out, default_move_time=settings.default_move_time, moderators=moderators,
        public_url=settings.public_url,
    )  # fmt: skip
    await app.start_computer(console.computer_moved, console.reviewed)
    await app.start_director(console.round_started, console.round_board)
    await app.start_web()
    await app.settle()
    for text in sys.stdin:
        await console.line(text.rstrip("\n"))
        await app.settle()  # the computer answers before the next line is read

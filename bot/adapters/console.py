"""Console mode: the bot driven from a terminal, through the same command handlers.

Each input line is `[#channel] NAME: /command args` or `[#channel] NAME: [Button label]` (or
`[pick LABEL]`, an entry of a list); each output line is what the bot would post: `#channel
bot: ...`, or `#channel bot (to NAME): ...` for replies only NAME would see. Attachments are
written under the output folder.

The bot speaks one language in the console (`--locale`): its messages, and the console's own
notes; the transcript's markup (`bot (to NAME)`, `edited`, `DM to NAME`, `[thread ...
opened]`, `[file ...]`, `[pick ...]`) stays as it is, as a command's name does.
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

from bot.adapters.commands.dispatch import Dispatcher
from bot.adapters.commands.group import Context
from bot.adapters.commands.registry import BY_NAME
from bot.adapters.console_lists import PICK, Lists
from bot.adapters.console_names import Names
from bot.adapters.console_options import OptionReader
from bot.adapters.replies import Button, Message, Notice, Response, private
from bot.app.app import App
from bot.i18n import _, speaking
from bot.service import Analysis, MatchService, MatchView, MoveResult, RoundBoard, RoundNews
from rules import QUOTED, get_game

GUILD = 1
DEFAULT_CHANNEL = "general"
#: the name the bot itself goes by in the console (challenge it to play the computer)
COMPUTER = "bot"
_LINE = re.compile(r"^\s*(?:#([\w-]+)\s+)?@?([^\s:][^:]*?)\s*:\s*(.*?)\s*$")
_CLICK = re.compile(r"^\[(.+)\]$")


def _last_number(folder: Path) -> int:
    """The highest number a picture in `folder` starts with (0: none)."""
    numbers = [int(f.name[:4]) for f in folder.glob("[0-9][0-9][0-9][0-9]-*")]
    return max(numbers, default=0)


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
        locale: str = "en",
    ) -> None:
        self.service = service
        #: the language everyone in the console reads (bot.i18n's locale code)
        self.locale = locale
        self.moderators = set(moderators)
        self.names = Names()
        self.reader = OptionReader(self.names)
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
            with speaking(self.locale):
                await self._line(text)
        except Exception:
            log.exception("console: the line %r failed", text[:80])
            with speaking(self.locale):
                sorry = _("sorry, that line failed on our side; nothing was changed")
            self.write(f"console: {sorry}")
        finally:
            self.answering -= 1
            async with self.answered:
                self.answered.notify_all()

    async def _line(self, text: str) -> None:
        if not text.strip() or text.lstrip().startswith("//"):
            return
        m = _LINE.match(text)
        if not m:
            # i18n: the console's note on a line it cannot read; keep '[#channel] NAME: /command'
            said = _("cannot read {line}: write '[#channel] NAME: /command'")
            self.write("console: " + said.format(line=repr(text.strip())))
            return
        channel_name, user_name, action = m.groups()
        channel = self.names.channel_id(channel_name or DEFAULT_CHANNEL)
        name = user_name.lstrip("@")
        boss = name in self.moderators  # may manage messages and the server
        ctx = Context(
            GUILD, channel, self.names.user_id(user_name), name, moderator=boss, manager=boss,
            locale=self.locale, public_locale=self.locale,
        )  # fmt: skip
        await self._know_names()
        await self._know_threads(ctx.user_id)
        if self.locale != "en":  # their DMs in the console's language, as Discord notes it
            await self.service.languages.seen(ctx.user_id, self.locale)
        if click := _CLICK.match(action):
            await self.click(ctx, click.group(1))
        elif action.startswith("/"):
            await self.command(ctx, action[1:])
        else:
            # i18n: the console's note on a line that is neither a command nor a button
            said = _("{name} said something that is not a /command or a [button]")
            self.write("console: " + said.format(name=user_name))

    async def command(self, ctx: Context, text: str) -> None:
        await self.show(ctx, await self._run(ctx, text))

    async def _run(self, ctx: Context, text: str) -> Response:
        with speaking(ctx.locale):  # what the console says itself, to the asker
            try:
                words = shlex.split(text)
            except ValueError:
                return private(_("That line has an unclosed quote: close it, or leave quotes out."))
            if not words:
                return private(_("Type a command after the /, like /help."))
            name, *args = words
            if name not in BY_NAME:
                # i18n: {command}: what was typed after the /, as typed
                there_is_none = _("There is no /{command} command: /help lists them.")
                return private(there_is_none.format(command=name[:QUOTED]))
            try:
                options = self.reader.options(BY_NAME[name], args)
            except ValueError as err:
                return private(str(err))
        if BY_NAME[name].hosts_games(options):  # the console's channels are open to everyone
            await self.dispatcher.see_channel(ctx.guild_id, ctx.channel_id, True)
        return await self.dispatcher.run(name, ctx, **options)

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
        # i18n: the console's note: {button}: the label typed, in brackets; {channel}: where
        said = _("no {button} button to press in {channel}")
        self.write("console: " + said.format(button=f"[{label}]", channel=where))

    async def pick(self, ctx: Context, label: str) -> None:
        """Choose the labelled entry of the latest list here, or in a match's thread."""
        found = self.lists.find(self._places(ctx), ctx.user_id, label)
        if found is None:
            where = self.names.channel(ctx.channel_id)
            # i18n: the console's note: {entry}: the entry typed ('[pick 11-15]'); {channel}: where
            said = _("no {entry} to choose in {channel}")
            return self.write("console: " + said.format(entry=f"[{PICK}{label}]", channel=where))
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
        with speaking(self.locale):
            board = await self.dispatcher.computer_moved(result)
        async with self.answered:
            await self.answered.wait_for(lambda: not self.answering)
        self.post(self._played_in(result.match), board)
        with speaking(self.locale):
            notice = await self.dispatcher.computer_notice(result)
        if notice is not None:
            self.dm(notice)

    async def round_started(self, news: RoundNews) -> None:
        """A tournament's round: its announcement (its games' boards follow, each posted by
        the director through `round_board`), or the event's end."""
        await self._know_names()
        with speaking(self.locale):
            posts = await self.dispatcher.round_posts(news)
        for message in posts:
            self.post(news.tournament.channel_id, message)

    async def round_board(self, board: RoundBoard) -> None:
        """A tournament game: started in the event's channel, its board in a thread."""
        match = board.match
        await self._know_names()
        here = Context(
            match.guild_id, match.channel_id, 0, COMPUTER, locale=self.locale,
            public_locale=self.locale,
        )  # fmt: skip
        with speaking(self.locale):
            await self.show(here, await self.dispatcher.round_board(board))

    async def reviewed(self, analysis: Analysis) -> None:
        """A review's progress, or the review made: printed where the game was played."""
        with speaking(self.locale):
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


async def run_console(
    app: App, out: Path, moderators: Iterable[str] = (), locale: str = "en"
) -> None:
    """Read stdin to its end, printing what the bot on `app` would post (`moderators`: the
    names who may manage messages, as a server's moderators may), in `locale`'s language."""
    settings = app.settings
    console = Console(
        app.service, out, default_move_time=settings.default_move_time, moderators=moderators,
        public_url=settings.public_url, locale=locale,
    )  # fmt: skip
    await app.start_computer(console.computer_moved, console.reviewed)
    await app.start_director(console.round_started, console.round_board)
    await app.start_web()
    await app.settle()
    for text in sys.stdin:
        await console.line(text.rstrip("\n"))
        await app.settle()  # the computer answers before the next line is read

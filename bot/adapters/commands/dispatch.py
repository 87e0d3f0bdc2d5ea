"""Commands by name and buttons by custom id, to their handlers. Both adapters (Discord,
console) call these and only these; refusals become private replies."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

from bot.adapters.commands.group import Context
from bot.adapters.commands.lookups import LookupCommands
from bot.adapters.commands.playing import PlayingCommands
from bot.adapters.commands.puzzles import PuzzleCommands
from bot.adapters.commands.registry import (
    BY_NAME,
    COMMANDS,
    Someone,
    check_options,
    with_choices,
)
from bot.adapters.commands.reviews import ReviewCommands
from bot.adapters.commands.site import SiteCommands
from bot.adapters.commands.standings import StandingCommands
from bot.adapters.commands.tournaments import TournamentCommands
from bot.adapters.replies import BUTTON_PREFIX, Message, Notice, Response, private
from bot.adapters.showing import People
from bot.errors import CannotSave, Refusal
from bot.i18n import _, speaking
from bot.service import (
    Analysis,
    MatchService,
    MoveResult,
    RoundBoard,
    RoundNews,
    SweepEvent,
    SweepKind,
)

_NUMBER = re.compile(r"[0-9]{1,20}")
#: the buttons that answer one request of their match, named in their custom id
_ANSWERS = frozenset({"tbyes", "tbno"})
Handler = Callable[..., Awaitable[Response]]


class Dispatcher:
    def __init__(
        self,
        service: MatchService,
        people: People,
        default_move_time: str | None = None,
        *,
        computer_id: int | None = None,
        public_url: str = "",
        server_language: Callable[[int], Awaitable[str]] | None = None,
    ) -> None:
        self.service = service
        #: the language of posts on a server that answer nobody (the adapter knows the
        #: server's own; by default, its /settings language, else English)
        self.server_language = server_language or self._chosen_language
        self.people = people
        self.computer_id = computer_id
        self.playing = PlayingCommands(service, people)
        self.playing.default_move_time = default_move_time
        self.playing.computer_id = computer_id
        self.lookups = LookupCommands(service, people)
        self.reviews = ReviewCommands(service, people)
        self.standings = StandingCommands(service, people)
        self.puzzles = PuzzleCommands(service, people)
        self.tournaments = TournamentCommands(service, people)
        self.site = SiteCommands(service, people)
        p, t = self.playing, self.tournaments
        groups = (p, self.lookups, self.reviews, self.standings, self.puzzles, t, self.site)
        for group in groups:
            group.public_url = public_url
        #: whether @everyone could read each channel, as last told to the service
        self._channels: dict[int, bool] = {}
        #: each command's handler, bound to the group whose method it is
        self.handlers: dict[str, Handler] = {
            spec.name: next(
                getattr(group, spec.handler.__name__)
                for group in groups
                if getattr(type(group), spec.handler.__name__, None) is spec.handler
            )
            for spec in COMMANDS
        }
        #: buttons: (handler, what the number names: a challenge, a match, or a page)
        self.buttons: dict[str, tuple[Handler, str]] = {
            "accept": (p.accept, "challenge"), "decline": (p.decline, "challenge"),
            "cancel": (p.cancel, "challenge"), "resign": (p.resign, "match"),
            "resignyes": (p.resign_confirmed, "match"), "draw": (p.draw, "match"),
            "rematch": (p.rematch, "match"), "drawyes": (p.draw_yes, "match"),
            "drawno": (p.draw_no, "match"), "lbpage": (self.standings.leaderboard_page, "page"),
            "gamespage": (self.lookups.games_page, "page"),
            "mygamespage": (self.lookups.my_games_page, "page"),
            "takeback": (p.takeback_button, "match"), "tbyes": (p.takeback_yes, "match"),
            "tbno": (p.takeback_no, "match"), "analyse": (self.reviews.analyse_button, "match"),
            "puzzleshow": (self.puzzles.show_me, "puzzle"),
            "tjoin": (t.join_button, "tournament"), "tleave": (t.leave_button, "tournament"),
            "tstart": (t.start_button, "tournament"), "pick": (p.picker, "match"),
        }  # fmt: skip
        #: lists (a Select's choice) by action: each names its match and what it was made for
        self.lists: dict[str, Handler] = {"move": p.pick_move, "piece": p.pick_piece}

    async def run(self, command: str, ctx: Context, **options: Any) -> Response:
        """Run a command by name; bad or missing options get a private answer."""
        with speaking(ctx.locale):  # what is wrong is told to the asker alone
            problem = check_options(command, options)
        if problem is not None:
            return private(problem)
        options = with_choices(command, options)  # 'ON' is 'on'; nothing else is read as one
        names = {ctx.user_id: (ctx.user_name, ctx.global_name or ctx.user_name)}
        for option in BY_NAME[command].options:
            someone = options.get(option.name)
            if option.kind != "user" or not isinstance(someone, Someone):
                continue
            if someone.bot and command == "challenge" and someone.id != self.computer_id:
                who = self.people.name(someone.id)
                with speaking(ctx.locale):
                    # i18n: {who} is the bot account that was challenged
                    said = _("{who} is a bot account: challenge a person, or me.")
                return private(said.format(who=who))
            names[someone.id] = (someone.name, someone.global_name or someone.name)
            options[option.name] = someone.id  # handlers take the id; the names are kept here
        handler = self.handlers[command]
        return await self._safely(handler, ctx, names, BY_NAME[command].private, **options)

    async def see_channel(self, guild_id: int, channel_id: int, public: bool) -> None:
        """Tell the service whether everyone can read a channel where a game starts (only
        when it changed; best effort: the game goes on if the database cannot take it)."""
        if self._channels.get(channel_id) == public:
            return
        try:
            await self.service.site.see_channel(guild_id, channel_id, public)
        except CannotSave:
            return
        self._channels[channel_id] = public

    async def channels_to_watch(self, guild_id: int) -> list[int]:
        """A server's channels whose visibility the site wants told again when it may have
        changed (see `channel_changed`)."""
        try:
            return await self.service.site.channels(guild_id)
        except CannotSave:
            return []

    async def channel_changed(self, guild_id: int, channel_id: int, public: bool | None) -> None:
        """Tell the service whether everyone can read a channel now that it (or its
        permissions, or its parent's) changed, or it is gone; None: the adapter cannot tell.
        Best effort, as `see_channel`; the next game there tells it again in any case."""
        self._channels.pop(channel_id, None)
        try:
            await self.service.site.channel_changed(guild_id, channel_id, public)
        except CannotSave:
            return

    async def server_named(self, guild_id: int, name: str) -> None:
        """Tell the service a server's name, for its page on the web site (best effort)."""
        try:
            await self.service.site.named(guild_id, name)
        except CannotSave:
            return

    async def restarted(self, serves: Callable[[int], bool]) -> None:
        """The chat adapter starts: its servers' channels are unknown until seen again."""
        self._channels.clear()
        try:
            await self.service.site.restarted(serves)
        except CannotSave:
            return

    async def click(self, ctx: Context, custom_id: str) -> Response:
        """A button press: `bgb:<action>:<id>`, or `bgb:<action>:<id>:<request>` for one
        that answers a request (_ANSWERS), checked to belong where it was pressed."""
        parts = custom_id.split(":")
        numbers = parts[2:]
        if (
            len(parts) not in (3, 4)
            or parts[0] != BUTTON_PREFIX
            or not all(_NUMBER.fullmatch(n) for n in numbers)
            or (len(parts) == 4 and parts[1] not in _ANSWERS)
        ):
            return _gone(ctx)
        action, number = parts[1], int(parts[2])
        if action not in self.buttons:
            return _gone(ctx)
        # a button of _ANSWERS made before buttons named their request has none: None
        request = (int(parts[3]) if len(parts) == 4 else None,) if action in _ANSWERS else ()
        handler, names_what = self.buttons[action]
        here = number if names_what == "match" else None
        return await self._pressed(handler, ctx, here, number, *request)

    async def choose(self, ctx: Context, custom_id: str, value: str) -> Response:
        """A choice from a list: `bgb:<action>:<match>:<state>:<part>` (replies.Select),
        checked to belong where it was made, as a match's button is."""
        parts = custom_id.split(":")
        if (
            len(parts) != 5
            or parts[0] != BUTTON_PREFIX
            or parts[1] not in self.lists
            or not all(_NUMBER.fullmatch(n) for n in parts[2:])
        ):
            with speaking(ctx.locale):
                # i18n: a drop-down list of choices, on an old message
                return private(_("That list is no longer in use."))
        match, state = int(parts[2]), int(parts[3])
        return await self._pressed(self.lists[parts[1]], ctx, match, match, state, value)

    async def _pressed(
        self, handler: Handler, ctx: Context, match: int | None, *args: Any
    ) -> Response:
        """A button's or a list's handler, called once the match it belongs to (None: it
        belongs to none) is found to be played where it was pressed."""
        if match is not None:
            try:
                await self.service.check_here(ctx.actor, match)
            except Refusal as refusal:
                with speaking(ctx.locale):
                    return private(refusal.text(self.people.name))
        names = {ctx.user_id: (ctx.user_name, ctx.global_name or ctx.user_name)}
        return await self._safely(handler, ctx, names, False, *args)

    async def _safely(
        self,
        handler: Handler,
        ctx: Context,
        names: dict[int, tuple[str, str]],
        only_theirs: bool,
        *args: Any,
        **kwargs: Any,
    ) -> Response:
        """Call a handler, speaking the server's language (the asker's where only they see
        the answer); a refusal becomes a private reply in the asker's language and writes
        nothing. After a success the display names seen are remembered, if the database
        takes them."""
        try:
            with speaking(ctx.locale if only_theirs else ctx.public_locale):
                response = await handler(ctx, *args, **kwargs)
        except Refusal as refusal:
            with speaking(ctx.locale):
                return private(refusal.text(self.people.name))
        if ctx.guild_id:  # names are per server; a DM with the bot has none
            await self.service.standings.remember_all(ctx.guild_id, names)
        return response

    async def move_choices(self, ctx: Context, typed: str, match: int | None = None) -> list[str]:
        with speaking(ctx.locale):  # suggestions only the one typing sees
            return await self.playing.move_choices(ctx, typed, match)

    async def match_choices(self, ctx: Context, typed: str) -> list[tuple[str, int]]:
        with speaking(ctx.locale):
            return await self.lookups.match_choices(ctx, typed)

    async def thread_gone(self, thread_id: int) -> list[tuple[int, Message]]:
        return await self.lookups.thread_gone(thread_id, self.server_language)

    async def _chosen_language(self, guild_id: int) -> str:
        return await self.service.languages.server(guild_id) or "en"

    async def round_posts(self, news: RoundNews) -> list[Message]:
        """A tournament's round begun (its announcement, in a message or several) or its end."""
        return await self.tournaments.round_posts(news)

    async def round_board(self, board: RoundBoard) -> Response:
        """A tournament game's start and its board, pinging its players."""
        return await self.tournaments.round_board(board)

    async def review_message(self, analysis: Analysis) -> Message:
        """A review's progress, or the review made (it replaces the last in place)."""
        return await self.reviews.review_message(analysis)

    async def computer_moved(self, result: MoveResult) -> Message:
        return await self.playing.moved(result)

    async def computer_notice(self, result: MoveResult) -> Notice | None:
        """The DM telling the person of the computer's move, if they asked for it."""
        return await self.playing.move_notice(result)

    async def reminder_notice(self, event: SweepEvent) -> Notice | None:
        """The DM of a turn reminder, to a person who asked for reminders (worded in their
        language, as their Discord was last seen)."""
        if event.kind != SweepKind.REMINDER or event.match is None:
            return None
        told = await self.service.notices.to_remind(event.match)
        if told is None:
            return None
        with speaking(event.match.locale_of(told) or "en"):  # read with the match
            news = self.lookups.words.reminder(event)
            return await self.lookups.turn_notice(event.match, news, told)

    async def announce(self, event: SweepEvent) -> tuple[int | None, int, Message]:
        return await self.lookups.announce(event)


def _gone(ctx: Context) -> Response:
    """A press of a button no longer in use (an old message's), told in the asker's language."""
    with speaking(ctx.locale):
        return private(_("That button is no longer in use."))

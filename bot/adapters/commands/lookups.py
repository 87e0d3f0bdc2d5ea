"""Handlers that only look: boards, lists, histories, leaderboards, stats, rules and help;
and the words for the sweeper's news."""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.adapters.commands.boards import Boards
from bot.adapters.commands.group import Context
from bot.adapters.commands.registry import COMMANDS, MATCH, Option, command
from bot.adapters.replies import Attachment, Button, Message, Response
from bot.i18n import _, language, ngettext, speaking, translations
from bot.i18n.position_words import position_words
from bot.runtime import workers
from bot.runtime.picture_words import picture_words
from bot.service import Audience, MatchView, SweepEvent, SweepKind, pick_game, record_file
from render import board_png, game_gif
from render import legend as board_legend
from rules import RulesError, get_game, moves_text

#: lines a page of a list shows (a leaderboard, the channel's games)
PAGE = 10


@dataclass(frozen=True)
class Page:
    """Which page of a list is shown: its number (clamped to the pages there are), what the
    title adds (' — page 2 of 3', or nothing for one page), and Previous / Next."""

    number: int
    suffix: str
    buttons: tuple[Button, ...]


def paged(asked: int, items: int, action: str, code: Callable[[int], int] = int) -> Page:
    """The page `asked` of `items` lines, PAGE a page; `code` turns a page number into its
    button's number."""
    pages = max(1, math.ceil(items / PAGE))
    page = max(0, min(asked, pages - 1))
    buttons = []
    if page > 0:
        # i18n: a button label (80 characters at most): the previous page of a list
        buttons.append(Button(_("Previous"), action, code(page - 1)))
    if page < pages - 1:
        # i18n: a button label (80 characters at most): the next page of a list
        buttons.append(Button(_("Next"), action, code(page + 1)))
    # i18n: added to a list's title after ' — '
    shown = _("page {page} of {pages}").format(page=page + 1, pages=pages)
    suffix = f" — {shown}" if pages > 1 else ""
    return Page(page, suffix, tuple(buttons))


#: Discord's cap on a whole request, attachments and all (each attachment also within the
#: server's own upload limit), and what the message's fields and framing take of it
REQUEST_LIMIT = 25 * 1024 * 1024
UPLOAD_MARGIN = 64 * 1024


class LookupCommands(Boards):
    async def _viewed(self, ctx: Context, match: int | None) -> MatchView:
        return await self.service.meant(ctx.actor, match)

    async def match_choices(self, ctx: Context, typed: str) -> list[tuple[str, int]]:
        """Autocomplete for a match number: the caller's games on this server, then the
        channel's, as (label, number); a hint (number 0) when there is none."""
        mine = await self.service.games_of(ctx.guild_id, ctx.user_id)
        here = await self.service.games_here(ctx.guild_id, ctx.channel_id)
        seen: dict[int, str] = {}
        for view in [*mine, *here]:
            if view.id not in seen:
                seen[view.id] = self.words.match_label(view, ctx.user_id)
        wanted = typed.strip().lstrip("#")
        choices = [(label, n) for n, label in seen.items() if wanted in f"{n} {label}"]
        if not seen:
            # i18n: a suggestion in a list as a match number is typed (100 characters at most)
            return [(_("You have no game in progress here: start one with /challenge"), 0)]
        return choices[:25]

    @command(
        "board",
        "Show a game's board to you alone, from your side (anyone may look).",
        MATCH,
        Option("text", "text", "yes: the board as text, to read aloud", choices=("yes", "no")),
        guild_only=False,
        private=True,
    )
    async def board(
        self, ctx: Context, match: int | None = None, text: str | None = None
    ) -> Response:
        view = await self._viewed(ctx, match)
        await self.service.site.audience(ctx.actor, view)  # private already: refuses others
        headline = self.words.moves_so_far(view)
        # text:yes or text:no, else the person's own setting
        if text == "yes" if text else await self.service.languages.text_boards(ctx.user_id):
            return Response(reply=await self.text_board_message(view, headline), ephemeral=True)
        mine = view.side_of(ctx.user_id)
        board = await self.board_message(view, headline, show_last=True, viewer=mine)
        return Response(reply=Message(board.text, files=board.files), ephemeral=True)

    @command(
        "mygames",
        "Your games on every server and in DMs, those where it is your move first "
        "(only you see it).",
        guild_only=False,
        private=True,
    )
    async def mygames(self, ctx: Context) -> Response:
        return Response(reply=await self._my_games_message(ctx, 0), ephemeral=True)

    async def my_games_page(self, ctx: Context, page: int) -> Response:
        with speaking(ctx.locale):  # the list only they see, as /mygames showed it
            return Response(edit_origin=await self._my_games_message(ctx, page))

    async def _my_games_message(self, ctx: Context, page: int) -> Message:
        """A page of the person's games everywhere, with Previous / Next."""
        listed = await self.service.games_everywhere(ctx.user_id)
        if not listed:
            return Message(_("You have no game in progress. Start one with /challenge."))
        at = paged(page, len(listed), "mygamespage")
        mine = sum(1 for item in listed if item.match.user_to_move == ctx.user_id)
        # i18n: a title: {n} games in all, and in {mine} of them it is the reader's move
        title = ngettext(
            "Your games: {n} game, your move in {mine}",
            "Your games: {n} games, your move in {mine}",
            len(listed),
        ).format(n=len(listed), mine=mine)
        title += at.suffix
        shown = listed[at.number * PAGE : (at.number + 1) * PAGE]
        return Message(self.words.my_games(shown, ctx.user_id), title=title, buttons=at.buttons)

    @command("games", "List the games in progress in this channel.")
    async def games(self, ctx: Context) -> Response:
        return Response(reply=await self._games_message(ctx, 0))

    async def games_page(self, ctx: Context, page: int) -> Response:
        return Response(edit_origin=await self._games_message(ctx, page))

    async def _games_message(self, ctx: Context, page: int) -> Message:
        """A page of the channel's games in progress: whole lines only, Previous / Next."""
        matches = await self.service.games_here(ctx.guild_id, ctx.channel_id)
        if not matches:
            return Message(_("No game is in progress in this channel. Start one with /challenge."))
        at = paged(page, len(matches), "gamespage")
        views = matches[at.number * PAGE : (at.number + 1) * PAGE]
        title = _("Games in progress") + at.suffix
        return Message(self.words.games_here(views), title=title, buttons=at.buttons)

    @command(
        "history",
        "A game's moves as a file (PDN for Checkers), and an animated replay.",
        MATCH,
        guild_only=False,
        slow=True,
    )
    async def history(self, ctx: Context, match: int | None = None) -> Response:
        view = await self._viewed(ctx, match)
        audience = await self.service.site.audience(ctx.actor, view)
        game = get_game(view.game_id)
        record = await self.service.replay(view)
        names = {
            u: await self.service.standings.known_name(ctx.guild_id, u)
            # i18n: a player whose name is not known, in a game's record file; {id} a number
            or _("player {id}").format(id=u)
            for u in view.players.values()
        }
        review = (await self.service.analyses.analysis(view.id)).review
        marks = [j.mark for j in review.moves] if review is not None else []
        filename, text = record_file(view, names, marks)
        room = min(ctx.upload_limit, REQUEST_LIMIT - len(text.encode()) - UPLOAD_MARGIN)
        # i18n: a game's record file's description (alt text); {game} the game's name,
        # {number} the match's
        moves_of = _("The moves of {game} #{number}").format(game=_(game.name), number=view.id)
        files = [Attachment(filename, text.encode(), moves_of)]
        note = ""
        try:
            gif = await workers.run(
                game_gif, game.id, record.positions, record.moves, outcome=view.outcome,
                perspective=view.picture_side, max_bytes=max(room, 0), words=picture_words(),
            )  # fmt: skip
            # i18n: an animated replay's description (alt text); {game} the game's name,
            # {number} the match's
            replay = _("An animated replay of {game} #{number}, move by move")
            shown = replay.format(game=_(game.name), number=view.id)
            files.append(Attachment(f"{game.id}-{view.id}.gif", gif, shown))
        except RulesError:
            note = " " + _(
                "No replay fits in this server's upload limit, so only the moves are attached."
            )
        # i18n: {game} is a game's name, {number} the match's, {length} its moves ('12 moves')
        # and {result} how it ended ('Black won (White resigned)'); keep the ** (bold)
        said = _("**{game} #{number}**: {length}. {result}.").format(
            game=_(game.name),
            number=view.id,
            length=moves_text(len(view.moves), translations(language())),
            result=self.words.result(view),
        )
        return Response(
            reply=Message(said + note, files=tuple(files)),
            ephemeral=audience == Audience.PLAYER,  # a private channel's game, asked elsewhere
        )

    @command(
        "rules",
        "How to play a game, with the points we decided marked [house].",
        Option("game", "game", "which game", required=True),
        example="/rules game:checkers",
        guild_only=False,
        private=True,
    )
    async def rules(self, ctx: Context, game: str) -> Response:
        chosen = pick_game(game)
        png = await workers.run(
            board_png, chosen.id, chosen.initial_position(), words=picture_words()
        )
        return Response(
            reply=Message(
                f"{_(chosen.rules_help)}\n\n{board_legend(chosen.id, picture_words())}",
                # i18n: a title; {game} is the game's name
                title=_("How to play {game}").format(game=_(chosen.name)),
                files=(
                    Attachment(
                        f"{chosen.id}-start.png",
                        png,
                        position_words(chosen, chosen.initial_position()),
                    ),
                ),
            ),
            ephemeral=True,
        )

    @command("help", "This list.", guild_only=False, private=True)
    async def help(self, ctx: Context) -> Response:
        # each command by its name as typed, and what it does in the reader's language
        commands = [(c.name, _(c.help)) for c in COMMANDS]
        return Response(
            # i18n: the title of /help
            reply=Message(self.words.help(commands), title=_("Board games")),
            ephemeral=True,
        )

    async def thread_gone(
        self, thread_id: int, spoken_on: Callable[[int], Awaitable[str]]
    ) -> list[tuple[int, Message]]:
        """(channel, board) for each game whose thread is gone, to tell its players there
        (in the language `spoken_on` its server)."""
        told = []
        for match in await self.service.play.thread_gone(thread_id):
            with speaking(await spoken_on(match.guild_id)):
                headline = _("This game's thread is gone, so the game goes on here.")
                told.append((match.channel_id, await self.board_message(match, headline)))
        return told

    async def announce(self, event: SweepEvent) -> tuple[int | None, int, Message]:
        """(match id or None, channel id, message) for what the sweeper did."""
        if event.challenge is not None:
            lapsed = self.words.lapsed(event.challenge)
            shows = f"challenge:{event.challenge.id}"
            return None, event.challenge.channel_id, Message(lapsed, shows=shows, in_place=True)
        match = event.match
        assert match is not None
        if event.kind == SweepKind.REMINDER:
            reminder = Message(self.words.reminder(event), pings=(match.user_to_move or 0,))
            return match.id, match.channel_id, reminder
        board = await self.board_message(match, self.words.time_headline(event))
        return match.id, match.channel_id, board

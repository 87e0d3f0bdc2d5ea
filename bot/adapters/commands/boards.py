"""Board messages, for the handler groups that post boards: a challenge, a match's board
with its buttons, a turn notice, a game's start."""

from __future__ import annotations

from dataclasses import replace

from bot.adapters.commands.group import Context, HandlerGroup
from bot.adapters.replies import Attachment, Button, Message, Notice, Response
from bot.i18n import Text, _, speaking
from bot.i18n.position_words import position_words
from bot.runtime import workers
from bot.runtime.picture_words import picture_words
from bot.service import ChallengeView, MatchStatus, MatchView, Reach
from render import board_png
from render import legend as board_legend
from rules import GameRecord, capitalised, get_game


async def render_png(
    match: MatchView,
    record: GameRecord,
    *,
    show_last: bool,
    viewer: str | None,
    size: int | None = None,
) -> bytes:
    """The board seen from `viewer`'s side, with the last move if asked (rendered off the
    event loop), at `size` (None: the game's own)."""
    last = show_last and bool(record.moves)
    return await workers.run(
        board_png,
        match.game_id,
        record.position,
        last_move=record.moves[-1] if last else None,
        before=record.positions[-2] if last else None,
        perspective=viewer,
        outcome=match.outcome,
        size=size,
        words=picture_words(),
    )


#: a turn notice's board, in pixels: small, for a DM
NOTICE_SIZE = 280


def match_words(match: MatchView, record: GameRecord) -> str:
    """The match's position in words, its last move and result too: a board picture's alt
    text, and what a text board says under the diagram."""
    game = get_game(match.game_id)
    last = game.format_move(record.moves[-1]) if record.moves else None
    return position_words(game, record.position, last_move=last, outcome=match.outcome)


def text_board(match: MatchView, record: GameRecord, text: str) -> str:
    """A board as plain text (/board text:yes): `text` (who is to move, or the result), the
    game's diagram in a code block, and the position in words, which reads well aloud."""
    diagram = get_game(match.game_id).diagram(record.position)
    return f"{text}\n```\n{diagram}\n```\n{match_words(match, record)}"


def takeback_buttons(match: MatchView) -> tuple[Button, ...]:
    """Accept and Decline for the takeback request open now, naming it: pressed once it
    is over, they answer nothing (not a later request)."""
    request = match.takeback_request
    return (
        # i18n: a button, 80 characters at most (as are all the board's buttons)
        Button(_("Accept takeback"), "tbyes", match.id, "success", request=request),
        Button(_("Decline takeback"), "tbno", match.id, request=request),
    )


def match_buttons(match: MatchView, *, after_move: bool = False) -> tuple[Button, ...]:
    """Rematch and Analyse on a finished game; on one in play, Move (a picker of the legal
    moves, for a person to move), the answers to a takeback asked for, or to a draw
    offered, or the offer; Take back on the board of a move just played; and Resign."""
    if not match.active:
        if not match.ply or match.status == MatchStatus.ABORTED:  # nothing to rematch or review
            return ()
        return (
            Button(_("Rematch"), "rematch", match.id, "primary"),
            # i18n: a button: the computer's review of the game
            Button(_("Analyse"), "analyse", match.id),
        )
    offer: tuple[Button, ...]
    if match.takeback_by is not None:
        offer = takeback_buttons(match)
    elif match.computer_level is not None:
        offer = ()  # the computer plays every game out
    elif match.draw_offer_by is not None:
        offer = (
            Button(_("Accept draw"), "drawyes", match.id, "success"),
            Button(_("Decline draw"), "drawno", match.id),
        )
    else:
        offer = (Button(_("Offer draw"), "draw", match.id),)
    # i18n: a button: lists your legal moves to choose one
    pick = () if match.computer_to_move else (Button(_("Move"), "pick", match.id, "primary"),)
    take_back: tuple[Button, ...] = ()
    if after_move and match.tournament_id is None:  # a tournament's moves stand
        take_back = (Button(_("Take back"), "takeback", match.id),)
    return (*pick, *offer, *take_back, Button(_("Resign"), "resign", match.id, "danger"))


class Boards(HandlerGroup):
    """A handler group that posts boards: board messages, and where they go."""

    async def watch_button(self, match: MatchView) -> tuple[Button, ...]:
        """A link to the game's page, where its server shows its games on the web site."""
        token = await self.service.site.game_link(match.id) if self.public_url else None
        return (
            # i18n: a button: a link to the game's page on the web site
            (Button(_("Watch"), "watch", match.id, url=f"{self.public_url}/g/{token}"),)
            if token
            else ()
        )

    async def challenge_message(self, challenge: ChallengeView) -> Message:
        """A challenge: its terms, the game's starting board, and the buttons that answer it."""
        game = get_game(challenge.game_id)
        png = await workers.run(board_png, game.id, game.initial_position(), words=picture_words())
        # an open challenge is anyone's to take: nobody may decline it for everyone
        named = challenge.opponent_id is not None
        # i18n: a button that declines a challenge (buttons: 80 characters at most)
        decline = (Button(_("Decline"), "decline", challenge.id),) if named else ()
        return Message(
            self.words.challenge(challenge),
            files=(
                Attachment(
                    f"{game.id}-start.png", png, position_words(game, game.initial_position())
                ),
            ),
            buttons=(
                # i18n: a button that accepts a challenge
                Button(_("Accept"), "accept", challenge.id, "success"),
                *decline,
                # i18n: a button that withdraws a challenge
                Button(_("Cancel"), "cancel", challenge.id, "danger"),
            ),
            pings=(challenge.opponent_id,) if challenge.opponent_id is not None else (),
            shows=f"challenge:{challenge.id}",
        )

    async def board_message(
        self,
        match: MatchView,
        headline: str,
        *,
        show_last: bool = False,
        legend: bool = False,
        viewer: str | None = None,
        after_move: bool = False,
        watch: bool = False,
        ended: bool = False,
    ) -> Message:
        """The board picture with who is to move (or the result) and the right buttons;
        seen from the match's usual side, or `viewer`'s; `legend` adds what the pieces are;
        `ended`: the headline says how the game ended."""
        record = await self.service.replay(match)
        viewer = viewer or match.picture_side
        png = await render_png(match, record, show_last=show_last, viewer=viewer)
        game = get_game(match.game_id)
        away = match.away_until(self.service.clock())
        notes = [self.words.board_text(match, headline, away, ended=ended)]
        if legend:
            notes.append(board_legend(game.id, picture_words()))
        if match.private and match.computer_level is None:  # no server's: nobody's rating
            notes.append(
                _(
                    "Casual game: not rated (no server leaderboard here); it counts in each "
                    "player's /stats."
                )
            )
        return Message(
            "\n".join(notes),
            files=(
                Attachment(
                    f"{game.id}-{match.id}-{match.ply}.png", png, match_words(match, record)
                ),
            ),
            buttons=(
                *match_buttons(match, after_move=after_move),
                *(await self.watch_button(match) if watch else ()),
            ),
            pings=(match.user_to_move,) if match.user_to_move is not None else (),
            shows=f"board:{match.id}",
        )

    async def turn_notice(self, match: MatchView, news: str, user: int | None) -> Notice | None:
        """(who, DM) telling `user` (None: nobody) of their turn: the news, a small board
        from their side, where to play."""
        if user is None:
            return None
        record = await self.service.replay(match)
        viewer = match.side_of(user)
        png = await render_png(match, record, show_last=True, viewer=viewer, size=NOTICE_SIZE)
        text = self.words.turn_notice(match, news)
        name = f"{get_game(match.game_id).id}-{match.id}-{match.ply}-small.png"
        files = (Attachment(name, png, match_words(match, record)),)
        return Notice(user, match.id, Message(text, files=files))

    async def text_board_message(self, match: MatchView, headline: str) -> Message:
        """The board as text (`text_board`), with who is to move or the result: no picture,
        no buttons."""
        record = await self.service.replay(match)
        away = match.away_until(self.service.clock())
        return Message(text_board(match, record, self.words.board_text(match, headline, away)))

    def in_match(self, ctx: Context, match: MatchView, board: Message, note: Text) -> Response:
        """Where the match is played (its thread, else its channel) the board is the reply;
        elsewhere it goes there (never shown in a channel its game is not played in), and
        the reply, only the asker's, says so in their language. Where the bot only answers
        (Reach.ANSWERS) it can post nowhere else, so the board is always the reply: the
        asker's alone outside the game's own channel (a player acting from elsewhere), since
        such a game is its players' and its channel's only."""
        here = ctx.channel_id == (match.thread_id or match.channel_id)
        if here or match.reach == Reach.ANSWERS:
            return Response(reply=board, ephemeral=not here)
        with speaking(ctx.locale):
            said = self.words.board_elsewhere(note.text(), match)
        return Response(
            reply=Message(said),
            ephemeral=True,
            match_id=match.id,
            posts=(board,),
        )

    async def started_here(self, match: MatchView, headline: str) -> Response:
        """A game started by a command (not a button): its start is the reply."""
        started = await self.started(match, headline)
        return Response(
            reply=started.edit_origin,
            open_thread=started.open_thread,
            match_id=started.match_id,
            posts=started.posts,
        )

    async def with_pair(self, started: Response, match: MatchView, headline: str) -> Response:
        """A game's start, and, for the first game of a ballot pair between two people, its
        second's beside it (a post and a thread of its own; a tournament posts each of its
        games itself)."""
        if match.pair_id is None or match.tournament_id is not None:
            return started
        second = await self.started_here(await self.service.match(match.pair_id), headline)
        return replace(started, also=(second,))

    async def started(self, match: MatchView, headline: str) -> Response:
        """A game's start: the challenge's message says so, and its first board follows, in
        a thread of its own on a server that added the bot (DMs have no threads, and where
        the bot only answers it opens none: the board follows in the answer)."""
        thread = None
        if not match.private:
            names = [
                await self.service.standings.known_name(match.guild_id, u) or str(u)
                for u in match.players.values()
            ]
            thread = self.words.thread_name(match, names)
        sides = capitalised(self.words.sides(match))  # it opens a sentence
        return Response(
            edit_origin=Message(self.words.started(match)),
            open_thread=thread,
            match_id=match.id,
            posts=(
                await self.board_message(match, f"{headline} {sides}.", legend=True, watch=True),
            ),
        )

"""Handlers that change a game: challenges and their buttons, moves, draws, resignations,
aborts and rematches."""

from __future__ import annotations

from dataclasses import replace

from bot.adapters.commands.boards import Boards, takeback_buttons
from bot.adapters.commands.group import Context
from bot.adapters.commands.picker import MOVED_ON, move_picker
from bot.adapters.commands.registry import MATCH, Option, command
from bot.adapters.replies import Button, Message, Notice, Response, private
from bot.errors import Outdated, Refusal
from bot.i18n import Text, Texts, _, speaking
from bot.service import CAPTURES, OPENINGS, MoveResult, Reach

#: how long after a move its board's Take back button works (/takeback works any time)
TAKEBACK_BUTTON_SECONDS = 5 * 60


#: the ways squares are joined in a move text, made one for matching what a player types
_ONE_JOINER = str.maketrans("x:", "--")


class PlayingCommands(Boards):
    default_move_time: str | None = None

    #: the account the computer plays as (this bot's own); None: no computer opponent
    computer_id: int | None = None

    @command(
        "challenge",
        "Challenge someone (or anyone: leave opponent empty, or the bot itself) to a game.",
        Option("opponent", "user", "who to play; leave empty so anyone here may accept"),
        Option("game", "game", "the game to play", required=True),
        Option("side", "side", "your side (default: random)"),
        Option("time_per_move", "text", "time for each move, e.g. 30m, 2h, 1d"),
        Option("level", "number", "when you play the bot: 1 (beginner) to 5 (strongest)"),
        Option(
            "opening", "text", "Checkers: ballot, two games from a three-move opening drawn at "
            "random, colours reversed", choices=OPENINGS,
        ),
        Option(
            "captures", "text", "Checkers: free (free jumps, a house rule: unrated) or forced",
            choices=CAPTURES,
        ),
        example="/challenge game:checkers opponent:@bob",
        guild_only=False,
        starts_game=True,
    )  # fmt: skip
    async def challenge(
        self,
        ctx: Context,
        game: str,
        opponent: int | None = None,
        side: str | None = None,
        time_per_move: str | None = None,
        level: int | None = None,
        opening: str | None = None,
        captures: str | None = None,
    ) -> Response:
        if opponent is not None and opponent == self.computer_id:
            match = await self.service.computer.start(
                ctx.actor,
                opponent,
                game,
                level=level,
                side=side,
                move_time=time_per_move or self.default_move_time,
                opening=opening,
                captures=captures,
            )
            # i18n: a game's headline; {who} is a person, "me" the bot
            challenged = _("{who} challenged me.").format(who=self._who(ctx.user_id))
            return await self.started_here(match, challenged)
        if level is not None:
            raise Refusal(Text("A level is for games against me: choose me as the opponent."))
        if (unseen := ctx.unseen()) is not None:
            raise Refusal(unseen)
        made = await self.service.challenges.challenge(
            ctx.actor,
            game,
            opponent_id=opponent,
            side=side,
            move_time=time_per_move or self.default_move_time,
            opening=opening,
            captures=captures,
        )
        return Response(reply=await self.challenge_message(made))

    async def accept(self, ctx: Context, challenge_id: int) -> Response:
        match = await self.service.challenges.accept(ctx.actor, challenge_id)
        # i18n: a game's headline: {who} accepted the challenge
        headline = _("{who} accepted.").format(who=self._who(ctx.user_id))
        started = await self.with_pair(await self.started(match, headline), match, headline)
        tell = match.user_to_move
        if match.reach != Reach.ANSWERS or tell in (None, ctx.user_id):
            return started
        # where the bot only answers, the challenger may have gone: told of their first
        # move by DM, in their language
        with speaking(match.locale_of(tell) or "en"):
            news = _("{who} accepted.").format(who=self._who(ctx.user_id))
            notice = await self.turn_notice(match, news, tell)
        return replace(started, dms=started.dms + ((notice,) if notice else ()))

    async def decline(self, ctx: Context, challenge_id: int) -> Response:
        answered = await self.service.challenges.decline(ctx.actor, challenge_id)
        return Response(edit_origin=Message(self.words.declined(answered, ctx.user_id)))

    async def cancel(self, ctx: Context, challenge_id: int) -> Response:
        answered = await self.service.challenges.cancel(ctx.actor, challenge_id)
        return Response(edit_origin=Message(self.words.withdrawn(answered, ctx.user_id)))

    @command(
        "move",
        "Play a move in your game, e.g. 11-15; suggestions list your legal moves.",
        Option("move", "text", "your move, e.g. 11-15", required=True, autocomplete=True),
        Option("match", "number", "the match number, if you play several here", autocomplete=True),
        example="/move move:11-15",
        guild_only=False,
    )
    async def move(self, ctx: Context, move: str, match: int | None = None) -> Response:
        return await self._played(ctx, await self.service.play.move(ctx.actor, move, match))

    def _who(self, user_id: int) -> str:
        """Someone named in a post ({who} in a headline)."""
        return self.words.people.user(user_id)

    async def _played(self, ctx: Context, result: MoveResult) -> Response:
        """A person's move shown: its board where the game is played, their opponent's DM."""
        board = await self.moved(result)
        # i18n: {move} is the move as the game writes it ("11-15")
        note = Text("You played {move}.", move=result.move)
        shown = self.in_match(ctx, result.match, board, note)
        notice = await self.move_notice(result)
        return replace(shown, dms=(notice,)) if notice else shown

    async def picker(self, ctx: Context, match: int) -> Response:
        """The Move button: the legal moves of the player to move, to them alone."""
        view = await self.service.play.to_move(ctx.actor, match)
        with speaking(ctx.locale):  # theirs alone
            return Response(reply=move_picker(view), ephemeral=True)

    async def pick_piece(self, ctx: Context, match: int, seen: int, piece: str) -> Response:
        """A piece chosen in the picker: its moves listed under the pieces (the picker of
        the position now, if the game moved on)."""
        view = await self.service.play.to_move(ctx.actor, match)
        with speaking(ctx.locale):  # the picker is theirs alone
            if view.position_id != seen:
                return Response(edit_origin=move_picker(view, note=MOVED_ON))
            return Response(edit_origin=move_picker(view, piece))

    async def pick_move(self, ctx: Context, match: int, seen: int, move: str) -> Response:
        """A move chosen in the picker, played as /move plays it (every refusal of a move
        applies); if the game moved on, the picker of the position now replaces it."""
        try:
            result = await self.service.play.move(ctx.actor, move, match, seen=seen)
        except Outdated:
            view = await self.service.play.to_move(ctx.actor, match)
            with speaking(ctx.locale):  # the picker is theirs alone
                return Response(edit_origin=move_picker(view, note=MOVED_ON))
        shown = await self._played(ctx, result)
        with speaking(ctx.locale):
            played = _("You played {move}.").format(move=result.move)
        return replace(shown, edit_origin=Message(played))

    async def move_notice(self, result: MoveResult) -> Notice | None:
        """The DM telling the player to move of the move just made, if they asked for it
        (worded in their language, as their Discord was last seen)."""
        if result.tell is None:
            return None
        # read with the match: a person never seen (the console's) reads English
        with speaking(result.match.locale_of(result.tell) or "en"):
            # i18n: {who} is a person, {move} the move as the game writes it ("11-15")
            news = _("{who} played {move}.").format(who=self._who(result.by_user), move=result.move)
            return await self.turn_notice(result.match, news, result.tell)

    @command(
        "vacation",
        "Stop your clock in all your games for some days (14 a month; only you see this).",
        Option("days", "number", "how many days, 1 to 14", required=True),
        example="/vacation days:3",
        guild_only=False,
        private=True,
    )
    async def vacation(self, ctx: Context, days: int) -> Response:
        taken = await self.service.vacations.take(ctx.user_id, days)
        return private(self.words.vacation_taken(taken))

    @command(
        "notify",
        "Turn notices by DM: every turn, reminders only, or off (only you see this).",
        Option(
            "mode", "text", "when to DM you", required=True,
            choices=("every turn", "reminders only", "off"),
        ),
        guild_only=False,
        private=True,
    )  # fmt: skip
    async def notify(self, ctx: Context, mode: str) -> Response:
        chosen = await self.service.notices.choose(ctx.user_id, mode)
        return private(self.words.notices_chosen(chosen))

    async def move_choices(self, ctx: Context, typed: str, match: int | None = None) -> list[str]:
        """Autocomplete: the player's legal moves that contain what was typed (at most 25),
        whichever of '-', 'x' and ':' joins its squares (`c3xe5` finds Russian's `c3:e5`)."""
        moves = await self.service.play.legal_moves(ctx.actor, match)
        wanted = "".join(typed.lower().split()).translate(_ONE_JOINER)
        return [m for m in moves if wanted in m.translate(_ONE_JOINER)][:25]

    @command(
        "takeback",
        "Ask to take back your last move: your opponent decides (the computer says yes).",
        MATCH,
        guild_only=False,
    )
    async def takeback(self, ctx: Context, match: int | None = None) -> Response:
        asked = await self.service.takebacks.ask(ctx.actor, match)
        view = asked.match
        if asked.taken_back:  # the computer grants it at once
            who = self._who(ctx.user_id)
            if asked.taken_back >= 2:
                # i18n: a headline; "my reply" is the computer's (the bot's) move
                headline = _("{who} took back their last move and my reply.").format(who=who)
            else:
                headline = _("{who} took back their last move.").format(who=who)
            board = await self.board_message(view, headline, show_last=True)
            return self.in_match(ctx, view, board, Text("Taken back."))
        rival = view.opponent_of(ctx.user_id) or 0
        headline = self.words.takeback_asked(ctx.user_id, rival)
        board = replace(await self.board_message(view, headline), pings=(rival,))
        return self.in_match(ctx, view, board, Text("Asked: your opponent decides."))

    async def takeback_button(self, ctx: Context, match: int) -> Response:
        """The board's Take back button: /takeback, for a few minutes after the move."""
        view = await self.service.match(match)
        if view.deadline is not None:  # set when the last move was made
            since = self.service.clock() - (view.deadline - view.move_seconds)
            if since > TAKEBACK_BUTTON_SECONDS:
                minutes = TAKEBACK_BUTTON_SECONDS // 60
                raise Refusal(
                    Texts(
                        "The Take back button works for {n} minute after a move: use /takeback.",
                        "The Take back button works for {n} minutes after a move: use /takeback.",
                        minutes,
                    )
                )
        return await self.takeback(ctx, match)

    async def takeback_yes(self, ctx: Context, match: int, request: int | None) -> Response:
        return await self._answer_takeback(ctx, match, request, accept=True)

    async def takeback_no(self, ctx: Context, match: int, request: int | None) -> Response:
        return await self._answer_takeback(ctx, match, request, accept=False)

    async def _answer_takeback(
        self, ctx: Context, match: int, request: int | None, *, accept: bool
    ) -> Response:
        """Answer the request the button was shown for (its custom id names it). A button
        posted before buttons named their request cannot tell which it was shown for, so it
        answers none: its presser gets the request open now to answer, with buttons that
        name it (accepting a request they have not seen is what this guards against)."""
        if request is None:
            return await self._takeback_to_answer(ctx, match)
        result = await self.service.takebacks.answer(ctx.actor, accept, match, request)
        who = self._who(ctx.user_id)
        if accept:
            headline = _("{who} accepted the takeback.").format(who=who)
        else:
            headline = _("{who} declined the takeback.").format(who=who)
        board = await self.board_message(result.match, headline, show_last=accept)
        return self.in_match(ctx, result.match, board, Text("Done."))

    async def _takeback_to_answer(self, ctx: Context, match: int) -> Response:
        view = await self.service.play.playing_in(ctx.actor, match)
        asker = view.takeback_by
        if asker is None or asker == ctx.user_id:
            raise Refusal(Text("There is no takeback request from your opponent to answer."))
        with speaking(ctx.locale):  # to the presser alone
            # i18n: {request} is "@alice asks to take back their last move: @bob, accept or
            # decline."
            text = _(
                "That button comes from before buttons named the takeback request they "
                "answer, so it answers none. The request open now: {request}"
            ).format(request=self.words.takeback_asked(asker, ctx.user_id))
            return Response(
                reply=Message(text, buttons=takeback_buttons(view)),
                ephemeral=True,
            )

    @command("resign", "Resign your game.", MATCH, guild_only=False, private=True)
    async def resign(self, ctx: Context, match: int | None = None) -> Response:
        """Ask first: a private question with the one button that resigns (in the asker's
        language: the board's Resign button answers in it too)."""
        view = await self.service.play.playing_in(ctx.actor, match)
        with speaking(ctx.locale):
            question = self.words.resign_question(view, ctx.user_id)
            # i18n: a button, 80 characters at most
            confirm = Button(_("Yes, resign"), "resignyes", view.id, "danger")
        return Response(reply=Message(question, buttons=(confirm,)), ephemeral=True)

    async def resign_confirmed(self, ctx: Context, match: int) -> Response:
        view = await self.service.play.resign(ctx.actor, match)
        headline = _("{who} resigned.").format(who=self._who(ctx.user_id))
        board = await self.board_message(view, headline, ended=True)
        return self.in_match(ctx, view, board, Text("You resigned."))

    @command("draw", "Offer a draw, or accept your opponent's offer.", MATCH, guild_only=False)
    async def draw(self, ctx: Context, match: int | None = None) -> Response:
        result = await self.service.play.offer_draw(ctx.actor, match)
        # an offer needs no headline: the board's status says who offers a draw
        board = await self.board_message(
            result.match, _("Draw agreed.") if result.agreed else "", ended=result.agreed
        )
        return self.in_match(ctx, result.match, board, Text("Done."))

    async def draw_yes(self, ctx: Context, match: int) -> Response:
        return await self._answer_draw(ctx, match, accept=True)

    async def draw_no(self, ctx: Context, match: int) -> Response:
        return await self._answer_draw(ctx, match, accept=False)

    async def _answer_draw(self, ctx: Context, match: int, *, accept: bool) -> Response:
        result = await self.service.play.answer_draw(ctx.actor, accept, match)
        if accept:
            headline = _("Draw agreed.")
        else:
            headline = _("{who} declined the draw.").format(who=self._who(ctx.user_id))
        board = await self.board_message(result.match, headline, ended=accept)
        return self.in_match(ctx, result.match, board, Text("Done."))

    @command(
        "abort",
        "Call off a game before both sides have moved (no rating change; not in tournaments).",
        MATCH,
        guild_only=False,
    )
    async def abort(self, ctx: Context, match: int | None = None) -> Response:
        if ctx.moderator and match is None:  # a moderator in a game's thread means that game
            match = (await self.service.meant(ctx.actor)).id
        view = await self.service.play.abort_game(ctx.actor, match, moderator=ctx.moderator)
        if view.tournament_id is not None:  # only a moderator calls one off: unscored
            headline = _(
                "{who} called the game off as a moderator: in tournament #{number} it counts "
                "for neither player."
            ).format(who=self._who(ctx.user_id), number=view.tournament_id)
            board = await self.board_message(view, headline, ended=True)
            called_off = Text("Called off: it counts for neither player.")
            return self.in_match(ctx, view, board, called_off)
        headline = _("{who} aborted the game.").format(who=self._who(ctx.user_id))
        board = await self.board_message(view, headline, ended=True)
        return self.in_match(ctx, view, board, Text("The game is aborted."))

    @command(
        "rematch",
        "Ask your last opponent for another game, sides swapped.",
        MATCH,
        guild_only=False,
        starts_game=True,
    )
    async def rematch(self, ctx: Context, match: int | None = None) -> Response:
        asked = await self.service.rematch(ctx.actor, match)
        if asked.match is None:
            assert asked.challenge is not None
            return Response(reply=await self.challenge_message(asked.challenge))
        # i18n: the headline of a rematch's board
        headline = _("Rematch!")
        started = await self.with_pair(
            await self.started_here(asked.match, headline), asked.match, headline
        )
        if asked.challenge is None:  # against the computer: no challenge was shown
            return started
        assert started.reply is not None
        taken_up = replace(started.reply, shows=f"challenge:{asked.challenge.id}", in_place=True)
        return replace(started, updates=(taken_up,))

    async def moved(self, result: MoveResult) -> Message:
        """The board after a move (a person's or the computer's), naming who played it, and
        the reply played at once for a checkmated opponent."""
        # i18n: {who} is a person, {move} the move as the game writes it ("11-15")
        headline = _("{who} played {move}.").format(who=self._who(result.by_user), move=result.move)
        if result.forced is not None:
            mated = result.match.opponent_of(result.by_user) or 0
            headline += " " + self.words.forced_reply(mated, result.forced)
        return await self.board_message(result.match, headline, show_last=True, after_move=True)

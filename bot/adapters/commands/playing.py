"""Handlers that change a game: challenges and their buttons, moves, draws, resignations,
aborts and rematches."""

from __future__ import annotations

from dataclasses import replace

from bot.adapters.commands.boards import Boards, takeback_buttons
from bot.adapters.commands.group import Context
from bot.adapters.commands.picker import MOVED_ON, move_picker
from bot.adapters.commands.registry import MATCH, Option, command
from bot.adapters.replies import Attachment, Button, Message, Notice, Response, private
from bot.errors import Outdated, Refusal
from bot.runtime import workers
from bot.service import CAPTURES, OPENINGS, ChallengeView, MoveResult
from render import board_png
from rules import get_game

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
            return await self.started_here(
                match, self.words.person_did(ctx.user_id, "challenged me")
            )
        if level is not None:
            raise Refusal("A level is for games against me: choose me as the opponent.")
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

    async def challenge_message(self, challenge: ChallengeView) -> Message:
        game = get_game(challenge.game_id)
        png = await workers.run(board_png, game.id, game.initial_position())
        # an open challenge is anyone's to take: nobody may decline it for everyone
        named = challenge.opponent_id is not None
        decline = (Button("Decline", "decline", challenge.id),) if named else ()
        return Message(
            self.words.challenge(challenge),
            files=(Attachment(f"{game.id}-start.png", png),),
            buttons=(
                Button("Accept", "accept", challenge.id, "success"),
                *decline,
                Button("Cancel", "cancel", challenge.id, "danger"),
            ),
            pings=(challenge.opponent_id,) if challenge.opponent_id is not None else (),
            shows=f"challenge:{challenge.id}",
        )

    async def accept(self, ctx: Context, challenge_id: int) -> Response:
        match = await self.service.challenges.accept(ctx.actor, challenge_id)
        headline = self.words.person_did(ctx.user_id, "accepted")
        return await self.with_pair(await self.started(match, headline), match, headline)

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
    )
    async def move(self, ctx: Context, move: str, match: int | None = None) -> Response:
        return await self._played(ctx, await self.service.play.move(ctx.actor, move, match))

    async def _played(self, ctx: Context, result: MoveResult) -> Response:
        """A person's move shown: its board where the game is played, their opponent's DM."""
        board = await self.moved(result)
        shown = self.in_match(ctx, result.match, board, f"You played {result.move}.")
        notice = await self.move_notice(result)
        return replace(shown, dms=(notice,)) if notice else shown

    async def picker(self, ctx: Context, match: int) -> Response:
        """The Move button: the legal moves of the player to move, to them alone."""
        view = await self.service.play.to_move(ctx.actor, match)
        return Response(reply=move_picker(view), ephemeral=True)

    async def pick_piece(self, ctx: Context, match: int, seen: int, piece: str) -> Response:
        """A piece chosen in the picker: its moves listed under the pieces (the picker of
        the position now, if the game moved on)."""
        view = await self.service.play.to_move(ctx.actor, match)
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
            return Response(edit_origin=move_picker(view, note=MOVED_ON))
        shown = await self._played(ctx, result)
        return replace(shown, edit_origin=Message(f"You played {result.move}."))

    async def move_notice(self, result: MoveResult) -> Notice | None:
        """The DM telling the player to move of the move just made, if they asked for it."""
        news = self.words.person_did(result.by_user, f"played {result.move}")
        return await self.turn_notice(result.match, news, result.tell)

    @command(
        "vacation",
        "Stop your clock in all your games for some days (14 a month; only you see this).",
        Option("days", "number", "how many days, 1 to 14", required=True),
        example="/vacation days:3",
        guild_only=False,
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
    )
    async def takeback(self, ctx: Context, match: int | None = None) -> Response:
        asked = await self.service.takebacks.ask(ctx.actor, match)
        view = asked.match
        if asked.taken_back:  # the computer grants it at once
            what = "their last move" + (" and my reply" if asked.taken_back >= 2 else "")
            headline = self.words.person_did(ctx.user_id, f"took back {what}")
            board = await self.board_message(view, headline, show_last=True)
            return self.in_match(ctx, view, board, "Taken back.")
        rival = view.opponent_of(ctx.user_id) or 0
        headline = self.words.takeback_asked(ctx.user_id, rival)
        board = replace(await self.board_message(view, headline), pings=(rival,))
        return self.in_match(ctx, view, board, "Asked: your opponent decides.")

    async def takeback_button(self, ctx: Context, match: int) -> Response:
        """The board's Take back button: /takeback, for a few minutes after the move."""
        view = await self.service.match(match)
        if view.deadline is not None:  # set when the last move was made
            since = self.service.clock() - (view.deadline - view.move_seconds)
            if since > TAKEBACK_BUTTON_SECONDS:
                minutes = TAKEBACK_BUTTON_SECONDS // 60
                raise Refusal(
                    f"The Take back button works for {minutes} minutes after a move: use /takeback."
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
        what = "accepted the takeback" if accept else "declined the takeback"
        headline = self.words.person_did(ctx.user_id, what)
        board = await self.board_message(result.match, headline, show_last=accept)
        return self.in_match(ctx, result.match, board, "Done.")

    async def _takeback_to_answer(self, ctx: Context, match: int) -> Response:
        view = await self.service.play.playing_in(ctx.actor, match)
        asker = view.takeback_by
        if asker is None or asker == ctx.user_id:
            raise Refusal("There is no takeback request from your opponent to answer.")
        return Response(
            reply=Message(
                "That button comes from before buttons named the takeback request they "
                "answer, so it answers none. The request open now: "
                + self.words.takeback_asked(asker, ctx.user_id),
                buttons=takeback_buttons(view),
            ),
            ephemeral=True,
        )

    @command("resign", "Resign your game.", MATCH)
    async def resign(self, ctx: Context, match: int | None = None) -> Response:
        """Ask first: a private question with the one button that resigns."""
        view = await self.service.play.playing_in(ctx.actor, match)
        question = self.words.resign_question(view, ctx.user_id)
        confirm = Button("Yes, resign", "resignyes", view.id, "danger")
        return Response(reply=Message(question, buttons=(confirm,)), ephemeral=True)

    async def resign_confirmed(self, ctx: Context, match: int) -> Response:
        view = await self.service.play.resign(ctx.actor, match)
        headline = self.words.person_did(ctx.user_id, "resigned")
        board = await self.board_message(view, headline, ended=True)
        return self.in_match(ctx, view, board, "You resigned.")

    @command("draw", "Offer a draw, or accept your opponent's offer.", MATCH)
    async def draw(self, ctx: Context, match: int | None = None) -> Response:
        result = await self.service.play.offer_draw(ctx.actor, match)
        # an offer needs no headline: the board's status says who offers a draw
        board = await self.board_message(
            result.match, "Draw agreed." if result.agreed else "", ended=result.agreed
        )
        return self.in_match(ctx, result.match, board, "Done.")

    async def draw_yes(self, ctx: Context, match: int) -> Response:
        return await self._answer_draw(ctx, match, accept=True)

    async def draw_no(self, ctx: Context, match: int) -> Response:
        return await self._answer_draw(ctx, match, accept=False)

    async def _answer_draw(self, ctx: Context, match: int, *, accept: bool) -> Response:
        result = await self.service.play.answer_draw(ctx.actor, accept, match)
        headline = (
            "Draw agreed." if accept else self.words.person_did(ctx.user_id, "declined the draw")
        )
        board = await self.board_message(result.match, headline, ended=accept)
        return self.in_match(ctx, result.match, board, "Done.")

    @command(
        "abort",
        "Call off a game before both sides have moved (no rating change; not in tournaments).",
        MATCH,
    )
    async def abort(self, ctx: Context, match: int | None = None) -> Response:
        if ctx.moderator and match is None:  # a moderator in a game's thread means that game
            match = (await self.service.meant(ctx.actor)).id
        view = await self.service.play.abort_game(ctx.actor, match, moderator=ctx.moderator)
        if view.tournament_id is not None:  # only a moderator calls one off: unscored
            why = (
                f"called the game off as a moderator: in tournament #{view.tournament_id} "
                "it counts for neither player"
            )
            headline = self.words.person_did(ctx.user_id, why)
            board = await self.board_message(view, headline, ended=True)
            return self.in_match(ctx, view, board, "Called off: it counts for neither player.")
        board = await self.board_message(
            view, self.words.person_did(ctx.user_id, "aborted the game"), ended=True
        )
        return self.in_match(ctx, view, board, "The game is aborted.")

    @command(
        "rematch",
        "Ask your last opponent for another game, sides swapped.",
        MATCH,
        starts_game=True,
    )
    async def rematch(self, ctx: Context, match: int | None = None) -> Response:
        asked = await self.service.rematch(ctx.actor, match)
        if asked.match is None:
            assert asked.challenge is not None
            return Response(reply=await self.challenge_message(asked.challenge))
        started = await self.with_pair(
            await self.started_here(asked.match, "Rematch!"), asked.match, "Rematch!"
        )
        if asked.challenge is None:  # against the computer: no challenge was shown
            return started
        assert started.reply is not None
        taken_up = replace(started.reply, shows=f"challenge:{asked.challenge.id}", in_place=True)
        return replace(started, updates=(taken_up,))

    async def moved(self, result: MoveResult) -> Message:
        """The board after a move (a person's or the computer's), naming who played it, and
        the reply played at once for a checkmated opponent."""
        headline = self.words.person_did(result.by_user, f"played {result.move}")
        if result.forced is not None:
            mated = result.match.opponent_of(result.by_user) or 0
            headline += " " + self.words.forced_reply(mated, result.forced)
        return await self.board_message(result.match, headline, show_last=True, after_move=True)

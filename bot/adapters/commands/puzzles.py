"""Puzzles from the server's reviewed games: /puzzle shows one privately, /solve answers it,
Show me gives the answer; each person's first answer to each counts in /stats."""

from __future__ import annotations

from bot.adapters.commands.group import Context, HandlerGroup
from bot.adapters.commands.registry import Option, command
from bot.adapters.replies import Attachment, Button, Message, Response
from bot.i18n import _, ngettext, speaking
from bot.i18n.position_words import ALT_TEXT_LIMIT, position_words
from bot.runtime import workers
from bot.runtime.picture_words import picture_words
from bot.service import PuzzleView
from render import board_png
from rules import capitalised, get_game


class PuzzleCommands(HandlerGroup):
    @command(
        "puzzle",
        "A puzzle from this server's own games: find the one move that wins.",
        Option("game", "game", "one game only"),
        example="/puzzle game:checkers",
        guild_only=False,
        private=True,
    )
    async def puzzle(self, ctx: Context, game: str | None = None) -> Response:
        puzzle = await self.service.puzzles.next_for(ctx.actor, game)
        # i18n: {game} is a game's name ("Checkers"), {match} the number of the game the puzzle
        # comes from, {task} what to find ("White to move and win in 3 moves")
        text = _(
            "**Puzzle #{number}**, from {game} #{match}: {task}. Answer with /solve, like a move."
        ).format(
            number=puzzle.id,
            game=_(get_game(puzzle.game_id).name),
            match=puzzle.match_id,
            task=self._task(puzzle),
        )
        return Response(
            reply=Message(
                text,
                files=(await self._board(puzzle, show=False),),
                buttons=(_show_me(puzzle),),
            ),
            ephemeral=True,
        )

    @command(
        "solve",
        "Answer your puzzle with a move.",
        Option("move", "text", "your answer, written as a move", required=True),
        example="/solve move:11-15",
        guild_only=False,
        private=True,
    )
    async def solve(self, ctx: Context, move: str) -> Response:
        answer = await self.service.puzzles.answer(ctx.actor, move)
        puzzle = answer.puzzle
        if answer.correct:
            if answer.first:
                # i18n: {move} is the move as the game writes it ("11-15")
                text = _("Right: **{move}** wins. /puzzle for another.")
            else:
                text = _(
                    "Right: **{move}** wins (your first answer was another: it counts as "
                    "missed). /puzzle for another."
                )
            return Response(
                reply=Message(
                    text.format(move=answer.move), files=(await self._board(puzzle, show=True),)
                ),
                ephemeral=True,
            )
        # i18n: {move} is the move as the person typed it; "Show me" is the button's label
        text = _("Not {move}: that does not win. Try again, or press Show me.")
        return Response(
            reply=Message(text.format(move=answer.move), buttons=(_show_me(puzzle),)),
            ephemeral=True,
        )

    async def show_me(self, ctx: Context, puzzle_id: int) -> Response:
        """The Show me button: the answer, drawn on the board."""
        puzzle = await self.service.puzzles.reveal(ctx.actor, puzzle_id)
        with speaking(ctx.locale):  # to the presser alone
            # i18n: {move} is the puzzle's answer, a move as the game writes it ("11-15")
            text = _("Puzzle #{number}: **{move}** wins. /puzzle for another.")
            return Response(
                reply=Message(
                    text.format(number=puzzle.id, move=puzzle.answer),
                    files=(await self._board(puzzle, show=True),),
                ),
                ephemeral=True,
            )

    @staticmethod
    def _task(puzzle: PuzzleView) -> str:
        """'White to move and win', 'the enemy to move and win in 4 moves' (the goal
        stored is 'win', or 'win in 7' counting plies, the winner's own moves counted in
        words)."""
        game = get_game(puzzle.game_id)
        side = _(game.side_name(puzzle.side))
        _goal, _in, plies = puzzle.goal.partition(" in ")
        if not plies.isdigit():
            # i18n: a puzzle's task: {side} is a side's name ("White", "the enemy")
            return capitalised(_("{side} to move and win").format(side=side))
        moves = (int(plies) + 1) // 2  # the winner's own moves
        # i18n: a puzzle's task: {side} is a side's name ("White", "the enemy"), {n} counts the
        # winner's own moves
        task = ngettext(
            "{side} to move and win in {n} move", "{side} to move and win in {n} moves", moves
        )
        return capitalised(task.format(side=side, n=moves))

    async def _board(self, puzzle: PuzzleView, *, show: bool) -> Attachment:
        png = await workers.run(
            board_png, puzzle.game_id, puzzle.position, perspective=puzzle.side,
            better=puzzle.answer if show else None,
            caption=_caption(puzzle, show=show), words=picture_words(),
        )  # fmt: skip
        suffix = "answer" if show else "puzzle"
        caption = _caption(puzzle, show=show)
        room = ALT_TEXT_LIMIT - len(caption) - 2
        game = get_game(puzzle.game_id)
        words = position_words(game, game.decode(puzzle.position), limit=room)
        return Attachment(f"puzzle-{puzzle.id}-{suffix}.png", png, f"{caption}. {words}")


def _show_me(puzzle: PuzzleView) -> Button:
    # i18n: a button that shows a puzzle's answer, 80 characters at most
    return Button(_("Show me"), "puzzleshow", puzzle.id)


def _caption(puzzle: PuzzleView, *, show: bool) -> str:
    """The puzzle's board caption: its number, or its answer."""
    if show:
        # i18n: a board picture's caption: {move} is the puzzle's answer ("11-15")
        return _("{move} wins").format(move=puzzle.answer)
    # i18n: a board picture's caption
    return _("Puzzle #{number}").format(number=puzzle.id)

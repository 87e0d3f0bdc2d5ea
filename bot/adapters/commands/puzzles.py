"""Puzzles from the server's reviewed games: /puzzle shows one privately, /solve answers it,
Show me gives the answer; each person's first answer to each counts in /stats."""

from __future__ import annotations

from bot.adapters.commands.group import Context, HandlerGroup
from bot.adapters.commands.registry import Option, command
from bot.adapters.replies import Attachment, Button, Message, Response
from bot.runtime import workers
from bot.service import PuzzleView
from render import board_png
from rules import capitalised, get_game, win_within


class PuzzleCommands(HandlerGroup):
    @command(
        "puzzle",
        "A puzzle from this server's own games: find the one move that wins.",
        Option("game", "game", "one game only"),
        example="/puzzle game:checkers",
    )
    async def puzzle(self, ctx: Context, game: str | None = None) -> Response:
        puzzle = await self.service.puzzles.next_for(ctx.actor, game)
        task = self._task(puzzle)
        return Response(
            reply=Message(
                f"**Puzzle #{puzzle.id}**, from {get_game(puzzle.game_id).name} "
                f"#{puzzle.match_id}: {task}. Answer with /solve, like a move.",
                files=(await self._board(puzzle, show=False),),
                buttons=(Button("Show me", "puzzleshow", puzzle.id),),
            ),
            ephemeral=True,
        )

    @command(
        "solve",
        "Answer your puzzle with a move.",
        Option("move", "text", "your answer, written as a move", required=True),
        example="/solve move:11-15",
    )
    async def solve(self, ctx: Context, move: str) -> Response:
        answer = await self.service.puzzles.answer(ctx.actor, move)
        puzzle = answer.puzzle
        if answer.correct:
            late = "" if answer.first else " (your first answer was another: it counts as missed)"
            text = f"Right: **{answer.move}** wins{late}. /puzzle for another."
            return Response(
                reply=Message(text, files=(await self._board(puzzle, show=True),)), ephemeral=True
            )
        return Response(
            reply=Message(
                f"Not {answer.move}: that does not win. Try again, or press Show me.",
                buttons=(Button("Show me", "puzzleshow", puzzle.id),),
            ),
            ephemeral=True,
        )

    async def show_me(self, ctx: Context, puzzle_id: int) -> Response:
        """The Show me button: the answer, drawn on the board."""
        puzzle = await self.service.puzzles.reveal(ctx.actor, puzzle_id)
        return Response(
            reply=Message(
                f"Puzzle #{puzzle.id}: **{puzzle.answer}** wins. /puzzle for another.",
                files=(await self._board(puzzle, show=True),),
            ),
            ephemeral=True,
        )

    @staticmethod
    def _task(puzzle: PuzzleView) -> str:
        """'White to move and win', 'the enemy to move and win in 4 moves' (the goal
        stored counts plies)."""
        game = get_game(puzzle.game_id)
        goal, _, plies = puzzle.goal.partition(" in ")
        within = f" {win_within(int(plies))}" if plies.isdigit() else ""
        return capitalised(f"{game.side_name(puzzle.side)} to move and {goal}{within}")

    async def _board(self, puzzle: PuzzleView, *, show: bool) -> Attachment:
        png = await workers.run(
            board_png, puzzle.game_id, puzzle.position, perspective=puzzle.side,
            better=puzzle.answer if show else None,
            caption=f"{puzzle.answer} wins" if show else f"Puzzle #{puzzle.id}",
        )  # fmt: skip
        suffix = "answer" if show else "puzzle"
        return Attachment(f"puzzle-{puzzle.id}-{suffix}.png", png)

"""Puzzles from the server's own reviewed games: found when a review is made (ai.puzzles),
shown to each person (again while they leave it unanswered), answered by a move, and never
giving moves away; a person's first answer to each counts."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ai.puzzles import Puzzle
from bot.errors import Part, Refusal
from bot.i18n import Text
from bot.service.finding import pick_game
from bot.service.rules_errors import rules_text
from bot.service.shared import Shared
from bot.service.views import Actor
from bot.store.puzzle_tables import PuzzleRows
from bot.store.rows import Row
from rules import Game, RulesError, get_game

SOLVED, FAILED = "solved", "failed"
#: the words of a message, where a move's text would stand
_WORDS = re.compile(r"[^\s,.:;()'\"]+")


@dataclass(frozen=True)
class PuzzleView:
    id: int
    game_id: str
    match_id: int
    ply: int
    position: str
    side: str  # the side to move, who is to find the answer
    goal: str  # "win", or "win in 7" (plies) where the game is solved
    answer: str


@dataclass(frozen=True)
class PuzzleAnswer:
    """An answer to a puzzle: right or not, the move as the game writes it, and whether it
    was the person's first answer to it (which is what their record counts)."""

    puzzle: PuzzleView
    move: str
    correct: bool
    first: bool


def _view(row: Row) -> PuzzleView:
    return PuzzleView(
        row["id"], row["game_id"], row["match_id"], row["ply"], row["position"], row["side"],
        row["goal"], row["answer"],
    )  # fmt: skip


def _naming_no_move(err: RulesError, game: Game[Any, Any], position: Any) -> Part:
    """A refusal of an answer, which names no move of the puzzle (a list of moves to try
    would hold its answer)."""
    legal = {game.format_move(move) for move in game.legal_moves(position)}
    if legal.isdisjoint(_WORDS.findall(str(err))):
        return rules_text(err)
    # i18n: Show me: the label of the puzzle's button that shows its answer
    return Text("That is not a legal move in this puzzle: try another, or press Show me.")


class Puzzles:
    def __init__(self, shared: Shared) -> None:
        self.shared = shared
        self.rows = PuzzleRows(shared.store)

    async def add(self, match_id: int, ply: int, puzzle: Puzzle) -> None:
        """A puzzle found at `ply` (the move that missed it) of a reviewed match (none from a
        game played by a house rule: a puzzle is its game's, by the game's own rules; none
        from a private game: no server's, and its players' alone)."""
        match = await self.shared.find.match(match_id)
        if match.house_rule or match.private:
            return
        await self.rows.add(
            {
                "guild_id": match.guild_id,
                "game_id": match.game_id,
                "match_id": match_id,
                "ply": ply,
                "position": puzzle.position,
                "answer": puzzle.answer,
                "side": puzzle.side,
                "goal": puzzle.goal,
                "created_at": self.shared.settings.clock(),
            }
        )

    async def of_match(self, match_id: int) -> list[PuzzleView]:
        return [_view(r) for r in await self.rows.of_match(match_id)]

    async def next_for(self, actor: Actor, game_id: str | None = None) -> PuzzleView:
        """The puzzle from this server's games the person was shown and left unanswered,
        else one they have not been shown yet."""
        game = None if game_id is None else pick_game(game_id)
        wanted = (actor.guild_id, actor.user_id, None if game is None else game.id)
        row = await self.rows.unanswered(*wanted) or await self.rows.unseen(*wanted)
        if row is None:
            if game is None:
                raise Refusal(
                    Text(
                        "There is no new puzzle on this server for you yet: puzzles come from "
                        "reviewed games (/analyse) where a player missed the one winning move."
                    )
                )
            raise Refusal(
                Text(
                    "There is no new {game} puzzle on this server for you yet: puzzles come "
                    "from reviewed games (/analyse) where a player missed the one winning move.",
                    game=Text(game.name),
                )
            )
        await self.rows.shown(
            row["id"], actor.user_id, actor.guild_id, self.shared.settings.clock()
        )
        return _view(row)

    async def answer(self, actor: Actor, text: str) -> PuzzleAnswer:
        """Answer the last puzzle the person was shown here: right or wrong, privately."""
        row = await self.rows.open_attempt(actor.guild_id, actor.user_id)
        if row is None:
            raise Refusal(Text("You have no puzzle to answer here: /puzzle gives you one."))
        puzzle = _view(row)
        game = get_game(puzzle.game_id)
        position = game.decode(puzzle.position)
        try:
            move = game.format_move(game.parse_move(position, text))
        except RulesError as err:
            raise Refusal(_naming_no_move(err, game, position)) from None
        correct = move == puzzle.answer
        first = row["result"] is None
        await self.rows.answered(puzzle.id, actor.user_id, SOLVED if correct else FAILED, correct)
        return PuzzleAnswer(puzzle, move, correct, first)

    async def reveal(self, actor: Actor, puzzle_id: int) -> PuzzleView:
        """Show the answer ('Show me'): a puzzle not answered yet counts as not solved."""
        row = await self.rows.get(puzzle_id)
        if row is None or row["guild_id"] != actor.guild_id:
            raise Refusal(Text("That puzzle is not on this server."))
        if await self.rows.attempt(puzzle_id, actor.user_id) is None:
            raise Refusal(Text("Ask for a puzzle with /puzzle before asking for its answer."))
        await self.rows.answered(puzzle_id, actor.user_id, FAILED, True)
        return _view(row)

    async def record(self, guild_id: int, user_id: int) -> tuple[int, int]:
        """(solved at the first answer, tried) of the person's puzzles here."""
        return await self.rows.record(guild_id, user_id)

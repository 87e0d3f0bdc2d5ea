"""Puzzles from reviewed games: a position where the side to move had one clearly winning
move, checked by reading the position after every legal move at a fixed budget. A puzzle is
kept only if its answer is unique: the best move leaves the mover a chance to win of at
least WINS, and every other move at most HOLDS (in Three Musketeers, where the solution
knows the position: exactly one move keeps the win, and the puzzle says in how many plies)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules import get_game

from .analysis import Judged, Review, read, win_chance
from .computers import computer

#: the least chance to win the answer must leave the mover
WINS = 0.80
#: the most chance to win any other move may leave: no second answer
HOLDS = 0.55
#: positions searched after each legal move when a puzzle is checked
CHECK_NODES = 6_000


@dataclass(frozen=True)
class Puzzle:
    """A position, its one answer (canonical move text), and what it asks: 'win', or in
    the solved game 'win in 7' (plies)."""

    position: str
    answer: str
    side: str
    goal: str


def candidates(review: Review, most: int = 3) -> list[Judged]:
    """The moves of a reviewed game that missed a win: the mover stood well (a chance of
    WINS or more) and gave away at least a mistake's worth; worst first."""
    missed = [
        j
        for j in review.moves
        if not j.forced and j.before >= WINS and j.given_away >= 0.10 and j.best != j.move
    ]
    return sorted(missed, key=lambda j: (-j.given_away, j.ply))[:most]


def check(game_id: str, position: Any, nodes: int = CHECK_NODES) -> Puzzle | None:
    """The puzzle in `position` (an object or its text), if it has exactly one winning move."""
    game = get_game(game_id)
    if isinstance(position, str):
        position = game.decode(position)
    if game.outcome(position) is not None:
        return None
    side = game.side_to_move(position)
    moves = game.legal_moves(position)
    if len(moves) < 2:
        return None
    readings = [(move, read(game_id, game.apply(position, move), nodes)) for move in moves]
    solved = computer(game_id).solver is not None
    if solved and any(r.winner is None for _, r in readings):
        return None  # in a solved game a puzzle is proven, move by move, or not set
    chances = sorted(
        ((1 - win_chance(game_id, r.score), move, r) for move, r in readings),
        key=lambda c: -c[0],
    )
    (best, answer, after), others = chances[0], chances[1:]
    if best < WINS or any(chance > HOLDS for chance, _, _ in others):
        return None
    goal = "win" if after.plies is None else f"win in {after.plies + 1}"
    return Puzzle(game.encode(position), game.format_move(answer), side, goal)


def found_in(
    game_id: str, positions: Sequence[Any], review: Review, nodes: int = CHECK_NODES
) -> list[tuple[int, Puzzle]]:
    """Every checked puzzle among a reviewed game's missed wins, with the ply of the move
    that missed it (`positions`: the game's, the start first)."""
    puzzles = []
    for judged in candidates(review):
        puzzle = check(game_id, positions[judged.ply - 1], nodes)
        if puzzle is not None:
            puzzles.append((judged.ply, puzzle))
    return puzzles

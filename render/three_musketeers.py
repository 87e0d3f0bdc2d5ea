"""Three Musketeers: a 5x5 board; blue Musketeers, red enemy pieces."""

from __future__ import annotations

from typing import Any

from rules import Game, Outcome
from rules.three_musketeers import GRID, MusketeersPosition

from .board import Scene
from .drawing import Drawing, cells_named, status_line
from .shapes import SquareBoard
from .sprites import disc_painter

BOARD = SquareBoard(5, 5, light=(226, 216, 196), dark=(200, 186, 160), piece_scale=0.78)
MUSKETEER = disc_painter((44, 86, 170), (20, 40, 92), "star", scale=0.9)
ENEMY = disc_painter((196, 52, 48), (112, 24, 24), "dot", scale=0.7)


def scene(
    game: Game[Any, Any], position: MusketeersPosition, move: str | None, flipped: bool,
    outcome: Outcome | None,
) -> Scene:  # fmt: skip
    board = position.board
    pieces = {c: MUSKETEER if p == "M" else ENEMY for c, p in enumerate(board) if p != "."}
    moved = cells_named(move, r"[a-e][1-5]", GRID.index)
    took = moved[-1:] if moved and board[moved[-1]] == "M" else ()
    enemy = f"{board.count('E')} enemy pieces left"
    return Scene(
        pieces=pieces,
        status=status_line(game, position, outcome, enemy),
        moved=moved,
        captured=took,
        flipped=flipped,
    )


DRAWING = Drawing("three-musketeers", BOARD, (MUSKETEER, ENEMY), scene, 440, flip_for=None)

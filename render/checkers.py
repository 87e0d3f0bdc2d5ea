"""Checkers: an 8x8 board with the PDN square numbers on the dark squares."""

from __future__ import annotations

import re
from typing import Any

from rules import Game, Outcome
from rules.checkers import CheckersMove, CheckersPosition
from rules.checkers_board import bits_of, row_col

from .board import Scene
from .drawing import Drawing, status_line
from .shapes import SquareBoard
from .sprites import disc_painter


def cell_of(square: int) -> int:
    row, col = row_col(square)
    return (7 - row) * 8 + col


BOARD = SquareBoard(
    8, 8, light=(238, 222, 190), dark=(118, 84, 60), edge_labels=False,
    cell_labels={cell_of(s): str(s) for s in range(1, 33)}, piece_scale=0.86,
)  # fmt: skip
BLACK_MAN = disc_painter((52, 52, 58), (16, 16, 20))
BLACK_KING = disc_painter((52, 52, 58), (16, 16, 20), "crown")
WHITE_MAN = disc_painter((244, 236, 220), (176, 160, 130))
WHITE_KING = disc_painter((244, 236, 220), (176, 160, 130), "crown")


def scene(
    game: Game[Any, Any], position: CheckersPosition, move: str | None, flipped: bool,
    outcome: Outcome | None,
) -> Scene:  # fmt: skip
    pieces = {}
    for board, painter in (
        (position.black_men, BLACK_MAN), (position.black_kings, BLACK_KING),
        (position.white_men, WHITE_MAN), (position.white_kings, WHITE_KING),
    ):  # fmt: skip
        for i in bits_of(board):
            pieces[cell_of(i + 1)] = painter
    path = tuple(int(s) for s in re.findall(r"\d+", move or "") if 1 <= int(s) <= 32)
    jump = len(path) > 1 and abs(row_col(path[0])[0] - row_col(path[1])[0]) == 2
    taken = CheckersMove(path, True).captured_squares() if jump else ()
    counts = (
        f"Black {(position.black_men | position.black_kings).bit_count()}",
        f"White {(position.white_men | position.white_kings).bit_count()}",
    )
    return Scene(
        pieces=pieces,
        status=status_line(game, position, outcome, *counts),
        moved=tuple(cell_of(s) for s in path),
        path=tuple(cell_of(s) for s in path) if jump else (),
        captured=tuple(cell_of(s) for s in taken),
        flipped=flipped,
    )


DRAWING = Drawing(
    "checkers", BOARD, (BLACK_MAN, BLACK_KING, WHITE_MAN, WHITE_KING), scene, 512, flip_for="b"
)

"""Checkers: an 8x8 board with the PDN square numbers on the dark squares."""

from __future__ import annotations

from typing import Any

from rules import Game

from .drawing import Drawing
from .shapes import SquareShape
from .sprites import men_and_kings


def cell_of(square: int) -> int:
    """The shape's cell (rank-major from White's side) of a PDN square: squares count four
    to a row from Black's side, starting on the second column in even rows."""
    row, k = divmod(square - 1, 4)
    col = 2 * k + 1 if row % 2 == 0 else 2 * k
    return (7 - row) * 8 + col


SHAPE = SquareShape(
    8, 8, light=(238, 222, 190), dark=(118, 84, 60), edge_labels=False,
    cell_labels={cell_of(s): str(s) for s in range(1, 33)}, piece_scale=0.78,
)  # fmt: skip
PAINTERS = men_and_kings(
    {"b": ((52, 52, 58), (16, 16, 20)), "w": ((244, 236, 220), (176, 160, 130))}
)


def counts(game: Game[Any, Any], position: Any) -> list[str]:
    """'Black 12', 'White 11'."""
    pieces = "".join(game.pieces(position).values()).lower()
    return [f"Black {pieces.count('b')}", f"White {pieces.count('w')}"]


DRAWING = Drawing(
    "checkers", SHAPE, PAINTERS, lambda name: cell_of(int(name)), 512, flip_for="b",
    extras=counts, legend="dark discs = Black, light discs = White, a crown = a king",
)  # fmt: skip

"""Turkish draughts: all 64 squares in play, drawn as its boards are, one colour ruled into
squares, the files and ranks written round it."""

from __future__ import annotations

from .draughts import family
from .shapes import SquareShape, grid_cell

BOARD, LINES = (226, 204, 160), (120, 88, 56)
DRAWING = family(
    "turkish", SquareShape(8, 8, BOARD, BOARD, piece_scale=0.86, lines=LINES), grid_cell(8), 512
)

"""Checkers: an 8x8 board with the PDN square numbers on the dark squares, a1 dark."""

from __future__ import annotations

from .draughts import numbered, numbered_cell

#: a PDN square's cell: four to a row from Black's side, starting on the second column
cell_of = numbered_cell(8)
DRAWING = numbered("checkers", 8, 512)

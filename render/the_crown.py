"""The Crown: the triangular board, kingdoms tinted, the crown cell in gold."""

from __future__ import annotations

from rules import get_game

from .drawing import Drawing
from .shapes import TriangleShape, triangle_cell
from .sprites import disc_painter
from .theme import RGB, mix

GAME = get_game("the-crown")
NAMES = tuple(sorted(GAME.cell_names, key=triangle_cell))
REGIONS = {name: frozenset(map(triangle_cell, cells)) for name, cells in GAME.regions.items()}
(CROWN,) = REGIONS["crown"]
UP, DOWN = (236, 226, 204), (206, 190, 160)
WHITE_LAND, BLACK_LAND, CROWN_CELL = (150, 190, 226), (222, 150, 140), (246, 214, 110)


def colour(cell: int) -> RGB:
    base = UP if (int(NAMES[cell][1:]) % 2) == 1 else DOWN
    if cell == CROWN:
        return CROWN_CELL
    if cell in REGIONS["white kingdom"]:
        return mix(base, WHITE_LAND, 0.5)
    if cell in REGIONS["black kingdom"]:
        return mix(base, BLACK_LAND, 0.5)
    return base


SHAPE = TriangleShape(NAMES, colour, CROWN)
IVORY, IVORY_RIM = (248, 244, 232), (120, 108, 84)
EBONY, EBONY_RIM, EBONY_MARK = (50, 48, 56), (12, 12, 16), (150, 150, 160)
PAINTERS = {
    "P": disc_painter(IVORY, IVORY_RIM, "crown", scale=0.98),
    "K": disc_painter(IVORY, IVORY_RIM, "diamond", scale=0.9),
    "S": disc_painter(IVORY, IVORY_RIM, "dot", scale=0.74),
    "p": disc_painter(EBONY, EBONY_RIM, "crown", scale=0.98),
    "k": disc_painter(EBONY, EBONY_MARK, "diamond", scale=0.9),
    "s": disc_painter(EBONY, EBONY_MARK, "dot", scale=0.74),
}
DRAWING = Drawing("the-crown", SHAPE, PAINTERS, triangle_cell, 560, flip_for="b")

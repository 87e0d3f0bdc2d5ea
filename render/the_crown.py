"""The Crown: the triangular board, kingdoms tinted, the crown cell in gold."""

from __future__ import annotations

from typing import Any

from rules import Game, get_game

from .drawing import Drawing
from .shapes import TriangleShape, triangle_cell
from .sprites import disc_painter
from .theme import RGB, mix
from .words import ENGLISH, N_, Words

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
EBONY, EBONY_RIM, EBONY_MARK = (50, 48, 56), (12, 12, 16), (214, 214, 224)
#: each piece a shape of its own that reads at phone size: the Prince a crown, the Knight
#: a large diamond, the Soldier a smaller plain disc with a dot
PAINTERS = {
    "P": disc_painter(IVORY, IVORY_RIM, "crown", scale=0.98),
    "K": disc_painter(IVORY, IVORY_RIM, "diamond", scale=0.92),
    "S": disc_painter(IVORY, IVORY_RIM, "dot", scale=0.7),
    "p": disc_painter(EBONY, EBONY_RIM, "crown", scale=0.98),
    "k": disc_painter(EBONY, EBONY_RIM, "diamond", scale=0.92, mark=EBONY_MARK),
    "s": disc_painter(EBONY, EBONY_RIM, "dot", scale=0.7, mark=EBONY_MARK),
}


def princeless(game: Game[Any, Any], position: Any, words: Words = ENGLISH) -> list[str]:
    """'Black has no Prince', for each side whose Prince has left the board."""
    _ = words.gettext
    pieces = set(game.pieces(position).values())
    return [
        # i18n: under The Crown's board: {side} a side's name ("Black")
        _("{side} has no Prince").format(side=game.side_name(side, words))
        for side, prince in zip(game.sides, "Pp", strict=True)
        if prince not in pieces
    ]


DRAWING = Drawing(
    "the-crown", SHAPE, PAINTERS, triangle_cell, 560, flip_for="b", extras=princeless,
    # i18n: a legend of The Crown's pieces (after "Pieces: ")
    legend=N_("crown = Prince, diamond = Knight, small disc with a dot = Soldier"),
)  # fmt: skip

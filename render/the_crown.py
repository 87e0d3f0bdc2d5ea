"""The Crown: the triangular board, kingdoms tinted, the crown cell in gold."""

from __future__ import annotations

from typing import Any

from rules import Game, Outcome
from rules.crown_board import BLACK_KINGDOM, CELLS, CROWN, INDEX, WHITE_KINGDOM
from rules.the_crown import CrownPosition, TheCrown

from .board import Scene
from .drawing import Drawing, cells_named, status_line
from .shapes import TriangleBoard
from .sprites import disc_painter
from .theme import RGB, mix

UP, DOWN = (236, 226, 204), (206, 190, 160)
WHITE_LAND, BLACK_LAND, CROWN_CELL = (150, 190, 226), (222, 150, 140), (246, 214, 110)


def colour(cell: int) -> RGB:
    base = UP if CELLS[cell][1] % 2 == 0 else DOWN
    if cell == CROWN:
        return CROWN_CELL
    if cell in WHITE_KINGDOM:
        return mix(base, WHITE_LAND, 0.5)
    if cell in BLACK_KINGDOM:
        return mix(base, BLACK_LAND, 0.5)
    return base


BOARD = TriangleBoard(colour)
IVORY, IVORY_RIM = (248, 244, 232), (120, 108, 84)
EBONY, EBONY_RIM = (50, 48, 56), (12, 12, 16)
PIECES = {
    "P": disc_painter(IVORY, IVORY_RIM, "crown", scale=0.98),
    "K": disc_painter(IVORY, IVORY_RIM, "diamond", scale=0.9),
    "S": disc_painter(IVORY, IVORY_RIM, "dot", scale=0.74),
    "p": disc_painter(EBONY, EBONY_RIM, "crown", scale=0.98),
    "k": disc_painter(EBONY, (150, 150, 160), "diamond", scale=0.9),
    "s": disc_painter(EBONY, (150, 150, 160), "dot", scale=0.74),
}
_RULES = TheCrown()


def scene(
    game: Game[Any, Any], position: CrownPosition, move: str | None, flipped: bool,
    outcome: Outcome | None,
) -> Scene:  # fmt: skip
    pieces = {c: PIECES[p] for c, p in enumerate(position.board) if p != "."}
    moved = cells_named(move, r"[a-g]1[0-3]|[a-g][1-9]", INDEX)
    check = ["check!"] if outcome is None and _RULES.in_check(position) else []
    return Scene(
        pieces=pieces,
        status=status_line(game, position, outcome, *check),
        moved=moved,
        flipped=flipped,
    )


DRAWING = Drawing("the-crown", BOARD, tuple(PIECES.values()), scene, 560, flip_for="b")

"""Three Musketeers: a 5x5 board; blue Musketeers, red enemy pieces."""

from __future__ import annotations

from typing import Any

from rules import Game

from .drawing import Drawing
from .shapes import SquareShape, grid_cell
from .sprites import disc_painter
from .words import ENGLISH, N_, Words

SHAPE = SquareShape(5, 5, light=(226, 216, 196), dark=(200, 186, 160), piece_scale=0.78)
PAINTERS = {
    "M": disc_painter((44, 86, 170), (20, 40, 92), "star", scale=0.9),
    "E": disc_painter((196, 52, 48), (112, 24, 24), "dot", scale=0.7),
}


def enemies_left(game: Game[Any, Any], position: Any, words: Words = ENGLISH) -> list[str]:
    ngettext = words.ngettext
    left = list(game.pieces(position).values()).count("E")
    # i18n: under the Three Musketeers' board
    return [ngettext("{n} enemy piece left", "{n} enemy pieces left", left).format(n=left)]


DRAWING = Drawing(
    "three-musketeers",
    SHAPE,
    PAINTERS,
    grid_cell(5),
    440,
    flip_for=None,
    extras=enemies_left,
    # i18n: a legend of the Three Musketeers' pieces (after "Pieces: ")
    legend=N_("blue with a gold star = a Musketeer, red with a dot = an enemy piece"),
)

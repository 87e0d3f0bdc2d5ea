"""3 Crowns: an 8x8 board of green and black stones, crowned ones wearing a gold crown."""

from __future__ import annotations

from typing import Any

from rules import Game

from .drawing import Drawing
from .shapes import SquareShape, grid_cell
from .sprites import men_and_kings
from .words import ENGLISH, N_, Words

SHAPE = SquareShape(8, 8, light=(222, 226, 208), dark=(196, 204, 180))
#: uncrowned stones by their letter, crowned ones (upper case) wearing a crown
PAINTERS = men_and_kings({"g": ((52, 160, 88), (22, 92, 48)), "b": ((54, 54, 60), (10, 10, 14))})


def captures_and_equalizer(
    game: Game[Any, Any], position: Any, words: Words = ENGLISH
) -> list[str]:
    """The capture counts, and the stone Green must move again while the equalizer holds."""
    _ = words.gettext
    green, black = position.captures
    # i18n: under 3 Crowns' board: how many stones each side has captured
    extra = [_("captures: Green {green}, Black {black}").format(green=green, black=black)]
    if position.turn == "g" and position.equalizer >= 0:
        cell = game.cell_names[position.equalizer]
        # i18n: under 3 Crowns' board: {cell} the square of the stone Green must move ("c3")
        extra.append(_("Green moves {cell} again").format(cell=cell))
    return extra


DRAWING = Drawing(
    "three-crowns", SHAPE, PAINTERS, grid_cell(8), 512, flip_for="b",
    extras=captures_and_equalizer,
    # i18n: a legend of 3 Crowns' pieces (after "Pieces: ")
    legend=N_("green and black stones, a gold crown on a Crowned stone"),
)  # fmt: skip

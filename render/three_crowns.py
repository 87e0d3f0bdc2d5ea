"""3 Crowns: an 8x8 board of green and black stones, crowned ones wearing a gold crown."""

from __future__ import annotations

from typing import Any

from rules import Game

from .drawing import Drawing
from .shapes import SquareShape, grid_cell
from .sprites import men_and_kings

SHAPE = SquareShape(8, 8, light=(222, 226, 208), dark=(196, 204, 180))
#: uncrowned stones by their letter, crowned ones (upper case) wearing a crown
PAINTERS = men_and_kings({"g": ((52, 160, 88), (22, 92, 48)), "b": ((54, 54, 60), (10, 10, 14))})


def captures_and_equalizer(game: Game[Any, Any], position: Any) -> list[str]:
    """The capture counts, and the stone Green must move again while the equalizer holds."""
    green, black = position.captures
    extra = [f"captures: Green {green}, Black {black}"]
    if position.turn == "g" and position.equalizer >= 0:
        extra.append(f"Green moves {game.cell_names[position.equalizer]} again")
    return extra


DRAWING = Drawing(
    "three-crowns", SHAPE, PAINTERS, grid_cell(8), 512, flip_for="b",
    extras=captures_and_equalizer,
    legend="green and black stones, a gold crown on a Crowned stone",
)  # fmt: skip

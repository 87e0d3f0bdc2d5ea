"""3 Crowns: an 8x8 board of green and black stones, crowned ones wearing a gold crown."""

from __future__ import annotations

from typing import Any

from rules import Game, Outcome
from rules.three_crowns import GRID, CrownsPosition

from .board import Scene
from .drawing import Drawing, cells_named, status_line
from .shapes import SquareBoard
from .sprites import disc_painter

BOARD = SquareBoard(8, 8, light=(222, 226, 208), dark=(196, 204, 180))
GREEN_RIM, BLACK_RIM = (22, 92, 48), (10, 10, 14)
STONES = {
    "g": disc_painter((52, 160, 88), GREEN_RIM),
    "G": disc_painter((52, 160, 88), GREEN_RIM, "crown"),
    "b": disc_painter((54, 54, 60), BLACK_RIM),
    "B": disc_painter((54, 54, 60), BLACK_RIM, "crown"),
}


def scene(
    game: Game[Any, Any], position: CrownsPosition, move: str | None, flipped: bool,
    outcome: Outcome | None,
) -> Scene:  # fmt: skip
    pieces = {c: STONES[s] for c, s in enumerate(position.board) if s != "."}
    path = cells_named(move, r"[a-h][1-8]", GRID.index)
    jump = len(path) == 3
    green, black = position.captures
    extra = [f"captures: Green {green}, Black {black}"]
    if outcome is None and position.turn == "g" and position.equalizer >= 0:
        extra.append(f"Green moves {GRID.names[position.equalizer]} again")
    return Scene(
        pieces=pieces,
        status=status_line(game, position, outcome, *extra),
        moved=path,
        path=path if jump else (),
        captured=((path[1] + path[2]) // 2,) if jump else (),
        flipped=flipped,
    )


DRAWING = Drawing("three-crowns", BOARD, tuple(STONES.values()), scene, 512, flip_for="b")

"""How one game is drawn: its picture's shape, a painter per piece letter, where each named
cell is on the shape; and the one way a position (and the move that led to it) becomes a
Scene, through the engine's public picture methods."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rules import Game, Outcome, status_text

from .canvas import Scene, Shape
from .sprites import Painter


def no_extras(game: Game[Any, Any], position: Any) -> list[str]:
    return []


@dataclass(frozen=True)
class Drawing:
    game_id: str
    shape: Shape
    painters: Mapping[str, Painter]  # piece letter (as Game.pieces gives it) -> its sprite
    cell_of: Callable[[str], int]  # cell name -> the shape's cell
    default_size: int
    #: the side whose view turns the board round (None: the picture has no sides)
    flip_for: str | None
    #: what the status line adds while the game goes on (counts, captures...)
    extras: Callable[[Game[Any, Any], Any], list[str]] = no_extras

    def scene(
        self,
        game: Game[Any, Any],
        position: Any,
        move: Any | None,
        before: Any | None,
        flipped: bool,
        outcome: Outcome | None,
    ) -> Scene:
        """What to draw: `move` (played in `before`) led to `position`."""
        pieces = {self.cell_of(c): self.painters[p] for c, p in game.pieces(position).items()}
        moved: tuple[int, ...] = ()
        captured: tuple[int, ...] = ()
        if move is not None and before is not None:
            moved = tuple(map(self.cell_of, game.move_cells(move)))
            captured = tuple(map(self.cell_of, game.captured_cells(before, move)))
        status = status_text(game, position, outcome)
        if outcome is None:
            status = " · ".join([status, *self.extras(game, position)])
        return Scene(
            pieces=pieces,
            status=status,
            moved=moved,
            path=moved if move is not None and game.is_jump(move) else (),
            captured=captured,
            flipped=flipped,
        )

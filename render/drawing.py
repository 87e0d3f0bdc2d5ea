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
from .words import ENGLISH, Words

#: what a game's status line adds while the game goes on: (game, position, words) -> texts
Extras = Callable[[Game[Any, Any], Any, Words], list[str]]


def no_extras(game: Game[Any, Any], position: Any, words: Words = ENGLISH) -> list[str]:
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
    extras: Extras = no_extras
    #: what each piece's picture means, in one line ('crown = Prince, ...'): marked N_,
    #: translated where shown
    legend: str = ""

    def scene(
        self,
        game: Game[Any, Any],
        position: Any,
        move: Any | None,
        before: Any | None,
        flipped: bool,
        outcome: Outcome | None,
        caption: str = "",
        arrows: tuple[Any, Any] = (None, None),
        words: Words = ENGLISH,
    ) -> Scene:
        """What to draw: `move` (played in `before`) led to `position`; `caption` opens
        the status line; `arrows`: a move played in `position` and a better one (a review's
        board), drawn as arrows; the status line in `words`' language."""
        pieces = {self.cell_of(c): self.painters[p] for c, p in game.pieces(position).items()}
        cells: dict[str, tuple[int, ...]] = {}
        if move is not None and before is not None:
            visited = tuple(map(self.cell_of, game.move_cells(move)))
            cells["start"], cells["landed"] = visited[:1], visited[1:]
            if game.is_jump(move):
                cells["path"] = visited
            cells["captured"] = tuple(map(self.cell_of, game.captured_cells(before, move)))
            cells["jumped"] = tuple(map(self.cell_of, game.jumped_cells(before, move)))
        checked = game.checked_cell(position)
        if checked is not None:
            cells["checked"] = (self.cell_of(checked),)
        cells["winning"] = tuple(map(self.cell_of, game.winning_cells(position)))
        for name, shown in zip(("played", "better"), arrows, strict=True):
            if shown is not None:
                cells[name] = tuple(map(self.cell_of, game.move_cells(shown)))
        status = status_text(game, position, outcome, words)
        if outcome is None:
            status = " · ".join([status, *self.extras(game, position, words)])
        if caption:
            status = f"{caption} · {status}"
        return Scene(pieces=pieces, status=status, flipped=flipped, **cells)

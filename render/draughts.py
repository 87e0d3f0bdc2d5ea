"""The draughts family on its dark squares: numbered as their players number them
(Checkers, International, Italian) or lettered on the edges (Brazilian, Russian); the men
and crowned kings and the pieces counted, which Turkish draughts shares."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules import Game

from .drawing import Drawing
from .shapes import SquareShape, grid_cell
from .sprites import men_and_kings
from .words import ENGLISH, N_, Words

LIGHT, DARK = (238, 222, 190), (118, 84, 60)
PAINTERS = men_and_kings(
    {"b": ((52, 52, 58), (16, 16, 20)), "w": ((244, 236, 220), (176, 160, 130))}
)
# i18n: a legend of a draughts board's pieces (after "Pieces: ")
LEGEND = N_("dark discs = Black, light discs = White, a crown = a king")


def counts(game: Game[Any, Any], position: Any, words: Words = ENGLISH) -> list[str]:
    """Each side's pieces, in the order of the game's sides: 'Black 12', 'White 11'."""
    _ = words.gettext
    pieces = "".join(game.pieces(position).values()).lower()
    return [
        # i18n: under a board: {side} a side's name, {count} how many pieces it has ("Black 12")
        _("{side} {count}").format(side=game.side_name(side, words), count=pieces.count(side))
        for side in game.sides
    ]


def numbered_cell(side: int, a1_dark: bool = True) -> Callable[[int], int]:
    """Square number -> the shape's cell (rank-major from White's side), for a side x side
    board whose dark squares count side / 2 to a row, from Black's side, left to right as
    White sees it (the top row starting on its first dark square)."""

    def cell(square: int) -> int:
        row, k = divmod(square - 1, side // 2)
        rank = side - 1 - row
        return rank * side + 2 * k + (rank + (0 if a1_dark else 1)) % 2

    return cell


def numbered(
    game_id: str, side: int, default_size: int, *, a1_dark: bool = True,
    piece_scale: float = 0.78, label_scale: float = 1.0,
) -> Drawing:  # fmt: skip
    """A board with its numbers on the dark squares, as players type them."""
    cell = numbered_cell(side, a1_dark)
    labels = {cell(n): str(n) for n in range(1, side * side // 2 + 1)}
    shape = SquareShape(
        side, side, LIGHT, DARK, edge_labels=False, cell_labels=labels,
        piece_scale=piece_scale, label_scale=label_scale, a1_dark=a1_dark,
    )  # fmt: skip
    return family(game_id, shape, lambda name: cell(int(name)), default_size)


def family(
    game_id: str, shape: SquareShape, cell_of: Callable[[str], int], default_size: int
) -> Drawing:
    """A draughts game's Drawing: its men and kings, counted, turned round for Black."""
    return Drawing(
        game_id, shape, PAINTERS, cell_of, default_size, flip_for="b", extras=counts,
        legend=LEGEND,
    )  # fmt: skip


#: FMJD's 10x10 board: 1-50 from Black's side, a1 (square 46) dark
INTERNATIONAL = numbered("international", 10, 600, piece_scale=0.7, label_scale=1.15)
#: FID places the board with a dark square at each player's right: 1 is Black's single
#: corner (a8 as White sees it), 32 White's (h1), the double corners on the players' left
ITALIAN = numbered("italian", 8, 512, a1_dark=False)
#: a1 dark at White's left, its files and ranks written round the board
BRAZILIAN, RUSSIAN = (
    family(game_id, SquareShape(8, 8, LIGHT, DARK, piece_scale=0.82), grid_cell(8), 512)
    for game_id in ("brazilian", "russian")
)

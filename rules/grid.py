"""Square grids with algebraic cell names (a1 bottom-left), shared by the square-board games.

A board is a string of one character per cell, index = (rank - 1) * width + file, with
"." for an empty cell; its text form lists ranks top-down joined by "/", digits for runs of
empty cells.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .base import clean_move_text, quote
from .errors import BadPosition, IllegalMove

EMPTY = "."
ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))
ALL_EIGHT = (*ORTHOGONAL, (1, 1), (1, -1), (-1, 1), (-1, -1))
#: one direction per line through a cell: rank, file and the two diagonals
LINE_DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


@dataclass(frozen=True, slots=True, order=True)
class PathMove:
    """A move as the cells it visits, origin first, and whether it is written with 'x' (a
    capture or a jump) rather than '-'."""

    path: tuple[int, ...]
    written_with_x: bool


class Grid:
    """Cell names, neighbours and rays of a width x height board."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.size = width * height
        self.names = tuple(f"{chr(97 + i % width)}{i // width + 1}" for i in range(self.size))
        self.index = {name: i for i, name in enumerate(self.names)}
        #: cells in the order of their names (a1 a2 ... b1 ...): generating moves in this
        #: order, steps before jumps, lists them as their canonical texts sort
        self.name_order = tuple(sorted(range(self.size), key=self.names.__getitem__))
        self.cell_pattern = re.compile(f"[a-{chr(96 + width)}][1-{height}]")

    def step(self, cell: int, direction: tuple[int, int], distance: int = 1) -> int:
        """The cell `distance` steps away in direction (file, rank), or -1 off the board."""
        file, rank = cell % self.width, cell // self.width
        f, r = file + direction[0] * distance, rank + direction[1] * distance
        return r * self.width + f if 0 <= f < self.width and 0 <= r < self.height else -1

    def ray(self, cell: int, direction: tuple[int, int]) -> tuple[int, ...]:
        out = []
        while (cell := self.step(cell, direction)) >= 0:
            out.append(cell)
        return tuple(out)

    def neighbours(self, directions: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
        """Each cell's neighbours in the given directions, in name order."""
        return tuple(
            tuple(
                sorted(
                    (n for d in directions if (n := self.step(c, d)) >= 0),
                    key=self.names.__getitem__,
                )
            )
            for c in range(self.size)
        )

    def step_moves(
        self, neighbours: tuple[tuple[int, ...], ...], written_with_x: bool
    ) -> tuple[dict[int, PathMove], ...]:
        """One shared move object per (cell, neighbour), so move generation builds none."""
        return tuple(
            {n: PathMove((c, n), written_with_x) for n in ns} for c, ns in enumerate(neighbours)
        )

    # --- board text -----------------------------------------------------------
    def encode_board(self, board: str) -> str:
        ranks = []
        for rank in range(self.height - 1, -1, -1):
            row = board[rank * self.width : (rank + 1) * self.width]
            ranks.append(re.sub(r"\.+", lambda m: str(len(m.group())), row))
        return "/".join(ranks)

    def decode_board(self, text: str, pieces: str) -> str:
        """The board string of a ranks-top-down text; `pieces` are the allowed letters."""
        ranks = text.split("/")
        if len(ranks) != self.height:
            raise BadPosition("the board needs {ranks} ranks separated by '/'", ranks=self.height)
        rows = []
        for number, rank in zip(range(self.height, 0, -1), ranks, strict=True):
            row = ""
            for char in rank:
                if char.isdigit() and 1 <= int(char) <= self.width:
                    row += EMPTY * int(char)
                elif char in pieces:
                    row += char
                else:
                    # i18n: {rank} a rank's number; {typed} a character of the position text,
                    # quoted; {pieces} the letters of the pieces ("gbGB")
                    raise BadPosition(
                        "rank {rank} has {typed}: use {pieces} or digits",
                        rank=number,
                        typed=quote(char),
                        pieces=pieces,
                    )
            if len(row) != self.width:
                raise BadPosition(
                    "rank {rank} must describe exactly {width} cells", rank=number, width=self.width
                )
            rows.append(row)
        return "".join(reversed(rows))

    def cell(self, name: str) -> int:
        if name not in self.index:
            # i18n: {typed} a cell's name as typed, quoted
            raise BadPosition("{typed} is not a cell of the board", typed=quote(name))
        return self.index[name]

    # --- move text --------------------------------------------------------------
    def parse_path(self, text: str, examples: tuple[str, str]) -> tuple[tuple[int, ...], str]:
        """The cells a move text names, and the cleaned text: `c3xc4`, `b3-c3`, `b3c3`."""
        cleaned = clean_move_text(text)
        cells = self.cell_pattern.findall(cleaned)
        rest = self.cell_pattern.sub("", cleaned).replace("-", "").replace("x", "")
        if len(cells) < 2 or rest:
            last = self.names[-1]
            # i18n: {typed} what the player typed, quoted; {last} a cell ("e5"); {first_example}
            # and {second_example} moves as written ("c3xc4", "b3-c3")
            raise IllegalMove(
                "{typed} is not a move: name cells a1-{last} joined by '-' or 'x', "
                "like {first_example} or {second_example}",
                typed=quote(text),
                last=last,
                first_example=examples[0],
                second_example=examples[1],
            )
        return tuple(self.index[c] for c in cells), cleaned

    def format_path(self, move: PathMove) -> str:
        return ("x" if move.written_with_x else "-").join(self.names[c] for c in move.path)


class GridPictures:
    """What a picture needs, for a game on a Grid whose positions keep `board`, one
    character a cell (EMPTY for none); the game sets `grid`."""

    grid: Grid

    def pieces(self, position: Any) -> dict[str, str]:
        board: str = position.board
        return {self.grid.names[c]: p for c, p in enumerate(board) if p != EMPTY}

    def move_cells(self, move: PathMove) -> tuple[str, ...]:
        return tuple(self.grid.names[c] for c in move.path)

"""The dark squares of a square draughts board, in the game's own order and by its own names:
each square's rank and file (White's side at the bottom), its rays along the four diagonals,
and the masks a step in each direction shifts (bit i of a mask is the game's i-th square).

Two numberings: the squares counted row by row from Black's side, left to right as White sees
them (FMJD's 1-50, FID's 1-32), or named a1-h8, rank by rank from White's side (Russian,
Brazilian)."""

from __future__ import annotations

from collections.abc import Iterator

#: the four diagonal directions, "up" toward Black's side; STEPS: each as (rank, file)
UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT = range(4)
DIRECTIONS = (UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT)
STEPS = ((1, -1), (1, 1), (-1, -1), (-1, 1))
OPPOSITE = (DOWN_RIGHT, DOWN_LEFT, UP_RIGHT, UP_LEFT)
#: the directions a man of each side steps in
FORWARD = {"w": (UP_LEFT, UP_RIGHT), "b": (DOWN_LEFT, DOWN_RIGHT)}
FILES = "abcdefghij"


class DiagonalBoard:
    """A size x size board's dark squares (a1 dark or light) by the game's names."""

    def __init__(self, size: int, *, a1_dark: bool, numbered: bool) -> None:
        parity = 0 if a1_dark else 1
        dark = [(r, f) for r in range(size) for f in range(size) if (r + f) % 2 == parity]
        if numbered:  # row by row from Black's side, left to right
            dark.sort(key=lambda square: (-square[0], square[1]))
            names = [str(n) for n in range(1, len(dark) + 1)]
        else:  # rank by rank from White's side, a to h
            names = [f"{FILES[f]}{r + 1}" for r, f in dark]
        self.size, self.numbered = size, numbered
        #: (rank, file) of each square, rank 0 White's back row
        self.squares = tuple(dark)
        self.names = tuple(names)
        self.index = {name: i for i, name in enumerate(names)}
        self.full = (1 << len(dark)) - 1
        at = {square: i for i, square in enumerate(dark)}
        #: rays[i][d]: the squares from square i (not included) to the edge in direction d
        self.rays = tuple(tuple(_ray(at, square, step) for step in STEPS) for square in dark)
        #: each square's diagonal neighbours, in the game's order
        self.neighbours = tuple(tuple(sorted(ray[0] for ray in rays if ray)) for rays in self.rays)
        #: the row each side crowns on: White's is Black's back row
        self.crown = {
            "w": sum(1 << i for i, (r, _) in enumerate(dark) if r == size - 1),
            "b": sum(1 << i for i, (r, _) in enumerate(dark) if r == 0),
        }
        #: shifts[d]: (amount, source mask) pairs that move a mask's squares one step in d
        self.shifts = tuple(self._shift_groups(d) for d in DIRECTIONS)

    def _shift_groups(self, direction: int) -> tuple[tuple[int, int], ...]:
        groups: dict[int, int] = {}
        for i, rays in enumerate(self.rays):
            if rays[direction]:
                amount = rays[direction][0] - i
                groups[amount] = groups.get(amount, 0) | 1 << i
        return tuple(sorted(groups.items()))

    def shift(self, bits: int, direction: int) -> int:
        """The squares one step from `bits` in `direction` (steps off the board dropped)."""
        out = 0
        for amount, mask in self.shifts[direction]:
            out |= (bits & mask) << amount if amount > 0 else (bits & mask) >> -amount
        return out

    def rows(self) -> Iterator[list[int | None]]:
        """The board's rows from Black's side: each file's square, None on a light square."""
        at = {square: i for i, square in enumerate(self.squares)}
        for rank in range(self.size - 1, -1, -1):
            yield [at.get((rank, file)) for file in range(self.size)]


def _ray(
    at: dict[tuple[int, int], int], square: tuple[int, int], step: tuple[int, int]
) -> tuple[int, ...]:
    out = []
    rank, file = square[0] + step[0], square[1] + step[1]
    while (rank, file) in at:
        out.append(at[rank, file])
        rank, file = rank + step[0], file + step[1]
    return tuple(out)

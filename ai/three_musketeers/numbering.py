"""How the solver (tools/three_musketeers) numbers Three Musketeers positions, so the
stored strategy can be read: cells 0-24 as in `rules` (index = (rank - 1) * 5 + file); the
ply fixes the side to move and the enemy count (every Musketeer move captures); a position
of a ply is t * C(22, k) + r, t the colex rank of the Musketeers' three cells and r that of
the k enemy cells among the other 22. Four symmetries keep the start's a1-c3-e5 diagonal;
the strategy stores each position once, under its smallest number."""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import NamedTuple

START_ENEMIES = 22


def _mirror(symmetry: int, cell: int) -> int:
    file, rank = cell % 5, cell // 5
    return (
        cell,
        file * 5 + rank,  # about the a1-e5 diagonal
        (4 - rank) * 5 + (4 - file),  # half a turn
        (4 - file) * 5 + (4 - rank),  # about the a5-e1 diagonal
    )[symmetry]


#: each symmetry as a table: cell -> its image (each is its own inverse)
SYMMETRIES: tuple[tuple[int, ...], ...] = tuple(
    tuple(_mirror(s, cell) for cell in range(25)) for s in range(4)
)


def ply_of(enemies: int, musketeers_to_move: bool) -> int:
    return 2 * (START_ENEMIES - enemies) + (0 if musketeers_to_move else -1)


def _colex(cells: Sequence[int]) -> int:
    return sum(comb(cell, i + 1) for i, cell in enumerate(sorted(cells)))


def index(musketeers: Sequence[int], enemies: Sequence[int]) -> int:
    """The number of a position within its ply."""
    taken = set(musketeers)
    free = [cell for cell in range(25) if cell not in taken]
    where = {cell: i for i, cell in enumerate(free)}
    k = len(enemies)
    return _colex(musketeers) * comb(22, k) + _colex([where[c] for c in enemies])


class Canonical(NamedTuple):
    number: int
    symmetry: int  # maps the position's cells to the stored position's cells


def canonical(musketeers: Sequence[int], enemies: Sequence[int]) -> Canonical:
    return min(
        Canonical(index([table[c] for c in musketeers], [table[c] for c in enemies]), s)
        for s, table in enumerate(SYMMETRIES)
    )

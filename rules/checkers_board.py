"""English draughts geometry as bitboards: bit i is square i+1 of the PDN numbering.

Everything is derived once, at import, from the coordinate formula of the rules file.
"""

from __future__ import annotations

from collections.abc import Iterator

SQUARES = range(1, 33)
FULL = (1 << 32) - 1

UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT = range(4)
DIRECTION_DELTAS = ((-1, -1), (-1, 1), (1, -1), (1, 1))
BLACK_MAN_DIRECTIONS = (DOWN_LEFT, DOWN_RIGHT)
WHITE_MAN_DIRECTIONS = (UP_LEFT, UP_RIGHT)
KING_DIRECTIONS = (UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT)

BLACK_CROWN_ROW = 0xF << 28  # squares 29-32
WHITE_CROWN_ROW = 0xF  # squares 1-4


def row_col(square: int) -> tuple[int, int]:
    row, k = divmod(square - 1, 4)
    return row, 2 * k + 1 if row % 2 == 0 else 2 * k


def square_at(row: int, col: int) -> int | None:
    if 0 <= row < 8 and 0 <= col < 8 and (row + col) % 2 == 1:
        return 4 * row + col // 2 + 1
    return None


def _neighbour(square: int, direction: int, distance: int) -> int | None:
    row, col = row_col(square)
    dr, dc = DIRECTION_DELTAS[direction]
    return square_at(row + dr * distance, col + dc * distance)


def _bit_index(square: int | None) -> int:
    return -1 if square is None else square - 1


#: STEP[d][i] / JUMP[d][i]: bit index one / two squares away from bit i in direction d (-1: off)
STEP = tuple(tuple(_bit_index(_neighbour(s, d, 1)) for s in SQUARES) for d in range(4))
JUMP = tuple(tuple(_bit_index(_neighbour(s, d, 2)) for s in SQUARES) for d in range(4))


def _shift_groups(direction: int) -> tuple[tuple[int, int], ...]:
    """(shift, source mask) pairs: a step in `direction` moves the masked bits by `shift`."""
    groups: dict[int, int] = {}
    for i, j in enumerate(STEP[direction]):
        if j >= 0:
            groups[j - i] = groups.get(j - i, 0) | 1 << i
    return tuple(sorted(groups.items()))


SHIFT_GROUPS = tuple(_shift_groups(d) for d in range(4))


def shift(bits: int, direction: int) -> int:
    """The squares one step from `bits` in `direction` (off-board steps dropped)."""
    out = 0
    for amount, mask in SHIFT_GROUPS[direction]:
        if amount > 0:
            out |= (bits & mask) << amount
        else:
            out |= (bits & mask) >> -amount
    return out


def bits_of(mask: int) -> Iterator[int]:
    """Bit indices set in mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low

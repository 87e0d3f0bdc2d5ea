"""The Crown's triangular board, derived once at import from the cell geometry of the rules.

49 cells in rows y = 0..6 (13, 11, ..., 1 cells), index = y * (14 - y) + i. Every cell lies
on one line of each of three families: H (rows), L (the letter lines, '/') and R ('\\').
"""

from __future__ import annotations

ROWS = 7
CELLS = tuple((y, i) for y in range(ROWS) for i in range(13 - 2 * y))
SIZE = len(CELLS)
CROWN = SIZE - 1  # a13


def index_of(y: int, i: int) -> int:
    return y * (14 - y) + i


def name_of(y: int, i: int) -> str:
    return f"{chr(97 + i // 2)}{2 * y + 1 + i % 2}"


def lines_of(y: int, i: int) -> tuple[int, int, int]:
    """The (H, L, R) line coordinates of a cell."""
    return y, i // 2, y + (i + 1) // 2


NAMES = tuple(name_of(y, i) for y, i in CELLS)
INDEX = {name: c for c, name in enumerate(NAMES)}
NUMBER = tuple(2 * y + 1 + i % 2 for y, i in CELLS)
COORDS = tuple(lines_of(y, i) for y, i in CELLS)
POINTS_UP = tuple(i % 2 == 0 for _, i in CELLS)


def _lines() -> list[list[int]]:
    """Every line of the three families, its cells in order (by i for H, by number else)."""
    out = []
    for family in range(3):
        for k in range(ROWS):
            cells = [c for c in range(SIZE) if COORDS[c][family] == k]
            order = (lambda c: CELLS[c][1]) if family == 0 else NUMBER.__getitem__
            out.append(sorted(cells, key=order))
    return out


def _rays(cell: int) -> list[tuple[int, ...]]:
    """The non-empty rays of a cell: its lines' cells on either side, walking outward."""
    rays = []
    for line in LINES:
        if cell in line:
            p = line.index(cell)
            rays += [tuple(line[p + 1 :]), tuple(reversed(line[:p]))]
    return [r for r in rays if r]


LINES = _lines()
RAYS = tuple(tuple(_rays(c)) for c in range(SIZE))
#: BRANCHES[c]: for each neighbour n of c, (n, the rays' continuations beyond n)
BRANCHES = tuple(
    tuple(
        (n, tuple(r[1:] for r in RAYS[c] if r[0] == n and len(r) > 1))
        for n in sorted({r[0] for r in RAYS[c]})
    )
    for c in range(SIZE)
)
NEIGHBOURS = tuple(tuple(n for n, _ in branches) for branches in BRANCHES)
#: the cells on a cell's lines: whatever attacks a cell stands on one of them
ON_LINES = tuple(frozenset(x for ray in RAYS[c] for x in ray) for c in range(SIZE))

WHITE_KINGDOM = frozenset(c for c in range(SIZE) if COORDS[c][1] >= 4)
BLACK_KINGDOM = frozenset(c for c in range(SIZE) if COORDS[c][2] <= 2)
WHITE_HOME, BLACK_HOME = INDEX["g1"], INDEX["a1"]


def _check_geometry() -> None:
    for c in range(SIZE):
        for n in NEIGHBOURS[c]:
            diff = sorted(abs(a - b) for a, b in zip(COORDS[c], COORDS[n], strict=True))
            assert diff == [0, 0, 1], (NAMES[c], NAMES[n])
        assert 1 <= len(NEIGHBOURS[c]) <= 3
    assert len(WHITE_KINGDOM) == len(BLACK_KINGDOM) == 9


_check_geometry()

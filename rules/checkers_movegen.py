"""Side-relative Checkers move generation on bitboards (the engine's hot path).

A raw move is `(path, captured)`: the bit indices the piece visits, origin first, and the
mask of captured pieces (0 for a simple move). Every function takes the mover's men and
kings, the opponent's pieces, and whether the mover is Black (Black's men move down).
"""

from __future__ import annotations

from .checkers_board import (
    BLACK_CROWN_ROW,
    BLACK_MAN_DIRECTIONS,
    DOWN_LEFT,
    DOWN_RIGHT,
    FULL,
    JUMP,
    KING_DIRECTIONS,
    SHIFT_GROUPS,
    STEP,
    UP_LEFT,
    UP_RIGHT,
    WHITE_CROWN_ROW,
    WHITE_MAN_DIRECTIONS,
    bits_of,
)

RawMove = tuple[tuple[int, ...], int]

# Each direction is two (shift, source mask) groups; unpacked into constants for speed.
(_UL5, _UL5M), (_UL4, _UL4M) = SHIFT_GROUPS[UP_LEFT]
(_UR4, _UR4M), (_UR3, _UR3M) = SHIFT_GROUPS[UP_RIGHT]
(_DL3, _DL3M), (_DL4, _DL4M) = SHIFT_GROUPS[DOWN_LEFT]
(_DR4, _DR4M), (_DR5, _DR5M) = SHIFT_GROUPS[DOWN_RIGHT]
assert (_UL5, _UL4, _UR4, _UR3, _DL3, _DL4, _DR4, _DR5) == (-5, -4, -4, -3, 3, 4, 4, 5)

#: one step down/up grouped by shift amount: (amount, source mask), disjoint per amount
_DOWN = ((3, _DL3M), (4, _DL4M | _DR4M), (5, _DR5M))
_UP = ((-5, _UL5M), (-4, _UL4M | _UR4M), (-3, _UR3M))


def _ul(x: int) -> int:
    return ((x & _UL5M) >> 5) | ((x & _UL4M) >> 4)


def _ur(x: int) -> int:
    return ((x & _UR4M) >> 4) | ((x & _UR3M) >> 3)


def _dl(x: int) -> int:
    return ((x & _DL3M) << 3) | ((x & _DL4M) << 4)


def _dr(x: int) -> int:
    return ((x & _DR4M) << 4) | ((x & _DR5M) << 5)


def _jump_sources(men: int, kings: int, opp: int, empty: int, black: bool) -> tuple[int, int]:
    """(men, kings) that have a first jump: the next square holds an enemy, the one beyond is empty.

    Squares whose down-left neighbour is an enemy with an empty square beyond it are
    `_ur(opp & _ur(empty))`, and likewise for the other directions.
    """
    down = _ur(opp & _ur(empty)) | _ul(opp & _ul(empty)) if (kings or black) else 0
    up = _dl(opp & _dl(empty)) | _dr(opp & _dr(empty)) if (kings or not black) else 0
    return men & (down if black else up), kings & (down | up)


def _extend(
    square: int,
    path: tuple[int, ...],
    captured: int,
    directions: tuple[int, ...],
    opp: int,
    empty: int,
    stop_row: int,
    out: list[RawMove],
) -> None:
    """Depth-first: every complete jump sequence continuing from `square`."""
    extended = False
    for d in directions:
        land = JUMP[d][square]
        if land < 0 or not empty >> land & 1:
            continue
        mid = 1 << STEP[d][square]
        if opp & mid and not captured & mid:
            extended = True
            if stop_row >> land & 1:
                out.append(((*path, land), captured | mid))
            else:
                _extend(land, (*path, land), captured | mid, directions, opp, empty, stop_row, out)
    if not extended and captured:
        out.append((path, captured))


def _captures(men: int, kings: int, opp: int, empty: int, black: bool) -> list[RawMove]:
    man_dirs, stop = (
        (BLACK_MAN_DIRECTIONS, BLACK_CROWN_ROW)
        if black
        else (WHITE_MAN_DIRECTIONS, WHITE_CROWN_ROW)
    )
    out: list[RawMove] = []
    for i in bits_of(men):
        _extend(i, (i,), 0, man_dirs, opp, empty, stop, out)
    for i in bits_of(kings):
        _extend(i, (i,), 0, KING_DIRECTIONS, opp, empty | 1 << i, 0, out)
    return out


def _simple_moves(men: int, kings: int, empty: int, black: bool) -> list[RawMove]:
    out: list[RawMove] = []
    for movers, groups in ((men, _DOWN if black else _UP), (kings, _DOWN + _UP)):
        if not movers:
            continue
        for amount, mask in groups:
            src = movers & mask
            targets = (src << amount if amount > 0 else src >> -amount) & empty
            while targets:
                low = targets & -targets
                t = low.bit_length() - 1
                out.append(((t - amount, t), 0))
                targets ^= low
    return out


def _count_simple(men: int, kings: int, empty: int, black: bool) -> int:
    if black:
        total = (
            (((men & _DL3M) << 3) & empty).bit_count()
            + (((men & _DOWN[1][1]) << 4) & empty).bit_count()
            + (((men & _DR5M) << 5) & empty).bit_count()
        )
    else:
        total = (
            (((men & _UL5M) >> 5) & empty).bit_count()
            + (((men & _UP[1][1]) >> 4) & empty).bit_count()
            + (((men & _UR3M) >> 3) & empty).bit_count()
        )
    if kings:
        for amount, mask in _DOWN:
            total += (((kings & mask) << amount) & empty).bit_count()
        for amount, mask in _UP:
            total += (((kings & mask) >> -amount) & empty).bit_count()
    return total


def generate(men: int, kings: int, opp: int, black: bool, forced: bool = True) -> list[RawMove]:
    """All legal raw moves: only the captures when there are any and captures are `forced`
    (the rules), else the captures and the simple moves (free jumps, a house rule)."""
    empty = ~(men | kings | opp) & FULL
    jm, jk = _jump_sources(men, kings, opp, empty, black)
    if not jm | jk:
        return _simple_moves(men, kings, empty, black)
    captures = _captures(jm, jk, opp, empty, black)
    return captures if forced else captures + _simple_moves(men, kings, empty, black)


def count(men: int, kings: int, opp: int, black: bool, forced: bool = True) -> int:
    """Number of legal moves (as `generate` lists them), without building the simple ones."""
    empty = ~(men | kings | opp) & FULL
    jm, jk = _jump_sources(men, kings, opp, empty, black)
    if not jm | jk:
        return _count_simple(men, kings, empty, black)
    captures = len(_captures(jm, jk, opp, empty, black))
    return captures if forced else captures + _count_simple(men, kings, empty, black)


def make(
    men: int, kings: int, opp_men: int, opp_kings: int, move: RawMove, black: bool
) -> tuple[int, int, int, int]:
    """(men, kings, opp_men, opp_kings) after the move; a man reaching its far row is crowned."""
    path, captured = move
    src = 1 << path[0]
    dst = 1 << path[-1]
    if men & src:
        men ^= src
        if dst & (BLACK_CROWN_ROW if black else WHITE_CROWN_ROW):
            kings |= dst
        else:
            men |= dst
    else:
        kings = (kings & ~src) | dst
    if captured:
        opp_men &= ~captured
        opp_kings &= ~captured
    return men, kings, opp_men, opp_kings


def perft(
    men: int, kings: int, opp_men: int, opp_kings: int, black: bool, depth: int, forced: bool = True
) -> int:
    """Leaf count for the side to move (men/kings are the mover's); depth >= 1."""
    opp = opp_men | opp_kings
    if depth == 1:
        return count(men, kings, opp, black, forced)
    total = 0
    for move in generate(men, kings, opp, black, forced):
        m, k, om, ok = make(men, kings, opp_men, opp_kings, move, black)
        total += perft(om, ok, m, k, not black, depth - 1, forced)
    return total

"""Checkers: material (a king 1.5 men), men's advance toward the crown row, the back row
kept while the opponent still has men, the centre, and trading down when ahead."""

from __future__ import annotations

from . import BitboardPosition, Evaluator

MAN, KING = 100, 150
#: bit i is square i + 1; square s is on row (s - 1) // 4, row 0 on Black's side
ROWS = tuple(sum(1 << (4 * row + k) for k in range(4)) for row in range(8))
BLACK_BACK, WHITE_BACK = ROWS[0], ROWS[7]
#: the eight central squares (rows 2-5, the middle two of each)
CENTRE = sum(1 << i for i in (9, 10, 13, 14, 17, 18, 21, 22))


def _advance(men: int, toward_high_rows: bool) -> int:
    total = 0
    for row, mask in enumerate(ROWS):
        count = (men & mask).bit_count()
        if count:
            total += count * (row if toward_high_rows else 7 - row)
    return total


def _side(men: int, kings: int, black: bool, enemy_men: int) -> int:
    score = MAN * men.bit_count() + KING * kings.bit_count()
    score += 3 * _advance(men, black)
    if enemy_men:
        score += 8 * (men & (BLACK_BACK if black else WHITE_BACK)).bit_count()
    score += 4 * ((men | kings) & CENTRE).bit_count()
    return score


def evaluate(position: BitboardPosition) -> int:
    bm, bk, wm, wk = (
        position.black_men,
        position.black_kings,
        position.white_men,
        position.white_kings,
    )
    black = _side(bm, bk, True, wm) - _side(wm, wk, False, bm)
    pieces = (bm | bk | wm | wk).bit_count()
    lead = MAN * (bm.bit_count() - wm.bit_count()) + KING * (bk.bit_count() - wk.bit_count())
    black += lead * (24 - pieces) // 48  # ahead, trade down
    return black if position.turn == "b" else -black


EVALUATOR = Evaluator(evaluate, lambda position, move: move.capture, quiescence=True)

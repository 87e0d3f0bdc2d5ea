"""Checkers: material, men's advance toward the crown row, the back row kept while the
opponent still has men, the centre, and trading down when ahead: a weighted sum of counts for
the side to move."""

from __future__ import annotations

from . import BitboardPosition, Computer, Evaluator, WeightedSum

#: bit i is square i + 1; square s is on row (s - 1) // 4, row 0 on Black's side
ROWS = tuple(sum(1 << (4 * row + k) for k in range(4)) for row in range(8))
BLACK_BACK, WHITE_BACK = ROWS[0], ROWS[7]
#: the eight central squares (rows 2-5, the middle two of each)
CENTRE = sum(1 << i for i in (9, 10, 13, 14, 17, 18, 21, 22))

#: what each count (ours less theirs) is worth to the side to move (100: one in the logit of
#: its chance to win); fitted by `bench/fit_evaluation.py checkers`. Material counts most as
#: the board empties: a man is worth 5 + 8 points a piece off the board (85 with 10 off), a
#: king 12 a piece off less 44 (76 with 10 off).
WEIGHTS = {
    "men": 5,
    "kings": -44,
    "advance": -3,  # rows the men have come from their own back row
    "back": 5,  # men on the back row while the opponent has men
    "centre": 1,  # men and kings on the eight central squares
    "trade": 4,  # the lead in half men (a king three) times the pieces off the board
}


def _advance(men: int, toward_high_rows: bool) -> int:
    total = 0
    for row, mask in enumerate(ROWS):
        count = (men & mask).bit_count()
        if count:
            total += count * (row if toward_high_rows else 7 - row)
    return total


def _side(men: int, kings: int, black: bool, enemy_men: int) -> tuple[int, int, int, int, int]:
    """Men, kings, advance, back row and centre of one side."""
    back = (men & (BLACK_BACK if black else WHITE_BACK)).bit_count() if enemy_men else 0
    return (
        men.bit_count(),
        kings.bit_count(),
        _advance(men, black),
        back,
        ((men | kings) & CENTRE).bit_count(),
    )


def counts(position: BitboardPosition) -> tuple[int, ...]:
    """The counts WEIGHTS weighs (in its order), for the side to move."""
    bm, bk, wm, wk = (
        position.black_men,
        position.black_kings,
        position.white_men,
        position.white_kings,
    )
    black, white = _side(bm, bk, True, wm), _side(wm, wk, False, bm)
    if position.turn == "w":
        black, white = white, black
    pairs = zip(black, white, strict=True)
    men, kings, advance, back, centre = (ours - theirs for ours, theirs in pairs)
    off = 24 - (bm | bk | wm | wk).bit_count()
    return men, kings, advance, back, centre, (2 * men + 3 * kings) * off


SUM = WeightedSum(WEIGHTS, counts)
features, evaluate = SUM.features, SUM.evaluate

EVALUATOR = Evaluator(evaluate, lambda position, move: move.capture, quiescence=True)
#: free jumps: a capture may be left, so the search stops at its horizon as for a quiet game
FREE_JUMPS = Evaluator(evaluate, EVALUATOR.is_capture)
COMPUTER = Computer(
    game_id="checkers",
    evaluator=EVALUATOR,
    nodes=40_000,
    scale=67.0,
    house_rules={"free jumps": FREE_JUMPS},
)

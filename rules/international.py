"""International draughts, as FMJD's rules have it (docs/rules/international.md)."""

from __future__ import annotations

from .draughts import FMJD_PLAY, Draughts, DraughtsPosition, EndgameCount
from .draughts_board import DiagonalBoard
from .draughts_moves import CaptureRules, Precedence

#: FMJD 6.4 and 6.5: against a lone king, three pieces with a king have 16 moves each, two
#: pieces or fewer with a king 5, counted from when the ending began
SIXTEEN_MOVES, FIVE_MOVES = ("16 moves", 32), ("5 moves", 10)


class International(Draughts):
    id, name = "international", "International draughts"
    board = DiagonalBoard(10, a1_dark=True, numbered=True)
    capture_rules = CaptureRules(
        men_capture_backward=True, men_capture_kings=True, flying_kings=True,
        precedence=Precedence.MOST, crowned_mid_capture=False,
    )  # fmt: skip
    short_captures = True
    most_pieces = 20
    examples = ("32-28", "19x30")
    no_progress_limit, no_progress_reason = 50, "25-move rule or endgame count"
    pdn_game_type = 20
    start = (
        "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50"
        ":B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"
    )
    rules_help = (
        """\
FMJD's draughts on a 10×10 board, 20 men a side on the dark squares, numbered 1–50 from
Black's side (Black starts on 1–20, White on 31–50). **White moves first.**

"""
        + FMJD_PLAY
        + """\
- **Draws**: the same position (same side to move) for the third time; 25 moves each with
  only kings moving and nothing taken; three pieces (with a king) against a lone king: 16
  moves each, two or fewer (with a king): 5 moves each, counted from when that ending began
  [house: a capture during such an ending starts its count afresh]; or agreement. Either
  player may resign. [house: no arbiter declares a position drawn; these counts do]
- Moves: `32-28` (step), `19x30` (a capture by its start and end); when two captures share
  them, every landing square: `28x19x8`. `-`, `x` and `:` are alike, spaces ignored.
  Positions are PDN FEN: `W:W31-50:B1-20` (side to move, White's squares, Black's squares,
  `K` before a king)."""
    )

    def endgame_count(self, position: DraughtsPosition) -> EndgameCount | None:
        lone = self.lone_king(position)
        if lone is None:
            return None
        _, men, kings = lone
        if kings and men + kings <= 2:
            return FIVE_MOVES
        if kings and men + kings == 3:
            return SIXTEEN_MOVES
        return None

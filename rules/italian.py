"""Italian draughts (dama italiana), as the Italian federation's (FID) rules have it
(docs/rules/italian.md)."""

from __future__ import annotations

from .draughts import Draughts
from .draughts_board import DiagonalBoard
from .draughts_moves import CaptureRules, Precedence


class Italian(Draughts):
    id, name = "italian", "Italian draughts"
    board = DiagonalBoard(8, a1_dark=False, numbered=True)
    capture_rules = CaptureRules(
        men_capture_backward=False, men_capture_kings=False, flying_kings=False,
        precedence=Precedence.ITALIAN, crowned_mid_capture=False,
    )  # fmt: skip
    most_pieces = 12
    examples = ("22-19", "19x10")
    no_progress_limit, no_progress_reason = 80, "40-move rule"
    pdn_game_type = 22
    start = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    rules_help = """\
La dama italiana on an 8×8 board placed with a dark square at each player's right, 12 men a
side on the dark squares, numbered 1–32 from Black's side (Black starts on 1–12, White on
21–32). **White moves first.**

- Men step one square diagonally forward and **capture forward only, and never a king**.
- Kings step one square diagonally either way and capture men and kings, forward and back.
- A man reaching the far row is crowned and **its move ends there**.
- **Capturing is compulsory**, and among the captures you must choose, in this order: the
  one taking **the most pieces**; then one **made by a king**; then one taking **the most
  kings**; then one meeting **a king earliest**. Ties left are your choice.
- The pieces taken leave the board only when the capture is over; none is jumped twice.
- You **lose** when you have no legal move: no pieces left, or every piece blocked.
- **Draws**: 40 moves each with only kings moving and nothing taken; the same position
  (same side to move) for the third time [house: FID leaves it to the arbiter]; or
  agreement. Either player may resign.
- Moves: `22-19` (step), `19x10` or `19x10x3` (captures, every landing square); `-`, `x`
  and `:` are alike, spaces ignored, and a capture's start and end alone do when they name
  one capture. Positions are PDN FEN: `W:W21-32:B1-12` (side to move, White's squares,
  Black's squares, `K` before a king)."""

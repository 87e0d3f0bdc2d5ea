"""Brazilian draughts: FMJD's rules on 8×8, as the Brazilian confederation (CBD) has them
(docs/rules/brazilian.md)."""

from __future__ import annotations

from .draughts import FMJD_PLAY, Draughts
from .draughts_board import DiagonalBoard
from .draughts_moves import CaptureRules, Precedence


class Brazilian(Draughts):
    id, name = "brazilian", "Brazilian draughts"
    board = DiagonalBoard(8, a1_dark=True, numbered=False)
    capture_rules = CaptureRules(
        men_capture_backward=True, men_capture_kings=True, flying_kings=True,
        precedence=Precedence.MOST, crowned_mid_capture=False,
    )  # fmt: skip
    most_pieces = 12
    examples = ("c3-d4", "c3xe5")
    no_progress_limit, no_progress_reason = 40, "20-move rule"
    pdn_game_type = 26
    start = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"
    rules_help = (
        """\
International draughts on an 8×8 board, as the Brazilian confederation (CBD) plays it: 12
men a side on the dark squares, named a1–h8 (a1 dark, at White's left; White starts on
ranks 1–3, Black on 6–8). **White moves first.**

"""
        + FMJD_PLAY
        + """\
- **Draws**: 20 moves each with only kings moving and nothing taken; the same position
  (same side to move) for the third time [house: FMJD's rule, the CBD's summary being
  silent]; or agreement. Either player may resign.
- Moves: `c3-d4` (step), `c3xe5` or `c3xe5xc7` (captures, every landing square); `-`, `x`
  and `:` are alike, spaces ignored, and a capture's start and end alone do when they name
  one capture. Positions are PDN FEN: `W:Wa1,c1,…:Bb6,d6,…` (side to move, White's squares,
  Black's squares, `K` before a king)."""
    )

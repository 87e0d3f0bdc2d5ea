"""Russian draughts (shashki), as the Russian draughts federation's rules have them
(docs/rules/russian.md)."""

from __future__ import annotations

from .draughts import Draughts, DraughtsPosition, EndgameCount
from .draughts_board import DiagonalBoard
from .draughts_moves import CaptureRules, Precedence


class Russian(Draughts):
    id, name = "russian", "Russian draughts"
    board = DiagonalBoard(8, a1_dark=True, numbered=False)
    capture_rules = CaptureRules(
        men_capture_backward=True, men_capture_kings=True, flying_kings=True,
        precedence=Precedence.FREE, crowned_mid_capture=True,
    )  # fmt: skip
    capture_mark = ":"
    most_pieces = 12
    examples = ("c3-d4", "c3:e5")
    no_progress_limit, no_progress_reason = 30, "15-move rule or endgame count"
    pdn_game_type = 25
    start = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"
    rules_help = """\
Shashki on an 8×8 board, 12 men a side on the dark squares, named a1–h8 (a1 dark, at
White's left; White starts on ranks 1–3, Black on 6–8). **White moves first.**

- Men step one square diagonally forward, and **capture forward and backward**.
- Kings **fly**: any distance along a free diagonal; a king captures a piece any distance
  away and lands on any free square beyond it (one it can capture again from, if any).
- **Capturing is compulsory, but you choose which capture**, long or short; once begun, a
  capture goes on while it can. A man reaching the far row **during a capture is crowned at
  once and goes on capturing as a king**.
- The pieces taken leave the board only when the capture is over: a piece is never jumped
  twice, and one already jumped blocks the way (the Turkish strike).
- You **lose** when you have no legal move: no pieces left, or every piece blocked.
- **Draws**: the same position (same side to move) for the third time; 15 moves each with
  only kings moving and nothing taken; three kings or more against a lone king that are
  not through by their 15th move; two pieces or fewer (with a king) against a lone king
  after 5 moves each [house: a "winning position" read as the king taken]; or agreement.
  Either player may resign. [house: the counts by the number of pieces left and the lone
  king on the long diagonal ask for an arbiter; they are not applied]
- Moves: `c3-d4` (step), `c3:e5` or `c3:e5:c7` (captures, every landing square); `-`, `x`
  and `:` are alike, spaces ignored, and a capture's start and end alone do when they name
  one capture. Positions are PDN FEN: `W:Wa1,c1,…:Bb6,d6,…` (side to move, White's squares,
  Black's squares, `K` before a king)."""

    def endgame_count(self, position: DraughtsPosition) -> EndgameCount | None:
        lone = self.lone_king(position)
        if lone is None:
            return None
        side, men, kings = lone
        if kings and men + kings <= 2:
            return ("5 moves", 10)
        if not men and kings >= 3:
            # the stronger side's 15th move: the 29th ply if the lone king began the count
            return ("15 moves", 29 if position.turn == side else 30)
        return None

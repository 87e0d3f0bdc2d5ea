"""3 Crowns: captures (three win), crowned stones, and lines of three: two crowned stones
and an empty cell threaten a Crowned Troika (a win), two uncrowned and an empty cell a
crowning."""

from __future__ import annotations

from operator import itemgetter

from . import CrownsPosition, Evaluator

SIZE = 8
CAPTURE, CROWNED = 320, 35
CROWN_THREAT, TROIKA_THREAT = 60, 12


def _lines() -> tuple[tuple[int, ...], ...]:
    """Every rank, file and diagonal of three cells or more (index = rank * 8 + file)."""
    out = []
    for dr, df in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for rank in range(SIZE):
            for file in range(SIZE):
                if 0 <= rank - dr < SIZE and 0 <= file - df < SIZE:
                    continue  # not where a line starts
                cells = []
                r, f = rank, file
                while 0 <= r < SIZE and 0 <= f < SIZE:
                    cells.append(r * SIZE + f)
                    r, f = r + dr, f + df
                if len(cells) >= 3:
                    out.append(tuple(cells))
    return tuple(out)


LINES = _lines()
#: the board's lines as one text, each line followed by "|" (so no window spans two lines)
_READ = itemgetter(*(cell for line in LINES for cell in (*line, -1)))


def _threats(text: str, stone: str) -> int:
    """Three cells in a row with two of `stone` and one empty (counted once a pattern a
    line stretch: close enough for an evaluation)."""
    two = stone * 2
    return text.count(two + ".") + text.count("." + two) + text.count(f"{stone}.{stone}")


def evaluate(position: CrownsPosition) -> int:
    board = position.board
    green_caps, black_caps = position.captures
    text = "".join(_READ(board + "|"))
    green = CAPTURE * (green_caps - black_caps) + CROWNED * (board.count("G") - board.count("B"))
    green += CROWN_THREAT * (_threats(text, "G") - _threats(text, "B"))
    green += TROIKA_THREAT * (_threats(text, "g") - _threats(text, "b"))
    return green if position.turn == "g" else -green


EVALUATOR = Evaluator(evaluate, lambda position, move: len(move.path) == 3)

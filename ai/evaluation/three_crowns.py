"""3 Crowns: captures (three win), crowned stones, and lines of three: two crowned stones
and an empty cell threaten a Crowned Troika (a win), two uncrowned and an empty cell a
crowning."""

from __future__ import annotations

from . import CrownsPosition, Evaluator

SIZE = 8
CAPTURE, CROWNED = 320, 35
CROWN_THREAT, TROIKA_THREAT = 60, 12


def _triples() -> tuple[tuple[int, int, int], ...]:
    """Every three cells in a row on a rank, file or diagonal (index = rank * 8 + file)."""
    out = []
    for rank in range(SIZE):
        for file in range(SIZE):
            for dr, df in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(rank + k * dr, file + k * df) for k in range(3)]
                if all(0 <= r < SIZE and 0 <= f < SIZE for r, f in cells):
                    out.append(tuple(r * SIZE + f for r, f in cells))
    return tuple(out)  # type: ignore[arg-type]


TRIPLES = _triples()


def _lines(board: str, plain: str, crowned: str) -> int:
    score = 0
    for a, b, c in TRIPLES:
        line = board[a] + board[b] + board[c]
        if line.count(".") != 1:
            continue
        if line.count(crowned) == 2:
            score += CROWN_THREAT
        elif line.count(plain) == 2:
            score += TROIKA_THREAT
    return score


def evaluate(position: CrownsPosition) -> int:
    board = position.board
    green_caps, black_caps = position.captures
    green = CAPTURE * green_caps + CROWNED * board.count("G") + _lines(board, "g", "G")
    black = CAPTURE * black_caps + CROWNED * board.count("B") + _lines(board, "b", "B")
    return green - black if position.turn == "g" else black - green


EVALUATOR = Evaluator(evaluate, lambda position, move: len(move.path) == 3)

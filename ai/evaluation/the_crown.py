"""The Crown: material (a side without a Prince cannot win, so the Prince is worth most),
and the race to the crown: each Prince's steps to a13."""

from __future__ import annotations

from rules import get_game

from . import BoardPosition, Evaluator, distances

GAME = get_game("the-crown")
CROWN = GAME.cell_names.index("a13")
TO_CROWN = distances(GAME.step_neighbours, CROWN)
VALUES = {"P": 600, "K": 300, "S": 100}
RACE = 35  # a step nearer the crown than the other Prince


def _side(board: str, letters: str) -> tuple[int, int]:
    """(material, the Prince's steps to the crown, or a long way without one)."""
    prince, knight, soldier = letters[0], letters[1], letters[2]
    material = VALUES["K"] * board.count(knight) + VALUES["S"] * board.count(soldier)
    at = board.find(prince)
    if at < 0:
        return material, 30
    return material + VALUES["P"], TO_CROWN[at]


def evaluate(position: BoardPosition) -> int:
    board = position.board
    white, white_steps = _side(board, "PKS")
    black, black_steps = _side(board, "pks")
    score = white - black + RACE * (black_steps - white_steps)
    return score if position.turn == "w" else -score


EVALUATOR = Evaluator(
    evaluate,
    lambda position, move: move.dst >= 0 and position.board[move.dst] != ".",
    check_extension=True,
)

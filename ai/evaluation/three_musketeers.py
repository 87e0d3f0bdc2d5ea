"""Three Musketeers: the enemy wins by lining the Musketeers up, the Musketeers by running
the enemy out of moves. So the Musketeers want to stand apart (many ranks and files among
them, no two on one line) and the enemy few and short of moves; the enemy wants the
opposite."""

from __future__ import annotations

from rules import get_game

from . import BoardPosition, Evaluator

NEIGHBOURS = get_game("three-musketeers").step_neighbours


def evaluate(position: BoardPosition) -> int:
    board = position.board
    musketeers = [i for i, c in enumerate(board) if c == "M"]
    ranks = {i // 5 for i in musketeers}
    files = {i % 5 for i in musketeers}
    enemies = 0
    enemy_moves = 0
    for cell, piece in enumerate(board):
        if piece == "E":
            enemies += 1
            enemy_moves += sum(board[n] == "." for n in NEIGHBOURS[cell])
    near = sum(board[n] == "E" for m in musketeers for n in NEIGHBOURS[m])
    score = 40 * (len(ranks) + len(files)) + 6 * (22 - enemies) - 4 * enemy_moves - 3 * near
    return score if position.turn == "m" else -score


EVALUATOR = Evaluator(evaluate, lambda position, move: position.turn == "m")

"""Three Musketeers: the enemy wins by lining the Musketeers up, the Musketeers by running
the enemy out of moves. The score is a weighted sum of a few counts, the weights fitted to
the solved game (bench/three_musketeers_evaluation.py fits them by logistic regression on
positions whose exact outcome the solved table gives): the Musketeers gain with every
capture and lose where the enemy has room to move, where they have captures left to make
(the enemy keeps feeding them) and empty cells around them (the enemy closes in), where they
stand far apart, and above all where every capture they have lines them up."""

from __future__ import annotations

from rules import get_game

from .. import three_musketeers as solved
from . import BoardPosition, Computer, Evaluator

NEIGHBOURS = get_game("three-musketeers").step_neighbours

#: what each count is worth to the Musketeers (100: about a man, one in the logit of their
#: chance to win); fitted by `bench/three_musketeers_evaluation.py fit`
WEIGHTS = {
    "lines": 6,  # ranks and files among the Musketeers
    "enemies": -99,
    "enemy_moves": -18,
    "captures": -44,  # Musketeer moves, each a capture
    "spread": -22,  # the rows plus the columns the Musketeers span
    "room": -35,  # empty cells next to a Musketeer
    "forced": -1756,  # they have captures, and every one lines them up
    "to_move": 165,  # the Musketeers are to move
}


def features(position: BoardPosition) -> dict[str, int]:
    """The counts WEIGHTS weighs, for the Musketeers."""
    board = position.board
    musketeers = [cell for cell, piece in enumerate(board) if piece == "M"]
    ranks = [cell // 5 for cell in musketeers]
    files = [cell % 5 for cell in musketeers]
    enemies = enemy_moves = 0
    for cell, piece in enumerate(board):
        if piece == "E":
            enemies += 1
            enemy_moves += sum(board[n] == "." for n in NEIGHBOURS[cell])
    captures = safe = room = 0
    for k, cell in enumerate(musketeers):
        one, two = (m for j, m in enumerate(musketeers) if j != k)
        for n in NEIGHBOURS[cell]:
            if board[n] == "E":
                captures += 1
                lined = n // 5 == one // 5 == two // 5 or n % 5 == one % 5 == two % 5
                safe += not lined
            elif board[n] == ".":
                room += 1
    return {
        "lines": len(set(ranks)) + len(set(files)),
        "enemies": enemies,
        "enemy_moves": enemy_moves,
        "captures": captures,
        "spread": max(ranks) - min(ranks) + max(files) - min(files),
        "room": room,
        "forced": int(captures > 0 and safe == 0),
        "to_move": int(position.turn == "m"),
    }


def evaluate(position: BoardPosition) -> int:
    counts = features(position)
    score = sum(weight * counts[name] for name, weight in WEIGHTS.items())
    return score if position.turn == "m" else -score


EVALUATOR = Evaluator(evaluate, lambda position, move: position.turn == "m")
COMPUTER = Computer(
    game_id="three-musketeers",
    evaluator=EVALUATOR,
    nodes=50_000,
    scale=100.0,
    # level 2 looks five plies ahead: a ply is small (a Musketeer move is one of a few
    # captures) and the enemy's win a long plan
    depths={2: 5},
    solver=solved,  # the solved game
)

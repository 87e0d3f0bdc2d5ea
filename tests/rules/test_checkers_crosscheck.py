"""Legal move generation cross-checked against py-draughts 1.10.1 on random-game positions.

Known differences accounted for: py-draughts' AmericanBoard makes captures optional by
default (we build its moves with captures forced), starts with White unless built from a
FEN (we always build from our FEN), and merges capture paths that share origin, destination
and captured pieces (we list each path; the check compares those keys and requires each of
its paths to be one of ours).
"""

from __future__ import annotations

import pytest
from draughts import AmericanBoard
from draughts.boards.american import _CORE

from rules import get_game
from tests.gamekit import random_record

GAME = get_game("checkers")
GAMES_TO_SAMPLE = 60


def _their_moves(fen: str) -> list[tuple[tuple[int, ...], frozenset[int]]]:
    board = AmericanBoard.from_fen(fen)
    moves = board._legal_moves_from_core(_CORE, max_capture=False, captures_optional=False)
    return [
        (tuple(s + 1 for s in m.square_list), frozenset(c + 1 for c in m.captured_list))
        for m in moves
    ]


def _ends(moves: object) -> set[tuple[int, int, frozenset[int]]]:
    return {(path[0], path[-1], captured) for path, captured in moves}  # type: ignore[attr-defined]


@pytest.mark.slow  # 3,000 positions' moves generated twice, py-draughts' in pure Python
def test_move_generation_agrees_with_py_draughts() -> None:
    checked = 0
    for seed in range(GAMES_TO_SAMPLE):
        for position in random_record(GAME, seed).positions:
            ours = {(m.path, frozenset(m.captured_squares())) for m in GAME.legal_moves(position)}
            theirs = _their_moves(GAME.encode(position))
            assert set(theirs) <= ours, GAME.encode(position)
            assert _ends(ours) == _ends(theirs), GAME.encode(position)
            checked += 1
    assert checked >= 3000

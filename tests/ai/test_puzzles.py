"""Puzzles: found where a player missed the one winning move, and checked unique by reading
every move independently; in Three Musketeers proven by the solution."""

from __future__ import annotations

import math

import pytest

from ai import three_musketeers
from ai.analysis import analyse, positions, read, win_chance
from ai.puzzles import HOLDS, WINS, candidates, check, found_in
from rules import get_game
from tests.gamekit import MISSED_WIN

NODES = 3_000
CHECKERS_PUZZLE = "B:WK7,22,26,28:B4,13,20,21"
#: the enemy to move: a2-a3 wins in 6 plies, every other move loses
MUSKETEERS_PUZZLE = "2M2/M4/3E1/EE3/2M2 e"


@pytest.mark.slow  # a whole game reviewed, then each move of the win read on its own: 2 s
def test_a_missed_win_becomes_a_puzzle() -> None:
    game = get_game("checkers")
    review = analyse(game.id, MISSED_WIN, nodes=NODES)
    missed = candidates(review)
    assert [j.ply for j in missed] == [47] and missed[0].before >= WINS
    every = positions(game.id, game.initial_position(), MISSED_WIN)
    assert game.encode(every[46]) == CHECKERS_PUZZLE
    ((ply, puzzle),) = found_in(game.id, every, review, NODES)
    assert (ply, puzzle.answer, puzzle.side, puzzle.goal) == (47, "21-25", "b", "win")


def test_a_puzzles_answer_is_unique_when_each_move_is_read_on_its_own() -> None:
    game = get_game("checkers")
    position = game.decode(CHECKERS_PUZZLE)
    puzzle = check(game.id, position, NODES)
    assert puzzle is not None and puzzle.answer == "21-25"
    for move in game.legal_moves(position):
        after = read(game.id, game.apply(position, move), NODES)
        mine = 1 - win_chance(game.id, after.score)
        if game.format_move(move) == puzzle.answer:
            assert mine >= WINS
        else:
            assert mine <= HOLDS


def test_a_position_with_two_ways_to_win_or_none_is_no_puzzle() -> None:
    checkers = get_game("checkers")
    assert check(checkers.id, checkers.initial_position(), NODES) is None  # nobody wins
    # 22-18 or 21-17 earlier: after 9-14 Black's man may be taken two ways, both equal
    assert check(checkers.id, positions(checkers.id, checkers.initial_position(), ["9-14"])[-1],
                 NODES) is None  # fmt: skip


def test_three_musketeers_puzzles_are_proven_by_the_solution() -> None:
    game = get_game("three-musketeers")
    position = game.decode(MUSKETEERS_PUZZLE)
    puzzle = check(game.id, position, NODES)
    assert puzzle is not None
    assert (puzzle.answer, puzzle.side, puzzle.goal) == ("a2-a3", "e", "win in 6")
    verdict = three_musketeers.solve(position, math.inf, 5_000_000)
    assert verdict.value is not None and str(verdict.value) == "enemy wins in 6 plies"
    winners = {}
    for move in game.legal_moves(position):  # each move's value on its own
        value = three_musketeers.solve(game.apply(position, move), math.inf, 5_000_000).value
        assert value is not None
        winners[game.format_move(move)] = value.winner
    assert [move for move, winner in winners.items() if winner == "e"] == ["a2-a3"]

"""Puzzles in the service, on a real database: each person is shown each puzzle once, answers
by a move, and their first answer is what their record counts; bad answers change nothing."""

from __future__ import annotations

import pytest

from ai.puzzles import Puzzle
from bot.errors import Refusal
from bot.service import Actor
from bot.service.match_service import MatchService
from tests.servicekit import ALICE, BOB, CAROL, GUILD, Clock, by, refused, start_match

POSITION = "B:WK7,22,26,28:B4,13,20,21"
CROWN_START = "Pg1 Kf1 Kf3 Se1 Se3 Se5 pa1 ka3 kb1 sa5 sb3 sc1 w"


async def _with_puzzle(service: MatchService) -> int:
    match = await start_match(service)
    await service.play.resign(by(BOB), match.id)
    await service.puzzles.add(match.id, 47, Puzzle(POSITION, "21-25", "b", "win"))
    await service.puzzles.add(match.id, 47, Puzzle(POSITION, "21-25", "b", "win"))  # once
    (puzzle,) = await service.puzzles.of_match(match.id)
    return puzzle.id


async def test_a_wrong_first_answer_counts_though_the_puzzle_is_then_solved(
    service: MatchService,
) -> None:
    puzzle_id = await _with_puzzle(service)
    shown = await service.puzzles.next_for(by(ALICE), "checkers")
    assert (shown.id, shown.answer, shown.goal, shown.side) == (puzzle_id, "21-25", "win", "b")
    wrong = await service.puzzles.answer(by(ALICE), "4-8")
    assert (wrong.correct, wrong.first, wrong.move) == (False, True, "4-8")
    right = await service.puzzles.answer(by(ALICE), " 21-25 ")
    assert (right.correct, right.first) == (True, False)
    assert await service.puzzles.record(GUILD, ALICE) == (0, 1)
    await refused(service, service.puzzles.answer(by(ALICE), "21-25"), "no puzzle to answer")
    await refused(service, service.puzzles.next_for(by(ALICE)), "no new puzzle")


async def test_a_right_first_answer_is_solved_and_show_me_is_not(service: MatchService) -> None:
    puzzle_id = await _with_puzzle(service)
    await service.puzzles.next_for(by(BOB))
    assert (await service.puzzles.answer(by(BOB), "21-25")).correct
    assert await service.puzzles.record(GUILD, BOB) == (1, 1)
    await service.puzzles.next_for(by(CAROL))
    revealed = await service.puzzles.reveal(by(CAROL), puzzle_id)
    assert revealed.answer == "21-25"
    assert await service.puzzles.record(GUILD, CAROL) == (0, 1)
    await refused(service, service.puzzles.answer(by(CAROL), "21-25"), "no puzzle to answer")


async def test_bad_answers_and_strangers_change_nothing(service: MatchService) -> None:
    puzzle_id = await _with_puzzle(service)
    await refused(service, service.puzzles.answer(by(ALICE), "21-25"), "no puzzle to answer")
    await refused(service, service.puzzles.reveal(by(ALICE), puzzle_id), "before asking")
    await refused(
        service, service.puzzles.reveal(Actor(GUILD + 1, 1, ALICE), puzzle_id), "not on this"
    )
    await refused(service, service.puzzles.next_for(Actor(GUILD + 1, 1, ALICE)), "no new puzzle")
    await refused(service, service.puzzles.next_for(by(ALICE), "the-crown"), "no new The Crown")
    await service.puzzles.next_for(by(ALICE))
    await refused(service, service.puzzles.answer(by(ALICE), "22-17"), "not legal")
    await refused(service, service.puzzles.answer(by(ALICE), "x" * 500), "too long")
    assert await service.puzzles.record(GUILD, ALICE) == (0, 0)


async def test_a_refused_answer_names_no_move_of_the_puzzle(service: MatchService) -> None:
    await _with_puzzle(service)
    await service.puzzles.next_for(by(ALICE))
    legal = ("4-8", "13-17", "20-24", "21-25")  # the answer among them
    for typed in ("21-26", "4-9"):  # the rules would list what these pieces may play
        with pytest.raises(Refusal) as refused_answer:
            await service.puzzles.answer(by(ALICE), typed)
        said = str(refused_answer.value)
        assert "not a legal move" in said and not any(move in said for move in legal), said
    # a refusal that names no move of the puzzle keeps its reason
    await refused(service, service.puzzles.answer(by(ALICE), "22-17"), "no Black piece on 22")


async def test_a_puzzle_left_unanswered_is_shown_again(service: MatchService) -> None:
    puzzle_id = await _with_puzzle(service)
    assert (await service.puzzles.next_for(by(ALICE))).id == puzzle_id
    assert (await service.puzzles.next_for(by(ALICE), "checkers")).id == puzzle_id
    await refused(service, service.puzzles.next_for(by(ALICE), "the-crown"), "no new The Crown")
    assert not (await service.puzzles.answer(by(ALICE), "4-8")).correct
    await refused(service, service.puzzles.next_for(by(ALICE)), "no new puzzle")  # answered


async def test_the_puzzle_shown_again_is_the_one_solve_answers(
    service: MatchService, clock: Clock
) -> None:
    checkers = await _with_puzzle(service)
    crown = await start_match(service, "the-crown")
    await service.play.resign(by(BOB), crown.id)
    await service.puzzles.add(crown.id, 3, Puzzle(CROWN_START, "e3-d3", "w", "win"))
    await service.puzzles.next_for(by(ALICE), "checkers")
    clock.now += 60
    await service.puzzles.next_for(by(ALICE), "the-crown")
    clock.now += 60
    assert (await service.puzzles.next_for(by(ALICE), "checkers")).id == checkers
    assert (await service.puzzles.answer(by(ALICE), "21-25")).correct

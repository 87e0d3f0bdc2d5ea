"""A checkmated Prince's leave, its side's one move, is played at once with the move that
checkmated it (in that move's one write), against a person or the computer; a takeback
never lands where it would be owed again."""

from __future__ import annotations

from bot.service.match_service import MatchService
from bot.service.views import MatchView
from bot.store.checkdb import check_db
from rules import Outcome, Termination
from tests.servicekit import ALICE, BOB, Clock, by, refused, start_match

#: White to move: b1-b7 checkmates Black's Prince on a9, which has only a9++ left
MATE_IN_ONE = "Pf1 Kb1 Sd2 Sd3 Sd4 pa9 ka10 w"
#: White to move: b5-b1 checkmates Black's lone Prince, whose leave then leaves Black nothing
LAST_PIECE = "Pe3 Kb5 pa1 w"
#: Black to move: c6-a10 makes MATE_IN_ONE
BLACK_FIRST = "Pf1 Kb1 Sd2 Sd3 Sd4 pa9 kc6 b"
BOT = 999


async def crown_at(service: MatchService, position: str, *, computer: bool = False) -> MatchView:
    """A game of The Crown started from `position`, Alice playing White (against the
    computer, if asked)."""
    if computer:
        match = await service.computer.start(by(ALICE), BOT, "the-crown", side="white")
    else:
        match = await start_match(service, "the-crown", side="white")
    async with service._shared.store.transaction() as db:
        await db.run(
            "UPDATE matches SET start_position = ?, position = ? WHERE id = ?",
            (position, position, match.id),
        )
    return match


async def test_the_checkmated_side_leaves_at_once_and_the_mover_plays_on(
    service: MatchService, clock: Clock, db_url: str
) -> None:
    match = await crown_at(service, MATE_IN_ONE)
    played = await service.play.move(by(ALICE), "b1-b7")
    assert (played.move, played.forced, played.tell) == ("b1-b7", "a9++", None)
    after = played.match
    assert after.moves == ("b1-b7", "a9++") and after.ply == 2
    assert after.position_text == "Pf1 Kb7 Sd2 Sd3 Sd4 ka10 w"
    assert after.user_to_move == ALICE and after.deadline == clock.now + match.move_seconds
    logged = await service._shared.store.all("SELECT ply, move, user_id FROM moves ORDER BY ply")
    assert [tuple(row) for row in logged] == [(1, "b1-b7", ALICE), (2, "a9++", BOB)]
    assert (await check_db(db_url))[1] == []
    again = await service.play.move(by(ALICE), "b7-b6")  # the game goes on from there
    assert again.forced is None and again.match.user_to_move == BOB


async def test_a_leave_that_ends_the_game_finishes_it(service: MatchService) -> None:
    await crown_at(service, LAST_PIECE)
    played = await service.play.move(by(ALICE), "b5-b1")
    assert played.forced == "a1++" and played.finished
    assert played.match.outcome == Outcome("w", Termination.NO_PIECES, "b")


async def test_the_computer_checkmated_leaves_at_once(service: MatchService) -> None:
    await crown_at(service, MATE_IN_ONE, computer=True)
    played = await service.play.move(by(ALICE), "b1-b7")
    assert played.forced == "a9++" and played.match.user_to_move == ALICE
    assert await service.computer.to_move() == []


async def test_a_takeback_never_returns_to_a_leave_owed(service: MatchService) -> None:
    await crown_at(service, BLACK_FIRST)
    await service.play.move(by(BOB), "c6-a10")
    await service.play.move(by(ALICE), "b1-b7")  # and Bob's a9++ at once
    # Bob asks on Alice's turn: his last move, the leave, goes back with the move that
    # forced it, and that move with his move it answered
    await service.takebacks.ask(by(BOB))
    done = await service.takebacks.answer(by(ALICE), True)
    assert (done.taken_back, done.match.moves, done.match.user_to_move) == (3, (), BOB)
    await service.play.move(by(BOB), "c6-a10")
    await service.play.move(by(ALICE), "b1-b7")
    await service.takebacks.ask(by(ALICE))  # Alice on her turn: the leave and her mate
    done = await service.takebacks.answer(by(BOB), True)
    assert (done.taken_back, done.match.moves, done.match.user_to_move) == (2, ("c6-a10",), ALICE)


async def test_no_takeback_when_only_a_leave_was_played(service: MatchService) -> None:
    await crown_at(service, MATE_IN_ONE)
    await service.play.move(by(ALICE), "b1-b7")
    await refused(service, service.takebacks.ask(by(BOB)), "You have no move to take back")

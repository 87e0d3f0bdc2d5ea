"""Takebacks by consent: asked, accepted or declined, voided by a newer move, granted at once
by the computer; races between the two players and with a move; refusals write nothing."""

from __future__ import annotations

import asyncio

from bot.errors import Refusal
from bot.service.match_service import MatchService
from bot.store.checkdb import check_db
from tests.servicekit import ALICE, BOB, CAROL, Clock, by, refused, start_match

BOT = 999


async def test_an_accepted_takeback_undoes_the_move_and_the_log_keeps_it(
    service: MatchService, clock: Clock, db_url: str
) -> None:
    match = await start_match(service, side="black", move_time="1h")
    await service.play.move(by(ALICE), "11-15")
    asked = await service.takebacks.ask(by(ALICE))
    assert asked.taken_back == 0 and asked.match.takeback_by == ALICE
    clock.now += 600
    done = await service.takebacks.answer(by(BOB), True)
    assert done.taken_back == 1 and done.match.ply == 0 and done.match.moves == ()
    assert done.match.user_to_move == ALICE and done.match.takeback_by is None
    assert done.match.deadline == clock.now + 3600  # a full hour again
    assert await service._shared.store.all("SELECT move FROM moves") == []
    undone = await service._shared.store.all(
        "SELECT ply, move, user_id, asked_by FROM undone_moves"
    )
    assert [tuple(r) for r in undone] == [(1, "11-15", ALICE, ALICE)]
    again = await service.play.move(by(ALICE), "9-13")  # the game goes on from there
    assert again.match.ply == 1 and again.match.moves == ("9-13",)
    assert (await check_db(db_url))[1] == []
    assert (await service.match(match.id)).moves == ("9-13",)


async def test_on_your_own_turn_a_takeback_undoes_your_move_and_the_reply(
    service: MatchService,
) -> None:
    await start_match(service, side="black")
    for user, move in ((ALICE, "11-15"), (BOB, "22-18"), (ALICE, "15x22"), (BOB, "25x18")):
        await service.play.move(by(user), move)
    await service.takebacks.ask(by(ALICE))  # Alice to move: her 15x22 and Bob's 25x18
    done = await service.takebacks.answer(by(BOB), True)
    assert done.taken_back == 2 and done.match.moves == ("11-15", "22-18")
    assert done.match.user_to_move == ALICE


async def test_a_declined_takeback_changes_nothing_but_the_request(service: MatchService) -> None:
    await start_match(service, side="black")
    await service.play.move(by(ALICE), "11-15")
    await service.takebacks.ask(by(ALICE))
    declined = await service.takebacks.answer(by(BOB), False)
    assert declined.declined and declined.match.ply == 1
    assert declined.match.takeback_by is None  # its board offers no answer any more
    assert (await service.match(declined.match.id)).takeback_by is None
    await service.takebacks.ask(by(ALICE))  # she may ask again


async def test_refusals_write_nothing(service: MatchService) -> None:
    match = await start_match(service, side="black")
    await refused(service, service.takebacks.ask(by(ALICE)), "no move to take back")
    await service.play.move(by(ALICE), "11-15")
    await refused(service, service.takebacks.ask(by(BOB)), "no move to take back")
    await refused(service, service.takebacks.answer(by(BOB), True), "no takeback request")
    await refused(service, service.takebacks.ask(by(CAROL), match.id), "not playing")
    await service.play.move(by(BOB), "23-19")
    await service.play.move(by(ALICE), "9-13")
    await service.takebacks.ask(by(ALICE))
    await refused(service, service.takebacks.ask(by(ALICE)), "already asked")
    await refused(service, service.takebacks.answer(by(ALICE), True), "no takeback request")
    await refused(service, service.takebacks.ask(by(BOB)), "asked to take back first")
    await service.play.resign(by(BOB))
    await refused(service, service.takebacks.answer(by(BOB), True, match.id), "is over")


async def test_a_move_made_since_voids_the_request(service: MatchService) -> None:
    await start_match(service, side="black")
    await service.play.move(by(ALICE), "11-15")
    await service.takebacks.ask(by(ALICE))
    moved = await service.play.move(by(BOB), "22-18")
    assert moved.match.takeback_by is None
    await refused(service, service.takebacks.answer(by(BOB), True), "no takeback request")


async def test_both_players_asking_at_once_make_one_request(service: MatchService) -> None:
    await start_match(service, side="black")
    await service.play.move(by(ALICE), "11-15")
    await service.play.move(by(BOB), "22-18")
    outcomes = await asyncio.gather(
        service.takebacks.ask(by(ALICE)), service.takebacks.ask(by(BOB)), return_exceptions=True
    )
    assert sum(isinstance(o, Refusal) for o in outcomes) == 1
    asker = (await service.match(1)).takeback_by
    assert asker in (ALICE, BOB)


async def test_a_takeback_racing_a_move_lands_one_or_the_other(
    service: MatchService, db_url: str
) -> None:
    """Bob answers Alice's request and plays at once: whichever comes first wins, the other
    is refused, and the game and its log agree."""
    for first in ("answer", "move"):
        match = await start_match(service, side="black", channel=20 if first == "move" else 21)
        await service.play.move(by(ALICE), "11-15", match.id)
        await service.takebacks.ask(by(ALICE), match.id)
        answer = service.takebacks.answer(by(BOB), True, match.id)
        move = service.play.move(by(BOB), "22-18", match.id)
        ordered = (answer, move) if first == "answer" else (move, answer)
        outcomes = await asyncio.gather(*ordered, return_exceptions=True)
        assert [isinstance(o, Refusal) for o in outcomes] == [False, True]
        after = await service.match(match.id)
        assert after.moves == (() if first == "answer" else ("11-15", "22-18"))
    assert (await check_db(db_url))[1] == []


async def test_the_computer_grants_a_takeback_at_once(service: MatchService) -> None:
    match = await service.computer.start(by(ALICE), BOT, "checkers", side="black", level=1)
    await service.play.move(by(ALICE), "11-15", match.id)
    thinking = await service.takebacks.ask(by(ALICE), match.id)  # before its reply: 1 ply
    assert thinking.taken_back == 1 and thinking.match.user_to_move == ALICE
    await service.play.move(by(ALICE), "11-15", match.id)
    turn = await service.computer.turn(match.id)
    assert turn is not None
    await service.computer.move(turn, "22-18")
    replied = await service.takebacks.ask(by(ALICE), match.id)  # after it: 2 plies
    assert replied.taken_back == 2 and replied.match.ply == 0

"""Vacations: a few days a month, the deadlines of the games where it is your move move by
them, and a move made meanwhile gives you your full time from the vacation's end."""

from __future__ import annotations

from bot.service.match_service import MatchService
from bot.service.vacations import DAY, DAYS_A_MONTH, month_start
from tests.servicekit import ALICE, BOB, Clock, by, refused, start_match


async def test_a_vacation_moves_your_deadlines_and_those_of_moves_made_meanwhile(
    service: MatchService, clock: Clock
) -> None:
    waiting = await start_match(service, side="black", move_time="1d")  # Alice to move
    other = await start_match(service, side="white", move_time="1h", channel=11)  # Bob to move
    taken = await service.vacations.take(ALICE, 3)
    assert taken.until == clock.now + 3 * DAY and taken.days_left == DAYS_A_MONTH - 3
    assert waiting.deadline is not None
    assert (await service.match(waiting.id)).deadline == waiting.deadline + 3 * DAY
    assert (await service.match(other.id)).deadline == other.deadline  # Bob's clock runs
    clock.now += 600
    moved = await service.play.move(by(BOB), "11-15", other.id)  # Bob moves: Alice to move
    assert moved.match.deadline == taken.until + 3600  # her full hour, after her vacation
    assert await service.vacations.away_until(ALICE) == taken.until
    clock.now = taken.until + 1
    assert await service.vacations.away_until(ALICE) is None


async def test_vacation_days_are_limited_a_month_and_refusals_write_nothing(
    service: MatchService, clock: Clock
) -> None:
    await refused(service, service.vacations.take(ALICE, 0), "1 to 14 days")
    await refused(service, service.vacations.take(ALICE, DAYS_A_MONTH + 1), "1 to 14 days")
    clock.now = month_start(clock.now) + 2 * DAY  # early in a month
    await service.vacations.take(ALICE, 10)
    await refused(service, service.vacations.take(ALICE, 1), "on vacation already")
    clock.now += 11 * DAY
    await refused(service, service.vacations.take(ALICE, 5), "You have 4 of 14")
    await service.vacations.take(ALICE, 4)
    clock.now += 5 * DAY
    await refused(service, service.vacations.take(ALICE, 1), "no vacation days left")

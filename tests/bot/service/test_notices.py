"""Turn notices by DM: chosen by each person, due to the person to move, once a turn."""

from __future__ import annotations

from bot.service.match_service import MatchService
from tests.servicekit import ALICE, BOB, by, refused, start_match


async def test_notices_are_chosen_and_due_once_a_turn(service: MatchService) -> None:
    assert await service.notices.choose(BOB, " Every Turn ") == "turns"
    await refused(service, service.notices.choose(BOB, "sometimes"), "one of: every turn")
    await start_match(service, side="black")
    moved = await service.play.move(by(ALICE), "11-15")
    assert moved.tell == BOB  # claimed by the move's own write
    assert await service.notices.to_remind(moved.match) is None  # told of this turn already
    replied = await service.play.move(by(BOB), "22-18")
    assert replied.tell is None  # Alice did not ask
    assert await service.notices.to_remind(replied.match) is None


async def test_reminders_only_and_off(service: MatchService) -> None:
    await service.notices.choose(BOB, "reminders only")
    await start_match(service, side="black")
    moved = await service.play.move(by(ALICE), "11-15")
    assert moved.tell is None
    assert await service.notices.to_remind(moved.match) == BOB
    assert await service.notices.choose(BOB, "off") is None
    assert await service.notices.mode(BOB) is None

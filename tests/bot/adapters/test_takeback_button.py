"""The board's Take back button: on the board of a move just played, for five minutes."""

from __future__ import annotations

from bot.adapters.commands.dispatch import Dispatcher
from bot.adapters.commands.group import Context
from bot.adapters.console import Names
from bot.service.match_service import MatchService
from tests.servicekit import ALICE, CHANNEL, GUILD, Clock, start_match


async def test_a_boards_take_back_button_works_for_five_minutes_after_the_move(
    service: MatchService, clock: Clock
) -> None:
    dispatcher = Dispatcher(service, Names())
    await start_match(service, side="black", move_time="1h")
    moved = await dispatcher.run("move", Context(GUILD, CHANNEL, ALICE, "alice"), move="11-15")
    assert moved.reply is not None
    labels = [b.label for b in moved.reply.buttons]
    assert labels == ["Move", "Offer draw", "Take back", "Resign"]
    take_back = next(b for b in moved.reply.buttons if b.label == "Take back").custom_id
    clock.now += 5 * 60 + 1
    late = await dispatcher.click(Context(GUILD, CHANNEL, ALICE, "alice"), take_back)
    assert late.ephemeral and late.reply is not None
    assert (
        late.reply.text == "The Take back button works for 5 minutes after a move: use /takeback."
    )
    clock.now -= 2 * 60
    asked = await dispatcher.click(Context(GUILD, CHANNEL, ALICE, "alice"), take_back)
    assert (await service.match(1)).takeback_by == ALICE and not asked.ephemeral

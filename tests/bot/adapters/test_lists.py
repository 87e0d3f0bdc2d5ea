"""Long lists page: leaderboards (always showing the reader's own place) and the channel's
games, with Previous / Next buttons that turn the page in place."""

from __future__ import annotations

from bot.adapters.commands.dispatch import Dispatcher
from bot.adapters.commands.group import Context
from bot.adapters.console import Names
from bot.service import Actor
from bot.service.match_service import MatchService
from tests.servicekit import CHANNEL, GUILD, start_match


async def _rated_players(service: MatchService, players: int) -> None:
    """Pairs play and the second resigns: ratings fall in the order of the user ids."""
    for n in range(0, players, 2):
        first, second = 1000 + n, 1001 + n
        await start_match(service, challenger=first, opponent=second, side="black", channel=n)
        await service.play.resign(Actor(GUILD, n, second))
        await service.standings.remember(GUILD, first, f"p{n}", f"p{n}")
        await service.standings.remember(GUILD, second, f"p{n + 1}", f"p{n + 1}")


def _ranks(text: str) -> list[int]:
    return [int(line.split(".")[0]) for line in text.splitlines() if line[:1].isdigit()]


async def test_the_leaderboard_pages_and_shows_the_readers_place(service: MatchService) -> None:
    await _rated_players(service, 26)
    dispatcher = Dispatcher(service, Names())
    loser = Context(GUILD, CHANNEL, 1025, "p25")  # a loser: in the lower half
    first = (await dispatcher.run("leaderboard", loser, game="checkers")).reply
    assert first is not None and first.title == "Checkers leaderboard (W-D-L) — page 1 of 3"
    assert _ranks(first.text) == list(range(1, 11))
    assert first.text.splitlines()[-1].startswith("Your place: #") and "of 26." in first.text
    assert [b.label for b in first.buttons] == ["Next"]
    second = (await dispatcher.click(loser, first.buttons[0].custom_id)).edit_origin
    assert second is not None and _ranks(second.text) == list(range(11, 21))
    assert [b.label for b in second.buttons] == ["Previous", "Next"]
    third = (await dispatcher.click(loser, second.buttons[1].custom_id)).edit_origin
    assert third is not None and _ranks(third.text) == list(range(21, 27))
    assert "Your place" not in third.text  # the reader is on this page
    assert [b.label for b in third.buttons] == ["Previous"]


async def test_the_channels_games_page_whole_lines(service: MatchService) -> None:
    for n in range(12):
        await start_match(service, challenger=2000 + 2 * n, opponent=2001 + 2 * n)
    dispatcher = Dispatcher(service, Names())
    ctx = Context(GUILD, CHANNEL, 1, "carol")
    first = (await dispatcher.run("games", ctx)).reply
    assert first is not None and first.title == "Games in progress — page 1 of 2"
    assert len(first.text.splitlines()) == 10 and [b.label for b in first.buttons] == ["Next"]
    second = (await dispatcher.click(ctx, first.buttons[0].custom_id)).edit_origin
    assert second is not None and [line[:3] for line in second.text.splitlines()] == ["#11", "#12"]
    assert all(line.endswith("move 1") for line in second.text.splitlines())

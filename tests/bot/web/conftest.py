"""The web site over a real database: the service writes, the site (aiohttp's test client,
in the test's loop) reads; people with ids of Discord's size, to show none leaks."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from ai.analysis import Reading
from ai.search import MATE
from bot.service import Actor
from bot.service.match_service import MatchService
from bot.service.views import MatchView
from bot.web.game_reader import FRESH_SECONDS
from bot.web.hub import Hub
from bot.web.live import Live
from bot.web.reader import Reader
from bot.web.routes import make_app
from rules import get_game
from tests.servicekit import CHANNEL, GUILD, start_match

#: Discord-sized ids: a page showing one would show these digits
ANN, BEN = 398765432109876543, 412345678901234567
PRIVATE = 11  # a channel @everyone cannot read


@dataclass
class Site:
    service: MatchService
    client: TestClient[web.Request, web.Application]
    hub: Hub
    live: Live
    clock: list[float]  # the reader's clock, moved by later()
    token: str = ""  # the server page's

    def later(self) -> None:
        """Time passes: the site looks up what it remembered again."""
        self.clock[0] += FRESH_SECONDS

    async def turn(self, on: bool) -> str:
        site = await self.service.site.turn(Actor(GUILD, CHANNEL, ANN), manager=True, on=on)
        self.token = site.token
        return site.token

    async def game(
        self, game_id: str = "checkers", channel: int = CHANNEL
    ) -> tuple[MatchView, str]:
        """A game between Ann and Ben, and its page's address."""
        match = await start_match(service=self.service, game_id=game_id, challenger=ANN,
                                  opponent=BEN, channel=channel)  # fmt: skip
        token = await self.service.site.token_of(match.id)
        assert token is not None
        return match, token

    async def get(self, path: str) -> tuple[int, str]:
        async with self.client.get(path) as answer:
            return answer.status, await answer.text()


@pytest.fixture
async def site(service: MatchService) -> AsyncIterator[Site]:
    await service.standings.remember(GUILD, ANN, "Ann", "ann")
    await service.standings.remember(GUILD, BEN, "Ben the Bold", "ben")
    await service.site.see_channel(GUILD, CHANNEL, True)
    await service.site.see_channel(GUILD, PRIVATE, False)
    clock = [0.0]
    reader, hub = Reader(service, lambda: clock[0]), Hub(per_address=4)
    live = Live(reader, hub, asyncio.get_running_loop())
    service._shared.store.watchers.append(live.changed)
    client = TestClient(TestServer(make_app(reader, hub)))
    await client.start_server()
    try:
        yield Site(service, client, hub, live, clock)
    finally:
        hub.close_all()
        await client.close()


async def made_up_review(service: MatchService, match: MatchView) -> None:
    """A finished game's review, made up: its first two moves blunders (another legal move
    the computer's choice), the rest even."""
    record = await service.replay(match)
    game = get_game(match.game_id)

    def other(ply: int) -> str:  # a legal move other than the one played
        played = game.format_move(record.moves[ply])
        moves = (game.format_move(m) for m in game.legal_moves(record.positions[ply]))
        return next(m for m in moves if m != played)

    readings = [Reading(MATE - 1, other(0)), Reading(MATE - 1, other(1))]
    readings += [Reading(0)] * (len(record.moves) - 1)
    await service.analyses.request(Actor(GUILD, match.channel_id, match.players[game.sides[0]]),
                                   match.id)  # fmt: skip
    for ply, reading in enumerate(readings):
        await service.analyses.add(match.id, ply, reading)
    await service.analyses.finish(match.id)

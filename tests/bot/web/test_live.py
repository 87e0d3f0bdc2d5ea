"""The live pages: a move reaches a game's streams and its server page's; a reconnecting
browser starts from the whole state; a slow reader is dropped, never waited for; one
address holds a bounded number of streams; on PostgreSQL a move made by another process
arrives through LISTEN/NOTIFY."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import aiohttp
import pytest

from bot.service import Actor
from bot.service.match_service import MatchService
from bot.service.views import MatchView
from bot.store import Store
from bot.store.relay import Notifier
from bot.web.hub import QUEUE, Hub
from bot.web.serve import Serving
from tests.bot.web.conftest import ANN, BEN, Site
from tests.servicekit import CHANNEL, GUILD, start_match


async def events(
    response: aiohttp.ClientResponse, count: int
) -> list[tuple[str, dict[str, object]]]:
    """The next `count` events of a stream: (name, data)."""
    found: list[tuple[str, dict[str, object]]] = []
    name = ""
    while len(found) < count:
        line = (await asyncio.wait_for(response.content.readline(), 10)).decode().rstrip("\n")
        if line.startswith("event: "):
            name = line[7:]
        elif line.startswith("data: "):
            found.append((name, json.loads(line[6:])))
    return found


async def test_a_move_reaches_its_game_and_its_server_page(site: Site) -> None:
    server = await site.turn(True)
    match, token = await site.game()
    async with (
        site.client.get(f"/g/{token}/events") as game,
        site.client.get(f"/s/{server}/events") as page,
    ):
        assert game.headers["Content-Type"] == "text/event-stream"
        [(name, state)] = await events(game, 1)
        assert name == "state" and state["ply"] == 0
        [(name, summary)] = await events(page, 1)  # the live games, as the page starts
        assert name == "game" and summary["token"] == token
        await site.service.play.move(
            Actor(GUILD, CHANNEL, match.user_to_move or 0), "11-15", match.id
        )
        [(name, state)] = await events(game, 1)
        assert state["ply"] == 1 and state["moves"] == ["11-15"] and "<svg" in str(state["board"])
        [(name, summary)] = await events(page, 1)
        assert summary["ply"] == 1
    async with site.client.get(f"/g/{token}/events") as again:  # a reconnect: the whole state
        [(_, state)] = await events(again, 1)
        assert state["ply"] == 1


async def test_one_address_holds_a_bounded_number_of_streams(site: Site) -> None:
    await site.turn(True)
    _, token = await site.game()
    opened = [await site.client.get(f"/g/{token}/events") for _ in range(site.hub.per_address)]
    try:
        async with site.client.get(f"/g/{token}/events") as refused:
            assert refused.status == 429
            assert "Too many" in await refused.text()
    finally:
        for answer in opened:
            answer.close()


def test_a_slow_reader_is_dropped_and_never_waited_for() -> None:
    hub = Hub(per_address=2)
    slow = hub.open(("game", "t"), "1.2.3.4")
    quick = hub.open(("game", "t"), "5.6.7.8")
    assert slow is not None and quick is not None
    for n in range(QUEUE + 1):
        hub.publish(("game", "t"), b"%d" % n)
        quick.queue.get_nowait()  # the quick one keeps up
    assert slow.dropped and not quick.dropped
    assert slow.queue.get_nowait() is None  # its writer stops; the browser reconnects
    assert hub.open(("game", "t"), "1.2.3.4") is not None
    assert hub.open(("game", "t"), "1.2.3.4") is None  # its two streams: the cap
    hub.close(("game", "t"), slow, "1.2.3.4")
    assert hub.open(("game", "t"), "1.2.3.4") is not None


@asynccontextmanager
async def watched_across_processes(
    url: str,
) -> AsyncIterator[tuple[MatchService, MatchView, Serving, aiohttp.ClientResponse]]:
    """A bot's store that NOTIFYs, a web site on its own connections that LISTENs, and a
    game of Ann's (Black) and Ben's on it, its page's event stream open at ply 0."""
    bot_store = await Store.open(url)
    service = MatchService(bot_store)
    notifier = Notifier(bot_store)
    notifier.start()
    serving = await Serving.start(url, "127.0.0.1", 0, listen=True)
    try:
        await service.site.turn(Actor(GUILD, CHANNEL, ANN), manager=True, on=True)
        match = await start_match(service, challenger=ANN, opponent=BEN, side="black")
        token = await service.site.token_of(match.id)
        async with (
            aiohttp.ClientSession() as session,
            session.get(f"http://127.0.0.1:{serving.port}/g/{token}/events") as stream,
        ):
            [(_, state)] = await events(stream, 1)
            assert state["ply"] == 0
            yield service, match, serving, stream
    finally:
        await serving.close()
        await notifier.close()
        await bot_store.close()


@pytest.mark.parametrize("engine", ["postgresql"])
async def test_another_processs_move_arrives_through_notify(db_url: str) -> None:
    """The bot's store NOTIFYs; a web site on its own connections LISTENs and streams."""
    async with watched_across_processes(db_url) as (service, match, _, stream):
        await service.play.move(Actor(GUILD, CHANNEL, ANN), "11-15", match.id)
        [(_, state)] = await events(stream, 1)
        assert state["ply"] == 1

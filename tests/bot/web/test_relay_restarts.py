"""A PostgreSQL restart between two moves: the bot's Notifier keeps the change whose NOTIFY
failed on the closed connection and sends it on a new one, and the site's Listener LISTENs
again on a new connection, so an open live page gets the move (today it stays stale until
the next one). On a server of the test's own: it is restarted."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from bot.service import Actor
from bot.web.serve import Serving
from tests.bot.web.conftest import ANN, BEN
from tests.bot.web.test_live import events, watched_across_processes
from tests.pgserver import PgServer
from tests.servicekit import CHANNEL, GUILD

pytestmark = [pytest.mark.postgres, pytest.mark.processes]


@pytest.fixture
def own_server() -> Iterator[PgServer]:
    server = PgServer.in_temporary_folder("bot-tests-pg-relay-").start(durable=False)
    try:
        yield server
    finally:
        server.destroy()


async def heard_again(serving: Serving, times: int) -> None:
    """Wait until the site has set up LISTEN `times` times (again after a lost connection)."""
    listener = serving.listener
    assert listener is not None
    async with asyncio.timeout(30):
        while listener.subscriptions < times or not listener.listening.is_set():
            await asyncio.sleep(0.05)


@pytest.mark.parametrize("down", ["immediate", "sigkill"])
async def test_the_first_move_after_a_restart_reaches_an_open_page(
    own_server: PgServer, down: str
) -> None:
    url = own_server.create_database("relay")
    async with watched_across_processes(url) as (service, match, serving, stream):
        await service.play.move(Actor(GUILD, CHANNEL, ANN), "11-15", match.id)
        [(_, state)] = await events(stream, 1)
        assert state["ply"] == 1
        if down == "sigkill":  # the loop runs meanwhile: the site hears of it
            await asyncio.to_thread(own_server.kill)
            await asyncio.to_thread(own_server.resume_after_kill)
        else:
            await asyncio.to_thread(own_server.restart, down)
        await heard_again(serving, 2)
        # the bot's notifying connection was closed too: its NOTIFY fails, the change is
        # kept and sent on a new connection
        await service.play.move(Actor(GUILD, CHANNEL, BEN), "22-18", match.id)
        [(_, state)] = await events(stream, 1)
        assert state["ply"] == 2

"""The live pages' streams under pressure (issue 44.10): a closed stream gives its address's
place back at once, a reader that takes nothing is dropped before much is queued for it, and
a request aiohttp cannot parse is one line in the log, never a traceback."""

from __future__ import annotations

import asyncio
import logging
import socket
import time
from collections.abc import AsyncIterator, Callable

import aiohttp
import pytest

from bot.web import routes
from bot.web.serve import Serving
from tests.bot.web.conftest import Site
from tests.bot.web.test_live import events

#: nothing here is about the database
pytestmark = pytest.mark.parametrize("engine", ["sqlite"])
#: a state event of the size a game's page gets (its board as SVG, its moves)
EVENT = b"event: state\ndata: " + b"x" * 10_000 + b"\n\n"


@pytest.fixture
async def served(site: Site, db_url: str) -> AsyncIterator[Serving]:
    """The site as it is served (aiohttp's test server cancels a handler whose client goes,
    which the site's own server does not), over the `site` fixture's database."""
    serving = await Serving.start(db_url, "127.0.0.1", 0, listen=False)
    try:
        yield serving
    finally:
        await serving.close()


async def until(done: Callable[[], bool], seconds: float) -> bool:
    """Whether `done` holds within `seconds`."""
    end = time.monotonic() + seconds
    while not done():
        if time.monotonic() > end:
            return False
        await asyncio.sleep(0.01)
    return True


async def test_a_closed_stream_gives_its_place_back_at_once(site: Site, served: Serving) -> None:
    """Before: the place was held until the next write, up to the 15 s keep-alive, so a
    page reloaded a few times locked its address out with 429s."""
    await site.turn(True)
    _, token = await site.game()
    hub = served.hub
    async with aiohttp.ClientSession() as session:
        for _ in range(2 * hub.per_address):  # a reload loop
            async with session.get(f"http://127.0.0.1:{served.port}/g/{token}/events") as stream:
                assert stream.status == 200
                await events(stream, 1)
                stream.close()  # the page goes: its connection with it
            assert await until(lambda: not hub.addresses, 1.0), hub.addresses
    assert not hub.topics


async def test_a_reader_that_takes_nothing_is_dropped(site: Site, served: Serving) -> None:
    """Before: the kernel took megabytes for a reader that read nothing, so its stream was
    never seen to fall behind (2.4 MB queued after 243 moves, all kept open)."""
    await site.turn(True)
    _, token = await site.game()
    hub = served.hub
    reader, writer = await asyncio.open_connection("127.0.0.1", served.port)
    try:
        writer.write(f"GET /g/{token}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        await writer.drain()
        await reader.readuntil(b"\r\n\r\n")  # the headers: the stream is open; then no reads
        assert await until(lambda: hub.watched(("game", token)), 2.0)
        sent = 0
        for _ in range(243):  # a long game's moves, none read
            hub.publish(("game", token), EVENT)
            sent += len(EVENT)
            await asyncio.sleep(0.002)  # the writer's turn
            if not hub.watched(("game", token)):
                break
        assert await until(lambda: not hub.watched(("game", token)), 2.0), (
            f"{sent:,} bytes offered and the stream is still open"
        )
        assert sent < 1_000_000, f"dropped only after {sent:,} bytes"
        assert not hub.addresses
    finally:
        writer.close()


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"GET /?" + b"q" * 20_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",  # an oversized query
        b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"h" * 20_000 + b"\r\n\r\n",  # a header
        b"GET /\x01\x7f HTTP/1.1\r\nHost: x\r\n\r\n",  # bad characters
        b"GET / HTTP/1.1\r\nHo\x00st: x\r\n\r\n",
    ],
    ids=["query", "header", "path", "header name"],
)
async def test_a_malformed_request_is_one_line_in_the_log(
    served: Serving, request_bytes: bytes, caplog: pytest.LogCaptureFixture
) -> None:
    """Before: aiohttp logged each with its whole traceback."""
    caplog.set_level(logging.DEBUG)
    with socket.create_connection(("127.0.0.1", served.port), timeout=5) as sock:
        await asyncio.to_thread(sock.sendall, request_bytes)
        answer = await asyncio.to_thread(sock.recv, 4096)
    assert answer.split(b"\r\n", 1)[0].endswith(b" 400 Bad Request"), answer[:80]
    await asyncio.sleep(0.05)
    logged = [r for r in caplog.records if r.name.startswith(("aiohttp", "bot.web"))]
    assert len(logged) == 1, [r.getMessage()[:100] for r in logged]
    [line] = logged
    assert line.exc_info is None and "Traceback" not in caplog.text
    assert line.getMessage().startswith("bad request from ")


def test_the_site_still_logs_what_goes_wrong_on_its_side(
    engine: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Only a request the client got wrong loses its traceback."""
    log = routes.ServerLog(logging.getLogger("aiohttp.server"), {})
    try:
        raise RuntimeError("ours")
    except RuntimeError as err:
        log.exception("Error handling request from %s", "1.2.3.4", exc_info=err)
    [record] = caplog.records
    assert record.exc_info is not None and "ours" in caplog.text

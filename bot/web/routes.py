"""The site's routes (aiohttp.web). Addresses are random tokens checked by their shape in the
route itself, so anything else is a plain 404 before a query is made; a flood of streams
from one address is a 429; an error is a plain 500 and a line in the log, never a traceback;
a request aiohttp cannot parse (too long a line or header, bad characters) is a 400 and one
line in the log. Nothing here writes."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
from collections.abc import Awaitable, Callable
from importlib import resources
from ipaddress import ip_address
from typing import Any

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from bot.service import SiteGame
from bot.web import pages
from bot.web.hub import Hub, Stream, Topic, event
from bot.web.reader import Reader
from render import piece_png
from render.charts import advantage_png, rating_png
from rules import GAMES, get_game

log = logging.getLogger("bot.web")
TOKEN = "{token:[A-Za-z0-9_-]{16,40}}"
KEY = "{key:[A-Za-z0-9_-]{12}}"
#: a query string longer than this is no request of ours (the site takes none)
MAX_QUERY = 512
#: a stream's comment line to keep proxies from closing it, and how long one write may take
KEEPALIVE_SECONDS = 15.0
WRITE_SECONDS = 5.0
#: the kernel's send buffer of a stream's connection (Linux doubles it): left to itself it
#: grows to megabytes, so a reader that takes nothing would never hold up a write and never
#: be dropped; with this, a write waits once about this much is unread, and a reader that
#: does not drain is dropped after its QUEUE events or WRITE_SECONDS
SEND_BUFFER = 64 * 1024
STATIC = {"site.js": "application/javascript", "site.css": "text/css"}
HEADERS = {
    "Referrer-Policy": "no-referrer",  # a page's token never leaks to the sites it links
    "X-Content-Type-Options": "nosniff",
    "X-Robots-Tag": "noindex, nofollow",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self' "
    "'unsafe-inline'",
}
READER = web.AppKey("reader", Reader)
HUB = web.AppKey("hub", Hub)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class ServerLog(logging.LoggerAdapter[logging.Logger]):
    """aiohttp's server log, where a request it cannot parse (the client's doing: too long a
    line or header, bad characters) is one line, not a traceback; anything else as before."""

    def exception(self, msg: object, *args: object, exc_info: Any = True, **kw: Any) -> None:
        if isinstance(exc_info, HttpProcessingError):
            who = args[0] if args else "?"
            log.info("bad request from %s: %.200r", who, exc_info.message)
            return
        super().exception(msg, *args, exc_info=exc_info, **kw)


def make_app(reader: Reader, hub: Hub) -> web.Application:
    app = web.Application(
        middlewares=[plain_errors],
        handler_args={
            "max_line_size": 16384,
            "max_field_size": 16384,
            "logger": ServerLog(logging.getLogger("aiohttp.server"), {}),
        },
    )
    app[READER], app[HUB] = reader, hub
    app.router.add_get("/", home)
    app.router.add_get(f"/s/{TOKEN}", server)
    app.router.add_get(f"/s/{TOKEN}/events", server_events)
    app.router.add_get(f"/s/{TOKEN}/p/{KEY}", player)
    app.router.add_get(f"/s/{TOKEN}/p/{KEY}/rating/{{game:[a-z-]{{1,30}}}}.png", rating_chart)
    app.router.add_get(f"/g/{TOKEN}", game)
    app.router.add_get(f"/g/{TOKEN}/state", game_state)
    app.router.add_get(f"/g/{TOKEN}/board/{{ply:[0-9]{{1,5}}}}", game_board)
    app.router.add_get(f"/g/{TOKEN}/events", game_events)
    app.router.add_get(f"/g/{TOKEN}/chart.png", review_chart)
    app.router.add_get("/piece/{game:[a-z-]{1,30}}/{letter:[A-Za-z]}.png", piece)
    app.router.add_get("/static/{name:[a-z.]{1,20}}", static)
    app.on_shutdown.append(_drop_streams)
    return app


async def _drop_streams(app: web.Application) -> None:
    app[HUB].close_all()


@web.middleware
async def plain_errors(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Plain-text errors; oversized queries are unknown pages; every answer gets HEADERS."""
    if len(request.query_string) > MAX_QUERY:
        return _plain(404, "Not found.")
    try:
        response = await handler(request)
    except web.HTTPException as err:
        if err.status < 400:
            raise
        text = err.text or err.reason
        if err.status == 404 and not text.startswith("Not found"):
            text = NOT_FOUND  # aiohttp's own, for an address no route takes
        return _plain(err.status, text)
    except (asyncio.CancelledError, ConnectionResetError):
        raise
    except Exception:
        log.exception("the web page %s failed", request.path)
        return _plain(500, "Something went wrong on our side.")
    if not response.prepared:
        response.headers.update(HEADERS)
    return response


def _plain(status: int, text: str) -> web.Response:
    return web.Response(status=status, text=text, content_type="text/plain", headers=HEADERS)


def _html(text: str) -> web.Response:
    return web.Response(text=text, content_type="text/html", headers={"Cache-Control": "no-store"})


NOT_FOUND = "Not found: this page does not exist, or its server does not show its games on the web."


def _not_found() -> web.HTTPNotFound:
    return web.HTTPNotFound(text=NOT_FOUND)


async def home(request: web.Request) -> web.Response:
    return _html(pages.home_page())


async def _shown(request: web.Request) -> SiteGame:
    """The game the address names, if its server shows it (else 404)."""
    shown = await request.app[READER].game(request.match_info["token"])
    if shown is None:
        raise _not_found()
    return shown


async def game(request: web.Request) -> web.Response:
    reader = request.app[READER]
    shown = await _shown(request)
    raw = await reader.state(shown)
    state = json.loads(raw)
    return _html(pages.game_page(state, raw, state["review"] is not None))


async def game_state(request: web.Request) -> web.Response:
    reader = request.app[READER]
    shown = await _shown(request)
    return web.Response(body=await reader.state(shown), content_type="application/json")


async def game_board(request: web.Request) -> web.Response:
    reader = request.app[READER]
    shown = await _shown(request)
    ply = int(request.match_info["ply"])
    if ply > shown.match.ply:
        raise _not_found()
    headers = {} if shown.match.active else {"Cache-Control": "public, max-age=86400"}
    svg = await reader.board(shown.match, ply)
    return web.Response(text=svg, content_type="image/svg+xml", headers=headers)


async def game_events(request: web.Request) -> web.StreamResponse:
    reader = request.app[READER]
    shown = await _shown(request)
    first = event("state", await reader.state(shown))
    return await _stream(request, ("game", shown.token), [first])


async def review_chart(request: web.Request) -> web.Response:
    reader = request.app[READER]
    shown = await _shown(request)
    if shown.match.active:
        raise _not_found()
    analysis = await reader.service.analyses.analysis(shown.match.id)
    if analysis.review is None:
        raise _not_found()
    g = get_game(shown.match.game_id)
    review = analysis.review
    first, second = (g.side_name(s) for s in g.sides)
    png = await asyncio.to_thread(
        advantage_png,
        review.chances,
        [(j.ply, j.mark) for j in review.moves if j.mark],
        (first, second),
        f"{g.name} #{shown.match.id}: {first}'s chance to win",
    )
    return _png(png)


async def server(request: web.Request) -> web.Response:
    reader = request.app[READER]
    site = await reader.site(request.match_info["token"])
    if site is None:
        raise _not_found()
    return _html(pages.server_page(site.token, await reader.server(site)))


async def server_events(request: web.Request) -> web.StreamResponse:
    reader = request.app[READER]
    site = await reader.site(request.match_info["token"])
    if site is None:
        raise _not_found()
    first = [event("game", json.dumps(g).encode()) for g in await reader.live(site)]
    return await _stream(request, ("server", site.token), first)


async def player(request: web.Request) -> web.Response:
    reader = request.app[READER]
    site = await reader.site(request.match_info["token"])
    data = None if site is None else await reader.player(site, request.match_info["key"])
    if site is None or data is None:
        raise _not_found()
    return _html(pages.player_page(site.token, request.match_info["key"], data))


async def rating_chart(request: web.Request) -> web.Response:
    reader = request.app[READER]
    site = await reader.site(request.match_info["token"])
    game_id = request.match_info["game"]
    data = None if site is None else await reader.player(site, request.match_info["key"])
    if site is None or data is None or game_id not in GAMES:
        raise _not_found()
    history = await reader.service.site.rating_history(site.guild_id, game_id, data["user"])
    if not history:
        raise _not_found()
    title = f"{data['name']}: {get_game(game_id).name} rating (± two deviations)"
    band = [(rating, 2 * rd) for rating, rd in history]
    png = await asyncio.to_thread(rating_png, band, title)
    return _png(png)


async def piece(request: web.Request) -> web.Response:
    game_id, letter = request.match_info["game"], request.match_info["letter"]
    try:
        png = piece_png(game_id, letter)
    except KeyError:
        raise _not_found() from None
    return web.Response(
        body=png, content_type="image/png", headers={"Cache-Control": "public, max-age=86400"}
    )


async def static(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    if name not in STATIC:
        raise _not_found()
    text = resources.files("bot.web").joinpath("static", name).read_text(encoding="utf-8")
    return web.Response(
        text=text, content_type=STATIC[name], headers={"Cache-Control": "public, max-age=3600"}
    )


def _png(data: bytes) -> web.Response:
    return web.Response(body=data, content_type="image/png", headers={"Cache-Control": "no-cache"})


def client_address(request: web.Request) -> str:
    """Who is asking: the peer, or, when the peer is a proxy on this machine, the address
    it says it forwards for (X-Forwarded-For's last entry)."""
    peer = request.remote or "unknown"
    forwarded = request.headers.get("X-Forwarded-For", "")
    try:
        loopback = ip_address(peer).is_loopback
    except ValueError:
        loopback = False
    if loopback and forwarded:
        return forwarded.rsplit(",", 1)[-1].strip()[:64] or peer
    return peer


class _Watched(asyncio.Protocol):
    """A stream's connection's own protocol (aiohttp's), with `lost` called first when the
    connection closes: a stream gives its place back at once, not at its next write."""

    def __init__(self, inner: asyncio.Protocol, lost: Callable[[], None]) -> None:
        self.inner, self.lost = inner, lost

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.inner.connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost()
        self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()


def _watch(transport: asyncio.Transport, stream: Stream) -> Callable[[], None]:
    """Drop `stream` as soon as its connection closes, and close its connection if its reader
    falls behind; with a small send buffer, so that a reader that does not drain is seen.
    Returns what undoes the watch (the connection may serve another request after)."""
    inner = transport.get_protocol()
    sock = transport.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
    stream.on_slow = transport.abort
    if not isinstance(inner, asyncio.Protocol):
        return lambda: None
    transport.set_protocol(_Watched(inner, stream.drop))

    def undo() -> None:
        if not transport.is_closing():
            transport.set_protocol(inner)

    return undo


async def _stream(request: web.Request, topic: Topic, first: list[bytes]) -> web.StreamResponse:
    """Server-sent events on `topic`: `first`, then each one published, until the browser
    goes (noticed at once), or falls too far behind (then it reconnects and starts from the
    whole state)."""
    hub = request.app[HUB]
    address = client_address(request)
    transport = request.transport
    if transport is None or transport.is_closing():  # gone already
        return web.Response(status=204)
    stream = hub.open(topic, address)
    if stream is None:
        raise web.HTTPTooManyRequests(text="Too many live pages open from one address.")
    response = web.StreamResponse(
        headers={
            **HEADERS, "Content-Type": "text/event-stream", "Cache-Control": "no-store",
            "X-Accel-Buffering": "no",
        }
    )  # fmt: skip
    unwatch = _watch(transport, stream)
    try:
        await response.prepare(request)
        await asyncio.wait_for(response.write(b"retry: 2000\n\n" + b"".join(first)), WRITE_SECONDS)
        while True:
            try:
                data = await asyncio.wait_for(stream.queue.get(), KEEPALIVE_SECONDS)
            except TimeoutError:
                data = b": still here\n\n"
            if data is None:
                break
            await asyncio.wait_for(response.write(data), WRITE_SECONDS)
    except TimeoutError:  # it reads too slowly: it reconnects if it is still there
        transport.abort()
    except ConnectionError:
        pass  # the browser went
    finally:
        unwatch()
        hub.close(topic, stream, address)
    return response

"""The live pages' event streams as aiohttp serves them: who is asking (behind a proxy on
this machine, whom it forwards for), each stream's connection watched so that a closed one
gives its place back at once and a reader that does not drain is dropped."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Callable
from ipaddress import ip_address

from aiohttp import web

from bot.i18n import _
from bot.web.hub import Hub, Stream, Topic

#: a stream's comment line to keep proxies from closing it, and how long one write may take
KEEPALIVE_SECONDS = 15.0
WRITE_SECONDS = 5.0
#: the kernel's send buffer of a stream's connection (Linux doubles it): left to itself it
#: grows to megabytes, so a reader that takes nothing would never hold up a write and never
#: be dropped; with this, a write waits once about this much is unread, and a reader that
#: does not drain is dropped after its QUEUE events or WRITE_SECONDS
SEND_BUFFER = 64 * 1024


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


async def stream(
    request: web.Request, hub: Hub, topic: Topic, first: list[bytes], headers: dict[str, str]
) -> web.StreamResponse:
    """Server-sent events on `topic`: `first`, then each one published, until the browser
    goes (noticed at once), or falls too far behind (then it reconnects and starts from the
    whole state); `headers`: every answer's."""
    address = client_address(request)
    transport = request.transport
    if transport is None or transport.is_closing():  # gone already
        return web.Response(status=204)
    stream = hub.open(topic, address)
    if stream is None:
        raise web.HTTPTooManyRequests(text=_("Too many live pages open from one address."))
    response = web.StreamResponse(
        headers={
            **headers, "Content-Type": "text/event-stream", "Cache-Control": "no-store",
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

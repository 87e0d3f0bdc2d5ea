"""A stand-in for Discord's API and gateway on a local port, for start-up tests: it answers
login, application info and /gateway/bot as Discord does, and its gateway says hello and then
closes with whatever code a test asks for (4014: a privileged intent not enabled), or stays
open; with `reconnect` it tells the bot to reconnect (op 7) once it is ready, and then expects
a RESUME. Runs in a thread of its own, so the bot under test runs its own event loop as in
production."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from typing import Any

from aiohttp import WSMsgType, web

BOT_USER = {
    "id": "900000000000000077",
    "username": "boardgames",
    "global_name": None,
    "discriminator": "0",
    "avatar": None,
    "bot": True,
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _json(data: Any, status: int = 200) -> web.Response:
    """A JSON answer with Discord's exact content type (discord.py decodes only that)."""
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


class FakeGateway:
    def __init__(
        self, *, token_ok: bool = True, close_code: int | None = 4014, reconnect: bool = False
    ) -> None:
        """close_code None: the gateway keeps the connection open after IDENTIFY."""
        self.token_ok = token_ok
        self.close_code = close_code
        self.reconnect = reconnect
        self.resumed: list[dict[str, Any]] = []
        self.port = free_port()
        self.identified: list[dict[str, Any]] = []
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._runner: web.AppRunner | None = None

    @property
    def api(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    def __enter__(self) -> FakeGateway:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(10)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    async def _start(self) -> None:
        app = web.Application()
        app.router.add_get("/api/v10/users/@me", self._me)
        app.router.add_get("/api/v10/oauth2/applications/@me", self._application)
        app.router.add_get("/api/v10/gateway/bot", self._gateway_bot)
        app.router.add_get("/", self._gateway)
        self._runner = web.AppRunner(app, access_log=None)  # its lines are not the bot's
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", self.port).start()

    async def _me(self, request: web.Request) -> web.Response:
        if not self.token_ok:
            return _json({"message": "401: Unauthorized", "code": 0}, status=401)
        return _json(BOT_USER)

    async def _application(self, request: web.Request) -> web.Response:
        return _json(
            {
                "id": BOT_USER["id"],
                "name": "Board games",
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": {**BOT_USER, "id": "900000000000000078", "bot": False},
                "verify_key": "0" * 64,
                "flags": 0,
            }
        )

    async def _gateway_bot(self, request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return _json(
            {"url": f"ws://127.0.0.1:{self.port}", "shards": 1, "session_start_limit": limit}
        )

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": 45_000}, "s": None, "t": None})
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                continue
            op, data = message.json().get("op"), message.json().get("d")
            if op == 1:  # heartbeat
                await ws.send_json({"op": 11, "d": None, "s": None, "t": None})
            elif op == 2:
                self.identified.append(data)
                print("gateway: identified", flush=True)
                if self.close_code is not None:
                    await ws.close(code=self.close_code, message=b"Disallowed intent(s).")
                elif self.reconnect:
                    await ws.send_json({"op": 0, "t": "READY", "s": 1, "d": self._ready()})
                    await ws.send_json({"op": 7, "d": None, "s": None, "t": None})
            elif op == 6:
                self.resumed.append(data)
                await ws.send_json({"op": 0, "t": "RESUMED", "s": 2, "d": {}})
                print("gateway: resumed", flush=True)
        return ws

    def _ready(self) -> dict[str, Any]:
        return {
            "v": 10,
            "user": BOT_USER,
            "guilds": [],
            "session_id": "session-1",
            "resume_gateway_url": f"ws://127.0.0.1:{self.port}",
            "shard": [0, 1],
            "application": {"id": BOT_USER["id"], "flags": 0},
        }


if __name__ == "__main__":
    # `python -m tests.fakegateway`: the bot (`python -m bot`) against a gateway that stays
    # open, for tests that stop the process with a signal
    import sys

    import discord

    from bot.__main__ import main

    with FakeGateway(close_code=None, reconnect="--reconnect" in sys.argv) as gateway:
        discord.http.Route.BASE = gateway.api
        status = main([])
    print(f"exit {status}", flush=True)
    sys.exit(status)

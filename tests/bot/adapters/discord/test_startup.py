"""Start-up failures end in one plain line and a non-zero status, never a traceback: each
failure simulated on this machine (aiohttp's resolver or a local port failing as the network
would, a local stand-in for Discord's API and gateway, a bad .env)."""

from __future__ import annotations

import logging
import os
import signal
import socket
import socketserver
import subprocess
import sys
import threading
from collections.abc import Iterator
from logging.handlers import BufferingHandler
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest

from bot.__main__ import main
from bot.adapters.discord.startup import OneLineReconnects
from bot.app.config import Settings
from tests.fakegateway import FakeGateway, free_port
from tests.faults import ROOT

pytestmark = pytest.mark.processes  # runs the bot's client as it runs, on real time

SETTINGS = (
    "DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID", "LOG_LEVEL", "CHALLENGE_MINUTES",
    "DISCORD_API_URL",
)  # fmt: skip


@pytest.fixture
def start(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> Any:
    """Run `python -m bot` in this process from an empty folder with a token; returns
    (exit status, the lines printed on stdout and stderr)."""
    monkeypatch.chdir(tmp_path)
    for key in (*SETTINGS, "DEFAULT_MOVE_TIME"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", "x")

    def run() -> tuple[int, list[str]]:
        root = logging.getLogger()
        handlers = list(root.handlers)
        try:
            status = main([])
        finally:  # the bot's log handler writes to this test's captured stderr only
            for handler in root.handlers[len(handlers) :]:
                root.removeHandler(handler)
        out, err = capfd.readouterr()
        return status, (out + err).strip().splitlines()

    return run


def _ends_in_one_plain_line(lines: list[str], *words: str) -> None:
    text = "\n".join(lines)
    assert "Traceback" not in text and "PyNaCl" not in text and "davey" not in text, text
    assert lines and lines[-1].startswith("error: "), text
    assert all(w in lines[-1] for w in words), lines[-1]
    assert not any(line.startswith(("  File", "    ")) for line in lines), text


def _resolve_to(monkeypatch: pytest.MonkeyPatch, port: int) -> None:
    """discord.com resolves to this machine, on a port of the test's choosing."""

    async def resolve(self: Any, host: str, port_: int, traces: Any = None) -> list[Any]:
        return [
            {"hostname": host, "host": "127.0.0.1", "port": port, "family": socket.AF_INET,
             "proto": 0, "flags": socket.AI_NUMERICHOST}
        ]  # fmt: skip

    monkeypatch.setattr(aiohttp.TCPConnector, "_resolve_host", resolve)


def test_no_name_resolution(start: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    async def resolve(self: Any, host: str, port: int, traces: Any = None) -> list[Any]:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(aiohttp.TCPConnector, "_resolve_host", resolve)
    status, lines = start()
    assert status == 1
    _ends_in_one_plain_line(lines, "cannot reach Discord", "(DNS)")


def test_connection_refused(start: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    _resolve_to(monkeypatch, free_port())  # nothing listens there
    status, lines = start()
    assert status == 1
    _ends_in_one_plain_line(lines, "cannot reach Discord", "refused")


@pytest.fixture
def not_tls() -> Iterator[int]:
    """A local port that answers a TLS handshake with plain HTTP, as a captive portal does."""

    class Plain(socketserver.BaseRequestHandler):
        def handle(self) -> None:
            self.request.recv(1024)
            self.request.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")

    server = socketserver.TCPServer(("127.0.0.1", 0), Plain)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


def test_tls_failure(start: Any, monkeypatch: pytest.MonkeyPatch, not_tls: int) -> None:
    _resolve_to(monkeypatch, not_tls)
    status, lines = start()
    assert status == 1
    _ends_in_one_plain_line(lines, "cannot reach Discord", "secure connection failed")


def test_a_refused_token(start: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    with FakeGateway(token_ok=False) as discord_api:
        monkeypatch.setattr(discord.http.Route, "BASE", discord_api.api)
        status, lines = start()
    assert status == 1
    _ends_in_one_plain_line(lines, "Discord refused the token", "Reset Token")


def test_a_privileged_intent_not_enabled(start: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    with FakeGateway(close_code=4014) as discord_api:
        monkeypatch.setattr(discord.http.Route, "BASE", discord_api.api)
        status, lines = start()
        assert len(discord_api.identified) == 1  # it logged in, then the gateway said no
    assert status == 1
    _ends_in_one_plain_line(lines, "privileged intent", "Privileged Gateway Intents")
    assert any("commands not synced at start" in line for line in lines)


def test_requests_go_through_a_rest_proxy_when_one_is_set(
    start: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DISCORD_API_URL: every request of the bot's token goes to the proxy (here the
    stand-in, which the bot logs in at), which keeps Discord's limits for all processes."""
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)  # restored after
    with FakeGateway(close_code=4014) as proxy:
        monkeypatch.setenv("DISCORD_API_URL", proxy.api)
        _, lines = start()
        assert len(proxy.identified) == 1
    _ends_in_one_plain_line(lines, "privileged intent")


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("DEV_GUILD_ID=abc", ("DEV_GUILD_ID=abc (in .env) is not a server id",)),
        ("DEFAULT_MOVE_TIME=forever", ("DEFAULT_MOVE_TIME=forever", "not a time per move")),
        ("CHALLENGE_MINUTES=0", ("CHALLENGE_MINUTES=0", "from 1 to 10080")),
        ("LOG_LEVEL=loud", ("LOG_LEVEL=loud", "DEBUG, INFO, WARNING, ERROR")),
        ("WEB_PORT=http", ("WEB_PORT=http", "a port number from 1 to 65535")),
        ("PUBLIC_URL=games.example.org", ("PUBLIC_URL=games.example.org", "the site's address")),
        ("DISCORD_API_URL=localhost:8080", ("DISCORD_API_URL=localhost:8080", "/api/v10")),
    ],
)
def test_a_bad_setting_in_env(start: Any, tmp_path: Path, line: str, words: tuple[str]) -> None:
    (tmp_path / ".env").write_text(f"# settings\n{line}  \n")
    status, lines = start()
    assert status == 1 and len(lines) == 1
    _ends_in_one_plain_line(lines, *words)


def test_a_lost_connection_is_one_warning_line() -> None:
    """As discord.py logs it after a login: one WARNING line, no traceback."""
    logger = logging.getLogger("tests.reconnect")
    logger.addFilter(OneLineReconnects())
    handler = BufferingHandler(capacity=10)  # keeps what it is given in .buffer
    logger.addHandler(handler)
    try:
        try:
            raise aiohttp.ClientConnectionError("Cannot connect to host gateway.discord.gg:443")
        except aiohttp.ClientError:
            logger.exception("Attempting a reconnect in %.2fs", 3.25)
    finally:
        logger.removeHandler(handler)
    (record,) = handler.buffer
    assert record.levelname == "WARNING" and record.exc_info is None
    assert logging.Formatter().format(record) == (
        "Attempting a reconnect in 3.25s (connection lost: ClientConnectionError: "
        "Cannot connect to host gateway.discord.gg:443)"
    )


def test_settings_files_read_as_dotenv_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for key in (*SETTINGS, "DEFAULT_MOVE_TIME"):
        monkeypatch.delenv(key, raising=False)
    env = tmp_path / "prod.env"
    env.write_text(
        'export DATABASE_URL="/srv/games/bot.sqlite3"  # where the games live\n'
        "DEV_GUILD_ID=123456789012345678 # the test server\n"
        "DEFAULT_MOVE_TIME='2h'\n"
        "LOG_LEVEL=warning\n"
    )
    settings = Settings.load(env)
    assert settings.database_url == "/srv/games/bot.sqlite3"
    assert settings.dev_guild_id == 123456789012345678
    assert (settings.default_move_time, settings.log_level) == ("2h", "WARNING")


def test_the_env_file_option_picks_the_settings_file(
    start: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    env = tmp_path / "elsewhere.env"
    env.write_text(f"DATABASE_URL={tmp_path / 'missing' / 'db.sqlite3'}  # not there\n")
    assert main(["--env-file", str(env), "check-db"]) == 1
    err = capfd.readouterr().err.strip().splitlines()
    assert err == [f"error: there is no database file at {tmp_path / 'missing' / 'db.sqlite3'}"]


def _bot_on_a_local_gateway(
    tmp_path: Path, *, stop: int, expect: tuple[str, ...], reconnect: bool = False
) -> tuple[int, str, str]:
    """`python -m bot` against tests.fakegateway: wait for the gateway's lines `expect`, then
    send the signal `stop`; returns (exit status, stdout, stderr)."""
    env = {**os.environ, "DISCORD_TOKEN": "x", "DATABASE_URL": str(tmp_path / "bot.sqlite3")}
    bot = subprocess.Popen(
        [sys.executable, "-m", "tests.fakegateway", *(["--reconnect"] if reconnect else [])],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert bot.stdout is not None
        for line in expect:
            assert bot.stdout.readline().strip() == line
        assert (tmp_path / "bot.sqlite3-wal").exists()  # open while it runs
        bot.send_signal(stop)
        out, err = bot.communicate(timeout=30)
    finally:
        bot.kill()
    return bot.returncode, out, err


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_signal_closes_the_bot_cleanly(tmp_path: Path, signum: int) -> None:
    """Connected to a (local) gateway, the bot stops on the signal: its sweeper stops, the
    database is closed (SQLite removes the -wal file on a clean close), status 0."""
    status, out, err = _bot_on_a_local_gateway(
        tmp_path, stop=signum, expect=("gateway: identified",)
    )
    assert status == 0 and out.strip() == "exit 0", err
    assert "stopping: signal received" in err and "Traceback" not in err
    assert not (tmp_path / "bot.sqlite3-wal").exists()


def test_the_bot_resumes_when_the_gateway_asks_it_to_reconnect(tmp_path: Path) -> None:
    """Discord asks every bot to reconnect now and then (op 7): it resumes its session,
    without a new IDENTIFY or an error, and still stops cleanly."""
    status, out, err = _bot_on_a_local_gateway(
        tmp_path,
        stop=signal.SIGTERM,
        expect=("gateway: identified", "gateway: resumed"),
        reconnect=True,
    )
    assert status == 0 and out.strip() == "exit 0", err
    assert "Traceback" not in err and "ERROR" not in err

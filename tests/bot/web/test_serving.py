"""Serving the site: the settings that turn it on, the bot's own process serving it from a
thread beside its loop, and `python -m bot web` serving it alone."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from bot.app.app import App
from bot.app.config import Settings
from tests.faults import ROOT


def test_web_settings_are_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for key in ("WEB_PORT", "WEB_HOST", "PUBLIC_URL"):
        monkeypatch.delenv(key, raising=False)
    env = tmp_path / ".env"
    env.write_text("WEB_PORT=8123\n")
    settings = Settings.load(env)
    assert settings.web_port == 8123 and settings.public_url == "http://localhost:8123"
    env.write_text("WEB_PORT=8123\nPUBLIC_URL=https://games.example.org/\nWEB_HOST=127.0.0.1\n")
    settings = Settings.load(env)
    assert settings.public_url == "https://games.example.org" and settings.web_host == "127.0.0.1"
    assert Settings.load(tmp_path / "none").web_port is None


@pytest.mark.processes
async def test_the_bot_serves_the_site_beside_itself_and_stops_it(db_path: Path) -> None:
    settings = Settings(database_url=str(db_path), web_port=0, web_host="127.0.0.1")
    app = await App.open(settings)
    try:
        await app.start_web()
        assert app.web is not None
        async with (
            aiohttp.ClientSession() as session,
            session.get(f"http://127.0.0.1:{app.web.port}/") as answer,
        ):
            assert answer.status == 200
    finally:
        await app.close()
    assert app.web is not None and not app.web._thread.is_alive()


@pytest.mark.processes
def test_python_m_bot_web_serves_alone(db_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "web", "--db", str(db_path), "--port", "0", "--host",
         "127.0.0.1"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("serving the web site on http://127.0.0.1:"), line
        address = re.search(r"http://\S+/", line)
        assert address is not None

        async def fetch() -> int:
            async with aiohttp.ClientSession() as session, session.get(address[0]) as answer:
                return answer.status

        assert asyncio.run(fetch()) == 200
    finally:
        process.terminate()
        process.wait(timeout=10)

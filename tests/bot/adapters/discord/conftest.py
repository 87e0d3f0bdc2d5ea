"""The Discord adapter's tests' bot: a harness over a fresh SQLite file, MOD a moderator."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.discordkit import MOD, DiscordHarness


@pytest.fixture
async def discord_bot(tmp_path: Path) -> AsyncIterator[DiscordHarness]:
    harness = await DiscordHarness(tmp_path / "bot.sqlite3").start()
    harness.moderators.add(MOD[0])
    yield harness
    await harness.stop()

"""The Discord adapter's tests' bot: a harness over a fresh SQLite file, MOD a moderator; the
picture workers each bot starts, kept for the next test's bot."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.runtime import workers
from tests.discordkit import MOD, DiscordHarness


@pytest.fixture(scope="session")
def picture_workers() -> Iterator[None]:
    """The picture workers, stopped when the session (its pytest-xdist worker) ends."""
    yield
    workers.shutdown()


@pytest.fixture(autouse=True)
def kept_picture_workers(picture_workers: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot that stops leaves its picture workers running, and the next one warms them
    again: two processes spawned and their boards drawn take a second, once a test process
    rather than once a test."""
    monkeypatch.setattr(workers, "shutdown", lambda: None)


@pytest.fixture
async def discord_bot(migrated_db: Path) -> AsyncIterator[DiscordHarness]:
    harness = await DiscordHarness(migrated_db).start()
    harness.moderators.add(MOD[0])
    yield harness
    await harness.stop()

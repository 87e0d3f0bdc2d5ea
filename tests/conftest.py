"""Fixtures shared by the service, store and adapter tests: a hand-moved clock, a real
SQLite file, the service over it."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.console import Console
from bot.service import MatchService
from bot.store import Store
from tests.servicekit import Clock


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "bot.sqlite3"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    store = await Store.open(db_path)
    yield store
    await store.close()


@pytest.fixture
def service(store: Store, clock: Clock) -> MatchService:
    return MatchService(store, clock=clock, rng=random.Random(1))


@pytest.fixture
def console(service: MatchService, tmp_path: Path) -> tuple[Console, list[str]]:
    """The console over the service, and the lines it printed."""
    lines: list[str] = []
    return Console(service, tmp_path / "out", lines.append), lines

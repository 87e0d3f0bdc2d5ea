"""Fixtures of the bot's tests: a hand-moved clock, a real database on each engine (a SQLite
file, and a database on a PostgreSQL server this test session starts itself), the service
over it. (tests/rules, tests/ai and tests/render import none of this.)"""

from __future__ import annotations

import asyncio
import itertools
import random
import shutil
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.service.match_service import MatchService
from bot.store import Store
from tests import ROOT
from tests.pgserver import PgServer
from tests.servicekit import Clock

ENGINES = ("sqlite", "postgresql")
TEMPLATE = "migrated"
_numbers = itertools.count(1)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """One PostgreSQL server for the session (for each pytest-xdist worker, one of its own),
    torn down after; databases are made from a template already at the bot's schema."""
    server = PgServer.in_temporary_folder("bot-tests-pg-").start(durable=False)
    try:
        server.create_database(TEMPLATE)
        yield server
    finally:
        server.destroy()


@pytest.fixture(scope="session")
def pg_template(pg_server: PgServer) -> str:
    """The template database, migrated by `python -m bot migrate` (as an operator would)."""
    done = subprocess.run(
        [sys.executable, "-m", "bot", "migrate", "--db", pg_server.url(TEMPLATE)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return TEMPLATE


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file migrated to the bot's schema once a session (once a pytest-xdist
    worker) and closed, so that the file alone holds all of it (no write-ahead log beside)."""
    path = tmp_path_factory.mktemp("template") / "migrated.sqlite3"
    asyncio.run(_migrated(path))
    return path


async def _migrated(path: Path) -> None:
    store = await Store.open(path)
    await store.close()


@pytest.fixture(params=ENGINES)
def engine(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A SQLite file, for tests of SQLite's own failures (a file, a mount, a disk)."""
    return tmp_path / "bot.sqlite3"


@pytest.fixture
def migrated_db(db_path: Path, sqlite_template: Path) -> Path:
    """A fresh SQLite database at the bot's schema, at `db_path`: a byte copy of the migrated
    template (a copy takes a millisecond, a migration 30)."""
    shutil.copyfile(sqlite_template, db_path)
    return db_path


@pytest.fixture
def db_url(engine: str, request: pytest.FixtureRequest) -> str:
    """A fresh database on each engine: a SQLite file, or a new PostgreSQL database."""
    if engine == "sqlite":
        return str(request.getfixturevalue("migrated_db"))
    return new_pg_database(request)


def new_pg_database(request: pytest.FixtureRequest) -> str:
    server: PgServer = request.getfixturevalue("pg_server")
    template: str = request.getfixturevalue("pg_template")
    return server.create_database(f"test_{next(_numbers)}", template=template)


@pytest.fixture
async def store(db_url: str) -> AsyncIterator[Store]:
    store = await Store.open(db_url)
    yield store
    await store.close()


@pytest.fixture
def service(store: Store, clock: Clock) -> MatchService:
    return MatchService(store, clock=clock, rng=random.Random(1))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that needs the PostgreSQL server `postgres` (those run on the
    PostgreSQL engine, and those that ask for the server itself)."""
    for item in items:
        callspec = getattr(item, "callspec", None)
        on_postgres = callspec is not None and callspec.params.get("engine") == "postgresql"
        if on_postgres or {"pg_server", "pg_template"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.postgres)

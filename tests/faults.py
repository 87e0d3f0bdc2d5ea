"""Faults as they happen outside the process: a task cancelled at any await, a database that
refuses writes, a read-only file system, a full disk, a database locked by another program."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import subprocess
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from bot.store import Store
from bot.store.drivers import PostgresDriver, SqliteDriver
from tests import ROOT as ROOT  # re-exported: the bot's tests import it from here


async def cancelled_at(store: Store, call: int, action: Callable[[], Awaitable[Any]]) -> bool:
    """Run `action` in a task that is cancelled as it sends its `call`-th statement to the
    database (so the statement is in flight: SQLite's thread runs it anyway, PostgreSQL's
    server may or may not). True if it was cancelled, False if it finished first."""
    calls = 0
    task: asyncio.Task[Any] | None = None
    kind = SqliteDriver if store.dialect == "sqlite" else PostgresDriver

    def counting(original: Any) -> Any:
        async def sent(self: Any, *args: Any) -> Any:
            nonlocal calls
            calls += 1
            step = asyncio.ensure_future(original(self, *args))  # on its way to the database
            if calls == call and task is not None:
                task.cancel()
            return await step

        return sent

    with pytest.MonkeyPatch.context() as patch:
        for name in ("run", "_fetch", "write_units"):
            patch.setattr(kind, name, counting(getattr(kind, name)))
        task = asyncio.ensure_future(action())
        try:
            await task
        except asyncio.CancelledError:
            return True
        return False


async def settled(store: Store) -> bool:
    """No transaction is left open once the database has caught up."""
    await store.one("SELECT 1")
    for _ in range(100):
        if await store.idle():
            return True
        await asyncio.sleep(0.01)
    return False


@contextlib.asynccontextmanager
async def refusing_writes(store: Store) -> AsyncIterator[None]:
    """The database itself refusing every write, reads still answered: SQLite's query_only
    on each new connection; PostgreSQL's default_transaction_read_only for the database."""
    engine = store.engine.sync_engine
    if store.dialect == "sqlite":

        def read_only(connection: Any, _: Any) -> None:
            connection.execute("PRAGMA query_only=1")

        event.listen(engine, "connect", read_only)
        await store.reconnect()
        try:
            yield
        finally:
            event.remove(engine, "connect", read_only)
            await store.reconnect()
        return
    name = store.engine.url.database
    async with store.engine.connect() as connection:
        await connection.exec_driver_sql(
            f'ALTER DATABASE "{name}" SET default_transaction_read_only = on'
        )
    await store.reconnect()
    try:
        yield
    finally:
        async with store.engine.connect() as connection:  # a session of its own
            await connection.exec_driver_sql("SET default_transaction_read_only = off")
            await connection.exec_driver_sql(
                f'ALTER DATABASE "{name}" RESET default_transaction_read_only'
            )
        await store.reconnect()


def _mount(*args: str) -> bool:
    done = subprocess.run(["mount", *args], capture_output=True, check=False)
    return done.returncode == 0


@contextlib.contextmanager
def read_only_folder(folder: Path) -> Iterator[Path]:
    """The folder's files, as a read-only mount shows them (a read-only bind mount when
    running as root, whom file modes do not stop; otherwise the modes)."""
    if os.geteuid() != 0:
        modes = {p: p.stat().st_mode for p in (folder, *folder.iterdir())}
        for path in modes:
            path.chmod(0o555 if path.is_dir() else 0o444)
        try:
            yield folder
        finally:
            for path, mode in modes.items():
                path.chmod(mode)
        return
    view = folder.parent / f"{folder.name}-ro"
    view.mkdir()
    bound = _mount("--bind", str(folder), str(view))
    if not (bound and _mount("-o", "remount,ro,bind", str(view))):
        subprocess.run(["umount", str(view)], capture_output=True, check=False)
        pytest.skip("cannot make a read-only mount here (mount refused)")
    try:
        yield view
    finally:
        subprocess.run(["umount", "-l", str(view)], check=False)


class SmallDisk:
    """A small file system of its own (tmpfs) that a test fills up and frees again."""

    def __init__(self, folder: Path, size_kib: int = 4096) -> None:
        self.folder = folder
        self.size_kib = size_kib
        self.filler = folder / "filler"

    def __enter__(self) -> SmallDisk:
        self.folder.mkdir(parents=True, exist_ok=True)
        if os.geteuid() != 0 or not _mount(
            "-t", "tmpfs", "-o", f"size={self.size_kib}k", "tmpfs", str(self.folder)
        ):
            pytest.skip("a full disk needs a tmpfs of its own: mount it as root")
        return self

    def __exit__(self, *exc: object) -> None:
        subprocess.run(["umount", "-l", str(self.folder)], check=False)

    def fill(self) -> None:
        """Write until the disk refuses (ENOSPC)."""
        chunk = b"\0" * 4096
        with contextlib.suppress(OSError), self.filler.open("ab", buffering=0) as out:
            while True:
                out.write(chunk)

    def free(self) -> None:
        self.filler.unlink(missing_ok=True)


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Another program holding the database's write lock (BEGIN IMMEDIATE, not committed)."""
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()

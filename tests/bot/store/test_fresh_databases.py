"""The tests' fresh SQLite databases: each a byte copy of one file migrated once a session,
whole in that file before any store opens the copy (which would migrate it, and hide a
template left short)."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

from bot.store.migrations import head_revision
from bot.store.schema import metadata


def test_a_tests_database_is_a_byte_copy_of_the_whole_migrated_schema(
    migrated_db: Path, sqlite_template: Path
) -> None:
    assert migrated_db.read_bytes() == sqlite_template.read_bytes()
    assert not sqlite_template.with_name(f"{sqlite_template.name}-wal").exists()
    with contextlib.closing(sqlite3.connect(f"file:{migrated_db}?mode=ro", uri=True)) as db:
        (revision,) = db.execute("SELECT version_num FROM alembic_version").fetchall()
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
    assert revision == (head_revision(),)
    assert set(metadata.tables) <= tables

"""The schema's Alembic migrations (`bot/store/alembic`): which revisions this bot knows,
which one a database is at, and the upgrade to the newest, in one transaction (one process
at a time on PostgreSQL)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

MIGRATIONS = Path(__file__).resolve().parent / "alembic"


def known_revisions() -> set[str]:
    """Every schema revision this bot knows."""
    return {script.revision for script in _scripts().walk_revisions()}


def head_revision() -> str:
    """The newest schema revision this bot knows."""
    return str(_scripts().get_current_head())


async def revision(engine: AsyncEngine) -> str | None:
    """The Alembic revision a database is at (None: not yet under Alembic)."""
    async with engine.connect() as connection:
        return await connection.run_sync(
            lambda sync: MigrationContext.configure(sync).get_current_revision()
        )


async def legacy_version(engine: AsyncEngine) -> int:
    """The hand-written migrations' version of an SQLite file from before Alembic (0 for
    PostgreSQL, which never had them)."""
    if engine.dialect.name != "sqlite":
        return 0
    async with engine.connect() as connection:
        return int((await connection.exec_driver_sql("PRAGMA user_version")).scalar() or 0)


@cache
def _scripts() -> ScriptDirectory:
    """The migrations folder, read once a process."""
    return ScriptDirectory.from_config(_config())


def _config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def upgrade(connection: Connection) -> None:
    """Alembic's upgrade in one transaction. BEGIN goes through SQLAlchemy, so Alembic sees
    a transaction of its caller's and leaves committing to it."""
    sqlite = connection.dialect.name == "sqlite"
    connection.exec_driver_sql("BEGIN IMMEDIATE" if sqlite else "BEGIN")
    try:
        if not sqlite:
            connection.exec_driver_sql("SELECT pg_advisory_xact_lock(7227)")
        command.upgrade(_config(connection), "head")
        connection.exec_driver_sql("COMMIT")
    except BaseException:
        connection.rollback()
        connection.exec_driver_sql("ROLLBACK")
        raise
    finally:
        connection.commit()  # SQLAlchemy's own bookkeeping: nothing is left open

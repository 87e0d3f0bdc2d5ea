"""The SQLAlchemy engines the store opens: SQLite's (WAL, its pragmas on every connection) and
PostgreSQL's (a pool for the connections the store keeps)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from bot.store.urls import DatabaseUrl

#: connections a process keeps for PostgreSQL writes (besides its one for reads)
WRITERS = 8


def new_engine(url: DatabaseUrl, *, readonly: bool, busy_seconds: float) -> AsyncEngine:
    """An engine whose connections never begin transactions by themselves: the store says
    BEGIN and COMMIT (so SQLite's BEGIN IMMEDIATE, and reads outside any transaction)."""
    if url.is_sqlite:
        engine = create_async_engine(
            url.sqlalchemy(readonly=readonly),
            isolation_level="AUTOCOMMIT",
            pool_reset_on_return=None,
            connect_args={"timeout": busy_seconds},
        )

        @event.listens_for(engine.sync_engine, "connect")
        def _pragmas(dbapi_connection: Any, _: Any) -> None:
            cursor = dbapi_connection.cursor()
            if not readonly:
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=NORMAL")  # survives process crashes
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute(f"PRAGMA busy_timeout={int(busy_seconds * 1000)}")
            cursor.close()

        return engine
    connect_args = url.connect_args(busy_seconds)
    if readonly:
        connect_args["server_settings"]["default_transaction_read_only"] = "on"
    return create_async_engine(
        url.sqlalchemy(readonly=readonly),
        isolation_level="AUTOCOMMIT",
        pool_reset_on_return=None,  # every transaction ends in COMMIT or ROLLBACK itself
        pool_size=WRITERS + 2,  # the kept ones (a reader, the writers), and one to spare
        max_overflow=WRITERS + 2,
        pool_pre_ping=True,
        connect_args=connect_args,
    )

"""`python -m bot copy-db FROM TO`: a whole database copied into an empty one, for instance a
server's SQLite history into PostgreSQL when the bot outgrows one process.

Every table is copied row for row, ids kept, in one transaction on the target (all or
nothing); PostgreSQL's id sequences are moved past the copied ids.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Table, select

from bot.errors import StoreError
from bot.store import schema
from bot.store.connection import Store, Tx
from bot.store.migrations import head_revision, revision

BATCH = 5_000


async def copy_db(
    source: Store, target: Store, report: Callable[[str], None] = lambda _: None
) -> dict[str, int]:
    """Rows copied per table. The source must be at this bot's schema, the target empty."""
    if await revision(source.engine) != head_revision():
        raise StoreError(
            f"{source.url} is not at this bot's schema: run python -m bot migrate on it first"
        )
    for table in schema.TABLES:
        row = await target.one(f"SELECT COUNT(*) FROM {table.name}")
        if row and row[0]:
            raise StoreError(
                f"{target.url} is not empty ({row[0]} {table.name} rows): "
                "copy into an empty database"
            )
    counts: dict[str, int] = {}
    async with target.transaction() as tx:
        for table in schema.TABLES:
            counts[table.name] = await _copy_table(source, tx, table)
            report(f"{table.name}: {counts[table.name]} rows")
        if target.dialect == "postgresql":
            for table in (schema.matches, schema.challenges, schema.announcements):
                await tx.run(
                    f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                    f"COALESCE((SELECT MAX(id) FROM {table.name}), 0) + 1, false)"
                )
    return counts


async def _copy_table(source: Store, tx: Tx, table: Table) -> int:
    """Copy in batches, in primary-key order; the number of rows."""
    keys = list(table.primary_key.columns)
    copied = 0
    while True:
        rows = await source.all(select(table).order_by(*keys).limit(BATCH).offset(copied))
        if not rows:
            return copied
        await tx.connection.execute(table.insert(), [dict(row) for row in rows])
        copied += len(rows)

"""The store: the engine and its transactions (`connection`), where the database is (`urls`),
the tables (`schema`, migrated by Alembic under `alembic/`), and the SQL of each table group
in a module of its own (`challenges`, `matches`, `standings`, `announcements`, `shown`)."""

from bot.store.connection import MAX_ID, Store, Tx
from bot.store.refusals import cannot_save
from bot.store.rows import Row
from bot.store.tasks import uncancelled
from bot.store.urls import DatabaseUrl

__all__ = ["MAX_ID", "DatabaseUrl", "Row", "Store", "Tx", "cannot_save", "uncancelled"]

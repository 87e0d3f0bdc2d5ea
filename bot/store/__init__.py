"""The store: the engine and its transactions (`connection`), where the database is (`urls`),
the tables (`schema`, migrated by Alembic under `alembic/`), and the SQL of each table group
in a module of its own (`challenges`, `matches`, `standings`, `announcements`, `shown`)."""

from .connection import MAX_ID, Store, Tx
from .refusals import cannot_save
from .rows import Row
from .tasks import uncancelled
from .urls import DatabaseUrl

__all__ = ["MAX_ID", "DatabaseUrl", "Row", "Store", "Tx", "cannot_save", "uncancelled"]

"""The store: one SQLite connection (`connection`), the schema (`migrations`), and the SQL of
each table group in a module of its own (`challenges`, `matches`, `standings`)."""

from .connection import MAX_ID, Row, Store, cannot_save, uncancelled

__all__ = ["MAX_ID", "Row", "Store", "cannot_save", "uncancelled"]

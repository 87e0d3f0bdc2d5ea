"""Where the database is: a SQLite file path or `sqlite:///…` URL, or a `postgresql://…` URL
(DATABASE_URL, or `--db`), and what to say when it cannot be used."""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from ..errors import StoreError
from .refusals import cannot_save, causes

_SQLITE = ("sqlite://", "sqlite+aiosqlite://")
_POSTGRESQL = ("postgresql://", "postgres://", "postgresql+asyncpg://")


@dataclass(frozen=True)
class DatabaseUrl:
    #: a SQLite file's path, or None for PostgreSQL
    path: str | None
    #: the PostgreSQL URL (SQLAlchemy's), or None for SQLite
    server: URL | None = None

    @classmethod
    def parse(cls, target: str | Path) -> DatabaseUrl:
        """A path or URL as a user writes it; StoreError if it is neither."""
        text = str(target).strip()
        if isinstance(target, Path) or "://" not in text:
            if not text:
                raise StoreError("the database setting is empty: give a file path or a URL")
            return cls(text)
        if text.startswith(_SQLITE):
            path = text.split("://", 1)[1]
            if not path.startswith("/") or path == "/":
                raise StoreError(f"{text} names no file: write sqlite:///path/to/bot.sqlite3")
            return cls(path[1:])
        if text.startswith(_POSTGRESQL):
            try:
                url = make_url(text).set(drivername="postgresql+asyncpg")
            except ArgumentError as err:
                raise StoreError(f"cannot read the database URL: {err}") from None
            return cls(None, url)
        scheme = text.split("://", 1)[0]
        raise StoreError(
            f"the database URL's scheme {scheme}:// is not one the bot knows: give a file "
            "path, sqlite:///… or postgresql://…"
        )

    @property
    def is_sqlite(self) -> bool:
        return self.path is not None

    def __str__(self) -> str:
        if self.server is not None:  # never a password in a log or an error
            shown = self.server.set(drivername="postgresql")
            return shown.render_as_string(hide_password=True)
        return str(self.path)

    def sqlalchemy(self, *, readonly: bool = False) -> str | URL:
        if self.server is not None:
            return self.server
        if readonly:
            return f"sqlite+aiosqlite:///file:{quote(str(self.path))}?mode=ro&uri=true"
        return f"sqlite+aiosqlite:///{self.path}"

    def prepare_file(self, *, readonly: bool) -> None:
        """The SQLite file's folder made (or, `readonly`, the file required), and a truncated
        file refused before SQLite reads garbage from it."""
        path = Path(str(self.path))
        if readonly and not path.is_file():
            raise StoreError(f"there is no database file at {path}")
        if not readonly:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as err:
                raise StoreError(f"cannot create the folder for {path}: {err}") from None
        _check_header(path)

    def why(self, err: BaseException) -> str:
        """Why the database cannot be used, in words an operator can act on."""
        driver_error = next((c for c in causes(err) if isinstance(c, sqlite3.Error)), None)
        code = getattr(driver_error, "sqlite_errorcode", -1) & 0xFF
        folder = Path(str(self.path)).parent
        if code in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN) and not os.access(
            folder, os.W_OK
        ):
            return (
                "its folder is read-only, and the bot must write there (fix the mount or move it)"
            )
        if code == sqlite3.SQLITE_READONLY:
            return "the file is read-only, and the bot must write to it (fix its permissions)"
        refusal = cannot_save(err)
        if refusal is not None:
            return refusal.why
        said = str(driver_error or err).strip()
        return said.splitlines()[0] if said else type(err).__name__


def _check_header(path: Path) -> None:
    """Refuse a file whose SQLite header promises more pages than the file holds."""
    try:
        with path.open("rb") as file:
            header = file.read(100)
            size = file.seek(0, 2)
    except FileNotFoundError:
        return
    except OSError as err:
        raise StoreError(f"cannot read the database {path}: {err.strerror}") from None
    if len(header) < 100 or not header.startswith(b"SQLite format 3\0"):
        return  # not SQLite at all: SQLite itself says so
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    valid = header[24:28] == header[92:96]  # the page count is kept up to date
    if valid and size < pages * page_size:
        raise StoreError(
            f"the database {path} is truncated ({size:,} of {pages * page_size:,} bytes): "
            "restore it from a backup"
        )

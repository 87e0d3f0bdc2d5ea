"""Where the database is: a SQLite file path or `sqlite:///…` URL, or a `postgresql://…` URL
(DATABASE_URL, or `--db`), and what to say when it cannot be used."""

from __future__ import annotations

import os
import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode, urlsplit

from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from bot.errors import StoreError
from bot.store.refusals import cannot_save, causes

_SQLITE = ("sqlite://", "sqlite+aiosqlite://")
_POSTGRESQL = ("postgresql://", "postgres://", "postgresql+asyncpg://")
#: libpq's URL options the bot takes (hosting providers' URLs carry them), and their values
SSL_MODES = ("disable", "allow", "prefer", "require", "verify-ca", "verify-full")
OPTIONS = ("sslmode", "sslrootcert", "sslcert", "sslkey", "sslcrl", "connect_timeout",
           "application_name")  # fmt: skip
#: a URL's `user:password@`, to hide the password in what is shown
_CREDENTIALS = re.compile(r"(://[^:/@]*:)[^@/]*@")


def hide_password(text: str) -> str:
    """A database URL as written, its password (if any) shown as ***."""
    return _CREDENTIALS.sub(r"\1***@", text)


@dataclass(frozen=True)
class DatabaseUrl:
    #: a SQLite file's path, or None for PostgreSQL
    path: str | None
    #: the PostgreSQL URL (SQLAlchemy's, without its options), or None for SQLite
    server: URL | None = None
    #: the PostgreSQL URL's libpq options (OPTIONS), in the order written
    options: tuple[tuple[str, str], ...] = ()

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
            return cls._server(text)
        scheme = text.split("://", 1)[0]
        raise StoreError(
            f"the database URL's scheme {scheme}:// is not one the bot knows: give a file "
            "path, sqlite:///… or postgresql://…"
        )

    @classmethod
    def _server(cls, text: str) -> DatabaseUrl:
        """A PostgreSQL URL, its host and port checked and its libpq options read."""
        shown = hide_password(text)
        try:
            parts = urlsplit(text)
            port = parts.port
        except ValueError:
            raise StoreError(
                f"cannot read the database URL {shown}: its host or port is malformed "
                "(write host:port with a port from 1 to 65535, an IPv6 address in brackets)"
            ) from None
        if port == 0:
            raise StoreError(f"cannot read the database URL {shown}: port 0 names no server")
        try:
            options = tuple(parse_qsl(parts.query, keep_blank_values=True, strict_parsing=True))
        except ValueError:
            options = (("?", parts.query),)
        for name, value in options:
            _check_option(shown, name, value)
        try:
            url = make_url(parts._replace(query="").geturl())
        except (ArgumentError, ValueError):
            raise StoreError(f"cannot read the database URL {shown}") from None
        return cls(None, url.set(drivername="postgresql+asyncpg"), options)

    def connect_args(self, busy_seconds: float) -> dict[str, Any]:
        """asyncpg's connect() arguments for the URL's options: the TLS ones through a DSN of
        their own (asyncpg reads them as libpq does), the rest as its own arguments."""
        given = dict(self.options)
        timeout = float(given.pop("connect_timeout", busy_seconds))
        name = given.pop("application_name", None)
        settings = {} if name is None else {"application_name": name}
        args: dict[str, Any] = {"timeout": timeout, "server_settings": settings}
        if given:
            args["dsn"] = "postgresql://?" + urlencode(given)
        return args

    @property
    def is_sqlite(self) -> bool:
        return self.path is not None

    def __str__(self) -> str:
        if self.server is not None:  # never a password in a log or an error
            shown = self.server.set(drivername="postgresql")
            query = f"?{urlencode(self.options)}" if self.options else ""
            return shown.render_as_string(hide_password=True) + query
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
        if refusal is None:
            said = str(driver_error or err).strip()
            return said.splitlines()[0] if said else type(err).__name__
        network = next((c for c in causes(err) if isinstance(c, OSError)), None)
        said = str(network or "").strip()  # the address refused, a TLS refusal, a missing file
        return f"{refusal.why} ({said.splitlines()[0]})" if said else refusal.why


def _check_option(shown: str, name: str, value: str) -> None:
    """Refuse, in one line, an option of a PostgreSQL URL the bot does not take."""
    if name not in OPTIONS:
        raise StoreError(
            f"the database URL {shown} has an option the bot does not take ({name[:40]}): "
            f"it takes {', '.join(OPTIONS)}"
        )
    if name == "sslmode" and value not in SSL_MODES:
        raise StoreError(f"the database URL's sslmode must be one of {', '.join(SSL_MODES)}")
    if name == "connect_timeout" and not (
        value.isascii() and value.isdecimal() and 0 < int(value) <= 3600
    ):
        raise StoreError("the database URL's connect_timeout must be whole seconds, 1 to 3600")


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

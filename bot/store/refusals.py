"""What the database refuses, in words: SQLite's result codes and PostgreSQL's SQLSTATEs that
mean "it cannot take a write now" (read-only, full, locked, unreachable) become CannotSave,
which the bot shows as it is; every other error stays what it is."""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections.abc import Iterator

from sqlalchemy.exc import DBAPIError, InterfaceError

from bot.errors import CannotSave
from bot.i18n import N_

log = logging.getLogger("bot.store")

#: SQLite primary result codes that mean "the database cannot take a write now" (the words
#: marked for the catalogs: CannotSave shows them in the asker's language)
_SQLITE_CANNOT_SAVE = {
    sqlite3.SQLITE_BUSY: N_("the database is busy (locked by another program)"),
    sqlite3.SQLITE_LOCKED: N_("the database is busy (locked by another program)"),
    sqlite3.SQLITE_READONLY: N_("the database is read-only"),
    sqlite3.SQLITE_IOERR: N_("the disk reported an error"),
    sqlite3.SQLITE_FULL: N_("the disk is full"),
    sqlite3.SQLITE_CANTOPEN: N_("the database file cannot be opened"),
}
#: PostgreSQL error classes and codes that mean the same
_PG_CANNOT_SAVE = {
    "08": N_("the database server cannot be reached"),
    "57": N_("the database server is shutting down or restarting"),
    "53": N_("the database server is out of resources (disk, memory or connections)"),
    "25006": N_("the database is read-only"),
    "40001": N_("the database was busy with the same game (a concurrent change)"),
    "40P01": N_("the database was busy with the same game (a concurrent change)"),
    "55P03": N_("the database is busy (locked by another program)"),
}


def causes(err: BaseException) -> Iterator[BaseException]:
    """The error, and what caused it (SQLAlchemy's wrapped driver error, its cause...)."""
    seen: BaseException | None = err
    while seen is not None:
        yield seen
        seen = getattr(seen, "orig", None) or seen.__cause__


#: asyncpg's words when it refuses a statement before sending it, as its connection is
#: closed, or still busy with a statement that a lost connection cut off
_NOT_SENT = ("InterfaceError: connection is closed", "InternalClientError: cannot switch to state")
#: asyncpg's errors that leave a connection in a state nobody knows: it must be replaced
_BROKEN = ("InterfaceError", "InternalClientError")


def _asyncpg_said(cause: BaseException) -> str:
    """'ClassName: message' for an error of asyncpg's own ('' for any other)."""
    kind = type(cause)
    return f"{kind.__name__}: {cause}" if kind.__module__.startswith("asyncpg") else ""


def never_sent(err: BaseException) -> bool:
    """The statement was refused by the driver before it was sent (its connection closed or
    broken), so trying it again on a new connection cannot do it twice."""
    return any(_asyncpg_said(cause).startswith(_NOT_SENT) for cause in causes(err))


#: SQLSTATEs of a server that ended the connection (shutting down, crashed, restarting)
_ENDED = ("57P01", "57P02", "57P03")


def lost_in_use(err: BaseException) -> bool:
    """The connection was lost while the statement was on its way or running (the server
    restarted under it): whether a single statement took effect is unknown, but nothing of
    an unfinished transaction did (the server rolls it back), and the connection is gone."""
    if isinstance(err, DBAPIError) and err.connection_invalidated:
        return True
    for cause in causes(err):
        if isinstance(cause, ConnectionResetError | BrokenPipeError | ConnectionAbortedError):
            return True
        said = _asyncpg_said(cause)
        if said.startswith(("ConnectionDoesNotExistError", *_NOT_SENT)):
            return True
        code = getattr(cause, "sqlstate", None) if said else None
        if isinstance(code, str) and (code.startswith("08") or code in _ENDED):
            return True
    return False


def _broken(err: BaseException) -> bool:
    return any(_asyncpg_said(cause).startswith(_BROKEN) for cause in causes(err))


def cannot_save(err: BaseException) -> CannotSave | None:
    """The CannotSave an error amounts to, or None if it is another kind of error."""
    if (isinstance(err, DBAPIError) and err.connection_invalidated) or _broken(err):
        return CannotSave(N_("the connection to the database was lost"))
    for cause in causes(err):
        if isinstance(cause, sqlite3.Error):
            why = _SQLITE_CANNOT_SAVE.get(getattr(cause, "sqlite_errorcode", -1) & 0xFF)
            return CannotSave(why) if why else None
        if isinstance(cause, OSError):  # the server is not listening, or went away
            return CannotSave(N_("the database server cannot be reached"))
        code = getattr(cause, "sqlstate", None)
        if isinstance(code, str):
            why = _PG_CANNOT_SAVE.get(code) or _PG_CANNOT_SAVE.get(code[:2])
            return CannotSave(why) if why else None
        lost = "ConnectionDoesNotExist" in type(cause).__name__
        if lost or isinstance(cause, InterfaceError):
            return CannotSave(N_("the connection to the database was lost"))
    return None


def raise_if_refused(err: BaseException) -> None:
    """Raise CannotSave for a write the database refused (the caller re-raises the rest)."""
    refusal = cannot_save(err)
    if refusal is not None:
        log.warning("write refused by the database: %s", err)
        raise refusal from err


@contextlib.contextmanager
def refusals() -> Iterator[None]:
    """What the database refuses (read-only, full, locked, unreachable) raised as CannotSave."""
    try:
        yield
    except CannotSave:
        raise
    except Exception as err:
        raise_if_refused(err)
        raise

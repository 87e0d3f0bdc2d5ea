"""One migration's upgrade or downgrade, run on its own on a connection (a test takes the
schema one revision down and up again, games in it)."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable

from alembic.operations import Operations
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Connection

from bot.store.migrations import MIGRATIONS


def migration_step(script: str, name: str) -> Callable[[Connection], None]:
    """The `upgrade` or `downgrade` (`name`) of bot/store/alembic/versions/`script`."""
    spec = importlib.util.spec_from_file_location(
        script.removesuffix(".py"), MIGRATIONS / "versions" / script
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    def run(connection: Connection) -> None:
        with Operations.context(MigrationContext.configure(connection)):
            getattr(module, name)()

    return run

"""Alembic's environment: the store runs it on a connection it has opened, inside its own
transaction (see `Store.migrate`), never from a config file."""

from alembic import context

from bot.store.schema import metadata

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=metadata,
    render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters tables by copying
)
context.run_migrations()  # in the store's transaction: it says BEGIN and COMMIT

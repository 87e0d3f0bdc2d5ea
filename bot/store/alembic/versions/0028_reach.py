"""Play anywhere (issue 49): how the bot reaches the place of each challenge and match
(`reach`: 'posts' where it posts, 'answers' where a user-installed bot may only answer), and
turn notices turned off by choice, kept as a row ('off'), so that "never chose" (every turn
in a game played in answers) and "chose off" differ.

Revision ID: 0028
Revises: 0027
Create Date: 2026-11-27
"""

from alembic import op

revision = "0028"
down_revision = "0027"
branch_labels = None
depends_on = None

#: the modes a turn_notices row may hold, before this revision and after it
_MODES_BEFORE = "mode IN ('turns', 'reminders')"
_MODES = "mode IN ('turns', 'reminders', 'off')"


def upgrade() -> None:
    # the column and its check in one statement, the same on both engines (SQLite adds a
    # column with a check in place; a batch would copy the matches, which the move log
    # references)
    for table in ("matches", "challenges"):
        op.execute(
            f"ALTER TABLE {table} ADD COLUMN reach TEXT DEFAULT 'posts' NOT NULL "
            f"CONSTRAINT {table}_reach CHECK (reach IN ('posts', 'answers'))"
        )
    _notice_modes(_MODES)


def downgrade() -> None:
    """A choice of "off" is no row again (as before), and the columns go in place."""
    op.execute("DELETE FROM turn_notices WHERE mode = 'off'")
    _notice_modes(_MODES_BEFORE)
    for table in ("challenges", "matches"):
        op.drop_column(table, "reach")


def _notice_modes(after: str) -> None:
    """turn_notices' check made `after`: on SQLite the small table is copied with the new
    check alone (a copy does not keep the old), on PostgreSQL it is replaced."""
    if op.get_bind().dialect.name == "sqlite":
        with op.batch_alter_table("turn_notices", recreate="always") as table:
            table.create_check_constraint("turn_notices_mode", after)
        return
    op.drop_constraint("turn_notices_mode", "turn_notices", type_="check")
    op.create_check_constraint("turn_notices_mode", "turn_notices", after)

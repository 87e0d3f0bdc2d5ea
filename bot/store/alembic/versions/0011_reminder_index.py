"""An index on when each game in progress gets its reminder, so the sweeper's due list and
next wake-up read only what falls due (not every game in progress).

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

#: bot.store.match_table.REMINDER_AT, as it stood at this revision
REMINDER_AT = "(deadline - CASE WHEN move_seconds < 14400 THEN move_seconds / 4.0 ELSE 3600.0 END)"
PENDING = "status = 'active' AND reminded = 0"


def upgrade() -> None:
    op.create_index(
        "matches_remind_at",
        "matches",
        [sa.text(REMINDER_AT)],
        sqlite_where=sa.text(PENDING),
        postgresql_where=sa.text(PENDING),
    )


def downgrade() -> None:
    op.drop_index("matches_remind_at", "matches")

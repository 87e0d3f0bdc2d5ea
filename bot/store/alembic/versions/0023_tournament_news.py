"""A tournament's news (a round begun, the event's end) is posted from its row: `announced`
counts the news posted, so news a failure or a restart kept from being posted is posted then.

Revision ID: 0023
Revises: 0022
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "tournaments", sa.Column("announced", sa.Integer(), nullable=False, server_default="0")
    )
    # every event so far had its news posted as it happened (or lost for good)
    op.execute(
        "UPDATE tournaments SET announced = round + CASE WHEN status = 'finished' THEN 1 ELSE 0 END"
    )


def downgrade() -> None:
    with op.batch_alter_table("tournaments") as table:
        table.drop_column("announced")

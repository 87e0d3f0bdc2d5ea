"""Turn notices by DM: who asked for them (every turn, or reminders only), and which turn
each player was told of, so that no turn brings more than one DM.

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-24
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.sqlite import REAL

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    real: sa.types.TypeEngine[float] = sa.Double().with_variant(REAL(), "sqlite")
    ident: sa.types.TypeEngine[int] = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
    op.create_table(
        "turn_notices",
        sa.Column("user_id", ident, primary_key=True, autoincrement=False),
        sa.Column("mode", sa.Text(), nullable=False),
        sa.CheckConstraint("mode IN ('turns', 'reminders')", name="turn_notices_mode"),
    )
    op.create_table(
        "notices_sent",
        sa.Column("match_id", ident, sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("ply", sa.Integer(), primary_key=True),
        sa.Column("user_id", ident, primary_key=True),
        sa.Column("sent_at", real, nullable=False),
        sqlite_with_rowid=False,
    )


def downgrade() -> None:
    op.drop_table("notices_sent")
    op.drop_table("turn_notices")

"""Discord's identify buckets shared by every bot process on the database: when each may
next be used, so processes starting together never identify beyond Discord's rate.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.sqlite import REAL

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    real: sa.types.TypeEngine[float] = sa.Double().with_variant(REAL(), "sqlite")
    op.create_table(
        "identify_slots",
        sa.Column("bucket", sa.Integer(), primary_key=True),
        sa.Column("next_at", real, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("identify_slots")

"""A tournament may start by itself at a set time.

Revision ID: 0021
Revises: 0020
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.sqlite import REAL

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    real: sa.types.TypeEngine[float] = sa.Double().with_variant(REAL(), "sqlite")
    op.add_column("tournaments", sa.Column("starts_at", real))


def downgrade() -> None:
    with op.batch_alter_table("tournaments") as table:
        table.drop_column("starts_at")

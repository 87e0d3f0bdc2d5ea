"""Vacations: the days a player's clock stands still in all their games, a few a month.

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-24
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.sqlite import REAL

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    real: sa.types.TypeEngine[float] = sa.Double().with_variant(REAL(), "sqlite")
    ident: sa.types.TypeEngine[int] = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
    op.create_table(
        "vacations",
        sa.Column("id", ident, primary_key=True),
        sa.Column("user_id", ident, nullable=False),
        sa.Column("starts_at", real, nullable=False),
        sa.Column("ends_at", real, nullable=False),
        sa.Column("days", sa.Integer(), nullable=False),
    )
    op.create_index("vacations_by_user", "vacations", ["user_id", "ends_at"])


def downgrade() -> None:
    op.drop_index("vacations_by_user", "vacations")
    op.drop_table("vacations")

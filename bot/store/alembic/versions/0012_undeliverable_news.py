"""When the sweeper gave up posting an announcement (Discord refused it every time): such
news is kept, marked, and never tried again.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.sqlite import REAL

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    real: sa.types.TypeEngine[float] = sa.Double().with_variant(REAL(), "sqlite")
    op.add_column("announcements", sa.Column("gave_up_at", real))


def downgrade() -> None:
    with op.batch_alter_table("announcements") as table:
        table.drop_column("gave_up_at")

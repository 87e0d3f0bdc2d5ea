"""A server's name, for its page on the web site (as the chat adapter last saw it).

Revision ID: 0025
Revises: 0024
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

revision = "0025"
down_revision = "0024"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("web_sites", sa.Column("name", sa.Text()))


def downgrade() -> None:
    with op.batch_alter_table("web_sites") as table:
        table.drop_column("name")

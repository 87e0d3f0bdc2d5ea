"""Languages: a server's chosen language (/settings language:), and each person's Discord
language as last seen (their DMs are worded in it) with their choice of text boards.

Revision ID: 0027
Revises: 0026
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.sqlite import REAL

revision = "0027"
down_revision = "0026"
branch_labels = None
depends_on = None


def upgrade() -> None:
    real: sa.types.TypeEngine[float] = sa.Double().with_variant(REAL(), "sqlite")
    ident: sa.types.TypeEngine[int] = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
    op.create_table(
        "server_languages",
        sa.Column("guild_id", ident, primary_key=True, autoincrement=False),
        sa.Column("language", sa.Text(), nullable=False),
        sa.Column("changed_at", real, nullable=False),
    )
    op.create_table(
        "people_settings",
        sa.Column("user_id", ident, primary_key=True, autoincrement=False),
        sa.Column("locale", sa.Text()),
        sa.Column("text_boards", sa.Integer(), nullable=False, server_default="0"),
    )


def downgrade() -> None:
    op.drop_table("people_settings")
    op.drop_table("server_languages")

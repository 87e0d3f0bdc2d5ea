"""The web site: which servers show their games there, an unguessable address for each
server and game, and which channels everyone on a server can read.

Revision ID: 0022
Revises: 0021
Create Date: 2026-11-25
"""

import secrets

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.sqlite import REAL

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def upgrade() -> None:
    real: sa.types.TypeEngine[float] = sa.Double().with_variant(REAL(), "sqlite")
    ident: sa.types.TypeEngine[int] = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
    op.create_table(
        "web_sites",
        sa.Column("guild_id", ident, primary_key=True, autoincrement=False),
        sa.Column("token", sa.Text(), nullable=False, unique=True),
        sa.Column("enabled", sa.Integer(), nullable=False),
        sa.Column("changed_at", real, nullable=False),
    )
    op.create_table(
        "web_channels",
        sa.Column("channel_id", ident, primary_key=True, autoincrement=False),
        sa.Column("guild_id", ident, nullable=False),
        sa.Column("public", sa.Integer(), nullable=False),
        sa.Column("seen_at", real, nullable=False),
    )
    op.add_column("matches", sa.Column("web_token", sa.Text()))
    matches = sa.table("matches", sa.column("id", ident), sa.column("web_token", sa.Text()))
    bind = op.get_bind()
    for (match_id,) in bind.execute(sa.select(matches.c.id)).all():
        bind.execute(
            matches.update()
            .where(matches.c.id == match_id)
            .values(web_token=secrets.token_urlsafe(16))
        )
    op.create_index("matches_by_web_token", "matches", ["web_token"], unique=True)


def downgrade() -> None:
    op.drop_index("matches_by_web_token", "matches")
    with op.batch_alter_table("matches") as table:
        table.drop_column("web_token")
    op.drop_table("web_channels")
    op.drop_table("web_sites")

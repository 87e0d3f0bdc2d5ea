"""Game reviews (each position's reading, stored as it is made) and each player's rating
after every rated game (the /stats chart).

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.sqlite import REAL

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    real: sa.types.TypeEngine[float] = sa.Double().with_variant(REAL(), "sqlite")
    ident: sa.types.TypeEngine[int] = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
    op.create_table(
        "analyses",
        sa.Column("match_id", ident, sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("requested_by", ident, nullable=False),
        sa.Column("requested_at", real, nullable=False),
        sa.Column("finished_at", real),
    )
    op.create_table(
        "analysis_readings",
        sa.Column("match_id", ident, sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("ply", sa.Integer(), primary_key=True),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("best", sa.Text(), nullable=False),
        sa.Column("winner", sa.Text()),
        sa.Column("plies", sa.Integer()),
        sqlite_with_rowid=False,
    )
    op.create_table(
        "rating_history",
        sa.Column("match_id", ident, sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("user_id", ident, primary_key=True),
        sa.Column("guild_id", ident, nullable=False),
        sa.Column("game_id", sa.Text(), nullable=False),
        sa.Column("rating", real, nullable=False),
        sa.Column("rd", real, nullable=False),
        sa.Column("rated_at", real, nullable=False),
        sqlite_with_rowid=False,
    )
    op.create_index(
        "rating_history_by_player", "rating_history", ["guild_id", "game_id", "user_id", "rated_at"]
    )


def downgrade() -> None:
    op.drop_index("rating_history_by_player", "rating_history")
    op.drop_table("rating_history")
    op.drop_table("analysis_readings")
    op.drop_table("analyses")

"""Puzzles found in reviewed games, and who was shown each and how they did.

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.sqlite import REAL

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    real: sa.types.TypeEngine[float] = sa.Double().with_variant(REAL(), "sqlite")
    ident: sa.types.TypeEngine[int] = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
    op.create_table(
        "puzzles",
        sa.Column("id", ident, primary_key=True),
        sa.Column("guild_id", ident, nullable=False),
        sa.Column("game_id", sa.Text(), nullable=False),
        sa.Column("match_id", ident, sa.ForeignKey("matches.id"), nullable=False),
        sa.Column("ply", sa.Integer(), nullable=False),
        sa.Column("position", sa.Text(), nullable=False),
        sa.Column("answer", sa.Text(), nullable=False),
        sa.Column("side", sa.Text(), nullable=False),
        sa.Column("goal", sa.Text(), nullable=False),
        sa.Column("created_at", real, nullable=False),
        sa.UniqueConstraint("match_id", "ply", name="puzzles_once"),
    )
    op.create_index("puzzles_by_server", "puzzles", ["guild_id", "game_id", "id"])
    op.create_table(
        "puzzle_attempts",
        sa.Column("puzzle_id", ident, sa.ForeignKey("puzzles.id"), primary_key=True),
        sa.Column("user_id", ident, primary_key=True),
        sa.Column("guild_id", ident, nullable=False),
        sa.Column("shown_at", real, nullable=False),
        sa.Column("result", sa.Text()),
        sa.Column("closed", sa.Integer(), nullable=False, server_default="0"),
        sqlite_with_rowid=False,
    )
    op.create_index("puzzle_attempts_by_user", "puzzle_attempts", ["user_id", "guild_id"])


def downgrade() -> None:
    op.drop_index("puzzle_attempts_by_user", "puzzle_attempts")
    op.drop_table("puzzle_attempts")
    op.drop_index("puzzles_by_server", "puzzles")
    op.drop_table("puzzles")

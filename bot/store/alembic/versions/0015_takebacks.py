"""Takebacks by consent: who asked to take back their last move, at which ply, and the
moves taken back (kept out of the move log, which stays the game as played on).

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-24
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.sqlite import REAL

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    real: sa.types.TypeEngine[float] = sa.Double().with_variant(REAL(), "sqlite")
    ident: sa.types.TypeEngine[int] = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
    op.add_column("matches", sa.Column("takeback_by", ident))
    op.add_column("matches", sa.Column("takeback_ply", sa.Integer()))
    op.create_table(
        "undone_moves",
        sa.Column("id", ident, primary_key=True),
        sa.Column("match_id", ident, sa.ForeignKey("matches.id"), nullable=False),
        sa.Column("ply", sa.Integer(), nullable=False),
        sa.Column("move", sa.Text(), nullable=False),
        sa.Column("user_id", ident, nullable=False),
        sa.Column("played_at", real, nullable=False),
        sa.Column("undone_at", real, nullable=False),
        sa.Column("asked_by", ident, nullable=False),
    )
    op.create_index("undone_moves_by_match", "undone_moves", ["match_id"])


def downgrade() -> None:
    op.drop_index("undone_moves_by_match", "undone_moves")
    op.drop_table("undone_moves")
    with op.batch_alter_table("matches") as table:
        table.drop_column("takeback_ply")
        table.drop_column("takeback_by")

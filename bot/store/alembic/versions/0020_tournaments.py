"""Tournaments: the events, their players, and each round's games (a game's match, or a bye
or forfeit with its points); a match knows the tournament it is a game of.

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-25
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.sqlite import REAL

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    real: sa.types.TypeEngine[float] = sa.Double().with_variant(REAL(), "sqlite")
    ident: sa.types.TypeEngine[int] = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
    op.create_table(
        "tournaments",
        sa.Column("id", ident, primary_key=True),
        sa.Column("guild_id", ident, nullable=False),
        sa.Column("channel_id", ident, nullable=False),
        sa.Column("game_id", sa.Text(), nullable=False),
        sa.Column("format", sa.Text(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("move_seconds", sa.Integer(), nullable=False),
        sa.Column("rated", sa.Integer(), nullable=False),
        sa.Column("organiser_id", ident, nullable=False),
        sa.Column("status", sa.Text(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("created_at", real, nullable=False),
    )
    op.create_index("tournaments_by_status", "tournaments", ["status", "guild_id"])
    op.create_table(
        "tournament_players",
        sa.Column("tournament_id", ident, sa.ForeignKey("tournaments.id"), primary_key=True),
        sa.Column("user_id", ident, primary_key=True),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("joined_at", real, nullable=False),
        sa.Column("withdrawn_at", real),
        sqlite_with_rowid=False,
    )
    op.create_table(
        "tournament_games",
        sa.Column("tournament_id", ident, sa.ForeignKey("tournaments.id"), primary_key=True),
        sa.Column("round", sa.Integer(), primary_key=True),
        sa.Column("board", sa.Integer(), primary_key=True),
        sa.Column("first_user", ident, nullable=False),
        sa.Column("second_user", ident),
        sa.Column("match_id", ident, sa.ForeignKey("matches.id")),
        sa.Column("points", real),
        sqlite_with_rowid=False,
    )
    op.add_column("matches", sa.Column("tournament_id", ident))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("tournament_id")
    op.drop_table("tournament_games")
    op.drop_table("tournament_players")
    op.drop_index("tournaments_by_status", "tournaments")
    op.drop_table("tournaments")

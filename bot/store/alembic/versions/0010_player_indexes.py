"""Indexes for the hot reads of a large database: a player's games (/stats, /history) and a
leaderboard page or rank read in the board's order.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("matches_by_first_user", "matches", ["first_user", "guild_id", "game_id"])
    op.create_index("matches_by_second_user", "matches", ["second_user", "guild_id", "game_id"])
    op.create_index(
        "ratings_board", "ratings", ["guild_id", "game_id", sa.text("rating DESC"), "user_id"]
    )


def downgrade() -> None:
    op.drop_index("ratings_board", "ratings")
    op.drop_index("matches_by_second_user", "matches")
    op.drop_index("matches_by_first_user", "matches")

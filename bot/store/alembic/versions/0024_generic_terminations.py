"""A finished game's termination is one every game shares, or an ending of the game's own
(`rules.Ending`): The Crown's "annihilation" (a side with no piece left while the winner's
Prince lives) is the shared "no-pieces", as Checkers' is, and reads the same ("Black has no
pieces left").

Revision ID: 0024
Revises: 0023
Create Date: 2026-11-27
"""

from alembic import op

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("UPDATE matches SET termination = 'no-pieces' WHERE termination = 'annihilation'")


def downgrade() -> None:
    op.execute(
        "UPDATE matches SET termination = 'annihilation' "
        "WHERE termination = 'no-pieces' AND game_id = 'the-crown'"
    )

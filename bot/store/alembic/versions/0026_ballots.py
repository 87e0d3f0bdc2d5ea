"""Checkers' three-move ballots: a challenge or a tournament may ask for them (`opening`);
a match knows the ballot it was played from (its number in the ACF's deck, its three moves
the first of its move log) and the other game of its pair (`pair_id`, each the other's).

Revision ID: 0026
Revises: 0025
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0026"
down_revision = "0025"
branch_labels = None
depends_on = None


def upgrade() -> None:
    ident: sa.types.TypeEngine[int] = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
    op.add_column("challenges", sa.Column("opening", sa.Text()))
    op.add_column("tournaments", sa.Column("opening", sa.Text()))
    op.add_column("matches", sa.Column("ballot", sa.Integer()))
    op.add_column("matches", sa.Column("pair_id", ident))


def downgrade() -> None:
    """Each column dropped in place (plain columns: SQLite 3.35 and later drop one without
    copying the table, which would fail on the move log's references to the matches)."""
    op.drop_column("matches", "pair_id")
    op.drop_column("matches", "ballot")
    op.drop_column("tournaments", "opening")
    op.drop_column("challenges", "opening")

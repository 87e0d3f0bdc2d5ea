"""A logged move no longer advances its match in the database: the service does it, in the
move's transaction (bot.service.play), so the rules of a move (the next deadline, none on
the computer's turn, the reminder due again, an opponent's draw offer lapsing) are code in
one place, not a trigger on two engines.

Every process of a deployment must run a bot of this revision or later: an older process
still running would log moves that its match row does not follow.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-24
"""

from alembic import op

from bot.store.legacy import ADVANCE_MATCH

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DROP TRIGGER moves_advance_match")
        return
    op.execute("DROP TRIGGER moves_advance_match ON moves")
    op.execute("DROP FUNCTION moves_advance_match()")


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute(
            f"CREATE TRIGGER moves_advance_match AFTER INSERT ON moves BEGIN {ADVANCE_MATCH}; END"
        )
        return
    op.execute(
        "CREATE FUNCTION moves_advance_match() RETURNS trigger LANGUAGE plpgsql AS "
        f"$$ BEGIN {ADVANCE_MATCH}; RETURN NULL; END $$"
    )
    op.execute(
        "CREATE TRIGGER moves_advance_match AFTER INSERT ON moves "
        "FOR EACH ROW EXECUTE FUNCTION moves_advance_match()"
    )

"""The schema of the bot's hand-written migrations, version 9 (before Alembic).

On SQLite it replays those steps (`bot.store.legacy`) from the file's PRAGMA user_version: a
file the older bot made is upgraded in place, a new one is built the same way. On PostgreSQL
it creates the same tables, and the trigger that advances a match when a move is logged.

Revision ID: 0009
Revises:
Create Date: 2026-11-22
"""

from alembic import op

from bot.store.legacy import ADVANCE_MATCH, MIGRATIONS

revision = "0009"
down_revision = None
branch_labels = None
depends_on = None

POSTGRESQL = (
    """
    CREATE TABLE matches (
        id BIGSERIAL PRIMARY KEY,
        guild_id BIGINT NOT NULL,
        channel_id BIGINT NOT NULL,
        thread_id BIGINT,
        game_id TEXT NOT NULL,
        first_user BIGINT NOT NULL,
        second_user BIGINT NOT NULL,
        start_position TEXT NOT NULL,
        position TEXT NOT NULL,
        ply INTEGER DEFAULT 0 NOT NULL,
        status TEXT NOT NULL,
        winner_side TEXT,
        result_reason TEXT,
        move_seconds INTEGER NOT NULL,
        deadline DOUBLE PRECISION,
        draw_offer_by BIGINT,
        created_at DOUBLE PRECISION NOT NULL,
        ended_at DOUBLE PRECISION,
        reminded INTEGER DEFAULT 0 NOT NULL,
        ended_by BIGINT,
        termination TEXT,
        termination_side TEXT,
        computer_level INTEGER,
        computer_parity INTEGER,
        CONSTRAINT matches_status CHECK (status IN ('active', 'finished', 'aborted')),
        CONSTRAINT matches_computer_parity
            CHECK (computer_parity IS NULL OR computer_parity IN (0, 1))
    )
    """,
    "CREATE INDEX matches_by_channel ON matches (guild_id, channel_id, status)",
    "CREATE INDEX matches_by_deadline ON matches (status, deadline)",
    "CREATE INDEX matches_by_thread ON matches (thread_id)",
    """
    CREATE INDEX matches_computer_to_move ON matches (status)
        WHERE computer_level IS NOT NULL AND status = 'active'
    """,
    """
    CREATE TABLE member_names (
        guild_id BIGINT NOT NULL,
        user_id BIGINT NOT NULL,
        name TEXT NOT NULL,
        PRIMARY KEY (guild_id, user_id)
    )
    """,
    """
    CREATE TABLE ratings (
        guild_id BIGINT NOT NULL,
        game_id TEXT NOT NULL,
        user_id BIGINT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        rd DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        wins INTEGER DEFAULT 0 NOT NULL,
        draws INTEGER DEFAULT 0 NOT NULL,
        losses INTEGER DEFAULT 0 NOT NULL,
        PRIMARY KEY (guild_id, game_id, user_id)
    )
    """,
    """
    CREATE TABLE shown_messages (
        key TEXT PRIMARY KEY,
        channel_id BIGINT NOT NULL,
        message_id BIGINT NOT NULL
    )
    """,
    "CREATE TABLE users (user_id BIGINT PRIMARY KEY, name TEXT NOT NULL)",
    """
    CREATE TABLE challenges (
        id BIGSERIAL PRIMARY KEY,
        guild_id BIGINT NOT NULL,
        channel_id BIGINT NOT NULL,
        challenger_id BIGINT NOT NULL,
        opponent_id BIGINT,
        game_id TEXT NOT NULL,
        challenger_side TEXT,
        move_seconds INTEGER NOT NULL,
        created_at DOUBLE PRECISION NOT NULL,
        expires_at DOUBLE PRECISION NOT NULL,
        status TEXT NOT NULL,
        match_id BIGINT REFERENCES matches (id),
        rematch_of BIGINT REFERENCES matches (id),
        CONSTRAINT challenges_status
            CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired'))
    )
    """,
    "CREATE INDEX challenges_by_status ON challenges (status, expires_at)",
    """
    CREATE TABLE moves (
        match_id BIGINT NOT NULL REFERENCES matches (id),
        ply INTEGER NOT NULL,
        move TEXT NOT NULL,
        user_id BIGINT NOT NULL,
        played_at DOUBLE PRECISION NOT NULL,
        position TEXT,
        PRIMARY KEY (match_id, ply)
    )
    """,
    """
    CREATE TABLE announcements (
        id BIGSERIAL PRIMARY KEY,
        kind TEXT NOT NULL,
        challenge_id BIGINT REFERENCES challenges (id),
        match_id BIGINT REFERENCES matches (id),
        created_at DOUBLE PRECISION NOT NULL,
        claimed_at DOUBLE PRECISION,
        sent_at DOUBLE PRECISION,
        attempts INTEGER DEFAULT 0 NOT NULL
    )
    """,
    "CREATE INDEX announcements_pending ON announcements (id) WHERE sent_at IS NULL",
    # the move log advances its match, as SQLite's trigger of legacy step 9 does
    f"""
    CREATE FUNCTION moves_advance_match() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        {ADVANCE_MATCH};
        RETURN NULL;
    END
    $$
    """,
    """
    CREATE TRIGGER moves_advance_match AFTER INSERT ON moves
        FOR EACH ROW EXECUTE FUNCTION moves_advance_match()
    """,
)


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name != "sqlite":
        for statement in POSTGRESQL:
            op.execute(statement)
        return
    version = bind.exec_driver_sql("PRAGMA user_version").scalar() or 0
    for number in range(version + 1, len(MIGRATIONS) + 1):
        for statement in MIGRATIONS[number - 1]:
            bind.exec_driver_sql(statement)
    bind.exec_driver_sql(f"PRAGMA user_version={len(MIGRATIONS)}")


def downgrade() -> None:
    raise NotImplementedError("the first schema has nothing before it to go back to")

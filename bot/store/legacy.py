"""The SQLite schema as the bot built it before Alembic: one step (a tuple of statements) per
version, PRAGMA user_version recording how far a file is. Frozen: Alembic's first revision
replays these steps on SQLite files (an older file is brought to version 9 in place, a new one
built the same way), and later changes are Alembic revisions of their own."""

from __future__ import annotations

#: what logging a move does to its match (the trigger's body since step 9; the PostgreSQL
#: baseline's trigger function runs the same statement)
ADVANCE_MATCH = """
    UPDATE matches SET
        ply = NEW.ply,
        position = NEW.position,
        deadline = CASE WHEN computer_parity = NEW.ply % 2 THEN NULL
            ELSE NEW.played_at + move_seconds END,
        reminded = 0,
        draw_offer_by = CASE WHEN draw_offer_by = NEW.user_id THEN draw_offer_by END
    WHERE id = NEW.match_id
"""

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: challenges, matches, the move log, ratings
    (
        """
        CREATE TABLE challenges (
            id INTEGER PRIMARY KEY,
            guild_id INTEGER NOT NULL,
            channel_id INTEGER NOT NULL,
            challenger_id INTEGER NOT NULL,
            opponent_id INTEGER,
            game_id TEXT NOT NULL,
            challenger_side TEXT,
            move_seconds INTEGER NOT NULL,
            created_at REAL NOT NULL,
            expires_at REAL NOT NULL,
            status TEXT NOT NULL
                CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
            match_id INTEGER REFERENCES matches(id),
            rematch_of INTEGER REFERENCES matches(id)
        )
        """,
        """
        CREATE INDEX challenges_by_status ON challenges(status, expires_at)
        """,
        """
        CREATE TABLE matches (
            id INTEGER PRIMARY KEY,
            guild_id INTEGER NOT NULL,
            channel_id INTEGER NOT NULL,
            thread_id INTEGER,
            game_id TEXT NOT NULL,
            first_user INTEGER NOT NULL,
            second_user INTEGER NOT NULL,
            start_position TEXT NOT NULL,
            position TEXT NOT NULL,
            ply INTEGER NOT NULL DEFAULT 0,
            status TEXT NOT NULL CHECK (status IN ('active', 'finished', 'aborted')),
            winner_side TEXT,
            result_reason TEXT,
            move_seconds INTEGER NOT NULL,
            deadline REAL,
            draw_offer_by INTEGER,
            created_at REAL NOT NULL,
            ended_at REAL
        )
        """,
        """
        CREATE INDEX matches_by_channel ON matches(guild_id, channel_id, status)
        """,
        """
        CREATE INDEX matches_by_deadline ON matches(status, deadline)
        """,
        """
        CREATE INDEX matches_by_thread ON matches(thread_id)
        """,
        """
        CREATE TABLE moves (
            match_id INTEGER NOT NULL REFERENCES matches(id),
            ply INTEGER NOT NULL,
            move TEXT NOT NULL,
            user_id INTEGER NOT NULL,
            played_at REAL NOT NULL,
            PRIMARY KEY (match_id, ply)
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE ratings (
            guild_id INTEGER NOT NULL,
            game_id TEXT NOT NULL,
            user_id INTEGER NOT NULL,
            rating REAL NOT NULL,
            rd REAL NOT NULL,
            volatility REAL NOT NULL,
            wins INTEGER NOT NULL DEFAULT 0,
            draws INTEGER NOT NULL DEFAULT 0,
            losses INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (guild_id, game_id, user_id)
        ) WITHOUT ROWID
        """,
    ),
    # 2: one turn reminder per deadline; display names for leaderboards
    (
        """
        ALTER TABLE matches ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0
        """,
        """
        CREATE TABLE users (
            user_id INTEGER PRIMARY KEY,
            name TEXT NOT NULL
        )
        """,
    ),
    # 3: each logged move keeps the position after it, and the database itself moves the match
    # row forward when a move is logged, so one guarded INSERT records a move atomically
    (
        """
        ALTER TABLE moves ADD COLUMN position TEXT
        """,
        """
        CREATE TRIGGER moves_advance_match AFTER INSERT ON moves BEGIN
            UPDATE matches SET
                ply = NEW.ply,
                position = NEW.position,
                deadline = NEW.played_at + move_seconds,
                reminded = 0,
                draw_offer_by = CASE WHEN draw_offer_by = NEW.user_id THEN draw_offer_by END
            WHERE id = NEW.match_id;
        END
        """,
    ),
    # 4: who ended a match by hand (an abort), kept as an id and worded when shown
    (
        """
        ALTER TABLE matches ADD COLUMN ended_by INTEGER
        """,
    ),
    # 5: a finished match's result as data: why it ended (rules.Termination) and the side
    # that reason is about; result_reason stays only for matches finished before this
    (
        """
        ALTER TABLE matches ADD COLUMN termination TEXT
        """,
        """
        ALTER TABLE matches ADD COLUMN termination_side TEXT
        """,
    ),
    # 6: the outbox of the sweeper's news: written with what it announces, marked sent only
    # once posted, so a failed post is retried (at least once, even across restarts)
    (
        """
        CREATE TABLE announcements (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL,
            challenge_id INTEGER REFERENCES challenges(id),
            match_id INTEGER REFERENCES matches(id),
            created_at REAL NOT NULL,
            claimed_at REAL,
            sent_at REAL,
            attempts INTEGER NOT NULL DEFAULT 0
        )
        """,
        """
        CREATE INDEX announcements_pending ON announcements(id) WHERE sent_at IS NULL
        """,
    ),
    # 7: display names per server (a nickname stays on its server); users keeps the
    # account's global name, shown where no server name is known
    (
        """
        CREATE TABLE member_names (
            guild_id INTEGER NOT NULL,
            user_id INTEGER NOT NULL,
            name TEXT NOT NULL,
            PRIMARY KEY (guild_id, user_id)
        ) WITHOUT ROWID
        """,
    ),
    # 8: where the live message of a challenge or a match's latest board is, so the Discord
    # adapter edits it (the answer shown, stale buttons removed) instead of posting anew
    (
        """
        CREATE TABLE shown_messages (
            key TEXT PRIMARY KEY,
            channel_id INTEGER NOT NULL,
            message_id INTEGER NOT NULL
        ) WITHOUT ROWID
        """,
    ),
    # 9: games against the computer: its level, and which plies are its own (0: it moves at
    # even plies, so first); the clock does not run while it thinks (no deadline)
    (
        """
        ALTER TABLE matches ADD COLUMN computer_level INTEGER
        """,
        """
        ALTER TABLE matches ADD COLUMN computer_parity INTEGER
            CHECK (computer_parity IS NULL OR computer_parity IN (0, 1))
        """,
        """
        DROP TRIGGER moves_advance_match
        """,
        """
        CREATE TRIGGER moves_advance_match AFTER INSERT ON moves BEGIN
        """
        + ADVANCE_MATCH
        + """;
        END
        """,
        """
        CREATE INDEX matches_computer_to_move ON matches(status)
            WHERE computer_level IS NOT NULL AND status = 'active'
        """,
    ),
)

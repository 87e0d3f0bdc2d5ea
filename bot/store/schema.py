"""The tables, as SQLAlchemy Core sees them: one schema for SQLite and PostgreSQL.

Discord ids are 64-bit (BIGINT); times are seconds since the epoch (DOUBLE PRECISION). On
SQLite an id column is INTEGER, so that `id INTEGER PRIMARY KEY` stays the rowid. Alembic's
revisions (`bot/store/alembic/versions`) build exactly this, as tests/bot/store/
test_store_engines.py's test_the_migrated_schema_is_the_one_the_code_describes checks.
"""

from __future__ import annotations

from sqlalchemy import (
    CheckConstraint,
    Column,
    ForeignKey,
    Index,
    Integer,
    Table,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.types import TypeEngine  # noqa: F401

from bot.store.schema_base import Id, Real, metadata
from bot.store.schema_tournaments import tournament_games, tournament_players, tournaments

challenges = Table(
    "challenges",
    metadata,
    Column("id", Id, primary_key=True),
    Column("guild_id", Id, nullable=False),
    Column("channel_id", Id, nullable=False),
    Column("challenger_id", Id, nullable=False),
    Column("opponent_id", Id),
    Column("game_id", Text, nullable=False),
    Column("challenger_side", Text),
    Column("move_seconds", Integer, nullable=False),
    Column("created_at", Real, nullable=False),
    Column("expires_at", Real, nullable=False),
    Column("status", Text, nullable=False),
    Column("match_id", Id, ForeignKey("matches.id")),
    Column("rematch_of", Id, ForeignKey("matches.id")),
    # revision 0026: "ballot" for a ballot pair (Checkers' three-move openings); None: none
    Column("opening", Text),
    # revision 0028: how the bot reaches where it was made (bot.service.Reach)
    Column("reach", Text, nullable=False, server_default="posts"),
    CheckConstraint(
        "status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')",
        name="challenges_status",
    ),
    CheckConstraint("reach IN ('posts', 'answers')", name="challenges_reach"),
    Index("challenges_by_status", "status", "expires_at"),
)

matches = Table(
    "matches",
    metadata,
    Column("id", Id, primary_key=True),
    Column("guild_id", Id, nullable=False),
    Column("channel_id", Id, nullable=False),
    Column("thread_id", Id),
    Column("game_id", Text, nullable=False),
    Column("first_user", Id, nullable=False),
    Column("second_user", Id, nullable=False),
    Column("start_position", Text, nullable=False),
    Column("position", Text, nullable=False),
    Column("ply", Integer, nullable=False, server_default="0"),
    Column("status", Text, nullable=False),
    Column("winner_side", Text),
    Column("result_reason", Text),
    Column("move_seconds", Integer, nullable=False),
    Column("deadline", Real),
    Column("draw_offer_by", Id),
    Column("created_at", Real, nullable=False),
    Column("ended_at", Real),
    Column("reminded", Integer, nullable=False, server_default="0"),
    Column("ended_by", Id),
    Column("termination", Text),
    Column("termination_side", Text),
    Column("computer_level", Integer),
    Column("computer_parity", Integer),
    # revision 0015: who asked to take back their last move (None: nobody), and the
    # request's number (MatchRows.ask_takeback: the plies played, and twice those taken back)
    Column("takeback_by", Id),
    Column("takeback_ply", Integer),
    # revision 0020: the tournament this match is a game of
    Column("tournament_id", Id),
    # revision 0022: the game's address on the web site (a random token)
    Column("web_token", Text),
    # revision 0026: the ballot it is played from (the opening's number; its moves are the
    # first of the move log), and the other game of its pair (each names the other)
    Column("ballot", Integer),
    Column("pair_id", Id),
    # revision 0028: how the bot reaches where it is played (bot.service.Reach): 'answers'
    # (a user-installed bot's) and guild_id 0 (a DM or group DM) are casual and private
    Column("reach", Text, nullable=False, server_default="posts"),
    Index("matches_by_web_token", "web_token", unique=True),
    CheckConstraint("reach IN ('posts', 'answers')", name="matches_reach"),
    CheckConstraint("status IN ('active', 'finished', 'aborted')", name="matches_status"),
    CheckConstraint(
        "computer_parity IS NULL OR computer_parity IN (0, 1)", name="matches_computer_parity"
    ),
    Index("matches_by_channel", "guild_id", "channel_id", "status"),
    Index("matches_by_deadline", "status", "deadline"),
    Index("matches_by_thread", "thread_id"),
    Index(
        "matches_computer_to_move",
        "status",
        sqlite_where=text("computer_level IS NOT NULL AND status = 'active'"),
        postgresql_where=text("computer_level IS NOT NULL AND status = 'active'"),
    ),
    # revision 0010: a player's games, for /stats and /history
    Index("matches_by_first_user", "first_user", "guild_id", "game_id"),
    Index("matches_by_second_user", "second_user", "guild_id", "game_id"),
)

# revision 0011: when each game in progress gets its reminder (match_columns.REMINDER_AT)
Index(
    "matches_remind_at",
    text("(deadline - CASE WHEN move_seconds < 14400 THEN move_seconds / 4.0 ELSE 3600.0 END)"),
    _table=matches,
    sqlite_where=text("status = 'active' AND reminded = 0"),
    postgresql_where=text("status = 'active' AND reminded = 0"),
)

moves = Table(
    "moves",
    metadata,
    Column("match_id", Id, ForeignKey("matches.id"), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("move", Text, nullable=False),
    Column("user_id", Id, nullable=False),
    Column("played_at", Real, nullable=False),
    Column("position", Text),
    sqlite_with_rowid=False,
)

# revision 0015: moves taken back by consent, kept out of the move log (which stays the game)
undone_moves = Table(
    "undone_moves",
    metadata,
    Column("id", Id, primary_key=True),
    Column("match_id", Id, ForeignKey("matches.id"), nullable=False),
    Column("ply", Integer, nullable=False),
    Column("move", Text, nullable=False),
    Column("user_id", Id, nullable=False),
    Column("played_at", Real, nullable=False),
    Column("undone_at", Real, nullable=False),
    Column("asked_by", Id, nullable=False),  # who asked for the takeback
    Index("undone_moves_by_match", "match_id"),
)

# revision 0016: who asked for turn notices by DM, and which ("turns" or "reminders"); revision
# 0028: or chose none ("off": no row is no choice, every turn in a game played in answers)
turn_notices = Table(
    "turn_notices",
    metadata,
    Column("user_id", Id, primary_key=True, autoincrement=False),
    Column("mode", Text, nullable=False),
    CheckConstraint("mode IN ('turns', 'reminders', 'off')", name="turn_notices_mode"),
)
# the one DM a turn: which player was told of which turn (match, ply)
notices_sent = Table(
    "notices_sent",
    metadata,
    Column("match_id", Id, ForeignKey("matches.id"), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("user_id", Id, primary_key=True),
    Column("sent_at", Real, nullable=False),
    sqlite_with_rowid=False,
)

# revision 0017: days a player's clock stands still in all their games
vacations = Table(
    "vacations",
    metadata,
    Column("id", Id, primary_key=True),
    Column("user_id", Id, nullable=False),
    Column("starts_at", Real, nullable=False),
    Column("ends_at", Real, nullable=False),
    Column("days", Integer, nullable=False),
    Index("vacations_by_user", "user_id", "ends_at"),
)

ratings = Table(
    "ratings",
    metadata,
    Column("guild_id", Id, primary_key=True),
    Column("game_id", Text, primary_key=True),
    Column("user_id", Id, primary_key=True),
    Column("rating", Real, nullable=False),
    Column("rd", Real, nullable=False),
    Column("volatility", Real, nullable=False),
    Column("wins", Integer, nullable=False, server_default="0"),
    Column("draws", Integer, nullable=False, server_default="0"),
    Column("losses", Integer, nullable=False, server_default="0"),
    sqlite_with_rowid=False,
)
# revision 0010: a leaderboard page, and a player's rank, read in the board's order
Index(
    "ratings_board",
    ratings.c.guild_id,
    ratings.c.game_id,
    ratings.c.rating.desc(),
    ratings.c.user_id,
)

users = Table(
    "users",
    metadata,
    Column("user_id", Id, primary_key=True, autoincrement=False),
    Column("name", Text, nullable=False),
)

announcements = Table(
    "announcements",
    metadata,
    Column("id", Id, primary_key=True),
    Column("kind", Text, nullable=False),
    Column("challenge_id", Id, ForeignKey("challenges.id")),
    Column("match_id", Id, ForeignKey("matches.id")),
    Column("created_at", Real, nullable=False),
    Column("claimed_at", Real),
    Column("sent_at", Real),
    Column("attempts", Integer, nullable=False, server_default="0"),
    #: when the sweeper gave up posting it (sent_at is set too: it is done with)
    Column("gave_up_at", Real),
    Index(
        "announcements_pending",
        "id",
        sqlite_where=text("sent_at IS NULL"),
        postgresql_where=text("sent_at IS NULL"),
    ),
)

member_names = Table(
    "member_names",
    metadata,
    Column("guild_id", Id, primary_key=True),
    Column("user_id", Id, primary_key=True),
    Column("name", Text, nullable=False),
    sqlite_with_rowid=False,
)

shown_messages = Table(
    "shown_messages",
    metadata,
    Column("key", Text, primary_key=True),
    Column("channel_id", Id, nullable=False),
    Column("message_id", Id, nullable=False),
    sqlite_with_rowid=False,
)

#: when each of Discord's identify buckets (shard id % max_concurrency) may next be used, by
#: any of the processes sharing the database (Discord takes one identify a bucket per 5 s)
identify_slots = Table(
    "identify_slots",
    metadata,
    Column("bucket", Integer, primary_key=True),
    Column("next_at", Real, nullable=False),
)

# revision 0018: a game's review, and each player's rating after every rated game
analyses = Table(
    "analyses",
    metadata,
    Column("match_id", Id, ForeignKey("matches.id"), primary_key=True),
    Column("requested_by", Id, nullable=False),
    Column("requested_at", Real, nullable=False),
    Column("finished_at", Real),
)

#: one reading a position reviewed (ply 0: the start), written as each is made
analysis_readings = Table(
    "analysis_readings",
    metadata,
    Column("match_id", Id, ForeignKey("matches.id"), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("score", Integer, nullable=False),
    Column("best", Text, nullable=False),
    Column("winner", Text),
    Column("plies", Integer),
    sqlite_with_rowid=False,
)

rating_history = Table(
    "rating_history",
    metadata,
    Column("match_id", Id, ForeignKey("matches.id"), primary_key=True),
    Column("user_id", Id, primary_key=True),
    Column("guild_id", Id, nullable=False),
    Column("game_id", Text, nullable=False),
    Column("rating", Real, nullable=False),
    Column("rd", Real, nullable=False),
    Column("rated_at", Real, nullable=False),
    Index("rating_history_by_player", "guild_id", "game_id", "user_id", "rated_at"),
    sqlite_with_rowid=False,
)

# revision 0019: puzzles from reviewed games, and each person's attempts
puzzles = Table(
    "puzzles",
    metadata,
    Column("id", Id, primary_key=True),
    Column("guild_id", Id, nullable=False),
    Column("game_id", Text, nullable=False),
    Column("match_id", Id, ForeignKey("matches.id"), nullable=False),
    Column("ply", Integer, nullable=False),
    Column("position", Text, nullable=False),
    Column("answer", Text, nullable=False),
    Column("side", Text, nullable=False),
    Column("goal", Text, nullable=False),
    Column("created_at", Real, nullable=False),
    UniqueConstraint("match_id", "ply", name="puzzles_once"),
    Index("puzzles_by_server", "guild_id", "game_id", "id"),
)

puzzle_attempts = Table(
    "puzzle_attempts",
    metadata,
    Column("puzzle_id", Id, ForeignKey("puzzles.id"), primary_key=True),
    Column("user_id", Id, primary_key=True),
    Column("guild_id", Id, nullable=False),
    Column("shown_at", Real, nullable=False),
    #: the first answer's: solved or failed (None: not answered yet)
    Column("result", Text),
    #: 1 once solved or its answer shown: no longer the one /solve answers
    Column("closed", Integer, nullable=False, server_default="0"),
    Index("puzzle_attempts_by_user", "user_id", "guild_id"),
    sqlite_with_rowid=False,
)

# revision 0022: the web site
web_sites = Table(
    "web_sites",
    metadata,
    Column("guild_id", Id, primary_key=True, autoincrement=False),
    Column("token", Text, nullable=False, unique=True),
    Column("enabled", Integer, nullable=False),
    Column("changed_at", Real, nullable=False),
    # revision 0025: the server's name, for its page (as the chat adapter last saw it)
    Column("name", Text),
)

#: whether @everyone can read a channel, as the chat adapter last saw it
web_channels = Table(
    "web_channels",
    metadata,
    Column("channel_id", Id, primary_key=True, autoincrement=False),
    Column("guild_id", Id, nullable=False),
    Column("public", Integer, nullable=False),
    Column("seen_at", Real, nullable=False),
)

# revision 0027: a server's language, chosen by /settings language: (none: Discord's)
server_languages = Table(
    "server_languages",
    metadata,
    Column("guild_id", Id, primary_key=True, autoincrement=False),
    Column("language", Text, nullable=False),
    Column("changed_at", Real, nullable=False),
)
#: each person's Discord language as last seen (their DMs speak it), and their choices
people_settings = Table(
    "people_settings",
    metadata,
    Column("user_id", Id, primary_key=True, autoincrement=False),
    Column("locale", Text),
    Column("text_boards", Integer, nullable=False, server_default="0"),
)

#: every table, parents before children (the order copy-db fills them in)
TABLES = (
    users, member_names, matches, challenges, moves, undone_moves, ratings, announcements,
    shown_messages, identify_slots, turn_notices, notices_sent, vacations, analyses,
    analysis_readings, rating_history, puzzles, puzzle_attempts, tournaments,
    tournament_players, tournament_games, web_sites, web_channels, server_languages,
    people_settings,
)  # fmt: skip

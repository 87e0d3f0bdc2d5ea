"""The tournament tables (revision 0020 on): events, their players and their games, on the
one schema's metadata (`bot.store.schema` imports them, so its TABLES hold them)."""

from __future__ import annotations

from sqlalchemy import Column, ForeignKey, Index, Integer, Table, Text

from bot.store.schema_base import Id, Real, metadata

# revision 0020: tournaments
tournaments = Table(
    "tournaments",
    metadata,
    Column("id", Id, primary_key=True),
    Column("guild_id", Id, nullable=False),
    Column("channel_id", Id, nullable=False),
    Column("game_id", Text, nullable=False),
    Column("format", Text, nullable=False),  # swiss or round-robin
    Column("rounds", Integer, nullable=False),
    Column("move_seconds", Integer, nullable=False),
    Column("rated", Integer, nullable=False),
    Column("organiser_id", Id, nullable=False),
    Column("status", Text, nullable=False),  # signup, running, finished, cancelled
    Column("round", Integer, nullable=False, server_default="0"),  # the round under way
    Column("created_at", Real, nullable=False),
    # revision 0021: when it starts by itself (None: when the organiser starts it)
    Column("starts_at", Real),
    # revision 0023: the news posted (a round's is the round-th; the end's, one more)
    Column("announced", Integer, nullable=False, server_default="0"),
    # revision 0026: "ballot": each pairing plays a ballot both ways (None: from the start)
    Column("opening", Text),
    Index("tournaments_by_status", "status", "guild_id"),
)

tournament_players = Table(
    "tournament_players",
    metadata,
    Column("tournament_id", Id, ForeignKey("tournaments.id"), primary_key=True),
    Column("user_id", Id, primary_key=True),
    Column("seed", Integer, nullable=False),
    Column("joined_at", Real, nullable=False),
    Column("withdrawn_at", Real),
    sqlite_with_rowid=False,
)

#: each round's games: a match, or a bye or forfeit with the first player's points
tournament_games = Table(
    "tournament_games",
    metadata,
    Column("tournament_id", Id, ForeignKey("tournaments.id"), primary_key=True),
    Column("round", Integer, primary_key=True),
    Column("board", Integer, primary_key=True),
    Column("first_user", Id, nullable=False),
    Column("second_user", Id),
    Column("match_id", Id, ForeignKey("matches.id")),
    Column("points", Real),
    sqlite_with_rowid=False,
)

"""`python -m bot check-db`: is the database sound, and does every match replay?

It opens the database read-only (it never creates, migrates or changes anything) and checks:
1. the database's own checks: SQLite's `integrity_check` (pages, indexes, constraints) and
   `foreign_key_check`; on PostgreSQL (which enforces its keys itself) that no row refers to
   a missing one;
2. the schema revision: an older one is reported (the bot upgrades it on its next start), a
   newer one refused (this bot would not understand it);
3. every match: its move log has no gaps, replays under the rules, gives the stored ply and
   position, and an active match has not in fact ended.
"""

from __future__ import annotations

from itertools import groupby
from pathlib import Path

from bot.store.connection import Store
from bot.store.migrations import head_revision, legacy_version, revision
from bot.store.rows import Row
from rules import GameRecord, RulesError, command_line_text, get_game

#: rows that refer to a missing row (what PostgreSQL's foreign keys forbid, counted anyway)
ORPHANS = (
    ("moves", "match_id", "matches"),
    ("challenges", "match_id", "matches"),
    ("challenges", "rematch_of", "matches"),
    ("announcements", "match_id", "matches"),
    ("announcements", "challenge_id", "challenges"),
)


async def check_db(target: str | Path) -> tuple[int, list[str]]:
    """(matches checked, a line per problem found); StoreError if it cannot be read at all."""
    store = await Store.open(target, readonly=True)
    try:
        problems = await _check_integrity(store)
        current, head = await revision(store.engine), head_revision()
        if current != head:
            legacy = await legacy_version(store.engine)
            at = f"revision {current}" if current else f"version {legacy} (before Alembic)"
            return 0, [
                *problems,
                f"the schema is at {at}, the bot's is revision {head}: the bot upgrades it "
                "when it next starts, or run python -m bot migrate (matches not checked)",
            ]
        count = 0
        matches = await store.all("SELECT * FROM matches ORDER BY id")
        moves = await store.all("SELECT match_id, ply, move FROM moves ORDER BY match_id, ply")
        logs = {key: list(group) for key, group in groupby(moves, key=lambda m: m["match_id"])}
        for row in matches:
            problems += _check_match(row, logs.get(row["id"], []))
            count += 1
    finally:
        await store.close()
    return count, problems


async def _check_integrity(store: Store) -> list[str]:
    if store.dialect != "sqlite":
        problems = []
        for table, column, parent in ORPHANS:
            row = await store.one(
                f"SELECT COUNT(*) FROM {table} t WHERE t.{column} IS NOT NULL AND NOT EXISTS "
                f"(SELECT 1 FROM {parent} p WHERE p.id = t.{column})"
            )
            if row and row[0]:
                problems.append(f"integrity: {row[0]} {table} rows refer to a missing {parent} row")
        return problems
    found = [r[0] for r in await store.all("PRAGMA integrity_check")]
    problems = [f"integrity: {line}" for line in found if line != "ok"]
    for table, rowid, parent, _ in await store.all("PRAGMA foreign_key_check"):
        problems.append(f"integrity: {table} row {rowid} refers to a missing {parent} row")
    return problems


def _check_match(row: Row, plies: list[Row]) -> list[str]:
    where = f"match #{row['id']}"
    if [p["ply"] for p in plies] != list(range(1, len(plies) + 1)):
        return [f"{where}: the move log has gaps"]
    try:
        game = get_game(row["game_id"])
        record = GameRecord.replay(
            game, [p["move"] for p in plies], game.decode(row["start_position"])
        )
    except RulesError as err:
        return [f"{where}: the move log does not replay: {err}"]
    problems = []
    if row["ply"] != len(plies):
        problems.append(f"{where}: stored ply {row['ply']} but {len(plies)} moves logged")
    if game.encode(record.position) != row["position"]:
        problems.append(f"{where}: stored position differs from the log replayed")
    if row["status"] == "active" and record.outcome is not None:
        ended = command_line_text(record.outcome, game)
        problems.append(f"{where}: still active although the game ended ({ended})")
    return problems

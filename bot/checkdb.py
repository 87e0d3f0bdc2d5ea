"""`python -m bot check-db`: is the database sound, and does every match replay?

It opens the file read-only (it never creates, migrates or changes anything) and checks:
1. SQLite's own `integrity_check` (pages, indexes, constraints) and `foreign_key_check`;
2. the schema version: an older one is reported (the bot upgrades it on its next start), a
   newer one refused (this bot would not understand it);
3. every match: its move log has no gaps, replays under the rules, gives the stored ply and
   position, and an active match has not in fact ended.
"""

from __future__ import annotations

from pathlib import Path

from rules import GameRecord, RulesError, command_line_text, get_game

from .store import Row, Store
from .store.migrations import LATEST


async def check_db(path: str | Path) -> tuple[int, list[str]]:
    """(matches checked, a line per problem found); StoreError if it cannot be read at all."""
    store = await Store.open(path, readonly=True)
    try:
        problems = await _check_file(store)
        version = await store.version()
        if version < LATEST:
            return 0, [
                *problems,
                f"the schema is at version {version} of {LATEST}: the bot upgrades it when it "
                "next starts (matches not checked)",
            ]
        rows = await store.all("SELECT * FROM matches ORDER BY id")
        for row in rows:
            problems += await _check_match(store, row)
    finally:
        await store.close()
    return len(rows), problems


async def _check_file(store: Store) -> list[str]:
    found = [r[0] for r in await store.all("PRAGMA integrity_check")]
    problems = [f"integrity: {line}" for line in found if line != "ok"]
    for table, rowid, parent, _ in await store.all("PRAGMA foreign_key_check"):
        problems.append(f"integrity: {table} row {rowid} refers to a missing {parent} row")
    return problems


async def _check_match(store: Store, row: Row) -> list[str]:
    match_id = row["id"]
    plies = await store.all(
        "SELECT ply, move FROM moves WHERE match_id = ? ORDER BY ply", (match_id,)
    )
    where = f"match #{match_id}"
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

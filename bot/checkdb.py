"""Replays every match's move log and compares it with the stored position."""

from __future__ import annotations

from pathlib import Path

from rules import GameRecord, RulesError, get_game

from .store import Row, Store


async def check_db(path: str | Path) -> tuple[int, list[str]]:
    """(matches checked, a line per problem found)."""
    store = await Store.open(path)
    problems: list[str] = []
    try:
        rows = await store.all("SELECT * FROM matches ORDER BY id")
        for row in rows:
            problems += await _check_match(store, row)
    finally:
        await store.close()
    return len(rows), problems


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
        problems.append(f"{where}: still active although the game ended ({record.outcome.text()})")
    return problems

"""The store under faults: a task cancelled at any await, files that are not databases, a
read-only mount, a full disk, a lock held elsewhere; check-db on real damage."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import sqlite3
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.adapters.commands.dispatch import Dispatcher
from bot.adapters.commands.group import Context
from bot.adapters.console import Names
from bot.errors import CannotSave, StoreError
from bot.service import Actor
from bot.service.match_service import MatchService
from bot.store import Store
from bot.store.checkdb import check_db
from bot.store.match_table import MatchRows
from bot.store.migrations import head_revision
from rules import get_game
from tests.faults import (
    ROOT,
    SmallDisk,
    cancelled_at,
    locked,
    read_only_folder,
    refusing_writes,
    settled,
)
from tests.servicekit import GUILD, Clock, legacy_database, snapshot, start_match

Action = Callable[[], Awaitable[Any]]


async def _near_the_end(service: MatchService, users: tuple[int, int], channel: int) -> Action:
    """Random moves until the next move can end the game; the action plays that move."""
    rng = random.Random(channel)
    game = get_game("checkers")
    while True:
        match = await start_match(
            service, challenger=users[0], opponent=users[1], channel=channel, side="black"
        )
        while match.active:
            position = match.position
            user = match.user_to_move or 0
            for move in game.legal_moves(position):
                if game.outcome(game.apply(position, move)) is not None:
                    text, match_id = game.format_move(move), match.id
                    return lambda: service.play.move(Actor(GUILD, channel, user), text, match_id)
            text = game.format_move(rng.choice(game.legal_moves(position)))
            match = (await service.play.move(Actor(GUILD, channel, user), text, match.id)).match


async def _setup(kind: str, service: MatchService, users: tuple[int, int], channel: int) -> Action:
    """An action of the given kind, ready to run (its match or challenge prepared)."""
    a, b = users
    if kind == "final move":
        return await _near_the_end(service, users, channel)
    if kind == "accept":
        challenge = await service.challenges.challenge(
            Actor(GUILD, channel, a), "checkers", opponent_id=b
        )
        return lambda: service.challenges.accept(Actor(GUILD, channel, b), challenge.id)
    match = await start_match(service, challenger=a, opponent=b, channel=channel, side="black")
    if kind == "move":
        return lambda: service.play.move(Actor(GUILD, channel, a), "11-15", match.id)
    if kind == "offer draw":
        return lambda: service.play.offer_draw(Actor(GUILD, channel, a), match.id)
    await service.play.resign(Actor(GUILD, channel, b), match.id)
    return lambda: service.challenges.rematch(Actor(GUILD, channel, a), match.id)


async def _all_or_nothing(store: Store, users: tuple[int, int]) -> None:
    """A match is finished exactly when both players are rated; an accepted challenge always
    has its match; a player never has two open rematch requests."""
    finished = await store.all(
        "SELECT id FROM matches WHERE status = 'finished' AND first_user IN (?, ?)", users
    )
    rated = await store.all(
        "SELECT SUM(wins + draws + losses) FROM ratings WHERE user_id IN (?, ?)", users
    )
    assert (rated[0][0] or 0) == 2 * len(finished)
    orphans = await store.all(
        "SELECT id FROM challenges WHERE status = 'accepted' AND match_id IS NULL"
    )
    assert orphans == []
    open_rematches = await store.all(
        "SELECT challenger_id FROM challenges WHERE status = 'open' AND rematch_of IS NOT NULL "
        "GROUP BY challenger_id, rematch_of HAVING COUNT(*) > 1"
    )
    assert open_rematches == []


@pytest.mark.parametrize("kind", ["move", "final move", "accept", "offer draw", "rematch"])
async def test_cancelled_at_any_await_leaves_the_store_consistent_and_usable(
    db_url: str, kind: str
) -> None:
    acknowledged: list[tuple[int, str]] = []
    call = 0
    cancelled = True
    while cancelled:
        call += 1
        store = await Store.open(db_url)
        service = MatchService(store, clock=Clock(), rng=random.Random(call))
        users = (10 * call, 10 * call + 1)
        action = await _setup(kind, service, users, channel=call)
        cancelled = await cancelled_at(store, call, action)
        assert await settled(store)  # no transaction is left open
        await _all_or_nothing(store, users)
        # the same connection goes on working, and what it acknowledges is kept
        other = await start_match(service, challenger=1, opponent=2, channel=10_000 + call)
        played = await service.play.move(
            Actor(GUILD, other.channel_id, other.user_to_move or 0), "11-15"
        )
        acknowledged.append((played.match.id, played.move))
        await store.close()
    assert call > 2  # the action made several database calls, each one interrupted once
    count, problems = await check_db(db_url)
    assert problems == [] and count >= call
    store = await Store.open(db_url)
    try:
        for match_id, move in acknowledged:
            assert await MatchRows(store).moves(match_id) == [move]
    finally:
        await store.close()


async def test_a_name_write_cancelled_at_once_does_not_wedge_the_connection(
    service: MatchService, db_url: str
) -> None:
    """The reported case: cancelled right after it started, then a draw offer and a move."""
    match = await start_match(service, side="black")
    task = asyncio.create_task(service.standings.remember(GUILD, 50, "x", "x"))
    await asyncio.sleep(0)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    await service.play.offer_draw(Actor(GUILD, match.channel_id, 101))
    moved = await service.play.move(Actor(GUILD, match.channel_id, 101), "11-15")
    assert moved.match.ply == 1
    await service._shared.store.close()
    reopened = await Store.open(db_url)
    try:
        assert await MatchRows(reopened).moves(match.id) == ["11-15"]
    finally:
        await reopened.close()


async def test_cancelled_after_a_few_loop_turns_never_half_writes(
    service: MatchService, db_url: str
) -> None:
    for turns in range(40):
        match = await start_match(service, channel=100 + turns, side="black")
        task = asyncio.create_task(
            service.play.resign(Actor(GUILD, match.channel_id, 101), match.id)
        )
        for _ in range(turns):
            await asyncio.sleep(0)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        assert await settled(service._shared.store)
    assert (await check_db(db_url))[1] == []


# --- files that cannot be used ---
def _console(db: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "console", "--db", str(db), "--out", str(db.parent)],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,  # the old bug: the process never ended
    )


def _one_clear_line(done: subprocess.CompletedProcess[str], db: Path, words: str) -> None:
    """Exit status 1 and one line on stderr that names the file and says `words` about it."""
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert lines[0].startswith("error: ") and str(db) in lines[0], lines[0]
    assert words in lines[0].split(str(db), 1)[1], lines[0]


async def _real_database(path: Path, matches: int = 30) -> None:
    store = await Store.open(path)
    service = MatchService(store)
    for n in range(matches):
        await start_match(service, challenger=1 + 2 * n, opponent=2 + 2 * n, channel=n)
    await store.all("PRAGMA wal_checkpoint(TRUNCATE)")
    await store.close()


@pytest.mark.processes
def test_a_file_that_is_not_a_database_ends_in_one_line(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(random.Random(1).randbytes(50_000))
    _one_clear_line(_console(garbage), garbage, "file is not a database")
    bot = subprocess.run(  # the bot itself says so before it tries to reach Discord
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={**os.environ, "DISCORD_TOKEN": "x", "DATABASE_URL": str(garbage)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    _one_clear_line(bot, garbage, "file is not a database")


@pytest.mark.processes
async def test_a_truncated_database_ends_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    await _real_database(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    _one_clear_line(_console(path), path, "is truncated")


@pytest.mark.processes
async def test_a_database_on_a_read_only_mount_ends_in_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    await _real_database(folder / "bot.sqlite3")
    with read_only_folder(folder) as view:
        _one_clear_line(_console(view / "bot.sqlite3"), view / "bot.sqlite3", "read-only")


@pytest.mark.processes
async def test_a_database_from_a_newer_bot_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    await _real_database(path, matches=1)
    with sqlite3.connect(path) as db:  # a revision this bot does not know
        db.execute("UPDATE alembic_version SET version_num = 'ffff'")
    with pytest.raises(StoreError, match="newer version of the bot"):
        await Store.open(path)
    _one_clear_line(_console(path), path, "newer than this bot")
    done = subprocess.run(
        [sys.executable, "-m", "bot", "check-db", "--db", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    _one_clear_line(done, path, "newer than this bot")


# --- reads go on when writes cannot ---
@pytest.mark.parametrize(
    ("fault", "engine"),
    [("read-only", "sqlite"), ("read-only", "postgresql"), ("locked", "sqlite")],
)
async def test_reads_work_and_writes_say_so_when_the_database_cannot_save(
    db_url: str, fault: str
) -> None:
    store = await Store.open(db_url, busy_seconds=0.1)
    service = MatchService(store, clock=Clock())
    dispatcher = Dispatcher(service, Names())
    match = await start_match(service, side="black")
    alice = Context(GUILD, match.channel_id, 101, "Alice")
    before = await snapshot(store)
    refusal = refusing_writes(store) if fault == "read-only" else contextlib.nullcontext()
    async with refusal:
        with locked(Path(db_url)) if fault == "locked" else contextlib.nullcontext():
            await _reads_go_on(service, dispatcher, alice, match.channel_id)
    assert await snapshot(store) == before
    assert (await service.play.move(Actor(GUILD, match.channel_id, 101), "11-15")).match.ply == 1
    await store.close()


async def _reads_go_on(
    service: MatchService, dispatcher: Dispatcher, alice: Context, channel_id: int
) -> None:
    """Every read answers; every write is refused, saying the bot cannot save."""
    for command in ("help", "board", "games", "stats"):
        reply = (await dispatcher.run(command, alice)).reply
        assert reply is not None and "cannot save" not in reply.text
    refused = await dispatcher.run("move", alice, move="11-15")
    assert refused.ephemeral and refused.reply is not None
    assert refused.reply.text.startswith("The bot cannot save right now")
    with pytest.raises(CannotSave):
        await service.play.resign(Actor(GUILD, channel_id, 101))


async def test_a_full_disk_refuses_writes_and_keeps_reads(tmp_path: Path) -> None:
    with SmallDisk(tmp_path / "disk") as disk:
        path = disk.folder / "bot.sqlite3"
        store = await Store.open(path)
        try:
            service = MatchService(store, clock=Clock())
            match = await start_match(service, side="black")
            before = await snapshot(store)
            disk.fill()
            with pytest.raises(CannotSave, match="disk is full"):
                for n in range(2000):  # until the log needs a page the disk cannot give
                    await service.challenges.challenge(
                        Actor(GUILD, 5, 1000 + n), "checkers", opponent_id=7
                    )
            assert (await service._shared.find.match(match.id)).ply == 0
            assert len(await store.all("SELECT * FROM challenges")) >= len(before["challenges"])
            disk.free()
            assert (
                await service.play.move(Actor(GUILD, match.channel_id, 101), "11-15")
            ).match.ply == 1
        finally:
            await store.close()
        assert (await check_db(path))[1] == []


# --- check-db ---
async def test_check_db_finds_a_corrupt_index(db_path: Path) -> None:
    store = await Store.open(db_path)
    service = MatchService(store)
    first = await start_match(service, side="black")
    await service.play.bind_thread(first.id, 777)
    await start_match(service, channel=11, side="black")
    await store.close()
    with sqlite3.connect(db_path) as db:  # the index on thread ids now holds channel ids
        db.execute("PRAGMA writable_schema=ON")
        db.execute(
            "UPDATE sqlite_master SET sql = 'CREATE INDEX matches_by_thread ON matches(channel_id)'"
            " WHERE name = 'matches_by_thread'"
        )
    _, problems = await check_db(db_path)
    assert any(p.startswith("integrity: ") for p in problems), problems


async def test_check_db_never_creates_or_migrates(tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such" / "bot.sqlite3"
    with pytest.raises(StoreError, match="no database file"):
        await check_db(missing)
    assert not (tmp_path / "no").exists()
    old = tmp_path / "old.sqlite3"
    legacy_database(old, upto=2)
    before = old.read_bytes()
    count, problems = await check_db(old)
    assert count == 0 and problems == [
        f"the schema is at version 2 (before Alembic), the bot's is revision {head_revision()}"
        ": the bot upgrades it when it next starts, or run python -m bot migrate (matches not "
        "checked)"
    ]
    assert old.read_bytes() == before

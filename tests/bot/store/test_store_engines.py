"""One schema on two engines: Alembic builds what `schema` says on SQLite and PostgreSQL alike,
`copy-db` moves a server's history between them, and both keep their guarantees when two
processes race (a game's result and both ratings land once each)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from bot.errors import CannotSave, Refusal, StoreError
from bot.service import Actor
from bot.service.match_service import MatchService
from bot.service.views import MatchView, MoveResult
from bot.store import DatabaseUrl, Row, Store, Tx
from bot.store.checkdb import check_db
from bot.store.identify_table import IDENTIFY_SPACING, reserve_identify
from bot.store.migrations import head_revision
from bot.store.move_write import Moved
from bot.store.schema import TABLES, metadata
from tests import pgserver
from tests.bot.conftest import new_pg_database
from tests.faults import ROOT
from tests.pgserver import PgServer
from tests.servicekit import ALICE, BOB, CHANNEL, GUILD, Clock, by, play_random, start_match


@pytest.mark.filterwarnings("ignore:.*expression-based index")
async def test_the_migrated_schema_is_the_one_the_code_describes(store: Store) -> None:
    async with store.engine.connect() as connection:
        differences = await connection.run_sync(
            lambda sync: compare_metadata(MigrationContext.configure(sync), metadata)
        )
    # Alembic cannot compare an index on an expression (it sees one removed and one added)
    differences = [d for d in differences if not _expression_index(d)]
    if store.dialect == "sqlite":  # SQLite reports an INTEGER PRIMARY KEY (the rowid) nullable
        differences = [d for d in differences if not _rowid_nullable(d)]
    assert differences == []


def _expression_index(difference: Any) -> bool:
    return difference[0] in ("add_index", "remove_index") and (
        difference[1].name == "matches_remind_at"
    )


def _rowid_nullable(difference: Any) -> bool:
    change = difference[0]
    return change[0] == "modify_nullable" and change[3] in ("id", "user_id")


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("./data/bot.sqlite3", "./data/bot.sqlite3"),
        ("sqlite:////srv/bot.sqlite3", "/srv/bot.sqlite3"),
        ("sqlite:///bot.sqlite3", "bot.sqlite3"),
        ("postgresql://bot:secret@db.example/games", "postgresql://bot:***@db.example/games"),
        ("postgres://bot@db.example:6543/games", "postgresql://bot@db.example:6543/games"),
    ],
)
def test_database_urls_are_read_and_never_show_a_password(text: str, shown: str) -> None:
    assert str(DatabaseUrl.parse(text)) == shown


@pytest.mark.processes
@pytest.mark.parametrize("text", ["mysql://bot@db/games", "sqlite://", "  "])
def test_a_database_url_the_bot_cannot_use_is_one_clear_error(text: str) -> None:
    with pytest.raises(StoreError) as refused:
        DatabaseUrl.parse(text)
    assert "\n" not in str(refused.value)


def _bot(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "DISCORD_TOKEN": "x"},
    )


@pytest.mark.processes
@pytest.mark.parametrize("command", [[], ["run"], ["sync"], ["console"], ["check-db"], ["migrate"]])
def test_every_command_takes_db(command: list[str]) -> None:
    done = _bot(*command, "--db", "mysql://bot@db/games")
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "error: the database URL's scheme mysql:// is not one the bot knows: give a file path, "
        "sqlite:///… or postgresql://…"
    ]


MALFORMED_URLS = [
    "postgresql://bot:pw@host:notaport/x",
    "postgresql://bot:pw@[::1:5/x",
    "postgresql://bot:pw@host:99999/x",
    "postgresql://bot:pw@host/x?sslmode=sometimes",
    "postgresql://bot:pw@host/x?connect_timeout=soon",
    "postgresql://bot:pw@host/x?pool=5",
]


@pytest.mark.parametrize("url", MALFORMED_URLS)
@pytest.mark.parametrize(
    ("command", "env"),
    [
        (["check-db", "--db", "{url}"], {}),
        (["migrate", "--db", "{url}"], {}),
        (["copy-db", "{url}", "/tmp/never.sqlite3"], {}),
        (["copy-db", "/tmp/never.sqlite3", "{url}"], {}),
        (["run"], {"DATABASE_URL": "{url}"}),
    ],
)
@pytest.mark.processes
def test_a_malformed_database_url_is_one_line_without_the_password(
    url: str, command: list[str], env: dict[str, str]
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot", *(a.format(url=url) for a in command)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "DISCORD_TOKEN": "x", **{k: url for k in env}},
    )
    said = done.stderr.strip().splitlines()
    assert done.returncode == 1 and len(said) == 1, done.stderr
    assert said[0].startswith("error: ") and "pw" not in said[0]


@pytest.mark.postgres
async def test_libpq_url_options_are_taken(request: pytest.FixtureRequest) -> None:
    """A URL as hosting providers give it: TLS mode, a name, a connect timeout."""
    url = new_pg_database(request)
    store = await Store.open(url + "?sslmode=prefer&application_name=gamebot&connect_timeout=5")
    try:
        row = await store.one("SELECT current_setting('application_name')")
        assert row is not None and row[0] == "gamebot"
    finally:
        await store.close()
    with pytest.raises(StoreError, match=r"cannot be reached \(.*rejected SSL upgrade\)"):
        await Store.open(url + "?sslmode=require")  # the test server offers no TLS


async def _history(url: str, games: int) -> None:
    """Finished games with ratings, a game in progress, an open challenge and names."""
    store = await Store.open(url)
    service = MatchService(store, clock=Clock(), rng=random.Random(5))
    rng = random.Random(7)
    await service.standings.remember(GUILD, ALICE, "Ally", "Alice")
    for n in range(games):
        await play_random(service, await start_match(service, channel=CHANNEL + n), rng)
    live = await start_match(service, channel=99, side="black")
    await service.play.move(Actor(GUILD, live.channel_id, ALICE), "11-15")
    await service.challenges.challenge(Actor(GUILD, 98, BOB), "the-crown", opponent_id=ALICE)
    await store.close()


async def _contents(url: str) -> dict[str, list[tuple[object, ...]]]:
    store = await Store.open(url, readonly=True)
    try:
        return {
            t.name: [tuple(r) for r in await store.all(f"SELECT * FROM {t.name} ORDER BY 1, 2")]
            for t in TABLES
        }
    finally:
        await store.close()


@pytest.mark.processes
async def test_copy_db_moves_a_servers_history_into_postgresql(
    tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    source = str(tmp_path / "old.sqlite3")
    await _history(source, games=3)
    target = new_pg_database(request)
    done = _bot("copy-db", source, target)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].startswith("copied ")
    assert await _contents(target) == await _contents(source)
    count, problems = await check_db(target)
    assert count == 4 and problems == []
    # the copy goes on: new ids follow the copied ones, the game in progress continues
    store = await Store.open(target)
    try:
        service = MatchService(store, clock=Clock())
        match = await start_match(service, channel=500)
        assert match.id == 5
        moved = await service.play.move(Actor(GUILD, 99, BOB), "22-18")
        assert moved.match.ply == 2
    finally:
        await store.close()
    again = _bot("copy-db", source, target)  # into a database that is not empty: refused
    assert again.returncode == 1 and "is not empty" in again.stderr
    assert len(again.stderr.strip().splitlines()) == 1


@pytest.mark.processes
async def test_migrate_reports_the_revision(db_url: str) -> None:
    done = _bot("migrate", "--db", db_url)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith(f"is at schema revision {head_revision()}")


@pytest.mark.processes
async def test_two_games_ending_at_once_both_count_in_the_ratings(db_url: str) -> None:
    """Two processes end a game each between the same players at the same moment: both
    results land in the ratings (neither overwrites the other)."""
    stores = [await Store.open(db_url), await Store.open(db_url)]
    try:
        services = [
            MatchService(s, clock=Clock(), rng=random.Random(i)) for i, s in enumerate(stores)
        ]
        for round_ in range(5):
            matches = [
                await start_match(services[i], channel=1000 * round_ + i, side="black")
                for i in range(2)
            ]
            await asyncio.gather(
                *(
                    services[i].play.resign(Actor(GUILD, matches[i].channel_id, BOB), matches[i].id)
                    for i in range(2)
                )
            )
            board = await services[0].standings.leaderboard(GUILD, "checkers")
            assert {row.user_id: (row.wins, row.losses) for row in board} == {
                ALICE: (2 * (round_ + 1), 0),
                BOB: (0, 2 * (round_ + 1)),
            }
    finally:
        for store in stores:
            await store.close()


async def test_a_moves_reply_shows_the_position_that_move_made(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two processes on one match: the other plays its reply the moment this move is
    committed; this move's answer still shows the match as this move left it."""
    stores = [await Store.open(db_url), await Store.open(db_url)]
    here, there = (MatchService(s, clock=Clock(), rng=random.Random(1)) for s in stores)
    match = await start_match(here, side="black")
    answered: list[MoveResult] = []

    async def answer_once_committed() -> None:
        """Bob's reply from the other process, as soon as Alice's move is committed."""
        if not answered and await there._shared.store.ids("SELECT ply FROM moves"):
            answered.append(await there.play.move(by(BOB), "22-18", match.id))

    transaction, match_row = here._shared.store.transaction, here._shared.find.match_row

    @contextlib.asynccontextmanager
    async def then_answer() -> AsyncIterator[Tx]:
        async with transaction() as db:
            yield db
        await answer_once_committed()

    async def answer_then_read(match_id: int) -> Row:
        if here._shared.store._current.get() is None:  # outside a transaction: after a commit
            await answer_once_committed()
        return await match_row(match_id)

    async def record_then_answer(*args: Any, **options: Any) -> Moved | None:
        moved = await record_move(*args, **options)  # the move's one write
        await answer_once_committed()
        return moved

    record_move = here._shared.matches.record_move
    monkeypatch.setattr(here._shared.store, "transaction", then_answer)
    monkeypatch.setattr(here._shared.matches, "record_move", record_then_answer)
    monkeypatch.setattr(here._shared.find, "match_row", answer_then_read)
    try:
        moved = await here.play.move(by(ALICE), "11-15", match.id)
    finally:
        for store in stores:
            await store.close()
    assert answered and answered[0].match.ply == 2  # the race did happen
    assert (moved.match.ply, moved.match.user_to_move, moved.move) == (1, BOB, "11-15")
    after_11_15 = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"
    assert moved.match.position_text == after_11_15


def test_without_postgresql_make_test_stops_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("PG_BINDIR", raising=False)
    monkeypatch.setattr(pgserver, "DEBIAN_ROOT", tmp_path)
    assert pgserver.main(["check"]) == 1
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "apt install postgresql" in said[0]


@pytest.mark.postgres
async def test_a_database_server_that_goes_away_refuses_then_recovers() -> None:
    """PostgreSQL stopped under a running bot: writes and reads say the bot cannot save (the
    connections it kept are broken), nothing is half-written, and once the server is back
    the same store carries on."""
    server = PgServer.in_temporary_folder("bot-tests-pg-gone-").start(durable=False)
    try:
        url = server.create_database("gone")
        store = await Store.open(url)
        service = MatchService(store, clock=Clock())
        match = await start_match(service, side="black")
        server.stop()
        with pytest.raises(CannotSave, match=r"cannot be reached|connection to the database"):
            await service.play.move(by(ALICE), "11-15", match.id)
        with pytest.raises(CannotSave):
            await service.play.resign(by(BOB), match.id)
        server.resume()
        moved = await service.play.move(by(ALICE), "11-15", match.id)
        assert moved.match.ply == 1 and moved.match.active
        await store.close()
        assert await check_db(url) == (1, [])
    finally:
        server.destroy()


RESTARTS = ["fast", "immediate"]  # pg_ctl restart, and the server killed and started again


@pytest.mark.parametrize("mode", RESTARTS)
async def test_after_postgresql_restarts_the_same_store_carries_on(
    request: pytest.FixtureRequest, pg_server: PgServer, mode: str
) -> None:
    """The connections the store kept are closed by the restart: the next read and the next
    move go through on new ones, without a refusal (asyncpg found them closed)."""
    url = new_pg_database(request)
    store = await Store.open(url)
    try:
        service = MatchService(store, clock=Clock())
        match = await start_match(service, side="black")
        await service.play.move(by(ALICE), "11-15", match.id)
        await asyncio.to_thread(pg_server.restart, mode)  # the bot's loop runs meanwhile
        assert (await service._shared.find.match(match.id)).ply == 1
        moved = await service.play.move(by(BOB), "22-18", match.id)
        assert moved.match.ply == 2
        await service.play.move(by(ALICE), "15x22", match.id)
    finally:
        await store.close()
    assert await check_db(url) == (1, [])


@pytest.mark.parametrize("mode", RESTARTS)
async def test_under_load_postgresql_restarts_and_moves_go_on(
    request: pytest.FixtureRequest, pg_server: PgServer, mode: str
) -> None:
    """Eight games played as fast as they go while the server restarts: moves meanwhile are
    refused as "cannot save" (nothing else), every game is acknowledged moves again after
    it, and each acknowledged move is stored once."""
    url = new_pg_database(request)
    store = await Store.open(url)
    service = MatchService(store, clock=Clock(), rng=random.Random(3))
    restarted = asyncio.Event()
    after: dict[int, int] = {}  # moves acknowledged after the restart, by player task
    acknowledged: list[tuple[int, int]] = []
    refusals: list[str] = []

    async def new_game(n: int) -> MatchView:
        """A game between this task's own two players (asked again until it is saved)."""
        asked = None
        while True:
            try:
                if asked is None:
                    asked = await service.challenges.challenge(
                        Actor(GUILD, CHANNEL + n, 1000 + n), "checkers", opponent_id=2000 + n
                    )
                return await service.challenges.accept(
                    Actor(GUILD, CHANNEL + n, 2000 + n), asked.id
                )
            except CannotSave as refused:
                refusals.append(refused.why)
                await asyncio.sleep(0.05)

    async def player(n: int) -> None:
        rng = random.Random(n)
        match = await new_game(n)
        while after.get(n, 0) < 10:
            user = match.user_to_move
            if user is None:
                match = await new_game(n)
                continue
            try:
                moves = await service.play.legal_moves(
                    Actor(GUILD, match.channel_id, user), match.id
                )
                move = rng.choice(moves) if moves else "?"  # none: the server is down
                moved = await service.play.move(
                    Actor(GUILD, match.channel_id, user), move, match.id
                )
            except CannotSave as refused:
                refusals.append(refused.why)
                await asyncio.sleep(0.05)
                continue
            except Refusal:  # "?" refused: look at the match again
                with contextlib.suppress(CannotSave):
                    match = await service._shared.find.match(match.id)
                continue
            match = moved.match
            acknowledged.append((match.id, match.ply))
            if restarted.is_set():
                after[n] = after.get(n, 0) + 1
            await asyncio.sleep(0)

    async def restart() -> None:
        while len(acknowledged) < 40:
            await asyncio.sleep(0.01)
        await asyncio.to_thread(pg_server.restart, mode)
        restarted.set()

    try:
        async with asyncio.timeout(120):  # a hang fails the test instead of the suite
            await asyncio.gather(restart(), *(player(n) for n in range(8)))
    finally:
        await store.close()
    assert set(refusals) <= {
        "the database server cannot be reached",
        "the database server is shutting down or restarting",
        "the connection to the database was lost",
    }
    assert after == dict.fromkeys(range(8), 10)
    assert (await check_db(url))[1] == []
    check = await Store.open(url, readonly=True)
    try:
        stored = {(r[0], r[1]) for r in await check.all("SELECT match_id, ply FROM moves")}
    finally:
        await check.close()
    assert set(acknowledged) <= stored and len(set(acknowledged)) == len(acknowledged)


async def test_processes_starting_together_identify_one_at_a_time_per_bucket(
    db_url: str,
) -> None:
    """Two processes reserve identifies at the same moment: each bucket's are spaced by
    IDENTIFY_SPACING whoever asked, and different buckets do not wait for each other."""
    stores = [await Store.open(db_url), await Store.open(db_url)]
    try:
        asked = [(stores[n % 2], bucket) for n in range(6) for bucket in (0, 1)]
        times = await asyncio.gather(*(reserve_identify(s, b, 1000.0) for s, b in asked))
    finally:
        for store in stores:
            await store.close()
    for bucket in (0, 1):
        mine = sorted(t for (_, b), t in zip(asked, times, strict=True) if b == bucket)
        assert mine == [1000.0 + n * IDENTIFY_SPACING for n in range(6)]

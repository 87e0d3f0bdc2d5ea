"""A PostgreSQL server restarted (`pg_ctl stop -m immediate`, or its postmaster SIGKILLed)
while the bot's loop is busy, as a console bot's is while it waits for its next line: the
store's kept connections are closed, and asyncpg has not been told yet. The first statement
after must not be refused: a kept connection idle a while (or once another was found lost)
is checked before use, and a statement that is safe to send again (a read, BEGIN, a guarded
write) is, once, on a new connection. Each test restarts a server of its own, so the
session's shared one is not disturbed."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.errors import CannotSave
from bot.service.match_service import MatchService
from bot.store import Row, Store, connection
from bot.store.checkdb import check_db
from bot.store.move_write import MoveWrite
from rules import get_game
from tests.faults import ROOT
from tests.pgserver import PgServer
from tests.servicekit import ALICE, BOB, Clock, by, start_match

pytestmark = [pytest.mark.postgres, pytest.mark.processes]

TEMPLATE = "restarts_template"
#: how the server goes down before it is started again
DOWN = ["immediate", "sigkill"]


@pytest.fixture(scope="module")
def own_server() -> Iterator[PgServer]:
    """A server of this module's own (restarted by its tests), with a migrated template."""
    server = PgServer.in_temporary_folder("bot-tests-pg-restarts-").start(durable=False)
    try:
        url = server.create_database(TEMPLATE)
        done = subprocess.run(
            [sys.executable, "-m", "bot", "migrate", "--db", url],
            cwd=ROOT, capture_output=True, text=True, check=False,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        yield server
    finally:
        server.destroy()


_numbers = iter(range(1_000_000))


@pytest.fixture(autouse=True)
def one_writer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The store keeps one connection for writes, so the write after a restart is on the
    very connection it closed (with eight, it could take one never opened yet)."""
    monkeypatch.setattr(connection, "WRITERS", 1)


def fresh_database(server: PgServer) -> str:
    return server.create_database(f"restart_{os.getpid()}_{next(_numbers)}", template=TEMPLATE)


def bring_down_and_up(server: PgServer, down: str) -> None:
    """The server goes down and comes back. Called without awaiting anything, this blocks
    the loop throughout, so no kept connection learns of it before it is next used."""
    if down == "sigkill":
        server.kill()
        server.resume_after_kill()
    else:
        server.restart(down)


async def kept(row: Row) -> Row:
    """A move's match row, as a game's end would give it back (its transaction's end)."""
    return row


@pytest.mark.parametrize("down", DOWN)
@pytest.mark.parametrize("first", ["read", "move", "transaction"])
async def test_the_first_statement_after_a_restart_unseen_is_resent_once(
    own_server: PgServer, monkeypatch: pytest.MonkeyPatch, down: str, first: str
) -> None:
    """No check before use (the connections were used a moment ago, as far as the store
    knows): the first read, the first guarded move, the first BEGIN fail on the closed
    connection ("connection was closed in the middle of operation") and are sent once more
    on a new one, where today they are refused as "cannot save"."""
    monkeypatch.setattr(connection, "CHECK_AFTER_IDLE", float("inf"), raising=False)
    url = fresh_database(own_server)
    store = await Store.open(url)
    clock = Clock()
    try:
        service = MatchService(store, clock=clock)
        match = await start_match(service, side="black")
        await service.play.move(by(ALICE), "11-15", match.id)
        # Bob's reply, decided beforehand (reads): what the service would write
        row = await service._shared.matches.get(match.id)
        assert row is not None
        trial = (await service._shared.records.record(row)).copy()
        trial.play("22-18")
        position = get_game("checkers").encode(trial.position)
        write = MoveWrite(match.id, 2, "22-18", BOB, clock(), position, None)
        bring_down_and_up(own_server, down)
        if first == "read":
            assert (await service._shared.find.match(match.id)).ply == 1
        elif first == "move":
            moved = await service._shared.matches.record_move(write)
            assert moved is not None and moved.row["ply"] == 2
        else:  # the last move of a game: its transaction goes on to end the match
            moved = await service._shared.matches.record_move(write, lambda db, row: kept(row))
            assert moved is not None and moved.row["ply"] == 2
        assert (await service._shared.find.match(match.id)).ply == 2 - (first == "read")
    finally:
        await store.close()
    assert await check_db(url) == (1, [])


@pytest.mark.parametrize("down", DOWN)
async def test_a_kept_connection_idle_a_while_is_checked_before_use(
    own_server: PgServer, monkeypatch: pytest.MonkeyPatch, down: str
) -> None:
    """A write that may not be sent twice (no guard) is never resent: it goes through after
    a restart because its connection, idle longer than CHECK_AFTER_IDLE, is checked first
    and replaced (today it is refused as "cannot save")."""
    monkeypatch.setattr(connection, "CHECK_AFTER_IDLE", 0.2, raising=False)
    url = fresh_database(own_server)
    store = await Store.open(url)
    try:
        await store.write_one("CREATE TABLE counted (n INTEGER)")
        await store.write_one("INSERT INTO counted VALUES (0)")
        started = time.monotonic()
        bring_down_and_up(own_server, down)
        time.sleep(max(0.0, started + 0.25 - time.monotonic()))  # idle long enough
        assert await store.write_one("UPDATE counted SET n = n + 1") == 1
        assert await store.ids("SELECT n FROM counted") == [1]
    finally:
        await store.close()


async def test_a_write_that_may_not_be_resent_is_refused_when_its_connection_is_lost(
    own_server: PgServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other side of it: with no check before use, an unguarded single write on a
    connection the restart closed is refused, never sent twice."""
    monkeypatch.setattr(connection, "CHECK_AFTER_IDLE", float("inf"), raising=False)
    url = fresh_database(own_server)
    store = await Store.open(url)
    try:
        await store.write_one("CREATE TABLE counted (n INTEGER)")
        await store.write_one("INSERT INTO counted VALUES (0)")
        bring_down_and_up(own_server, "immediate")
        with pytest.raises(CannotSave):
            await store.write_one("UPDATE counted SET n = n + 1")
        assert await store.ids("SELECT n FROM counted") == [0]
    finally:
        await store.close()


#: a console game across restarts: (the line, what the bot must answer)
CONSOLE = [
    ("alice: /challenge @bob checkers side:black", "[Accept] [Decline] [Cancel]"),
    ("bob: [Accept]", "[Offer draw] [Resign]"),
    ("#checkers-1 alice: /move 11-15", "@alice played 11-15."),
    ("restart", "immediate"),
    ("#checkers-1 bob: /move 22-18", "@bob played 22-18."),
    ("restart", "sigkill"),
    ("#checkers-1 alice: /move 15x22", "@alice played 15x22."),
    ("restart", "immediate"),
    ("#checkers-1 bob: /board", "@bob (White) to move"),
    ("#checkers-1 bob: /move 25x18", "@bob played 25x18."),
    ("restart", "sigkill"),
    ("alice: /games", "#1"),
    ("#checkers-1 alice: /move 9-14", "@alice played 9-14."),
]


async def test_a_console_bot_plays_on_across_restarts_and_a_killed_server(
    own_server: PgServer, tmp_path: Path
) -> None:
    """`python -m bot console` on PostgreSQL: its loop waits on its input while the server
    is stopped with `-m immediate` or its postmaster SIGKILLed, then started; every command
    after is answered, none with "cannot save"."""
    url = fresh_database(own_server)
    bot = subprocess.Popen(
        [sys.executable, "-m", "bot", "console", "--db", url, "--out", str(tmp_path)],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, bufsize=1, env={**os.environ, "WEB_PORT": ""},
    )  # fmt: skip
    assert bot.stdin is not None and bot.stdout is not None
    said: list[str] = []
    try:
        for line, answer in CONSOLE:
            if line == "restart":
                await asyncio.to_thread(bring_down_and_up, own_server, answer)
                continue
            bot.stdin.write(line + "\n")
            bot.stdin.flush()
            while True:
                out = await asyncio.wait_for(asyncio.to_thread(bot.stdout.readline), 60)
                assert out, f"the console ended: {bot.stderr.read() if bot.stderr else ''}"
                said.append(out.rstrip("\n"))
                assert "cannot save" not in out and "failed on our side" not in out, said
                if answer in out:
                    break
        bot.stdin.close()
        assert await asyncio.to_thread(bot.wait, 60) == 0
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.wait()
    assert await check_db(url) == (1, [])

"""Several processes, each serving a range of Discord shards, on one database: each sweeps,
announces and plays the computer only for its own servers, and together they do it all."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.__main__ import main
from bot.adapters.discord.gamebot import GameBot
from bot.app.app import App
from bot.app.config import Settings
from bot.runtime.shards import Shards
from bot.service import Actor
from bot.service.match_service import MatchService
from bot.store import Store
from tests.servicekit import Clock

ALICE, BOB = 100, 200
#: a server on shard 0 and one on shard 1 (of 2): the shard is (guild_id >> 22) % count
ON_ZERO, ON_ONE = (4 << 22) | 77, (5 << 22) | 77


def test_shard_ranges_are_read_and_checked() -> None:
    assert Shards.parse("0-3", 8).ids == frozenset({0, 1, 2, 3})
    assert Shards.parse("0, 2,5", 8).ids == frozenset({0, 2, 5})
    assert Shards.parse("1", 2).owns(ON_ONE) and not Shards.parse("1", 2).owns(ON_ZERO)
    for ids, count in (("x", 2), ("2", 2), ("1-", 2), ("", 2), ("0", 0)):
        with pytest.raises(ValueError):
            Shards.parse(ids, count)


async def test_each_process_sweeps_its_own_servers_only(db_path: Path, clock: Clock) -> None:
    store_a, store_b = await Store.open(db_path), await Store.open(db_path)
    zero = MatchService(store_a, clock=clock, shards=Shards.parse("0", 2))
    one = MatchService(store_b, clock=clock, shards=Shards.parse("1", 2))
    for guild in (ON_ZERO, ON_ONE):
        await zero.challenges.challenge(Actor(guild, 1, ALICE), "checkers", opponent_id=BOB)
        made = await zero.challenges.challenge(Actor(guild, 2, BOB), "the-crown", opponent_id=ALICE)
        await zero.challenges.accept(Actor(guild, 2, ALICE), made.id)
    assert await zero.deadlines.next_due() == await one.deadlines.next_due() is not None
    clock.now += 3 * 86400  # every challenge lapses, every game times out
    seen = {}
    for name, service in (("zero", zero), ("one", one)):
        events, failed = await service.deadlines.sweep()
        assert failed == 0
        guilds = {(e.challenge or e.match).guild_id for e in events}  # type: ignore[union-attr]
        seen[name] = (guilds, sorted(e.kind for e in events))
    assert seen["zero"] == ({ON_ZERO}, ["aborted", "expired"])
    assert seen["one"] == ({ON_ONE}, ["aborted", "expired"])
    assert await zero.deadlines.next_due() is None and await one.deadlines.next_due() is None
    await store_a.close()
    await store_b.close()


async def test_the_computer_resumes_only_its_own_servers_games(db_path: Path, clock: Clock) -> None:
    store = await Store.open(db_path)
    service = MatchService(store, clock=clock, shards=Shards.parse("0", 2))
    mine = await service.computer.start(Actor(ON_ZERO, 1, ALICE), 999, "checkers", side="white")
    await service.computer.start(Actor(ON_ONE, 1, ALICE), 999, "checkers", side="white")
    assert await service.computer.to_move() == [mine.id]
    await store.close()


async def test_the_discord_client_serves_the_settings_shards(tmp_path: Path) -> None:
    shards = Shards(frozenset({0, 1, 2, 3}), 8)
    app = await App.open(Settings(database_url=str(tmp_path / "bot.sqlite3"), shards=shards))
    try:
        client = GameBot(app)
        assert client.shard_ids == [0, 1, 2, 3] and client.shard_count == 8
    finally:
        await app.close()


def test_shards_from_settings_and_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    for key in ("SHARD_IDS", "SHARD_COUNT", "DISCORD_TOKEN"):
        monkeypatch.delenv(key, raising=False)
    (tmp_path / ".env").write_text("SHARD_IDS=0-3\nSHARD_COUNT=8\n")
    settings = Settings.load(tmp_path / ".env")
    assert settings.shards == Shards(frozenset({0, 1, 2, 3}), 8)
    (tmp_path / ".env").write_text("SHARD_IDS=0-3\n")
    assert main(["check-db"]) == 1
    assert capsys.readouterr().err.strip() == (
        "error: SHARD_IDS=0-3 (in .env) needs SHARD_COUNT and SHARD_IDS both"
    )
    (tmp_path / ".env").write_text("")
    assert main(["--shard-ids", "9", "--shard-count", "4", "check-db"]) == 1
    assert "error: --shard-ids 9: shard ids must be from 0 to 3" in capsys.readouterr().err

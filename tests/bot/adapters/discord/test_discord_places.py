"""Where the bot may act, and where it waits: a tournament only where its rounds can be
posted, the computer's board waiting only for the place its game is played in, and
/settings shown at first only to those who may manage the server."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from tests.discordkit import (
    ALICE,
    APP_ID,
    ATTACH_FILES,
    CAROL,
    CHANNEL_ID,
    CREATE_PUBLIC_THREADS,
    EVERYONE,
    MANAGE_GUILD,
    MOD,
    SEND_MESSAGES_IN_THREADS,
    DiscordHarness,
    one,
)
from tests.fakediscord import snowflake


@pytest.mark.parametrize(
    ("withheld", "named"),
    [
        (ATTACH_FILES, "Attach Files"),
        (CREATE_PUBLIC_THREADS, "Create Public Threads"),
        (SEND_MESSAGES_IN_THREADS, "Send Messages in Threads"),
    ],
)
async def test_a_tournament_is_not_created_where_its_rounds_cannot_be_posted(
    discord_bot: DiscordHarness, withheld: int, named: str
) -> None:
    bot = discord_bot
    bot.fake.bot_permissions[CHANNEL_ID] = int(EVERYONE) & ~withheld
    sent = await bot.command(MOD, "tournament", action="create", game="checkers", rounds=2)
    refusal = one(sent, "ephemeral")
    assert [s.kind for s in sent] == ["ephemeral"]
    assert f"I lack {named} in this channel" in refusal.text
    assert "A server admin can grant it to my role" in refusal.text
    service = bot.bot.dispatcher.service
    assert await service._shared.store.ids("SELECT id FROM tournaments") == []
    del bot.fake.bot_permissions[CHANNEL_ID]  # granted: the same command creates it
    made = one(
        await bot.command(MOD, "tournament", action="create", game="checkers", rounds=2), "reply"
    )
    assert made.labels == ["Join", "Leave", "Start"]


async def test_the_computers_reply_does_not_wait_for_the_parent_channel(
    discord_bot: DiscordHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game with a thread of its own: a command being answered in the channel the thread
    is in (held here until the end) does not hold the computer's board in the thread."""
    bot = discord_bot
    me = (APP_ID, "Boardgames", True)
    await bot.command(ALICE, "challenge", game="checkers", opponent=me, side="black", level=1)
    thread = (await bot.bot.dispatcher.service._shared.find.match(1)).thread_id
    assert thread is not None
    release = asyncio.Event()
    games = bot.bot.dispatcher.handlers["games"]

    async def held_games(*args: object, **kwargs: object) -> object:
        await release.wait()
        return await games(*args, **kwargs)

    monkeypatch.setitem(bot.bot.dispatcher.handlers, "games", held_games)
    before = len(bot.fake.sent)
    state = bot.bot._connection
    busy = {"id": str(snowflake()), "name": "games", "type": 1, "options": []}
    state.parse_interaction_create(bot.interaction(2, CAROL, CHANNEL_ID, busy))  # type: ignore[arg-type]
    move = {
        "id": str(snowflake()),
        "name": "move",
        "type": 1,
        "options": [{"name": "move", "type": 3, "value": "11-15"}],
    }
    state.parse_interaction_create(bot.interaction(2, ALICE, thread, move))  # type: ignore[arg-type]
    try:
        deadline = time.monotonic() + 30  # the computer thinks in a worker process
        while not any(f"<@{APP_ID}> played" in s.text for s in bot.fake.sent[before:]):
            assert time.monotonic() < deadline, "the computer's board waited for the channel"
            await asyncio.sleep(0.02)
        assert not release.is_set()  # /games in the channel is still being answered
    finally:
        release.set()
        await bot.settle()
    boards = [s for s in bot.fake.sent[before:] if s.channel_id == thread and s.files]
    assert ["played 11-15" in b.text for b in boards] == [True, False]  # in the moves' order
    # /games answered once let go, after the boards (deferred first if it was held past the
    # deferral's window, as on a loaded machine at 400 ms a request)
    listed = [s for s in bot.fake.sent[before:] if s.channel_id == CHANNEL_ID and s.text]
    assert [("#1 Checkers" in s.text) for s in listed] == [True], listed


async def test_settings_is_shown_at_first_to_server_managers_only(tmp_path: Path) -> None:
    """The command upload says who sees /settings by default (Manage Server); /tournament
    stays visible to everyone (joining and leaving are for all)."""
    run = DiscordHarness(tmp_path / "bot.sqlite3", sync_globally=True)
    await run.start()
    await run.stop()
    uploaded = {command["name"]: command for command in run.fake.commands[None]}
    assert str(uploaded["settings"]["default_member_permissions"]) == str(MANAGE_GUILD)
    assert uploaded["tournament"].get("default_member_permissions") is None
    assert uploaded["move"].get("default_member_permissions") is None

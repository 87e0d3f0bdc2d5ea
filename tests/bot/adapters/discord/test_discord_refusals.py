"""The bot on a Discord that says no: channel types without threads, locked threads, rate
limits, answers that come too late, size and upload limits. Each time the game goes on and the
players see it."""

from __future__ import annotations

import asyncio
import re

import pytest

from bot.adapters.replies import Message
from bot.service.sweeper import Sweeper
from tests.bot.adapters.discord.test_discord import start_game
from tests.discordkit import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL_ID,
    EVERYONE,
    SEND_MESSAGES,
    DiscordHarness,
    Sent,
    one,
)


def refused(bot: DiscordHarness) -> list[tuple[int, str, str]]:
    return [(c.status, c.method, c.path) for c in bot.fake.requests if c.status >= 400]


@pytest.mark.parametrize(
    ("kind", "parent"),
    [(2, None), (13, None), (11, 15)],
    ids=["voice channel chat", "stage channel chat", "forum post"],
)
async def test_a_game_where_threads_cannot_be_made_is_played_in_place(
    discord_bot: DiscordHarness, kind: int, parent: int | None
) -> None:
    bot = discord_bot
    parent_id = bot.add_channel(parent) if parent else None
    place = bot.add_channel(kind, parent_id=parent_id)
    challenge = one(
        await bot.command(ALICE, "challenge", place, game="checkers", opponent=BOB, side="black"),
        "reply",
    )
    started = await bot.click(BOB, challenge, "Accept")
    board = one(started, "post")
    assert board.channel_id == place and "(Black) to move" in board.text
    threads = [c.status for c in bot.fake.requests if c.path.endswith("/threads")]
    assert 200 not in threads  # Discord said no to a thread, or the bot did not ask
    match = await bot.bot.dispatcher.service._shared.find.match(1)
    assert match.thread_id is None and match.channel_id == place
    moved = one(await bot.command(ALICE, "move", place, move="11-15"), "reply")
    assert "played 11-15" in moved.text


async def test_a_locked_thread_moves_its_game_to_the_channel(discord_bot: DiscordHarness) -> None:
    bot = discord_bot
    _, thread = await start_game(bot)
    bot.fake.lock_thread(thread, archived=True)
    app = bot.bot.app
    assert app is not None
    async with app.store.transaction() as db:  # the reminder falls due
        await db.run("UPDATE matches SET deadline = deadline - 86000")
    before = len(bot.fake.sent)
    await Sweeper(app.service.deadlines, bot.bot.on_sweep).step()
    told = [s for s in bot.fake.sent[before:] if s.kind == "post"]
    assert [s.channel_id for s in told] == [CHANNEL_ID]
    assert "thread is gone" in told[0].text and "(Black) to move" in told[0].text
    assert (403, "POST", f"/channels/{thread}/messages") in refused(bot)
    assert (await app.service._shared.find.match(1)).thread_id is None
    moved = one(await bot.command(ALICE, "move", CHANNEL_ID, move="11-15"), "reply")
    assert "played 11-15" in moved.text


async def test_a_rate_limited_post_is_retried_and_arrives_once(discord_bot: DiscordHarness) -> None:
    bot = discord_bot
    _, thread = await start_game(bot)
    bot.fake.rate_limits.append((f"/channels/{thread}/messages", 0.05))
    sent = await bot.command(ALICE, "move", CHANNEL_ID, move="11-15", match=1)
    assert "board is in the game's thread" in one(sent, "ephemeral").text
    board = one(sent, "post")
    assert board.channel_id == thread and "played 11-15" in board.text
    posts = [c.status for c in bot.fake.requests if c.path == f"/channels/{thread}/messages"]
    assert posts[-2:] == [429, 200]  # discord.py waited retry_after and sent it again


async def test_an_answer_too_late_for_the_interaction_is_posted_instead(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    _, thread = await start_game(bot)
    data = {
        "id": "1",
        "name": "move",
        "type": 1,
        "options": [{"name": "move", "type": 3, "value": "11-15"}],
    }
    late = bot.interaction(2, ALICE, thread, data, age=4.0)  # it reached the bot after 3 s
    sent = await bot.dispatch(late)
    assert (404, "POST") in {(s, m) for s, m, _ in refused(bot)}  # Unknown interaction
    board = one(sent, "post")
    assert board.channel_id == thread and "played 11-15" in board.text
    assert (await bot.bot.dispatcher.service._shared.find.match(1)).ply == 1


async def test_a_follow_up_after_fifteen_minutes_is_posted_instead(
    discord_bot: DiscordHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = discord_bot
    _, thread = await start_game(bot)
    lookups = bot.bot.dispatcher.lookups
    history = lookups.history

    async def slow_history(*args: object, **kwargs: object) -> object:
        while not any(s.kind == "defer" for s in bot.fake.sent[asked:]):  # deferred meanwhile
            await asyncio.sleep(0.01)
        bot.fake.skew += 16 * 60  # the replay took longer than the token lives
        return await history(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setitem(bot.bot.dispatcher.handlers, "history", slow_history)
    asked = len(bot.fake.sent)
    sent = await bot.command(ALICE, "history", thread)
    assert [s.kind for s in sent][:1] == ["defer"]
    # the replay is posted in the channel; only removing "thinking…" needed the token
    assert {(s, m) for s, m, _ in refused(bot)} == {(401, "DELETE")}  # Invalid Webhook Token
    replay = one(sent, "post")
    assert replay.channel_id == thread and replay.files == ["checkers-1.pdn", "checkers-1.gif"]


async def test_history_fits_the_servers_upload_limit(discord_bot: DiscordHarness) -> None:
    bot = discord_bot
    _, thread = await start_game(bot)
    for user, move in [(ALICE, "11-15"), (BOB, "23-19"), (ALICE, "9-13"), (BOB, "22-18")]:
        await bot.command(user, "move", thread, move=move)
    bot.fake.upload_limit = 12_000  # each attachment (the request: 25 MiB)
    sent = await bot.command(ALICE, "history", thread)
    replay = [s for s in sent if s.files]
    assert len(replay) == 1 and replay[0].files == ["checkers-1.pdn", "checkers-1.gif"]
    sizes = [size for c in bot.fake.requests if c.files for _, size in c.files]
    assert max(sizes[-2:]) <= 12_000 and not refused(bot)
    bot.fake.upload_limit = 300  # no replay can fit: the moves alone
    moves_only = one(await bot.command(ALICE, "history", thread), "post")
    assert moves_only.files == ["checkers-1.pdn"] and "upload limit" in moves_only.text


async def test_long_messages_are_cut_to_discords_limits(discord_bot: DiscordHarness) -> None:
    bot = discord_bot
    channel = await bot.bot.posting.channel_for(CHANNEL_ID)
    long_text = Message("word " * 1000)
    long_embed = Message(
        "line\n" * 1500,
        title="T" * 300,
        fields=tuple((f"n{i}" * 100, "v" * 2000) for i in range(30)),
    )
    for message in (long_text, long_embed):
        await bot.bot.posting.send(channel, message)
    posted: list[Sent] = [s for s in bot.fake.sent if s.kind == "post"]
    assert len(posted) == 2 and not refused(bot)
    assert posted[0].content.endswith("…") and len(posted[0].content) == 2000


async def test_a_challenge_that_lapses_is_edited_in_place(discord_bot: DiscordHarness) -> None:
    bot = discord_bot
    challenge = one(await bot.command(ALICE, "challenge", game="checkers", opponent=BOB), "reply")
    # each reader sees the moment in their zone and language, and 'in 15 minutes'
    assert re.search(r"lapses <t:(\d+):f> \(<t:\1:R>\)", challenge.text)
    app = bot.bot.app
    assert app is not None
    async with app.store.transaction() as db:
        await db.run("UPDATE challenges SET expires_at = expires_at - 3600")
    before = len(bot.fake.sent)
    await Sweeper(app.service.deadlines, bot.bot.on_sweep).step()
    (edited,) = bot.fake.sent[before:]
    assert edited.kind == "edit" and edited.message_id == challenge.message_id
    assert "lapsed unanswered" in edited.text and edited.labels == []


async def test_only_the_latest_board_keeps_its_buttons(discord_bot: DiscordHarness) -> None:
    bot = discord_bot
    first, thread = await start_game(bot)
    assert re.search(r"Time runs out <t:(\d+):f> \(<t:\1:R>\)", first.text)
    sent = await bot.command(ALICE, "move", thread, move="11-15")
    board, retired = one(sent, "reply"), one(sent, "edit")
    assert retired.message_id == first.message_id and retired.labels == []
    assert board.labels == ["Move", "Offer draw", "Take back", "Resign"]
    sent = await bot.command(BOB, "move", thread, move="23-19")
    assert one(sent, "edit").message_id == board.message_id


async def test_a_rematch_taken_up_edits_the_first_request(discord_bot: DiscordHarness) -> None:
    bot = discord_bot
    _, thread = await start_game(bot)
    await bot.command(ALICE, "move", thread, move="11-15")
    await bot.command(BOB, "move", thread, move="23-19")
    resigned = await bot.click(
        BOB, one(await bot.command(BOB, "resign", thread), "ephemeral"), "Yes, resign"
    )
    assert one(resigned, "post").labels == ["Rematch", "Analyse"]
    asked = one(await bot.command(ALICE, "rematch", thread), "reply")
    assert asked.labels == ["Accept", "Decline", "Cancel"]
    sent = await bot.command(BOB, "rematch", thread)
    edited = [s for s in sent if s.kind == "edit" and s.message_id == asked.message_id]
    assert len(edited) == 1 and "has started" in edited[0].text and edited[0].labels == []
    assert any(s.kind == "post" and "Rematch!" in s.text for s in sent)


async def test_an_edit_refused_in_an_archived_thread_is_posted_anew(
    discord_bot: DiscordHarness,
) -> None:
    """Discord answers an edit in an archived thread with 400 and code 50083: the bot reads
    the code, not the status, and posts the news as a new message (which unarchives it)."""
    bot = discord_bot
    _, thread = await start_game(bot)
    await bot.command(ALICE, "move", thread, move="11-15")
    await bot.command(BOB, "move", thread, move="23-19")
    await bot.click(BOB, one(await bot.command(BOB, "resign", thread), "ephemeral"), "Yes, resign")
    asked = one(await bot.command(ALICE, "rematch", thread), "reply")
    bot.fake.skew += 7 * 86400 + 60  # a week without a message: the thread archives itself
    sent = await bot.command(BOB, "rematch", thread)
    assert (400, "PATCH", f"/channels/{thread}/messages/{asked.message_id}") in refused(bot)
    assert not any("Sorry" in s.text for s in sent)
    anew = [s for s in sent if s.kind in ("post", "reply") and "has started" in s.text]
    assert len(anew) == 1 and anew[0].channel_id == thread
    assert any(s.kind == "post" and "Rematch!" in s.text for s in sent)


@pytest.mark.processes
async def test_the_three_seconds_count_from_when_the_interaction_was_made(
    discord_bot: DiscordHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The gateway delivered the command 2.2 s after it was made and the handler takes a
    second: the bot defers at once (a timer started at the callback would answer at 3.2 s,
    which Discord refuses), then answers."""
    bot = discord_bot
    games = bot.bot.dispatcher.handlers["games"]

    async def slow_games(*args: object, **kwargs: object) -> object:
        await asyncio.sleep(1.0)
        return await games(*args, **kwargs)

    monkeypatch.setitem(bot.bot.dispatcher.handlers, "games", slow_games)
    data = {"id": "1", "name": "games", "type": 1, "options": []}
    sent = await bot.dispatch(bot.interaction(2, ALICE, CHANNEL_ID, data, age=2.2))
    assert [s.kind for s in sent] == ["defer", "post", "delete"] and not refused(bot)


async def test_an_answer_is_recorded_as_sent_not_fetched_again(discord_bot: DiscordHarness) -> None:
    """The message an answer made comes back with it: the bot does not ask for it again
    (a failed fetch used to post the challenge a second time, both with live buttons)."""
    bot = discord_bot
    sent = await bot.command(ALICE, "challenge", game="checkers", opponent=BOB)
    assert [s.kind for s in sent] == ["reply"]
    assert not [c for c in bot.fake.requests if c.method == "GET" and "@original" in c.path]
    with_buttons = [s for s in bot.fake.sent if "Accept" in s.labels]
    assert len(with_buttons) == 1


async def test_a_slow_public_answer_where_the_bot_may_not_post_is_shown_privately(
    discord_bot: DiscordHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = discord_bot
    monkeypatch.setattr("bot.adapters.discord.gamebot.DEFER_MARGIN", 3.0)  # deferred at once
    bot.fake.bot_permissions[CHANNEL_ID] = int(EVERYONE) & ~SEND_MESSAGES
    sent = await bot.command(CAROL, "games", CHANNEL_ID)
    assert [s.kind for s in sent] == ["defer", "edit"]
    assert "No game is in progress" in sent[1].text and sent[1].payload["flags"] & 64

"""The bot when the network fails on the way to Discord (aiohttp's errors and timeouts are
not Discord's refusals): what was saved stays saved and is said so, what was not posted is
posted another way or again, and nobody is told "Nothing was changed" about a change."""

from __future__ import annotations

import pytest

from tests.bot.adapters.discord.test_discord import start_game
from tests.discordkit import ALICE, BOB, CHANNEL_ID, DiscordHarness, Sent, one

NOTHING_CHANGED = "Nothing was changed"


@pytest.fixture
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.adapters.discord.posting.RETRY_PAUSES", (0.01, 0.01), raising=False)


def apologies(sent: list[Sent]) -> list[str]:
    return [s.text for s in sent if "Sorry" in s.text]


@pytest.mark.parametrize("kind", ["refused", "disconnected", "timeout"])
async def test_an_accept_whose_thread_is_lost_to_the_network_is_played_in_its_channel(
    discord_bot: DiscordHarness, kind: str
) -> None:
    """The thread's creation never reached Discord: the game is played in its channel. It
    reached Discord and the answer was lost: the thread Discord made is found and used."""
    bot = discord_bot
    challenge = one(
        await bot.command(ALICE, "challenge", game="checkers", opponent=BOB, side="black"),
        "reply",
    )
    bot.fake.fail(kind, path="/threads")
    started = await bot.click(BOB, challenge, "Accept")
    assert apologies(started) == []
    assert "has started" in one(started, "edit").text
    board = one(started, "post")
    match = await bot.bot.dispatcher.service._shared.find.match(1)
    where = CHANNEL_ID if kind == "refused" else challenge.message_id  # the thread's id
    assert board.channel_id == where and "(Black) to move" in board.text
    assert match.ply == 0 and match.thread_id == (None if kind == "refused" else where)
    moved = one(await bot.command(ALICE, "move", where, move="11-15"), "reply")
    assert moved.channel_id == where and "played 11-15" in moved.text


@pytest.mark.parametrize("kind", ["refused", "timeout"])
async def test_an_old_board_whose_buttons_cannot_be_removed_keeps_them_and_the_move_is_shown(
    discord_bot: DiscordHarness, kind: str
) -> None:
    bot = discord_bot
    first, thread = await start_game(bot)
    bot.fake.fail(kind, path=f"/channels/{thread}/messages/{first.message_id}")
    sent = await bot.command(ALICE, "move", thread, move="11-15")
    assert apologies(sent) == [] and not [s for s in sent if s.kind in ("ephemeral", "followup")]
    board = one(sent, "reply")
    assert "played 11-15" in board.text and board.labels
    if kind == "refused":  # the edit never reached Discord: the old board keeps its buttons
        assert [s.kind for s in sent] == ["reply"]
        assert bot.fake.messages[first.message_id]["components"]
    assert (await bot.bot.dispatcher.service._shared.find.match(1)).ply == 1


@pytest.mark.usefixtures("quick_retries")
async def test_a_board_post_lost_to_the_network_is_posted_again_once(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    _, thread = await start_game(bot)
    bot.fake.fail("refused", path=f"/channels/{thread}/messages")  # the board's post
    sent = await bot.command(ALICE, "move", CHANNEL_ID, move="11-15", match=1)
    assert apologies(sent) == []
    assert "board is in the game's thread" in one(sent, "ephemeral").text
    board = one(sent, "post")
    assert board.channel_id == thread and "played 11-15" in board.text
    posts = [c.status for c in bot.fake.requests if c.path == f"/channels/{thread}/messages"]
    assert posts[-2:] == [0, 200]  # the first never reached Discord, the second did


@pytest.mark.usefixtures("quick_retries")
@pytest.mark.parametrize("kind", ["disconnected", "timeout"])
async def test_a_board_posted_whose_answer_was_lost_shows_once(
    discord_bot: DiscordHarness, kind: str
) -> None:
    """Discord made the post and the answer was lost: the post tried again carries the
    same nonce (enforce_nonce), so Discord answers with the first, and the board shows once."""
    bot = discord_bot
    _, thread = await start_game(bot)
    bot.fake.fail(kind, path=f"/channels/{thread}/messages")
    sent = await bot.command(ALICE, "move", CHANNEL_ID, move="11-15", match=1)
    assert apologies(sent) == []
    boards = [s for s in sent if s.kind == "post" and "played 11-15" in s.text]
    assert len(boards) == 1 and boards[0].channel_id == thread


@pytest.mark.usefixtures("quick_retries")
async def test_a_board_that_cannot_be_posted_at_all_says_the_move_was_saved(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    _, thread = await start_game(bot)
    for _ in range(3):  # the post and both of its retries
        bot.fake.fail("refused", path=f"/channels/{thread}/messages")
    sent = await bot.command(ALICE, "move", CHANNEL_ID, move="11-15", match=1)
    assert not [s for s in sent if s.kind == "post"]
    (sorry,) = apologies(sent)
    assert "is saved" in sorry and "no need to do it again" in sorry
    assert NOTHING_CHANGED not in sorry
    assert (await bot.bot.dispatcher.service._shared.find.match(1)).ply == 1
    board = one(await bot.command(ALICE, "board", thread), "ephemeral")
    assert "Last move: 1. 11-15." in board.text

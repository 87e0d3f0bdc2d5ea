"""Where the bot may only answer (a DM between two people, here): its replies are the
interactions' responses and follow-ups, a match's news follows its latest interaction while
that token takes follow-ups (five at most, within its 15 minutes), then goes by DM; nothing
is ever asked of the place's channel."""

from __future__ import annotations

import time

import pytest

from bot.adapters.replies import Message
from tests.discordkit import ALICE, APP_ID, BOB, DiscordHarness, Sent, one

#: the bot itself, as a /challenge opponent
ME = (APP_ID, "Boardgames", True)


def nothing_refused(bot: DiscordHarness, place: int, *, but: int = 0) -> None:
    """No request to the place's channel, and none refused (a 6th follow-up among them)
    but `but` DMs to closed DMs."""
    touched = [f"{c.method} {c.path}" for c in bot.fake.requests if f"/channels/{place}" in c.path]
    assert touched == [], touched
    refused = [f"{c.method} {c.path} {c.status}" for c in bot.fake.requests if c.status >= 400]
    dms = [c for c in refused if c.startswith("POST /channels/") and c.endswith(" 403")]
    assert len(dms) == but and len(refused) == but, refused


def in_dms(bot: DiscordHarness, sent: list[Sent]) -> dict[int, list[str]]:
    """The texts among these posted in the bot's DMs with people, by person."""
    told: dict[int, list[str]] = {}
    for s in sent:
        channel = bot.fake.channels.get(s.channel_id, {})
        if s.kind == "post" and "dm_for" in channel:
            told.setdefault(channel["dm_for"], []).append(s.text)
    return told


async def a_game(bot: DiscordHarness, place: int) -> Sent:
    """Alice (Black) challenges Bob there, Bob accepts: the first board, a follow-up of his
    click (the challenge's message, its response, says the game started)."""
    challenge = one(
        await bot.command(ALICE, "challenge", place, game="checkers", opponent=BOB, side="black"),
        "reply",
    )
    assert challenge.channel_id == place and challenge.labels == ["Accept", "Decline", "Cancel"]
    accepted = await bot.click(BOB, challenge, "Accept")
    # the challenger, whose move it is, is told by DM: they may have gone
    assert [s.kind for s in accepted] == ["defer", "edit", "followup", "post"], accepted
    told = accepted[-1]
    assert bot.fake.channels[told.channel_id]["dm_for"] == ALICE[0], told
    assert "Your move in **Checkers #1**" in told.text and "accepted" in told.text
    board = accepted[-2]
    assert board.files and board.labels[0] == "Move" and board.channel_id == place
    return board


@pytest.fixture
async def in_a_dm(discord_bot: DiscordHarness) -> tuple[DiscordHarness, int]:
    """A game of Alice's and Bob's in their DM, begun: the harness, and the DM."""
    place = discord_bot.open_place("dm", ALICE, BOB)
    await a_game(discord_bot, place)
    return discord_bot, place


async def test_a_game_in_a_dm_is_played_in_answers(in_a_dm: tuple[DiscordHarness, int]) -> None:
    bot, place = in_a_dm
    # by /move: the response is the new board, with its buttons; Bob is told by DM
    sent = await bot.command(ALICE, "move", place, move="11-15")
    moved = one(sent, "reply")
    assert "played 11-15" in moved.text and moved.files and moved.labels[0] == "Move"
    assert list(in_dms(bot, sent)) == [BOB[0]]  # his turn notice (every turn, in answers)
    # by the picker: the list is Bob's alone, the board he plays follows his choice
    picker = one(await bot.click(BOB, moved, "Move"), "ephemeral")
    chosen = await bot.choose(BOB, picker, "22-18")
    (board,) = [s for s in chosen if s.files and s.kind != "post"]  # (Alice's notice: a post)
    assert board.kind == "followup" and "played 22-18" in board.text and "Move" in board.labels
    # a refusal stays the asker's
    refused = one(await bot.command(BOB, "move", place, move="9-13"), "ephemeral")
    assert "turn" in refused.text
    nothing_refused(bot, place)


async def test_news_past_five_follow_ups_goes_by_dm(in_a_dm: tuple[DiscordHarness, int]) -> None:
    bot, place = in_a_dm
    one(await bot.command(ALICE, "move", place, move="11-15"), "reply")  # Bob to move
    token = list(bot.fake.interactions)[-1]
    before = len(bot.fake.sent)
    for n in range(7):
        await bot.bot.posting.post_in_match(1, (Message(f"news {n}"),))
    news = bot.fake.sent[before:]
    assert [s.text for s in news if s.kind == "followup"] == [f"news {n}" for n in range(5)]
    assert len(bot.fake.interactions[token].followups) == 5
    assert in_dms(bot, news) == {BOB[0]: ["news 5", "news 6"]}  # the one to move
    nothing_refused(bot, place)


async def test_once_the_token_lapsed_news_goes_by_dm(in_a_dm: tuple[DiscordHarness, int]) -> None:
    bot, place = in_a_dm
    one(await bot.command(ALICE, "move", place, move="11-15"), "reply")
    # 15 minutes on, for Discord and the bot: the move's token takes nothing more
    bot.fake.skew = 15 * 60.0
    bot.bot.posting.answers.clock = lambda: time.time() + 15 * 60.0
    before = len(bot.fake.sent)
    await bot.bot.posting.post_in_match(1, (Message("later news"),))
    assert in_dms(bot, bot.fake.sent[before:]) == {BOB[0]: ["later news"]}
    assert len(bot.fake.sent) == before + 1
    nothing_refused(bot, place)


async def test_closed_dms_are_said_in_the_answer_not_the_channel(
    in_a_dm: tuple[DiscordHarness, int],
) -> None:
    bot, place = in_a_dm
    bot.fake.closed_dms.add(BOB[0])
    sent = await bot.command(ALICE, "move", place, move="11-15")
    closed = [s for s in sent if "DMs are closed" in s.text]
    assert [s.kind for s in closed] == ["followup"] and closed[0].channel_id == place
    token = list(bot.fake.interactions)[-1]
    assert closed[0].message_id in bot.fake.interactions[token].followups
    assert await bot.bot.dispatcher.service.notices.rows.mode(BOB[0]) == "off"  # as chosen
    one(await bot.command(BOB, "move", place, move="22-18"), "reply")
    sent = await bot.command(ALICE, "move", place, move="15x22")
    assert not [s for s in sent if "DMs are closed" in s.text]  # said once: none tried
    nothing_refused(bot, place, but=1)  # Bob's DM, which said 50007


async def test_a_slow_answer_for_all_replaces_its_private_deferral(
    in_a_dm: tuple[DiscordHarness, int],
) -> None:
    bot, place = in_a_dm
    sent = await bot.command(BOB, "history", place)  # slow: deferred privately at once
    assert [s.kind for s in sent] == ["defer", "delete", "followup"], sent
    assert sent[-1].files and sent[-1].channel_id == place  # for both, not Bob's alone
    nothing_refused(bot, place)


async def test_where_external_apps_are_off_the_answers_are_private(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    place = bot.open_place("foreign", ALICE, BOB, external_apps=False)
    sent = await bot.command(ALICE, "challenge", place, game="checkers", opponent=ME)
    assert sent and {s.kind for s in sent} == {"ephemeral"}, sent  # Discord hides them
    assert any(s.files for s in sent)  # the game against the bot started all the same
    nothing_refused(bot, place)

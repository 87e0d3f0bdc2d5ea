"""Tournaments through the Discord adapter, offline: a whole Swiss and a whole round-robin,
each round announced in the event's channel, each game in a thread of its own whose board
pings its players (each once, and nobody else), the next round posted when the last game of
a round ends; a 128-player round within Discord's limits (2,000 characters and 100 pinged
users a message), and a 40-game round posted whole through rate limits and a network error,
each game's clock starting at its board."""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from collections.abc import AsyncIterator
from datetime import datetime
from pathlib import Path

import pytest

from bot.service import Actor
from bot.service.views import MatchView
from tests.discordkit import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL_ID,
    GUILD_ID,
    MOD,
    DiscordHarness,
    Sent,
    one,
)
from tests.fakeratelimits import RateLimits

DAVE = (555_555_555_555_555_555, "dave")
BY_ID = {who[0]: who for who in (ALICE, BOB, CAROL, DAVE)}
GAME = re.compile(r"#(\d+): <@(\d+)> vs <@(\d+)>")


async def _settled(bot: DiscordHarness) -> None:
    assert bot.bot.app is not None and bot.bot.app.director is not None
    await bot.bot.app.director.settle()
    await bot.settle()


def _announcement(sent: list[Sent], number: int) -> Sent:
    (found,) = [s for s in sent if s.kind == "post" and f"round {number} of" in s.text]
    return found


def _pinged(sent: list[Sent]) -> Counter[int]:
    """How many times each user was pinged by these messages (edits ping nobody)."""
    return Counter(user for s in sent if s.kind == "post" for user in s.may_ping)


async def _play(bot: DiscordHarness, players: list[tuple[int, str]], rounds: int) -> Sent:
    """Every round: its announcement checked, then each game's first player resigns it;
    returns the final post."""
    for number in range(1, rounds + 1):
        await _settled(bot)
        announcement = _announcement(bot.fake.sent, number)
        assert announcement.channel_id == CHANNEL_ID and announcement.may_ping == set()
        games = [(int(m[1]), int(m[2]), int(m[3])) for m in GAME.finditer(announcement.text)]
        round_players = {p for _, a, b in games for p in (a, b)}
        since = bot.fake.sent[bot.fake.sent.index(announcement) :]
        assert _pinged(since) == Counter(round_players)  # this round's players, each once
        threads = {s.channel_id for s in bot.fake.sent if "Tournament #1, round" in s.text}
        assert len(threads) >= len(games) and CHANNEL_ID not in threads
        for match, first, _ in games:
            thread = next(
                s.channel_id
                for s in bot.fake.sent
                if s.text.startswith(f"**Checkers #{match}**") and s.channel_id != CHANNEL_ID
            )
            question = [s for s in await bot.command(BY_ID[first], "resign", thread)]
            await bot.click(BY_ID[first], question[-1], "Yes, resign")
    await _settled(bot)
    (final,) = [s for s in bot.fake.sent if "is over: <@" in s.text]
    return final


async def test_a_whole_swiss_through_discord(discord_bot: DiscordHarness) -> None:
    bot = discord_bot
    made = await bot.command(MOD, "tournament", action="create", game="checkers", rounds=2)
    (signup,) = [s for s in made if s.kind == "reply"]
    assert signup.labels == ["Join", "Leave", "Start"]
    players = [ALICE, BOB, CAROL, DAVE]
    for who in players:
        await bot.click(who, signup, "Join")
    refused = await bot.click(ALICE, signup, "Join")
    assert "already in" in refused[-1].text
    started = await bot.click(MOD, signup, "Start")
    assert any("begins" in s.text for s in started)
    final = await _play(bot, players, 2)
    assert final.files and final.files[0].startswith("tournament-1-standings")


async def test_a_whole_round_robin_through_discord(discord_bot: DiscordHarness) -> None:
    bot = discord_bot
    made = await bot.command(
        MOD, "tournament", action="create", game="checkers", format="round-robin", rated="no"
    )
    (signup,) = [s for s in made if s.kind == "reply"]
    players = [ALICE, BOB, CAROL]
    for who in players:
        await bot.command(who, "tournament", action="join")
    not_mod = await bot.command(ALICE, "tournament", action="start")
    assert "Only" in not_mod[-1].text
    await bot.command(MOD, "tournament", action="start")
    final = await _play(bot, players, 3)
    assert "1st <@" in final.text and "3rd <@" in final.text
    assert signup.labels == ["Join", "Leave", "Start"]


# --- large rounds: Discord's limits, pacing, failures ---
#: the time per move of the large rounds' events
MOVE_SECONDS = 3600


@pytest.fixture
async def quick_bot(tmp_path: Path) -> AsyncIterator[DiscordHarness]:
    """The bot with its director's pauses short: boards posted back to back, a failed one
    tried again after 50 ms."""
    harness = await DiscordHarness(tmp_path / "bot.sqlite3").start()
    assert harness.bot.app is not None and harness.bot.app.director is not None
    harness.bot.app.director.pace, harness.bot.app.director.retry = 0.0, 0.05
    yield harness
    await harness.stop()


async def _round_of(bot: DiscordHarness, players: int) -> int:
    """A Swiss of `players` (signed up through the service: quick), started: its id."""
    assert bot.bot.app is not None
    events = bot.bot.app.service.tournaments
    organiser = Actor(GUILD_ID, CHANNEL_ID, MOD[0])
    event = await events.create(organiser, "checkers", "swiss", 3, MOVE_SECONDS, allowed=True)
    for n in range(players):
        await events.join(Actor(GUILD_ID, CHANNEL_ID, 700_000_000_000_000_000 + n), event.id)
    await events.start(organiser, event.id, moderator=True)
    return event.id


async def _all_posted(bot: DiscordHarness, event: int) -> None:
    """Wait until the director has posted every board of the event (retries included)."""
    assert bot.bot.app is not None and bot.bot.app.director is not None
    boards = bot.bot.app.service.tournaments.boards
    for _ in range(600):
        await _settled(bot)
        if not await boards.left(event):
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{await boards.left(event)} boards never posted")


async def _games(bot: DiscordHarness, event: int) -> list[MatchView]:
    assert bot.bot.app is not None
    service = bot.bot.app.service
    results = await service.tournaments.round_games(event, 1)
    ids = [r["match_id"] for r in await service.tournaments.rows.games(event)]
    assert len(ids) == len(results)
    return [await service.match(i) for i in ids if i is not None]


def _each_in_its_thread_from_its_board(bot: DiscordHarness, games: list[MatchView]) -> None:
    """Every game's board posted once, in a thread of its own (the match's), and its clock
    started when its board was posted, not before."""
    threads = set()
    for match in games:
        (board,) = [
            s
            for s in bot.fake.sent
            if s.kind == "post"
            and s.text.startswith(f"**Checkers #{match.id}**")
            and "has started" not in s.text  # its start, in the event's channel
        ]
        assert board.channel_id == match.thread_id and board.channel_id != CHANNEL_ID
        assert "Time runs out" in board.text  # the deadline its clock got as it was posted
        threads.add(board.channel_id)
        posted = datetime.fromisoformat(board.payload["timestamp"]).timestamp()
        assert match.deadline is not None
        assert posted - 0.5 <= match.deadline - MOVE_SECONDS <= posted + 5
    assert len(threads) == len(games)


@pytest.mark.slow  # 64 boards drawn and posted: 5 s, 30 s at 150 ms of latency
async def test_a_round_of_128_posts_every_game_within_discords_limits(
    quick_bot: DiscordHarness,
) -> None:
    """64 games: the announcement in several messages of at most 2,000 characters, none
    pinging anybody; each game's board in its thread pinging its two players: each of the
    128 pinged once; no message may ping more than 100 users."""
    bot = quick_bot
    event = await _round_of(bot, 128)
    await _all_posted(bot, event)
    games = await _games(bot, event)
    assert len(games) == 64
    posts = [s for s in bot.fake.sent if s.kind == "post"]
    assert all(len(s.content) <= 2000 and len(s.may_ping) <= 100 for s in posts)
    announced = [s for s in posts if "round 1" in s.text and s.channel_id == CHANNEL_ID]
    assert len(announced) >= 2 and all(s.may_ping == set() for s in announced)
    assert "boards are being posted one by one" in announced[0].text
    listed = {int(m[1]) for s in announced for m in GAME.finditer(s.text)}
    assert listed == {m.id for m in games}
    players = [p for m in games for p in m.players.values()]
    assert len(set(players)) == 128 and _pinged(bot.fake.sent) == Counter(players)
    _each_in_its_thread_from_its_board(bot, games)
    assert bot.bot.app is not None  # the sign-up post lists as many players as fit
    event_now = await bot.bot.app.service.tournaments.view(event)
    signup = await bot.bot.dispatcher.tournaments.signup_message(event_now)
    assert len(signup.text) <= 2000 and "more." in signup.text
    pairings = await bot.command(MOD, "tournament", action="pairings")
    assert len(pairings[-1].text) <= 2000 and "… and " in pairings[-1].text


@pytest.mark.slow  # 40 boards drawn and posted through limits and retries: 3 s
async def test_a_round_of_40_games_is_posted_whole_through_rate_limits_and_a_lost_network(
    quick_bot: DiscordHarness, caplog: pytest.LogCaptureFixture
) -> None:
    """429s on the channel's message route and the network down once, mid-round: each game
    that failed is posted again on its own; every game ends up posted, in its thread."""
    bot = quick_bot
    bot.fake.rate_limits = [(f"/channels/{CHANNEL_ID}/messages", 0.01)] * 12
    bot.fake.fail("refused", path="/threads", after=10)  # mid-round: the eleventh thread
    event = await _round_of(bot, 80)
    await _all_posted(bot, event)
    assert bot.fake.faults == [] and bot.fake.rate_limits == []  # all were met
    assert "could not post the board of match" in caplog.text  # and tried again
    games = await _games(bot, event)
    assert len(games) == 40
    _each_in_its_thread_from_its_board(bot, games)
    players = [p for m in games for p in m.players.values()]
    assert _pinged(bot.fake.sent) == Counter(players)


@pytest.mark.slow  # 40 boards drawn and posted through limits and retries: 3 s
async def test_a_round_under_discords_own_limits_with_answers_lost_posts_each_game_once(
    quick_bot: DiscordHarness,
) -> None:
    """Discord's limits as a busy channel meets them (5 posts per 5 s, threads slower and now
    and then held back, here at a fiftieth of the time), and two answers lost after Discord
    acted: a game's start post and a thread's creation. The tries again find what was made
    (the post by its nonce, the thread by the post's id): every game once, in its thread."""
    bot = quick_bot
    bot.fake.limits = RateLimits.discord_like(scale=0.02, seed=3)
    bot.fake.fail("timeout", path=f"/channels/{CHANNEL_ID}/messages", after=12)
    bot.fake.fail("disconnected", path="/threads", after=8)
    event = await _round_of(bot, 40)
    await _all_posted(bot, event)
    assert bot.fake.faults == [] and bot.fake.limits.too_many > 0
    games = await _games(bot, event)
    _each_in_its_thread_from_its_board(bot, games)
    starts = Counter(
        s.text.split("**")[1] for s in bot.fake.sent if s.kind == "post" and "has started" in s.text
    )
    assert len(starts) == 20 and set(starts.values()) == {1}


@pytest.mark.slow  # 40 boards drawn and posted through limits and retries: 3 s
async def test_a_rounds_announcement_that_fails_is_posted_later_once_before_its_boards(
    quick_bot: DiscordHarness,
) -> None:
    """A round of 80 players: its announcement takes two posts, and the answer to the
    second is lost on the way (Discord made it): the news is tried again, neither post made
    twice, and then come the boards."""
    bot = quick_bot
    bot.fake.fail("disconnected", path=f"/channels/{CHANNEL_ID}/messages", after=1)
    event = await _round_of(bot, 80)
    await _all_posted(bot, event)
    posts = [s for s in bot.fake.sent if s.kind == "post" and s.channel_id == CHANNEL_ID]
    news = [n for n, s in enumerate(posts) if s.text.startswith("**Tournament #1**, round 1")]
    assert len(news) == len({posts[n].text for n in news}) >= 2  # each part once
    first_board = min(n for n, s in enumerate(posts) if "has started" in s.text)
    assert max(news) < first_board  # the boards came after the whole announcement
    assert len(await _games(bot, event)) == 40


# --- games ended by a withdrawal or a cancellation ---
def _board_of(bot: DiscordHarness, round_number: int) -> Sent:
    (board,) = [
        s for s in bot.fake.sent if s.kind == "post" and f"round {round_number}. " in s.text
    ]
    return board


def _ended_there(sent: list[Sent], board: Sent) -> Sent:
    """The post that ends a game in its thread, its last board's buttons retired by it."""
    (over,) = [s for s in sent if s.kind == "post" and s.channel_id == board.channel_id]
    assert "Game over" in over.text and "Resign" not in over.labels
    (retired,) = [s for s in sent if s.kind == "edit" and s.message_id == board.message_id]
    assert retired.labels == [] and "Resign" in board.labels
    return over


async def test_a_withdrawal_and_a_cancellation_end_their_games_where_they_are_played(
    discord_bot: DiscordHarness,
) -> None:
    """Before: the games ended unseen (no post in their threads, their boards' buttons
    live) and the withdrawal's answer was garbled."""
    bot = discord_bot
    made = await bot.command(MOD, "tournament", action="create", game="checkers", rounds=2)
    signup = one(made, "reply")
    for who in (ALICE, BOB, CAROL):
        await bot.command(who, "tournament", action="join")
    await bot.command(MOD, "tournament", action="start")
    await _settled(bot)
    board = _board_of(bot, 1)
    (match,) = await _games(bot, 1)
    leaver, stayer = match.players.values()
    sent = await bot.command(BY_ID[leaver], "tournament", action="leave")
    assert one(sent, "ephemeral").text == (
        "You have withdrawn from tournament #1: your games played stand, and you are paired "
        f"no more. Your game in progress, Checkers #{match.id}, is lost."
    )
    over = _ended_there(sent, board)
    assert over.text.startswith(f"**Checkers #{match.id}** — <@{leaver}> withdrew from")
    assert f"<@{stayer}> (White) won" in over.text
    await _settled(bot)  # the round is over: the two left play round 2
    board = _board_of(bot, 2)
    sent = await bot.command(MOD, "tournament", action="cancel")
    assert "is cancelled; its games in progress are called off" in one(sent, "reply").text
    over = _ended_there(sent, board)
    assert "Tournament #1 is cancelled: this game counts for neither player." in over.text
    (edited,) = [s for s in sent if s.kind == "edit" and s.message_id == signup.message_id]
    assert "cancelled" in edited.text and edited.labels == []  # its Join button gone too

"""Tournaments through the Discord adapter, offline: a whole Swiss and a whole round-robin,
each round announced in the event's channel (pinging only its players), each game in a
thread of its own, the next round posted when the last game of a round ends."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.discordkit import CHANNEL_ID, DiscordHarness, Sent

MOD = (444_444_444_444_444_444, "mod")
ALICE = (111_111_111_111_111_111, "alice")
BOB = (222_222_222_222_222_222, "bob")
CAROL = (333_333_333_333_333_333, "carol")
DAVE = (555_555_555_555_555_555, "dave")
BY_ID = {who[0]: who for who in (ALICE, BOB, CAROL, DAVE)}
GAME = re.compile(r"#(\d+): <@(\d+)> vs <@(\d+)>")


@pytest.fixture
async def discord_bot(tmp_path: Path) -> AsyncIterator[DiscordHarness]:
    harness = await DiscordHarness(tmp_path / "bot.sqlite3").start()
    harness.moderators.add(MOD[0])
    yield harness
    await harness.stop()


async def _settled(bot: DiscordHarness) -> None:
    assert bot.bot.app is not None and bot.bot.app.director is not None
    await bot.bot.app.director.settle()
    await bot.settle()


def _announcement(sent: list[Sent], number: int) -> Sent:
    (found,) = [s for s in sent if s.kind == "post" and f"round {number} of" in s.text]
    return found


async def _play(bot: DiscordHarness, players: list[tuple[int, str]], rounds: int) -> Sent:
    """Every round: its announcement checked, then each game's first player resigns it;
    returns the final post."""
    for number in range(1, rounds + 1):
        before = len(bot.fake.sent)
        await _settled(bot)
        sent = bot.fake.sent[before - 40 if before > 40 else 0 :]
        announcement = _announcement(sent, number)
        assert announcement.channel_id == CHANNEL_ID
        games = [(int(m[1]), int(m[2]), int(m[3])) for m in GAME.finditer(announcement.text)]
        round_players = {p for _, a, b in games for p in (a, b)}
        assert announcement.may_ping == round_players  # only this round's players
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

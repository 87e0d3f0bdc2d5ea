"""Checkers as its players play it, through Discord: a ballot pair accepted with one click
starts two games, each posted with a thread of its own; a free-jump game, its house rule on
every board, a capture left."""

from __future__ import annotations

from bot.service import MatchService
from rules import GameRecord, get_game
from tests.discordkit import ALICE, BOB, CHANNEL_ID, DiscordHarness, one

CHECKERS = get_game("checkers")


def service_of(bot: DiscordHarness) -> MatchService:
    assert bot.bot.app is not None
    return bot.bot.app.service


async def test_a_ballot_pair_starts_two_games_each_in_its_thread(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    service_of(bot)._shared.settings.rng.seed(3)  # the ballot drawn: a test fixes the dice
    challenge = one(
        await bot.command(
            ALICE, "challenge", game="checkers", opponent=BOB, side="black", opening="ballot"
        ),
        "reply",
    )
    assert "a ballot pair" in challenge.text
    started = await bot.click(BOB, challenge, "Accept")
    first, second = await service_of(bot).match(1), await service_of(bot).match(2)
    ballot = f"Ballot {first.ballot}: {CHECKERS.ballots[first.ballot or 0]}"
    assert "has started" in one(started, "edit").text
    posts = [s for s in started if s.kind == "post"]
    assert [(p.channel_id == CHANNEL_ID, p.text.split(" — ")[0]) for p in posts] == [
        (False, f"**Checkers #1** ({ballot}, game 1 of 2)"),
        (True, f"**Checkers #2** ({ballot}, game 2 of 2) has started: Black: <@{BOB[0]}>, "
               f"White: <@{ALICE[0]}>."),
        (False, f"**Checkers #2** ({ballot}, game 2 of 2)"),
    ]  # fmt: skip
    one_thread, two_thread = posts[0].channel_id, posts[2].channel_id
    assert one_thread != two_thread
    assert (first.thread_id, second.thread_id) == (one_thread, two_thread)
    opening = GameRecord.replay(CHECKERS, CHECKERS.ballots[first.ballot or 0].split())
    white = CHECKERS.format_move(CHECKERS.legal_moves(opening.position)[0])
    moved = one(await bot.command(BOB, "move", one_thread, move=white), "reply")
    assert f"played {white}." in moved.text and moved.channel_id == one_thread
    moved = one(await bot.command(ALICE, "move", two_thread, move=white), "reply")
    assert f"played {white}." in moved.text and moved.channel_id == two_thread
    question = one(await bot.command(BOB, "resign", one_thread), "ephemeral")
    final = one(await bot.click(BOB, question, "Yes, resign"), "post")
    assert final.text.startswith(
        f"**Checkers #1** ({ballot}, game 1 of 2 · match <@{ALICE[0]}> 1-0 <@{BOB[0]}>) — "
    )


async def test_a_free_jump_game_leaves_a_capture_and_says_so(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    challenge = one(
        await bot.command(
            ALICE, "challenge", game="checkers", opponent=BOB, side="black", captures="free"
        ),
        "reply",
    )
    assert "house rule: free jumps, unrated" in challenge.text
    board = one(await bot.click(BOB, challenge, "Accept"), "post")
    thread = board.channel_id
    for user, move in ((ALICE, "11-15"), (BOB, "22-18"), (ALICE, "12-16")):
        board = one(await bot.command(user, "move", thread, move=move), "reply")
        assert board.text.startswith("**Checkers #1** (house rule: free jumps, unrated) — ")
        assert f"played {move}." in board.text
    question = one(await bot.command(BOB, "resign", thread), "ephemeral")
    assert "it is unrated" in question.text
    final = one(await bot.click(BOB, question, "Yes, resign"), "post")
    assert final.text.startswith("**Checkers #1** (house rule: free jumps, unrated) — ")
    assert final.text.endswith(f"Game over. <@{ALICE[0]}> (Black) won.")

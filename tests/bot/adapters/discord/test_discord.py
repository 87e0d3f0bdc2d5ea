"""The Discord adapter, offline, through discord.py's own command tree and view store."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.adapters.commands.registry import BY_NAME
from bot.adapters.discord.parts import SLASH_COMMANDS
from bot.service import Actor
from bot.service.sweeper import Sweeper
from bot.service.views import SweepEvent, SweepKind
from tests.discordkit import (
    ALICE,
    APP_ID,
    ATTACH_FILES,
    BOB,
    CAROL,
    CHANNEL_ID,
    CREATE_PUBLIC_THREADS,
    EVERYONE,
    GUILD_ID,
    SEND_MESSAGES_IN_THREADS,
    DiscordHarness,
    Sent,
    one,
)


async def start_game(bot: DiscordHarness) -> tuple[Sent, int]:
    """Alice (Black) challenges Bob; Bob accepts. Returns the first board post and its thread."""
    challenge = one(
        await bot.command(ALICE, "challenge", game="checkers", opponent=BOB, side="black"), "reply"
    )
    assert challenge.files == ["checkers-start.png"]
    assert challenge.labels == ["Accept", "Decline", "Cancel"]
    started = await bot.click(BOB, challenge, "Accept")
    assert "has started" in one(started, "edit").text
    board = one(started, "post")
    assert board.channel_id != CHANNEL_ID  # posted in the new thread
    return board, board.channel_id


async def resign(bot: DiscordHarness, user: tuple[int, str], channel: int) -> list[Sent]:
    """/resign, then the confirming button of the private question."""
    question = one(await bot.command(user, "resign", channel), "ephemeral")
    return await bot.click(user, question, "Yes, resign")


async def test_a_whole_game_through_discord(discord_bot: DiscordHarness) -> None:
    bot = discord_bot
    board, thread = await start_game(bot)
    assert "<@111111111111111111> (Black) to move" in board.text
    assert board.labels == ["Move", "Offer draw", "Resign"] and board.files == ["checkers-1-0.png"]

    moved = one(await bot.command(ALICE, "move", thread, move="11-15"), "reply")
    assert "played 11-15" in moved.text and moved.files == ["checkers-1-1.png"]
    assert "<@222222222222222222> (White) to move" in moved.text

    late = one(await bot.command(ALICE, "move", thread, move="12-16"), "ephemeral")
    assert "not your turn" in late.text
    wrong = one(await bot.command(BOB, "move", thread, move="22-17x"), "ephemeral")
    assert "not a checkers move" in wrong.text
    illegal = one(await bot.command(BOB, "move", thread, move="21-18"), "ephemeral")
    assert "is not legal" in illegal.text

    assert await bot.autocomplete(BOB, "move", "move", "", thread) == [
        "21-17",
        "22-17",
        "22-18",
        "23-18",
        "23-19",
        "24-19",
        "24-20",
    ]
    assert await bot.autocomplete(BOB, "move", "move", "23", thread) == ["23-18", "23-19"]
    assert await bot.autocomplete(ALICE, "move", "move", "", thread) == []  # not her turn

    # from the channel, the board goes to the thread and the mover gets a private note
    sent = await bot.command(BOB, "move", CHANNEL_ID, move="22-18")
    assert "The board is in the game's thread" in one(sent, "ephemeral").text
    assert one(sent, "post").channel_id == thread

    spectator = one(await bot.command(CAROL, "board", CHANNEL_ID), "ephemeral")  # only hers
    assert spectator.files and "Last move: 1… 22-18." in spectator.text

    offer = one(await bot.click(ALICE, moved, "Offer draw"), "post")
    assert offer.labels == ["Move", "Accept draw", "Decline draw", "Resign"]
    assert offer.text.count("offers a draw") == 1, offer.text
    not_yours = one(await bot.click(ALICE, offer, "Accept draw"), "ephemeral")
    assert "no draw offer from your opponent" in not_yours.text
    declined = one(await bot.click(BOB, offer, "Decline draw"), "post")
    assert "declined the draw" in declined.text

    question = one(await bot.click(BOB, declined, "Resign"), "ephemeral")
    assert question.text.startswith("Resign Checkers #1 against <@") and question.labels == [
        "Yes, resign"
    ]
    resigned = one(await bot.click(BOB, question, "Yes, resign"), "post")
    assert f"resigned. Game over. <@{ALICE[0]}> (Black) won." in resigned.text
    assert resigned.labels == ["Rematch", "Analyse"]

    rematch = one(await bot.click(BOB, resigned, "Rematch"), "post")
    assert rematch.labels == ["Accept", "Decline", "Cancel"] and "plays Black" in rematch.text

    board_text = one(await bot.command(CAROL, "leaderboard", game="checkers"), "reply").text
    assert "1. alice" in board_text and "2. bob" in board_text and "1-0-0" in board_text


async def test_challenge_buttons_refuse_the_wrong_people(discord_bot: DiscordHarness) -> None:
    challenge = one(
        await discord_bot.command(ALICE, "challenge", game="the-crown", opponent=BOB), "reply"
    )
    for user, label, words in (
        (CAROL, "Accept", "is for"),
        (CAROL, "Decline", "Only the challenged"),
        (BOB, "Cancel", "Only the player who made"),
        (ALICE, "Accept", "cannot accept your own"),
    ):
        assert words in one(await discord_bot.click(user, challenge, label), "ephemeral").text
    assert "withdrew" in one(await discord_bot.click(ALICE, challenge, "Cancel"), "edit").text


async def test_buttons_still_work_after_a_restart(tmp_path: Path) -> None:
    first = await DiscordHarness(tmp_path / "bot.sqlite3").start()
    challenge = one(
        await first.command(ALICE, "challenge", game="three-crowns", opponent=BOB), "reply"
    )
    await first.stop()
    # a fresh process, the same Discord
    second = await DiscordHarness(tmp_path / "bot.sqlite3", fake=first.fake).start()
    try:
        started = await second.click(BOB, challenge, "Accept")
        assert "3 Crowns #1** has started" in one(started, "edit").text
    finally:
        await second.stop()


async def test_history_rules_help_games_stats(discord_bot: DiscordHarness) -> None:
    bot = discord_bot
    _, thread = await start_game(bot)
    await bot.command(ALICE, "move", thread, move="11-15")
    asked = await bot.command(CAROL, "history", thread)
    # acknowledged at once, privately; the public answer is posted, the "thinking…" removed
    assert [s.kind for s in asked] == ["defer", "post", "delete"]
    assert asked[1].files == ["checkers-1.pdn", "checkers-1.gif"]
    assert asked[1].content.startswith("**Checkers #1**: 1 move. ")
    games = one(await bot.command(CAROL, "games", CHANNEL_ID), "reply")
    assert "#1 Checkers" in games.text and f"<#{thread}>" in games.text
    rules = one(await bot.command(CAROL, "rules", game="three-musketeers"), "ephemeral")
    assert "[house]" in rules.text and rules.files == ["three-musketeers-start.png"]
    assert "/challenge" in one(await bot.command(CAROL, "help"), "ephemeral").text
    await resign(bot, BOB, thread)
    stats = one(await bot.command(CAROL, "stats", user=ALICE), "reply")
    assert "Checkers" in str(stats.embeds) and "as Black 1-0-0" in str(stats.embeds)


async def test_abort_before_both_sides_moved(discord_bot: DiscordHarness) -> None:
    _, thread = await start_game(discord_bot)
    aborted = one(await discord_bot.command(BOB, "abort", thread), "reply")
    assert "aborted the game. Game over." in aborted.text and aborted.labels == []


def test_every_command_serialises_with_valid_names() -> None:
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    assert [c.name for c in SLASH_COMMANDS] == list(BY_NAME)
    for command in SLASH_COMMANDS:
        data = command.to_dict(tree)
        spec = BY_NAME[command.name]
        assert data["name"] == command.name and data["description"] == spec.help
        required = {o["name"]: o.get("required", False) for o in data.get("options", [])}
        assert required == {o.name: o.required for o in spec.options}
        for option in data.get("options", []):
            assert option["name"].islower() and 1 <= len(option["description"]) <= 100


async def test_sweeper_news_is_posted_in_the_match_thread(discord_bot: DiscordHarness) -> None:
    first_board, thread = await start_game(discord_bot)
    service = discord_bot.bot.dispatcher.service
    match = await service._shared.find.match(1)
    before = len(discord_bot.fake.sent)
    await discord_bot.bot.on_sweep(SweepEvent(SweepKind.REMINDER, match=match, seconds_left=3000))
    await discord_bot.bot.on_sweep(
        SweepEvent(
            SweepKind.TIMEOUT,
            match=await service.play.resign(
                Actor(match.guild_id, match.channel_id, BOB[0]), match.id
            ),
        )
    )
    reminder, timeout, retired = discord_bot.fake.sent[before:]
    assert reminder.channel_id == timeout.channel_id == thread
    # the final board replaces the first as the match's latest: the first loses its buttons
    assert retired.kind == "edit" and retired.message_id == first_board.message_id
    assert retired.labels == []
    assert "your move in Checkers #1: 50 minutes left" in reminder.text
    assert "Time is up." in timeout.text and timeout.files


async def test_an_unexpected_error_gets_a_private_apology(
    discord_bot: DiscordHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(discord_bot.bot.dispatcher.service.standings, "place", broken)
    sorry = one(await discord_bot.command(ALICE, "leaderboard", game="checkers"), "ephemeral")
    assert "something went wrong" in sorry.text


async def test_slow_answers_are_deferred_then_sent(
    discord_bot: DiscordHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.adapters.discord.gamebot.DEFER_MARGIN", 3.0)  # every handler slow
    challenge = await discord_bot.command(ALICE, "challenge", game="checkers", opponent=BOB)
    # deferred privately (the answer might have been a refusal), then posted in the channel
    assert [s.kind for s in challenge] == ["defer", "post", "delete"]
    assert challenge[1].labels == ["Accept", "Decline", "Cancel"]
    refused = await discord_bot.command(CAROL, "move", move="11-15")
    assert [s.kind for s in refused] == ["defer", "edit"]  # the private "thinking…" answers
    started = await discord_bot.click(BOB, challenge[1], "Accept")
    assert [s.kind for s in started] == ["defer", "edit", "post"]
    assert "has started" in started[1].text and started[2].files


async def test_only_the_player_to_move_and_the_challenged_are_pinged(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    challenge = one(
        await bot.command(ALICE, "challenge", game="checkers", opponent=BOB, side="black"), "reply"
    )
    assert challenge.may_ping == {BOB[0]}
    started = await bot.click(BOB, challenge, "Accept")
    first_board = one(started, "post")
    assert first_board.may_ping == {ALICE[0]}  # Black, Alice, is to move
    assert one(started, "edit").may_ping == set()
    thread = first_board.channel_id
    moved = one(await bot.command(ALICE, "move", thread, move="11-15"), "reply")
    assert moved.may_ping == {BOB[0]} and f"<@{BOB[0]}> (White) to move" in moved.text
    looks: list[tuple[str, dict[str, Any], str]] = [
        ("board", {}, "ephemeral"),
        ("games", {}, "reply"),
        ("stats", {"user": ALICE}, "reply"),
    ]
    for name, options, kind in looks:
        looked = one(await bot.command(CAROL, name, thread, **options), kind)
        assert looked.may_ping == set(), name  # spectators' replies ping nobody
    await resign(bot, BOB, thread)
    board = one(await bot.command(CAROL, "leaderboard", game="checkers"), "reply")
    assert board.may_ping == set() and "1. alice" in board.text


def test_the_harness_runs_on_the_discord_py_it_was_written_for() -> None:
    """tests/discordkit.py fakes discord.py's HTTP layer through its internals (the webhook
    adapter, HTTPClient.request): on another version its answers may no longer be Discord's."""
    written_for = "2.7.1"
    assert discord.__version__ == written_for, (
        f"discord.py {discord.__version__} is installed, but the offline Discord harness was "
        f"written for {written_for}: run `make test` (it installs the pinned test extras), or "
        "port tests/discordkit.py and change the pin in pyproject.toml's test extras"
    )


async def test_a_time_out_announced_while_the_network_is_down_arrives_after(
    discord_bot: DiscordHarness,
) -> None:
    _, thread = await start_game(discord_bot)
    await discord_bot.command(ALICE, "move", thread, move="11-15")
    app = discord_bot.bot.app
    assert app is not None
    async with app.store.transaction() as db:  # a day goes by
        await db.run("UPDATE matches SET deadline = deadline - 86400")
    sweeper = Sweeper(app.service.deadlines, discord_bot.bot.on_sweep, first_pause=0.01)
    before = len(discord_bot.fake.sent)
    discord_bot.fake.network_down = 2
    assert await sweeper.step() > 0 and await sweeper.step() > 0  # both posts fail: pauses
    assert discord_bot.fake.sent[before:] == []
    assert (await app.service._shared.find.match(1)).status == "finished"  # decided all the same
    await sweeper.step()  # the network is back
    timeout, retired = discord_bot.fake.sent[before:]  # the last board loses its buttons
    assert timeout.channel_id == thread and "Time is up." in timeout.text
    assert retired.kind == "edit" and retired.labels == []
    await sweeper.step()
    assert len(discord_bot.fake.sent) == before + 2  # posted once


async def test_bots_cannot_be_challenged_and_moderators_call_games_off(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    robot = (444_444_444_444_444_444, "robot", True)
    refused = one(
        await bot.command(ALICE, "challenge", game="checkers", opponent=robot), "ephemeral"
    )
    assert refused.text == f"<@{robot[0]}> is a bot account: challenge a person, or me."
    _, thread = await start_game(bot)
    await bot.command(ALICE, "move", thread, move="11-15")
    await bot.command(BOB, "move", thread, move="22-18")
    no = one(await bot.command(CAROL, "abort", thread), "ephemeral")
    assert "You are not playing in Checkers #1" in no.text
    bot.moderators.add(CAROL[0])
    called_off = one(await bot.command(CAROL, "abort", thread), "reply")
    assert f"<@{CAROL[0]}> aborted the game. Game over." in called_off.text


async def test_five_open_challenges_at_most(discord_bot: DiscordHarness) -> None:
    for _ in range(5):
        one(await discord_bot.command(ALICE, "challenge", game="checkers"), "reply")
    sixth = one(await discord_bot.command(ALICE, "challenge", game="checkers"), "ephemeral")
    assert sixth.text.startswith("You already have 5 open challenges")


async def test_match_numbers_are_suggested(discord_bot: DiscordHarness) -> None:
    bot = discord_bot
    empty = await bot.suggestions(CAROL, "board", "match", "", CHANNEL_ID)
    assert empty == [("You have no game in progress here: start one with /challenge", 0)]
    _, thread = await start_game(bot)
    assert await bot.suggestions(ALICE, "resign", "match", "", CHANNEL_ID) == [
        ("#1 Checkers, your move", 1)
    ]
    assert await bot.suggestions(BOB, "move", "match", "1", thread) == [
        ("#1 Checkers, their move", 1)
    ]
    assert await bot.suggestions(CAROL, "board", "match", "", CHANNEL_ID) == [
        ("#1 Checkers, move 1", 1)
    ]


async def test_a_rematch_from_the_old_thread_gets_a_thread_of_its_own(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    _, old_thread = await start_game(bot)
    await bot.command(ALICE, "move", old_thread, move="11-15")
    final = one(await resign(bot, BOB, old_thread), "post")
    asked = one(await bot.click(BOB, final, "Rematch"), "post")
    assert asked.channel_id == old_thread  # the challenge is answered where it was asked
    started = await bot.click(ALICE, asked, "Accept")
    starter, board = [s for s in started if s.kind == "post"]
    assert starter.channel_id == CHANNEL_ID  # a post in the parent channel to hang it on
    new_thread = board.channel_id
    assert new_thread not in (old_thread, CHANNEL_ID)
    assert bot.fake.channels[new_thread]["parent_id"] == str(CHANNEL_ID)
    assert "Checkers #2" in board.text
    assert (await bot.bot.dispatcher.service._shared.find.match(2)).thread_id == new_thread
    moved = one(await bot.command(BOB, "move", new_thread, move="11-15"), "reply")
    assert "Checkers #2" in moved.text


@pytest.mark.parametrize("told", [True, False])
async def test_a_deleted_thread_moves_its_game_to_the_channel(
    discord_bot: DiscordHarness, told: bool
) -> None:
    """Told by the gateway, or finding out when a post there gets 404, the bot moves the game
    to its channel and says so there, once."""
    bot = discord_bot
    _, thread = await start_game(bot)
    before = len(bot.fake.sent)
    await bot.delete_thread(thread, tell_the_bot=told)
    if not told:
        moved = await bot.command(ALICE, "move", CHANNEL_ID, move="11-15", match=1)
        assert "played 11-15" in one(moved, "ephemeral").text  # the move landed
    notices = [s for s in bot.fake.sent[before:] if "thread is gone" in s.text]
    assert len(notices) == 1 and notices[0].channel_id == CHANNEL_ID and notices[0].files
    assert (await bot.bot.dispatcher.service._shared.find.match(1)).thread_id is None
    player = BOB if not told else ALICE
    move = "22-18" if not told else "11-15"
    reply = one(await bot.command(player, "move", CHANNEL_ID, move=move), "reply")
    assert reply.channel_id == CHANNEL_ID and reply.files  # the board is now the reply here


async def test_no_game_is_started_where_the_bot_cannot_post_its_board(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    bot.fake.bot_permissions[CHANNEL_ID] = int(EVERYONE) & ~ATTACH_FILES
    refused = await bot.command(ALICE, "challenge", game="checkers", opponent=BOB)
    assert [s.kind for s in refused] == ["ephemeral"]
    assert refused[0].text.startswith("I can't start a game here: I lack Attach Files")
    assert await bot.bot.dispatcher.service._shared.store.all("SELECT * FROM challenges") == []
    # it may make the game's thread but not post in it: refused too, not a board lost
    bot.fake.bot_permissions[CHANNEL_ID] = int(EVERYONE) & ~SEND_MESSAGES_IN_THREADS
    refused = await bot.command(ALICE, "challenge", game="checkers", opponent=BOB)
    assert refused[0].text.startswith("I can't start a game here: I lack Send Messages in")
    assert await bot.bot.dispatcher.service._shared.store.all("SELECT * FROM challenges") == []


def test_a_server_s_own_commands_are_for_servers_that_install_the_bot() -> None:
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    uploads = {c.name: c.to_dict(tree) for c in SLASH_COMMANDS}
    ways = {
        name: (tuple(d["integration_types"]), tuple(d["contexts"])) for name, d in uploads.items()
    }
    assert ways["tournament"] == ways["settings"] == ((0,), (0,))
    assert ways["challenge"] == ways["move"] == ((0, 1), (0, 1, 2))


async def test_without_thread_permission_the_game_is_played_in_the_channel(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    bot.fake.bot_permissions[CHANNEL_ID] = int(EVERYONE) & ~CREATE_PUBLIC_THREADS
    challenge = one(
        await bot.command(ALICE, "challenge", game="checkers", opponent=BOB, side="black"), "reply"
    )
    started = await bot.click(BOB, challenge, "Accept")
    board = one(started, "post")
    assert board.channel_id == CHANNEL_ID and board.files  # Discord said 403: played in place
    assert (await bot.bot.dispatcher.service._shared.find.match(1)).thread_id is None
    moved = one(await bot.command(ALICE, "move", CHANNEL_ID, move="11-15"), "reply")
    assert moved.channel_id == CHANNEL_ID and "played 11-15" in moved.text


async def test_a_failure_while_answering_still_gets_an_apology(
    discord_bot: DiscordHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(discord_bot.bot, "show", broken)
    sorry = one(await discord_bot.command(CAROL, "help"), "ephemeral")
    assert "something went wrong" in sorry.text


async def test_challenging_the_bot_itself_plays_the_computer(discord_bot: DiscordHarness) -> None:
    bot = discord_bot
    me = (APP_ID, "Boardgames", True)
    sent = await bot.command(
        ALICE, "challenge", game="three-musketeers", opponent=me, side="musketeers", level=1
    )
    started = one(sent, "reply")
    assert "I play at level 1 of 5; the game is unrated." in started.text
    board = one(sent, "post")
    assert board.labels == ["Move", "Resign"]  # no draw offers: the computer plays on
    thread = board.channel_id
    sent = await bot.command(ALICE, "move", thread, move="c3xc4")
    await bot.settle()  # the computer thinks in a worker process, then posts its move
    answer = [s for s in bot.fake.sent if s.kind == "post" and f"<@{APP_ID}> played" in s.text]
    assert len(answer) == 1 and answer[0].channel_id == thread
    assert f"<@{ALICE[0]}> (the Musketeers) to move" in answer[0].text
    question = one(await bot.command(ALICE, "resign", thread), "ephemeral")
    assert "The game ends as a loss and it is unrated." in question.text


@pytest.mark.slow
@pytest.mark.parametrize("slow", [False, True])
async def test_a_game_against_the_computer_shows_its_start_then_each_move_in_its_thread(
    discord_bot: DiscordHarness, monkeypatch: pytest.MonkeyPatch, slow: bool
) -> None:
    """The computer moves first: its board comes after the game's first board, in the
    game's thread; slow (the answer deferred), the game still gets its thread, once."""
    bot = discord_bot
    if slow:
        monkeypatch.setattr("bot.adapters.discord.gamebot.DEFER_MARGIN", 3.0)
    hold_answers_until_the_computer_played(bot, monkeypatch, ply=1)
    me = (APP_ID, "Boardgames", True)
    sent = await bot.command(
        ALICE, "challenge", game="checkers", opponent=me, side="white", level=1
    )
    await bot.settle()
    sent = bot.fake.sent[bot.fake.sent.index(sent[0]) :]
    assert not any("Sorry" in s.text for s in sent)
    boards = [s for s in sent if s.kind == "post" and s.files]
    assert [b.channel_id != CHANNEL_ID for b in boards] == [True, True]  # in the thread
    assert "has started" in boards[0].text or "challenged me" in boards[0].text
    assert f"<@{APP_ID}> played" in boards[1].text
    assert boards[1].labels == ["Move", "Take back", "Resign"]
    started = await bot.bot.dispatcher.service._shared.find.match(1)
    assert started.thread_id == boards[0].channel_id and started.ply == 1
    assert await bot.bot.dispatcher.service._shared.store.ids("SELECT id FROM matches") == [1]
    edits = [s for s in bot.fake.sent if s.kind == "edit" and s.message_id == boards[0].message_id]
    assert edits and edits[-1].labels == []  # the first board gave its buttons up


async def test_a_test_server_lists_every_command_once(tmp_path: Path) -> None:
    """DEV_GUILD_ID copies the commands to the test server until they are published
    globally; `python -m bot sync` clears those copies, and later starts do not make them."""
    database = tmp_path / "bot.sqlite3"
    names = sorted(command.name for command in SLASH_COMMANDS)
    fake = None
    for sync_globally, server_copies in [(False, True), (True, False), (False, False)]:
        run = DiscordHarness(
            database, fake=fake, dev_guild_id=GUILD_ID, sync_globally=sync_globally
        )
        fake = run.fake
        await run.start()
        await run.stop()
        assert fake.listed(GUILD_ID) == names
        assert bool(fake.commands.get(GUILD_ID)) == server_copies


async def test_each_shard_identifies_in_its_bucket_across_processes(
    discord_bot: DiscordHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The identify hook asks the gateway how many identifies Discord takes at once (16
    here) and reserves the shard's bucket in the shared database before identifying."""
    reserved: list[int] = []

    async def reserve(app: object, bucket: int, now: float) -> float:
        reserved.append(bucket)
        return now

    monkeypatch.setattr("bot.app.app.App.identify_at", reserve)
    for shard in (0, 1, 17, 32):
        await discord_bot.bot.before_identify_hook(shard, initial=shard == 0)
    assert reserved == [0, 1, 1, 0]
    asked = [c.path for c in discord_bot.fake.requests if c.path == "/gateway/bot"]
    assert len(asked) == 1


@pytest.mark.slow
async def test_the_computers_answer_is_posted_after_the_move_it_answers(
    discord_bot: DiscordHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player's board is shown only once the computer has answered (the race made sure):
    the computer's board still comes after it, and keeps the buttons."""
    bot = discord_bot
    me = (APP_ID, "Boardgames", True)
    await bot.command(ALICE, "challenge", game="checkers", opponent=me, side="black", level=1)
    thread = (await bot.bot.dispatcher.service._shared.find.match(1)).thread_id
    assert thread is not None
    hold_answers_until_the_computer_played(bot, monkeypatch, ply=2)
    before = len(bot.fake.sent)
    await bot.command(ALICE, "move", thread, move="11-15")
    await bot.settle()
    boards = [s for s in bot.fake.sent[before:] if s.kind in ("reply", "post") and s.files]
    assert ["played 11-15" in b.text for b in boards] == [True, False]
    assert f"<@{APP_ID}> played" in boards[1].text
    assert boards[1].labels == ["Move", "Take back", "Resign"]


def hold_answers_until_the_computer_played(
    bot: DiscordHarness, monkeypatch: pytest.MonkeyPatch, *, ply: int
) -> None:
    """Make the race certain: an answer is shown only once match #1 is at `ply` (the
    computer has played), and after the computer had a while to post its board (it must
    not: it waits for the answer)."""
    show = bot.bot.show

    async def after_the_computer_played(*args: Any, **kwargs: Any) -> None:
        for _ in range(3000):
            if (await bot.bot.dispatcher.service._shared.find.match(1)).ply == ply:
                break
            await asyncio.sleep(0.01)
        for _ in range(200):
            if any(f"<@{APP_ID}> played" in s.text for s in bot.fake.sent):
                break
            await asyncio.sleep(0.01)
        await show(*args, **kwargs)

    monkeypatch.setattr(bot.bot, "show", after_the_computer_played)


async def test_mygames_lists_your_games_with_a_link_to_each_board_even_in_a_dm(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    _, thread = await start_game(bot)
    moved = one(await bot.command(ALICE, "move", thread, move="11-15"), "reply")
    link = f"https://discord.com/channels/{GUILD_ID}/{thread}/{moved.message_id}"
    mine = one(await bot.command(BOB, "mygames", thread), "ephemeral")  # only Bob sees it
    assert "Your games: 1 game, your move in 1" in mine.text
    assert f"[latest board]({link})" in mine.text and "**your move**" in mine.text
    assert f"<#{thread}> on " in mine.text and mine.may_ping == set()
    dm_channel = 900_000_000_000_000_777
    in_dm = one(await bot.command(ALICE, "mygames", dm_channel, dm=True), "ephemeral")
    assert "their move" in in_dm.text and link in in_dm.text
    store = bot.bot.dispatcher.service._shared.store
    no_server = await store.all("SELECT * FROM member_names WHERE guild_id = 0")
    assert no_server == []  # a DM has no server to remember names on


async def test_a_takeback_asked_pings_the_opponent_whose_button_undoes_the_move(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    _, thread = await start_game(bot)
    one(await bot.command(ALICE, "move", thread, move="11-15"), "reply")
    asked = one(await bot.command(ALICE, "takeback", thread), "reply")
    assert asked.labels == ["Move", "Accept takeback", "Decline takeback", "Resign"]
    assert asked.may_ping == {BOB[0]} and "asks to take back their last move" in asked.text
    not_yours = one(await bot.click(ALICE, asked, "Accept takeback"), "ephemeral")
    assert "no takeback request from your opponent" in not_yours.text
    done = one(await bot.click(BOB, asked, "Accept takeback"), "post")
    assert "accepted the takeback" in done.text and done.labels == ["Move", "Offer draw", "Resign"]
    match = await bot.bot.dispatcher.service.match(1)
    assert match.ply == 0 and match.user_to_move == ALICE[0]


async def test_turn_notices_reach_a_dm_once_a_turn_and_stop_where_dms_are_closed(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    told = one(await bot.command(BOB, "notify", mode="every turn"), "ephemeral")
    assert "I will DM you when it is your move" in told.text
    _, thread = await start_game(bot)
    sent = await bot.command(ALICE, "move", thread, move="11-15")
    dm = one(sent, "post")
    assert bot.fake.channels[dm.channel_id]["dm_for"] == BOB[0]
    assert dm.text.startswith("Your move in **Checkers #1** (<#") and "played 11-15" in dm.text
    assert dm.files == ["checkers-1-1-small.png"]
    service = bot.bot.dispatcher.service
    assert await service.notices.to_remind(await service.match(1)) is None  # once a turn
    one(await bot.command(BOB, "move", thread, move="22-18"), "reply")  # Alice did not ask
    one(await bot.command(ALICE, "notify", thread, mode="every turn"), "ephemeral")
    bot.fake.closed_dms.add(ALICE[0])
    sent = await bot.command(ALICE, "move", thread, move="15x22")
    assert [s.text.split(":")[0] for s in sent if s.kind == "post"] == [
        "Your move in **Checkers #1** (<#" + str(thread) + ">)"
    ]  # Bob's notice, in his DM
    sent = await bot.command(BOB, "move", thread, move="25x18")
    closed = [s for s in sent if s.kind == "post" and "DMs are closed" in s.text]
    assert len(closed) == 1 and closed[0].channel_id == thread
    assert await service.notices.mode(ALICE[0]) is None  # turned off: said once


async def test_a_reminder_reaches_the_dm_of_who_asked_for_reminders_once(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    one(await bot.command(ALICE, "notify", mode="reminders only"), "ephemeral")
    _, thread = await start_game(bot)
    service = bot.bot.dispatcher.service
    match = await service.match(1)
    for attempt in range(2):  # the sweeper may announce it twice (a retry): one DM still
        before = len(bot.fake.sent)
        await bot.bot.on_sweep(SweepEvent(SweepKind.REMINDER, match=match, seconds_left=3000))
        await bot.settle()
        dms = [
            s for s in bot.fake.sent[before:]
            if s.kind == "post" and bot.fake.channels[s.channel_id].get("type") == 1
        ]  # fmt: skip
        assert len(dms) == (1 if attempt == 0 else 0)
    assert thread != CHANNEL_ID


async def test_a_vacation_answers_privately_and_the_next_board_shows_it(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    _, thread = await start_game(bot)
    taken = one(await bot.command(BOB, "vacation", days=2), "ephemeral")
    # each reader sees the moment in their zone and language, and how far off it is
    moment = r"<t:(\d+):f> \(<t:\1:R>\)"
    assert "Your clock stands still" in taken.text and re.search(f"again {moment}", taken.text)
    board = one(await bot.command(ALICE, "move", thread, move="11-15"), "reply")
    assert re.search(rf"<@{BOB[0]}> is on vacation: their clock runs again {moment}", board.text)


async def test_the_analyse_button_posts_a_review_that_is_edited_when_made(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    _, thread = await start_game(bot)
    await bot.command(ALICE, "move", thread, move="11-15")
    await bot.command(BOB, "move", thread, move="22-18")
    question = one(await bot.command(ALICE, "resign", thread), "ephemeral")
    final = one(await bot.click(ALICE, question, "Yes, resign"), "post")
    assert bot.bot.app is not None
    analyst = bot.bot.app.analyst
    assert analyst is not None
    analyst.nodes = 2_000  # a quick review: a bound on positions, not on time
    before = len(bot.fake.sent)
    asked = await bot.click(CAROL, final, "Analyse")  # anyone who watches may ask
    assert "the review appears where the game was played" in one(asked, "ephemeral").text
    await analyst.settle()
    await bot.settle()
    sent = bot.fake.sent[before:]
    progress = one(sent, "post")  # one post, whatever Discord's delays: the review's own
    assert progress.channel_id == thread
    assert "The computer is reviewing **Checkers #1**: 0 of 3 positions read" in progress.text
    edits = [s for s in sent if s.kind == "edit"]
    assert edits and all(e.message_id == progress.message_id for e in edits)  # in place
    made = edits[-1]
    assert made.text.startswith("**Review of Checkers #1**") and "accuracy" in made.text
    assert made.files[0] == "review-1.png"
    again = one(await bot.command(BOB, "analyse", thread), "ephemeral")  # made once: a link
    assert again.text.endswith(f"/{GUILD_ID}/{thread}/{progress.message_id}")

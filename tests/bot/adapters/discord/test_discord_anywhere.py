"""Issue 49's proof: a whole game, challenge to result with a review, played through the
double where the bot is not (a DM between two people, a group DM, a server that never added
it), with nothing sent that Discord would refuse there; a game whose player does not answer
for days ends on time with both players told by DM; and the commands uploaded for both
installs where they work anywhere."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from bot.service.sweeper import Sweeper
from tests.discordkit import (
    ALICE,
    APP_ID,
    BOB,
    CAROL,
    CHANNEL_ID,
    DiscordHarness,
    Sent,
    one,
)
from tests.reviewkit import analysed

#: the places of issue 49, and who is in each
PLACES = {"dm": (ALICE, BOB), "group_dm": (ALICE, BOB, CAROL), "foreign": (ALICE, BOB, CAROL)}
#: the bot itself, as a /challenge opponent
ME = (APP_ID, "Boardgames", True)
#: the commands that belong to a server that added the bot; every other works anywhere
SERVER_ONLY = {"tournament", "leaderboard", "settings", "games", "versus"}
#: the commands issue 49 names for both installs (with the ones the project adds)
ANYWHERE = {
    "challenge", "move", "board", "resign", "draw", "takeback", "mygames", "history",
    "analyse", "rules", "stats", "puzzle", "help", "solve", "rematch", "abort", "notify",
    "preferences", "vacation",
}  # fmt: skip
CASUAL = "Casual game: not rated"


def kept_out(bot: DiscordHarness, place: int) -> None:
    """Nothing Discord would refuse a user-installed app there: no request to the place's
    channel at all, and no request refused (a 6th follow-up's 40094 among them)."""
    touched = [f"{c.method} {c.path}" for c in bot.fake.requests if f"/channels/{place}" in c.path]
    assert touched == [], touched
    refused = [f"{c.method} {c.path} {c.status}" for c in bot.fake.requests if c.status >= 400]
    assert refused == [], refused


def answered_board(sent: list[Sent]) -> Sent:
    """The one board an answer carries: the interaction's response or a follow-up of it,
    public (nothing posted through the channel)."""
    boards = [s for s in sent if s.files and s.kind in ("reply", "followup")]
    assert len(boards) == 1, [(s.kind, s.text[:60]) for s in sent]
    return boards[0]


def dms(bot: DiscordHarness, sent: list[Sent]) -> dict[int, list[Sent]]:
    """The messages among these posted in the bot's DMs with people, by person."""
    told: dict[int, list[Sent]] = {}
    for s in sent:
        channel = bot.fake.channels.get(s.channel_id, {})
        if s.kind == "post" and channel.get("type") == 1 and "dm_for" in channel:
            told.setdefault(channel["dm_for"], []).append(s)
    return told


async def started(bot: DiscordHarness, place: int) -> Sent:
    """Alice (Black) challenges Bob there by /challenge, Bob accepts by its button: the
    first board, in the answer to his click."""
    challenge = one(
        await bot.command(ALICE, "challenge", place, game="checkers", opponent=BOB, side="black"),
        "reply",
    )
    assert challenge.labels == ["Accept", "Decline", "Cancel"]
    assert challenge.files == ["checkers-start.png"] and challenge.may_ping == {BOB[0]}
    accepted = await bot.click(BOB, challenge, "Accept")
    assert any("has started" in s.text for s in accepted), [s.text[:60] for s in accepted]
    board = answered_board(accepted)
    assert board.channel_id == place and board.labels[0] == "Move"
    assert f"<@{ALICE[0]}> (Black) to move" in board.text
    return board


@pytest.mark.parametrize("kind", list(PLACES))
async def test_a_whole_game_challenge_to_review_where_the_bot_is_not(
    discord_bot: DiscordHarness, kind: str
) -> None:
    bot = discord_bot
    place = bot.open_place(kind, *PLACES[kind])
    board = await started(bot, place)
    assert CASUAL in board.text  # no server's leaderboard here
    kept_out(bot, place)

    # by /move: the answer is the new board, with its buttons
    moved = one(await bot.command(ALICE, "move", place, move="11-15"), "reply")
    assert "played 11-15" in moved.text and moved.files == ["checkers-1-1.png"]
    assert moved.labels[0] == "Move" and f"<@{BOB[0]}> (White) to move" in moved.text
    # by the Move button's picker: only Bob sees the list; his choice's answer is the board
    picker = one(await bot.click(BOB, moved, "Move"), "ephemeral")
    picked = answered_board(await bot.choose(BOB, picker, "22-18"))
    assert "played 22-18" in picked.text and picked.labels[0] == "Move"
    mine = one(await bot.command(ALICE, "mygames", place), "ephemeral")
    assert "Your games: 1 game, your move in 1" in mine.text and "Checkers" in mine.text
    told = dms(bot, bot.fake.sent)  # each, when it became their move, by the bot's DM
    assert all(told[p[0]][-1].text.startswith("Your move in **Checkers #1**") for p in (BOB, ALICE))
    kept_out(bot, place)

    # a takeback asked and granted, then a draw offered and declined, answered by buttons
    asked = one(await bot.command(BOB, "takeback", place), "reply")
    assert "Accept takeback" in asked.labels
    granted = answered_board(await bot.click(ALICE, asked, "Accept takeback"))
    assert "accepted the takeback" in granted.text
    again = one(await bot.command(BOB, "move", place, move="22-18"), "reply")
    offer = answered_board(await bot.click(ALICE, again, "Offer draw"))
    assert offer.text.count("offers a draw") == 1 and "Decline draw" in offer.labels
    declined = answered_board(await bot.click(BOB, offer, "Decline draw"))
    assert "declined the draw" in declined.text
    kept_out(bot, place)

    # the end: Bob resigns, confirmed by the private question's button
    question = one(await bot.command(BOB, "resign", place), "ephemeral")
    final = answered_board(await bot.click(BOB, question, "Yes, resign"))
    assert f"resigned. Game over. <@{ALICE[0]}> (Black) won." in final.text
    assert final.labels == ["Rematch", "Analyse"] and CASUAL in final.text

    # the review: a follow-up whose progress replaces itself, then the review itself
    sent = await analysed(bot, ALICE, final)
    progress = [s for s in sent if s.kind == "followup" and "is reviewing" in s.text]
    assert len(progress) == 1, [(s.kind, s.text[:60]) for s in sent]
    assert progress[0].channel_id == place
    edits = [s for s in sent if s.kind == "edit"]
    assert edits and all(e.message_id == progress[0].message_id for e in edits)
    assert edits[-1].text.startswith("**Review of Checkers #1**") and "accuracy" in edits[-1].text
    kept_out(bot, place)

    # the casual record, the same wherever it is asked
    stats = one(await bot.command(ALICE, "stats", place), "reply")
    assert "Casual games (W-D-L)" in str(stats.embeds) and "Checkers 1-0-0" in str(stats.embeds)
    lost = one(await bot.command(BOB, "stats", CHANNEL_ID), "reply")
    assert "Checkers 0-0-1" in str(lost.embeds)
    # the game is its players' and its conversation's: to Carol elsewhere its number is none
    elsewhere = bot.open_place("dm", CAROL, BOB)
    for where in (elsewhere, CHANNEL_ID):
        hidden = one(await bot.command(CAROL, "board", where, match=1), "ephemeral")
        assert hidden.text.startswith("There is no match #1"), hidden.text
    kept_out(bot, place)


async def test_the_computers_reply_follows_up_the_move_it_answers(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    place = bot.open_place("dm", ALICE, BOB)
    sent = await bot.command(
        ALICE, "challenge", place, game="checkers", opponent=ME, side="black", level=1
    )
    assert "I play at level 1 of 5" in " ".join(s.text for s in sent)
    moved = one(await bot.command(ALICE, "move", place, move="11-15"), "reply")
    token = list(bot.fake.interactions)[-1]  # the move's interaction
    await bot.settle()  # the computer thinks in a worker process, then answers
    answer = [s for s in bot.fake.sent if f"<@{APP_ID}> played" in s.text]
    assert len(answer) == 1 and answer[0].kind == "followup", [(s.kind) for s in answer]
    assert answer[0].message_id in bot.fake.interactions[token].followups
    assert answer[0].channel_id == place and answer[0].files
    assert f"<@{ALICE[0]}> (Black) to move" in answer[0].text and "Move" in answer[0].labels
    assert "played 11-15" in moved.text
    kept_out(bot, place)


def clocks_on(bot: DiscordHarness, seconds: float) -> None:
    """Discord's clock and the bot's (the age it tells a token by) `seconds` ahead of now."""
    bot.fake.skew = seconds
    bot.bot.posting.answers.clock = lambda: time.time() + seconds


async def days_go_by(bot: DiscordHarness, deadline_in: float) -> None:
    """Days pass: every interaction's token is long dead, and the game's deadline is
    `deadline_in` seconds from then."""
    app = bot.bot.app
    assert app is not None
    clocks_on(bot, 3 * 86400.0)
    async with app.store.transaction() as db:
        await db.run("UPDATE matches SET deadline = ?", (time.time() + deadline_in,))


async def test_a_silent_player_times_out_and_both_players_are_told_by_dm(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    app = bot.bot.app
    assert app is not None
    place = bot.open_place("dm", ALICE, BOB)
    await started(bot, place)
    one(await bot.command(ALICE, "move", place, move="11-15"), "reply")  # Bob's turn, for days
    sweeper = Sweeper(app.service.deadlines, bot.bot.on_sweep, first_pause=0.01)

    await days_go_by(bot, deadline_in=1800)  # within the reminder's hour
    before = len(bot.fake.sent)
    await sweeper.step()
    await bot.settle()
    reminded = bot.fake.sent[before:]
    told = dms(bot, reminded)
    assert list(told) == [BOB[0]] and len(told[BOB[0]]) == 1, [(s.kind, s.text) for s in reminded]
    assert "Checkers #1" in told[BOB[0]][0].text
    assert len(reminded) == 1  # nothing in the place: its tokens are dead

    await days_go_by(bot, deadline_in=-60)  # and past it
    before = len(bot.fake.sent)
    await sweeper.step()
    await bot.settle()
    ended = bot.fake.sent[before:]
    told = dms(bot, ended)
    assert sorted(told) == sorted([ALICE[0], BOB[0]]), [(s.kind, s.text[:60]) for s in ended]
    assert all("Time is up." in news.text for person in told.values() for news in person)
    assert len(ended) == 2  # one to each, nothing else
    assert (await app.service.match(1)).status == "finished"

    # announced once: the next sweep has nothing to say
    await sweeper.step()
    await bot.settle()
    assert len(bot.fake.sent) == before + 2
    kept_out(bot, place)

    # the next answer there shows the result
    clocks_on(bot, 0.0)  # back to now: the service's clock never moved (the deadline did)
    moved = one(await bot.command(ALICE, "move", place, move="15-19"), "ephemeral")
    assert "Checkers #1" in moved.text and "ran out of time" in moved.text, moved.text
    shown = one(await bot.command(BOB, "board", place), "ephemeral")
    assert "Game over" in shown.text and f"<@{ALICE[0]}> (Black) won" in shown.text
    kept_out(bot, place)


async def test_where_external_apps_are_off_a_challenge_is_refused_privately(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    place = bot.open_place("foreign", ALICE, BOB, CAROL, external_apps=False)
    sent = await bot.command(ALICE, "challenge", place, game="checkers", opponent=BOB)
    refused = one(sent, "ephemeral")
    assert len(sent) == 1 and "challenge people in a DM" in refused.text
    store = bot.bot.dispatcher.service._shared.store
    assert await store.all("SELECT * FROM challenges") == []
    assert await store.all("SELECT * FROM matches") == []
    kept_out(bot, place)


async def test_the_commands_are_uploaded_for_both_installs_where_they_work_anywhere(
    tmp_path: Path,
) -> None:
    bot = await DiscordHarness(tmp_path / "bot.sqlite3", sync_globally=True).start()
    await bot.stop()
    uploaded = {c["name"]: c for c in bot.fake.commands[None]}
    assert set(uploaded) == ANYWHERE | SERVER_ONLY
    for name, command in uploaded.items():
        installs, contexts = ([0], [0]) if name in SERVER_ONLY else ([0, 1], [0, 1, 2])
        assert sorted(command["integration_types"]) == installs, name
        assert sorted(command["contexts"]) == contexts, name


async def test_news_nobody_asked_for_is_in_the_players_language(
    discord_bot: DiscordHarness,
) -> None:
    """Where no server of the bot's hears a game's news, its players read it in their own
    language: a game called off in a DM between two German speakers, nobody having moved."""
    bot = discord_bot
    app = bot.bot.app
    assert app is not None
    bot.locales[ALICE[0]] = bot.locales[BOB[0]] = "de"
    place = bot.open_place("dm", ALICE, BOB)
    challenge = one(
        await bot.command(ALICE, "challenge", place, game="checkers", opponent=BOB, side="black"),
        "reply",
    )
    await bot.click(BOB, challenge, challenge.labels[0])  # Annehmen
    await days_go_by(bot, deadline_in=-60)
    before = len(bot.fake.sent)
    await Sweeper(app.service.deadlines, bot.bot.on_sweep, first_pause=0.01).step()
    await bot.settle()
    told = dms(bot, bot.fake.sent[before:])
    assert sorted(told) == sorted([ALICE[0], BOB[0]]), told
    texts = [s.text for news in told.values() for s in news]
    assert all("Niemand hat rechtzeitig gezogen." in text for text in texts), texts
    kept_out(bot, place)


async def test_a_private_game_s_rematch_is_not_shown_in_another_place(
    discord_bot: DiscordHarness,
) -> None:
    """A game of a DM asked for again in a server's channel: refused there, privately (its
    challenge would show the DM's game to that channel); in the DM it is asked as usual."""
    bot = discord_bot
    place = bot.open_place("dm", ALICE, BOB)
    await started(bot, place)
    question = one(await bot.command(ALICE, "resign", place), "ephemeral")
    await bot.click(ALICE, question, "Yes, resign")
    refused = one(await bot.command(BOB, "rematch", CHANNEL_ID, match=1), "ephemeral")
    assert "is played in another channel" in refused.text, refused.text
    asked = one(await bot.command(BOB, "rematch", place, match=1), "reply")
    assert asked.channel_id == place and "Accept" in asked.labels
    kept_out(bot, place)


async def test_a_ballot_pair_s_second_game_follows_in_the_answer(
    discord_bot: DiscordHarness,
) -> None:
    bot = discord_bot
    place = bot.open_place("group_dm", ALICE, BOB, CAROL)
    challenge = one(
        await bot.command(
            ALICE, "challenge", place, game="checkers", opponent=BOB, opening="ballot"
        ),
        "reply",
    )
    accepted = await bot.click(BOB, challenge, "Accept")
    boards = [s for s in accepted if s.files and s.kind == "followup"]
    assert len(boards) == 2 and all(s.channel_id == place for s in boards), accepted
    assert "Checkers #2" in boards[1].text, boards[1].text
    kept_out(bot, place)

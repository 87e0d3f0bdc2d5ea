"""The draughts family through Discord: International, Russian, Brazilian, Italian and
Turkish draughts each challenged, played by `/move` in its own notation (a capture among the
moves, a move the rules forbid refused to its player alone with the rule's reason, nothing
changed), resigned and reviewed; played against the computer; its rules; a tournament's
first round posted, a game of it played; and International's picker on a board of kings,
and with two captures that share their start and end."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.service import MatchService
from rules import GAMES, GameRecord
from tests.bot.adapters.discord.test_discord_picker import LONG, listed, private_edit, start
from tests.bot.adapters.discord.test_discord_tournaments import DAVE, GAME, _settled
from tests.discordkit import ALICE, APP_ID, BOB, CAROL, CHANNEL_ID, MOD, DiscordHarness, Sent, one


@dataclass(frozen=True)
class Opening:
    """Moves from the start, then a capture the rules refuse (`refused`, for `reason`) and
    the one they ask for, typed as `typed` and written as `played`."""

    moves: tuple[str, ...]
    refused: str
    reason: str
    typed: str
    played: str


OPENINGS = {
    # the majority rule; the capture typed by its start and end, as International writes it
    "international": Opening(
        ("32-28", "18-22", "34-29", "19-23"), "28x19",
        "International draughts requires taking the most pieces: 29x27 takes 2",
        "29x27", "29x27",
    ),
    # no majority rule: a capture is compulsory, written with Russian's colon
    "russian": Opening(
        ("c3-d4", "f6-e5"), "d4-c5", "capturing is compulsory (try d4:f6)", "d4:f6", "d4:f6"
    ),
    "brazilian": Opening(
        ("c3-d4", "d6-c5", "g3-f4", "f6-e5"), "d4xf6",
        "Brazilian draughts requires taking the most pieces: f4xd6xb4 takes 2",
        "f4 x d6 x b4", "f4xd6xb4",
    ),
    # Black refused, after a capture of White's; FID's numbering
    "italian": Opening(
        ("24-20", "10-13", "22-19", "12-15", "19x12"), "7x16",
        "Italian draughts requires taking the most pieces: 8x15x24 takes 2",
        "8-15-24", "8x15x24",
    ),
    # a capture named by its start and end when it names one, written in full
    "turkish": Opening(
        ("f3-f4", "d6-d5", "d3-d4"), "d5xd3xd1",
        "it takes 2 pieces, but the majority rule makes you take the most pieces you can, 3 "
        "(play d5xd3xf3xf1)",
        "D5XF1", "d5xd3xf3xf1",
    ),
}  # fmt: skip
#: every game of the family, played with Discord's latency too; the others of each test
#: without it only (a handful of requests each, but five games and three runs of the suite)
WITH_LATENCY = "international"
FAMILY = [g if g == WITH_LATENCY else pytest.param(g, marks=LONG) for g in OPENINGS]


def service_of(bot: DiscordHarness) -> MatchService:
    assert bot.bot.app is not None
    return bot.bot.app.service


def players_of(game_id: str) -> dict[str, tuple[int, str]]:
    """Alice plays the first side (White), Bob the second, as `start` has them."""
    return dict(zip(GAMES[game_id].sides, (ALICE, BOB), strict=True))


@pytest.mark.parametrize("game_id", FAMILY)
async def test_played_in_its_notation_refused_by_its_rules_resigned_and_reviewed(
    discord_bot: DiscordHarness, game_id: str
) -> None:
    bot, game, opening = discord_bot, GAMES[game_id], OPENINGS[game_id]
    board = await start(bot, game_id)
    thread, players, record = board.channel_id, players_of(game_id), GameRecord(game)
    assert board.files == [f"{game_id}-1-0.png"] and board.labels[0] == "Move"
    for move in opening.moves:
        sent = await bot.command(players[record.side_to_move], "move", thread, move=move)
        record.play(move)
        moved = one(sent, "reply")
        assert f"played {move}." in moved.text
        assert moved.files == [f"{game_id}-1-{len(record.moves)}.png"]

    mover = players[record.side_to_move]
    sent = await bot.command(mover, "move", thread, move=opening.refused)
    refusal = one(sent, "ephemeral")  # to the player alone, and nothing else was sent
    assert [s.kind for s in sent] == ["ephemeral"]
    assert refusal.text == f"{opening.refused} is not legal: {opening.reason}."
    unchanged = await service_of(bot).match(1)
    assert unchanged.ply == len(record.moves)
    assert unchanged.position_text == game.encode(record.position)

    moved = one(await bot.command(mover, "move", thread, move=opening.typed), "reply")
    assert f"played {opening.played}." in moved.text
    record.play(opening.typed)
    loser = players[record.side_to_move]
    question = one(await bot.command(loser, "resign", thread), "ephemeral")
    final = one(await bot.click(loser, question, "Yes, resign"), "post")
    assert "resigned. Game over." in final.text and final.labels == ["Rematch", "Analyse"]

    review = await reviewed(bot, thread)
    assert review.text.startswith(f"**Review of {game.name} #1**") and "accuracy" in review.text
    assert review.files[0] == "review-1.png"


async def reviewed(bot: DiscordHarness, thread: int) -> Sent:
    """Carol's /analyse of match 1, made by a quick review (bounded by positions): the
    review as its post was last edited."""
    assert bot.bot.app is not None and bot.bot.app.analyst is not None
    analyst = bot.bot.app.analyst
    analyst.nodes = 2_000
    before = len(bot.fake.sent)
    await bot.command(CAROL, "analyse", thread, match=1)
    await analyst.settle()
    await bot.settle()
    post = one(bot.fake.sent[before:], "post")
    assert post.channel_id == thread
    (*_, made) = [
        s for s in bot.fake.sent[before:] if s.kind == "edit" and s.message_id == post.message_id
    ]
    return made


#: the computer's replies to wait for, one after each of the player's moves
COMPUTER_REPLIES = 3


@pytest.mark.parametrize("game_id", FAMILY)
async def test_a_game_against_the_computer_at_level_1(
    discord_bot: DiscordHarness, game_id: str
) -> None:
    """Alice plays White, the first legal move suggested each turn; the computer answers
    each, in the game's thread."""
    bot, game = discord_bot, GAMES[game_id]
    me = (APP_ID, "Boardgames", True)
    side = game.side_name(game.sides[0]).lower()
    sent = await bot.command(ALICE, "challenge", game=game_id, opponent=me, side=side, level=1)
    assert "I play at level 1 of 5; the game is unrated." in one(sent, "reply").text
    thread = one(sent, "post").channel_id
    for reply in range(1, COMPUTER_REPLIES + 1):
        suggested = await bot.autocomplete(ALICE, "move", "move", "", thread)
        assert suggested, "White has a move"
        played = one(await bot.command(ALICE, "move", thread, move=suggested[0]), "reply")
        assert f"played {suggested[0]}." in played.text
        await bot.settle()  # the computer thinks in a worker process, then posts its move
        answers = [s for s in bot.fake.sent if s.kind == "post" and f"<@{APP_ID}> played" in s.text]
        assert len(answers) == reply and answers[-1].channel_id == thread
        assert f"<@{ALICE[0]}> (White) to move" in answers[-1].text
    match = await service_of(bot).match(1)
    assert match.ply == 2 * COMPUTER_REPLIES and match.computer_level == 1


@pytest.mark.parametrize("game_id", list(OPENINGS))
async def test_its_rules_with_its_start(discord_bot: DiscordHarness, game_id: str) -> None:
    rules = one(await discord_bot.command(CAROL, "rules", game=game_id), "ephemeral")
    assert f"How to play {GAMES[game_id].name}" in rules.text
    assert rules.files == [f"{game_id}-start.png"]


@pytest.mark.parametrize("game_id", FAMILY)
async def test_a_tournament_posts_its_boards_and_its_games_are_played(
    discord_bot: DiscordHarness, game_id: str
) -> None:
    """A Swiss of four: round 1 announced in the channel, its two games' boards each in a
    thread of its own, where the first to move plays."""
    bot, game = discord_bot, GAMES[game_id]
    made = await bot.command(MOD, "tournament", action="create", game=game_id, rounds=2)
    assert f"**Tournament #1**: {game.name}, swiss (2 rounds)" in one(made, "reply").text
    for who in (ALICE, BOB, CAROL, DAVE):
        await bot.command(who, "tournament", action="join")
    await bot.command(MOD, "tournament", action="start")
    await _settled(bot)
    (news,) = [s for s in bot.fake.sent if s.kind == "post" and "round 1 of 2" in s.text]
    games = [(int(m[1]), int(m[2])) for m in GAME.finditer(news.text)]
    assert news.channel_id == CHANNEL_ID and len(games) == 2
    people = {who[0]: who for who in (ALICE, BOB, CAROL, DAVE)}
    move = game.format_move(game.legal_moves(game.initial_position())[0])
    for match, first in games:
        (board,) = [
            s for s in bot.fake.sent
            if s.kind == "post" and s.text.startswith(f"**{game.name} #{match}**") and s.files
        ]  # fmt: skip
        assert board.channel_id != CHANNEL_ID and board.files == [f"{game_id}-{match}-0.png"]
        assert f"<@{first}> (White) to move" in board.text
        moved = one(await bot.command(people[first], "move", board.channel_id, move=move), "reply")
        assert moved.text.startswith(f"**{game.name} #{match}** — <@{first}> played {move}.")


@asynccontextmanager
async def international_at(
    migrated_db: Path, position: str
) -> AsyncIterator[tuple[DiscordHarness, Sent]]:
    """A game of International draughts between Alice (White) and Bob, set at `position`
    where it stands (the bot started again to read it): the bot, and the game's board."""
    first = await DiscordHarness(migrated_db).start()
    board = await start(first, "international")
    async with service_of(first)._shared.store.transaction() as db:
        await db.run("UPDATE matches SET start_position = ?, position = ?", (position, position))
    await first.stop()
    bot = await DiscordHarness(migrated_db, fake=first.fake).start()
    try:
        yield bot, board
    finally:
        await bot.stop()


async def test_internationals_picker_on_a_board_of_kings_lists_the_pieces_first(
    migrated_db: Path,
) -> None:
    """32 moves, more than a list holds: the pieces first, then the chosen king's 13."""
    async with international_at(migrated_db, "W:WK4,K28,K33:B1") as (bot, board):
        picker = one(await bot.click(ALICE, board, "Move"), "ephemeral")
        assert "32 moves, so the piece first" in picker.text
        assert listed(picker) == ["4", "28", "33"]
        chosen = private_edit(await bot.choose(ALICE, picker, "28"))
        assert [m for m in listed(chosen) if m.startswith("28-")] == [
            "28-5", "28-6", "28-10", "28-11", "28-14", "28-17", "28-19", "28-22", "28-23",
            "28-32", "28-37", "28-41", "28-46",
        ]  # fmt: skip
        played = await bot.choose(ALICE, chosen, "28-46")
        assert "played 28-46." in one(played, "post").text


async def test_internationals_captures_that_share_their_ends_are_listed_by_their_paths(
    migrated_db: Path,
) -> None:
    """The king on 2 takes three pieces ending on 26 by two ways, so each is written whole
    (the others by start and end): typed short, the bot asks which; the list has both."""
    async with international_at(migrated_db, "W:WK2:B5,10,13,23,31,38") as (bot, board):
        asked = one(await bot.command(ALICE, "move", board.channel_id, move="2x26"), "ephemeral")
        assert asked.text == "2x26 is ambiguous: say which, one of 2x19x37x26, 2x24x42x26."
        picker = one(await bot.click(ALICE, board, "Move"), "ephemeral")
        assert listed(picker) == ["2x43", "2x49", "2x19x37x26", "2x24x42x26"]
        played = await bot.choose(ALICE, picker, "2x24x42x26")
        assert "played 2x24x42x26." in one(played, "post").text


async def test_suggestions_find_a_move_whichever_joiner_is_typed(
    discord_bot: DiscordHarness,
) -> None:
    """Russian writes its captures `d4:f6`: typed with an `x` (or a step with ':'), the
    suggestions still find it."""
    bot = discord_bot
    board = await start(bot, "russian")
    for move in ("c3-d4", "f6-e5"):
        player = ALICE if move == "c3-d4" else BOB
        await bot.command(player, "move", board.channel_id, move=move)
    assert await bot.autocomplete(ALICE, "move", "move", "d4xf", board.channel_id) == ["d4:f6"]
    assert await bot.autocomplete(ALICE, "move", "move", "D4 - F6", board.channel_id) == ["d4:f6"]
